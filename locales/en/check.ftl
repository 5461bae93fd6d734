# Plan-check findings (docs/i18n.md §Findings).

finding-course-label = Course { $id } ({ $subject }, { $who })
finding-course-item = course { $id }
finding-course-rule = { $course }: { $why }
finding-grade-not-in-curriculum = The lesson table of { $curriculum } has an entry for subject { $subject } in grade { $grade }, which is not a grade of the curriculum.
finding-lesson-table-side = In the lesson table of { $curriculum }, subject { $subject } { $side ->
    [cross-class] is cross-class but its row has a division
   *[per-class] is taught per class but its row has no division
}: move the row to the right side.
finding-no-weekly-lessons = Payroll type { $type } is lesson-based and used in school year { $year }, which has no weeklyLessons for it: its lessons count 0 %.
finding-duplicate-course = Class { $class } has { $count } courses of subject { $subject }: { $courses }.
finding-open-lessons = { $course } has no teacher for { $which ->
    [s1] { $lessons1 } lessons in semester 1
    [s2] { $lessons2 } lessons in semester 2
   *[both] { $lessons1 } lessons in semester 1 and { $lessons2 } lessons in semester 2
}.
finding-workload-deviation = Teacher { $teacher }: workload { $workload } % against a mean payment target of { $target } % ({ $points } points { $direction ->
    [over] over
   *[under] under
}).
finding-no-work = Teacher { $teacher } is employed in school year { $year } but has no courses, pool entries or theses.
finding-payment-outside-range = Teacher { $teacher }: payment target outside the employment range { $min } – { $max } % ({ $which ->
    [s1] semester 1: { $payment1 } %
    [s2] semester 2: { $payment2 } %
   *[both] semester 1: { $payment1 } %, semester 2: { $payment2 } %
}).
finding-no-entry-classes = Curriculum { $curriculum }: no class has the entry grade { $grade } in school year { $year }, so opening the year creates no first-year courses for it. Create the entering classes (graduation year { $graduation }) and open the year again.
