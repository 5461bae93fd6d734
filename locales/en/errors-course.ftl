# Course texts of the request body and the merge and split rules
# (src/domain/course/body.rs, src/domain/course/rules.rs).

# A course named in a sentence: at its start, and inside it (the subject of the sentence).
course-named-start = Course { $id } ({ $subject }, { $classes })
course-named = course { $id } ({ $subject }, { $classes })

# Merged courses must share subject, school year, grade and curriculum.
error-merge-subject-mismatch-courses = { $first } has subject { $firstValue }, { $other } has subject { $otherValue }: merged courses must share one subject.
error-merge-school-year-mismatch-courses = { $first } has school year { $firstValue }, { $other } has school year { $otherValue }: merged courses must share one school year.
error-merge-grade-mismatch-courses = { $first } has grade { $firstValue }, { $other } has grade { $otherValue }: merged courses must share one grade.
error-merge-curriculum-mismatch-courses = { $first } has curriculum { $firstValue }, { $other } has curriculum { $otherValue }: merged courses must share one curriculum.
error-merge-subject-differs-field = subject differs from the first course
error-merge-school-year-differs-field = school year differs from the first course
error-merge-grade-differs-field = grade differs from the first course
error-merge-curriculum-differs-field = curriculum differs from the first course
error-merge-listed-before-field = listed before
error-merge-too-few-field = list at least two course ids
error-split-single-class-field = course has a single class

# The classes of a new course.
error-class-grade-differs-field = grade differs from the first class
error-class-curriculum-differs-field = curriculum differs from the first class

# The three shapes of a POST /course body.
error-course-command-both = The body holds both `merge` and `split`: send one command per request.
error-course-command-fields = A `{ $command }` body must not carry course fields (found { $fields }): send the command alone.
error-merge-not-list = `merge` must be a list of course ids.
error-merge-item-not-id = `{ $pointer }` must be a course id.
error-split-not-id = `split` must be one course id.
