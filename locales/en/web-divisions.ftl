# Web interface: Master data → Divisions with the logo and the signature
# (docs/web.md §Organisationseinheiten), English.

divisions-nav = Divisions
divisions-title = Divisions
divisions-caption = Divisions
divisions-count = { $shown } of { $total } divisions
divisions-none = No division matches the search.
divisions-search-hint = Code, designation, head or grouping
divisions-new = New division
divisions-new-title = New division
divisions-edit-title = Edit division { $code }
divisions-detail-title = Division { $code } ({ $name })
divisions-object = The division { $code }
divisions-back = Back to the list
divisions-code = Code
divisions-description = Designation
divisions-head-name = Head
divisions-head-title = Head's title
divisions-grouping = Grouping
divisions-delete-confirm = The division is deleted for good, with its logo and signature. This works only while no class and no employment belongs to it.
divisions-in-use = { $object } is still in use ({ $users }) and cannot be deleted. Assign them to another division first.
divisions-done-created = The division was created.
divisions-done-saved = The changes were saved.
divisions-done-archived = The division was archived.
divisions-done-unarchived = The division was reactivated.
divisions-done-deleted = The division was deleted.

## Logo and signature
divisions-images-title = Logo and signature
divisions-logo-label = Logo
divisions-logo-alt = Logo of division { $code }
divisions-logo-none = No logo stored.
divisions-logo-choose = Choose a new logo
divisions-logo-upload = Upload logo
divisions-logo-remove = Remove logo
divisions-signature-label = Head's signature
divisions-signature-alt = Signature of the head of { $code }
divisions-signature-none = No signature stored.
divisions-signature-choose = Choose a new signature
divisions-signature-upload = Upload signature
divisions-signature-remove = Remove signature
divisions-image-about = { $name } ({ $type }, { $size })
divisions-image-hint = A PNG or JPEG image, at most { $max }.
divisions-image-missing = Please choose a file first.
divisions-image-too-large = The file is too large ({ $size }); at most { $max } are allowed.
divisions-image-not-image = The file is not a PNG or JPEG image.
divisions-image-unreadable = The file could not be read. Please try again.
