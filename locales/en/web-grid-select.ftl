# Planning by class: selecting several cells of one row and merging them (docs/web.md §Editing the grid).
grid-select-keys = Ctrl/Cmd-click or Space selects courses of one row for merging.
grid-select-toolbar = Selection
grid-select-merge = Merge
grid-select-clear = Clear selection
grid-select-first = The course selected first keeps its teachers.
grid-select-count-one = 1 course selected.
grid-select-count = { $count } courses selected.
grid-select-cleared = Selection cleared.
grid-select-other-row = Only courses of the same row can be merged; the selection starts again.
grid-select-with = Merge several courses
grid-select-editor-merge = Merge the ticked ones
grid-select-none = Tick at least one more course to merge with this one.
grid-select-malformed = The selection cannot be read; reload the page and select the courses again.
grid-select-stale = Someone changed one of the selected courses meanwhile; nothing was merged. Here is the first course as it is now.
grid-select-gone = One of the selected courses no longer exists; nothing was merged. The cells show the courses as they are now.
