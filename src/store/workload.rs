//! What the workload calculation reads (docs/workload.md §Calculation, §Balance), as the plain
//! facts of [`crate::domain::workload::facts`]: every school year up to a
//! graduation year, with its employments, course shares, pool entries,
//! theses and postings, in a fixed number of queries.

use std::collections::{HashMap, HashSet};

use crate::domain::course::Course;
use crate::domain::ids::{CourseId, EmploymentId, SchoolYearId, TeacherId};
use crate::domain::workload::facts::{
    CourseFacts, EmploymentFacts, PayrollTypeFacts, PoolFacts, PostingDetailFacts, ThesisFacts, WorkloadFacts,
    YearFacts,
};
use crate::error::Result;
use crate::store::row_ops::placeholders;
use crate::store::Conn;
use crate::with_conn;

/// What decides a course's payroll type ([`Conn::course_payroll_keys`]).
#[derive(Debug, Clone, Default)]
pub struct CoursePayrollKeys {
    /// Ids of the subjects that are class lessons (`classLesson`).
    pub class_lesson_subjects: HashSet<i64>,
    /// Grade id → (payroll type, class-lesson payroll type).
    pub grades: HashMap<i64, (Option<i64>, Option<i64>)>,
}

/// The calculation's view of `courses` (course single forms, e.g. from
/// [`Conn::list_courses`]): the same facts [`Conn::load_bookings`] reads from
/// the database — the payroll type is the grade's class-lesson payroll type
/// for a class-lesson subject, else the grade's payroll type (docs/workload.md §Setup).
pub fn course_facts(courses: &[Course], keys: &CoursePayrollKeys) -> Vec<CourseFacts> {
    courses
        .iter()
        .map(|c| {
            let (payroll, class_lesson) = keys.grades.get(&c.grade.id).copied().unwrap_or_default();
            CourseFacts {
                id: c.id,
                school_year_id: c.school_year.id,
                cancelled: c.cancelled,
                lessons1: c.lessons1.0,
                lessons2: c.lessons2.0,
                small_group1: c.small_group1,
                small_group2: c.small_group2,
                payroll_type_id: if keys.class_lesson_subjects.contains(&c.subject.id.0) {
                    class_lesson
                } else {
                    payroll
                },
                teachers1: c.teachers1.iter().map(|t| t.id).collect(),
                teachers2: c.teachers2.iter().map(|t| t.id).collect(),
            }
        })
        .collect()
}

/// A `school_year` row as [`Conn::workload_heads`] reads it: id, code,
/// graduation year, weeks, calculation mode, small-group surcharge,
/// showIpbBalances, locked.
type YearRow = (SchoolYearId, String, i64, i64, i64, i64, bool, bool);

/// An `employment` row with its teacher's birthday: id, teacher, school year,
/// payments, initial balance, frozen opening and closing balance, birthday.
type EmploymentRow = (
    EmploymentId,
    TeacherId,
    SchoolYearId,
    Option<i64>,
    Option<i64>,
    i64,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// A `course` row as the calculation books it: id, school year, cancelled,
/// lessons, small groups, payroll type.
type CourseRow = (CourseId, SchoolYearId, bool, i64, i64, bool, bool, Option<i64>);

/// A posting detail with its posting: posting, school year, teacher, start
/// date, posting type, percent type, payroll type, value.
type PostingDetailRow = (i64, SchoolYearId, TeacherId, String, i64, bool, i64, i64);

impl Conn {
    /// The heads of the workload facts of every school year with
    /// graduationYear ≤ `up_to`: payroll types, years and employments
    /// (restricted to one teacher when given), without bookings (four queries).
    /// [`Conn::load_bookings`] adds the bookings of the years that must be computed.
    pub async fn workload_heads(&mut self, up_to: i64, teacher: Option<TeacherId>) -> Result<WorkloadFacts> {
        let payroll_types: Vec<(i64, bool, i64, bool)> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, lesson_based, saldo_resolving_order, ipb_correction_allowed FROM payroll_type"
        )
        .fetch_all(c)
        .await?);
        let payroll_types = payroll_types
            .into_iter()
            .map(|(id, lesson_based, saldo_resolving_order, ipb_correction_allowed)| PayrollTypeFacts {
                id,
                lesson_based,
                saldo_resolving_order,
                ipb_correction_allowed,
            })
            .collect();
        let years: Vec<YearRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, code, graduation_year, weeks, calculation_mode, small_group_surcharge, show_ipb_balances, \
             (archived OR finalised) AS locked FROM school_year WHERE graduation_year <= $1 ORDER BY graduation_year"
        )
        .bind(up_to)
        .fetch_all(c)
        .await?);
        let mut weekly = self.weekly_lessons(None).await?;
        let years = years
            .into_iter()
            .map(
                |(
                    id,
                    code,
                    graduation_year,
                    weeks,
                    calculation_mode,
                    small_group_surcharge,
                    show_ipb_balances,
                    locked,
                )| {
                    YearFacts {
                        weekly_lessons: weekly.remove(&id.0).unwrap_or_default(),
                        id,
                        code,
                        graduation_year,
                        weeks,
                        calculation_mode,
                        small_group_surcharge,
                        show_ipb_balances,
                        locked,
                    }
                },
            )
            .collect();
        let employments: Vec<EmploymentRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT e.id, e.teacher_id, e.school_year_id, e.payment1, e.payment2, e.initial_balance, \
             e.frozen_opening_balance, e.frozen_closing_balance, t.birthday FROM employment e \
             JOIN teacher t ON t.id = e.teacher_id JOIN school_year y ON y.id = e.school_year_id \
             WHERE y.graduation_year <= $1 AND ($2 IS NULL OR e.teacher_id = $2)"
        )
        .bind(up_to)
        .bind(teacher)
        .fetch_all(c)
        .await?);
        let employments = employments
            .into_iter()
            .map(|(id, teacher_id, school_year_id, payment1, payment2, initial_balance, opening, closing, birthday)| {
                EmploymentFacts {
                    id,
                    teacher_id,
                    school_year_id,
                    payment1,
                    payment2,
                    initial_balance,
                    frozen_opening_balance: opening,
                    frozen_closing_balance: closing,
                    birthday,
                }
            })
            .collect();
        Ok(WorkloadFacts { payroll_types, years, employments, ..WorkloadFacts::default() })
    }

    /// Loads into `facts` the bookings (courses with their teachers, pool
    /// entries, theses, posting details) of the school years `years`,
    /// restricted to one teacher when given (five queries, however large the
    /// school), and records them as loaded.
    pub async fn load_bookings(
        &mut self,
        facts: &mut WorkloadFacts,
        years: &[SchoolYearId],
        teacher: Option<TeacherId>,
    ) -> Result<()> {
        self.load_bookings_except_courses_of(facts, years, teacher, None).await
    }

    /// [`Conn::load_bookings`], without the courses of school year
    /// `courses_known` (the caller has them already and adds them to
    /// `facts.courses` itself, see [`course_facts`]).
    pub async fn load_bookings_except_courses_of(
        &mut self,
        facts: &mut WorkloadFacts,
        years: &[SchoolYearId],
        teacher: Option<TeacherId>,
        courses_known: Option<SchoolYearId>,
    ) -> Result<()> {
        facts.loaded_years = years.to_vec();
        if years.is_empty() {
            return Ok(());
        }
        let course_years: Vec<SchoolYearId> = years.iter().copied().filter(|y| Some(*y) != courses_known).collect();
        facts.courses = self.booked_courses(&course_years, teacher).await?;
        let in_years = placeholders(2, years.len());
        let pool: Vec<(i64, SchoolYearId, TeacherId, i64, i64, i64)> = with_conn!(self, |c| {
            let sql = format!(
            "SELECT p.id, p.school_year_id, p.teacher_id, k.payroll_type_id, p.percent1, p.percent2 FROM pool_entry p \
             JOIN pool_type k ON k.id = p.type_id \
             WHERE p.school_year_id IN ({in_years}) AND ($1 IS NULL OR p.teacher_id = $1) ORDER BY p.id"
        );
            let mut q = sqlx::query_as(&sql).bind(teacher);
            for y in years {
                q = q.bind(*y);
            }
            q.fetch_all(c).await?
        });
        let theses: Vec<(SchoolYearId, TeacherId, i64, i64, i64, i64)> = with_conn!(self, |c| {
            let sql = format!(
            "SELECT h.school_year_id, h.teacher_id, h.thesis_type_id, k.payroll_type_id, k.percent, h.count FROM thesis h \
             JOIN thesis_type k ON k.id = h.thesis_type_id \
             WHERE h.school_year_id IN ({in_years}) AND ($1 IS NULL OR h.teacher_id = $1) ORDER BY h.thesis_type_id"
        );
            let mut q = sqlx::query_as(&sql).bind(teacher);
            for y in years {
                q = q.bind(*y);
            }
            q.fetch_all(c).await?
        });
        let postings: Vec<PostingDetailRow> = with_conn!(self, |c| {
            let sql = format!(
            "SELECT p.id AS posting_id, p.school_year_id, p.teacher_id, p.start_date, d.posting_type_id, k.percent, \
             k.payroll_type_id, d.value FROM posting p JOIN posting_detail d ON d.posting_id = p.id \
             JOIN posting_type k ON k.id = d.posting_type_id \
             WHERE p.school_year_id IN ({in_years}) AND ($1 IS NULL OR p.teacher_id = $1) ORDER BY p.id, d.posting_type_id"
        );
            let mut q = sqlx::query_as(&sql).bind(teacher);
            for y in years {
                q = q.bind(*y);
            }
            q.fetch_all(c).await?
        });
        facts.pool = pool
            .into_iter()
            .map(|(id, school_year_id, teacher_id, payroll_type_id, percent1, percent2)| PoolFacts {
                id,
                school_year_id,
                teacher_id,
                payroll_type_id,
                percent1,
                percent2,
            })
            .collect();
        facts.theses = theses
            .into_iter()
            .map(|(school_year_id, teacher_id, thesis_type_id, payroll_type_id, percent, count)| ThesisFacts {
                school_year_id,
                teacher_id,
                thesis_type_id,
                payroll_type_id,
                percent,
                count,
            })
            .collect();
        facts.postings = postings
            .into_iter()
            .map(
                |(
                    posting_id,
                    school_year_id,
                    teacher_id,
                    start_date,
                    posting_type_id,
                    percent,
                    payroll_type_id,
                    value,
                )| {
                    PostingDetailFacts {
                        posting_id,
                        school_year_id,
                        teacher_id,
                        start_date,
                        posting_type_id,
                        percent,
                        payroll_type_id,
                        value,
                    }
                },
            )
            .collect();
        Ok(())
    }

    /// The courses of `years` (of `teacher`'s courses only, when given) as the
    /// calculation books them, with their teachers, by id (two queries; none
    /// for no years).
    async fn booked_courses(&mut self, years: &[SchoolYearId], teacher: Option<TeacherId>) -> Result<Vec<CourseFacts>> {
        if years.is_empty() {
            return Ok(Vec::new());
        }
        let in_years = placeholders(2, years.len());
        let teacher_rows: Vec<(CourseId, i64, TeacherId)> = with_conn!(self, |c| {
            let sql = format!(
            "SELECT ct.course_id, ct.semester, ct.teacher_id FROM course_teacher ct JOIN course co ON co.id = ct.course_id \
             WHERE co.school_year_id IN ({in_years}) \
             AND ($1 IS NULL OR ct.course_id IN (SELECT course_id FROM course_teacher WHERE teacher_id = $1)) \
             ORDER BY ct.course_id, ct.semester, ct.position"
        );
            let mut q = sqlx::query_as(&sql).bind(teacher);
            for y in years {
                q = q.bind(*y);
            }
            q.fetch_all(c).await?
        });
        let courses: Vec<CourseRow> = with_conn!(self, |c| {
            let sql = format!(
            "SELECT co.id, co.school_year_id, co.cancelled, co.lessons1, co.lessons2, co.small_group1, co.small_group2, \
             CASE WHEN s.class_lesson THEN g.class_lesson_payroll_type_id ELSE g.payroll_type_id END AS payroll_type_id \
             FROM course co JOIN subject s ON s.id = co.subject_id JOIN grade g ON g.id = co.grade_id \
             WHERE co.school_year_id IN ({in_years}) \
             AND ($1 IS NULL OR co.id IN (SELECT course_id FROM course_teacher WHERE teacher_id = $1)) ORDER BY co.id"
        );
            let mut q = sqlx::query_as(&sql).bind(teacher);
            for y in years {
                q = q.bind(*y);
            }
            q.fetch_all(c).await?
        });
        let mut courses: Vec<CourseFacts> = courses
            .into_iter()
            .map(|(id, school_year_id, cancelled, lessons1, lessons2, small_group1, small_group2, payroll_type_id)| {
                CourseFacts {
                    id,
                    school_year_id,
                    cancelled,
                    lessons1,
                    lessons2,
                    small_group1,
                    small_group2,
                    payroll_type_id,
                    teachers1: Vec::new(),
                    teachers2: Vec::new(),
                }
            })
            .collect();
        let index: HashMap<CourseId, usize> = courses.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
        for (course, semester, t) in teacher_rows {
            if let Some(&i) = index.get(&course) {
                if semester == 1 {
                    courses[i].teachers1.push(t);
                } else {
                    courses[i].teachers2.push(t);
                }
            }
        }
        Ok(courses)
    }

    /// What decides the payroll type a course books to (docs/workload.md §Setup): the
    /// subjects that are class lessons, and each grade's payroll type and
    /// class-lesson payroll type (two small queries).
    pub async fn course_payroll_keys(&mut self) -> Result<CoursePayrollKeys> {
        let subjects: Vec<(i64,)> =
            with_conn!(self, |c| sqlx::query_as("SELECT id FROM subject WHERE class_lesson").fetch_all(c).await?);
        let grades: Vec<(i64, Option<i64>, Option<i64>)> =
            with_conn!(self, |c| sqlx::query_as("SELECT id, payroll_type_id, class_lesson_payroll_type_id FROM grade")
                .fetch_all(c)
                .await?);
        Ok(CoursePayrollKeys {
            class_lesson_subjects: subjects.into_iter().map(|(id,)| id).collect(),
            grades: grades.into_iter().map(|(id, p, cl)| (id, (p, cl))).collect(),
        })
    }

    /// Stores (or clears, with `None`) the frozen balances of employment `id` (docs/workload.md §Balance).
    pub async fn set_frozen_balances(&mut self, id: EmploymentId, balances: Option<(String, String)>) -> Result<()> {
        let (opening, closing) = balances.unzip();
        with_conn!(self, |c| sqlx::query(
            "UPDATE employment SET frozen_opening_balance = $1, frozen_closing_balance = $2 WHERE id = $3"
        )
        .bind(opening)
        .bind(closing)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Clears the frozen balances of every employment of school year `year`.
    pub async fn clear_frozen_balances(&mut self, year: SchoolYearId) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query(
            "UPDATE employment SET frozen_opening_balance = NULL, frozen_closing_balance = NULL WHERE school_year_id = $1"
        )
        .bind(year)
        .execute(c)
        .await?
        .rows_affected()
        });
        Ok(())
    }
}
