//! What the workload calculation reads (docs/workload.md §Calculation, §Balance), as plain facts:
//! every school year up to a graduation year, with its employments, course
//! shares, pool entries, theses and postings, in a fixed number of queries.

use std::collections::{BTreeMap, HashMap};

use crate::domain::fixed::Fixed;
use crate::error::Result;
use crate::store::row_ops::placeholders;
use crate::store::Conn;
use crate::with_conn;

/// A school year as the calculation needs it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct YearFacts {
    /// Id.
    pub id: i64,
    /// Code, e.g. `26/27`.
    pub code: String,
    /// Graduation year.
    pub graduation_year: i64,
    /// School weeks.
    pub weeks: i64,
    /// Calculation mode id.
    pub calculation_mode: i64,
    /// Small-group surcharge (ten-thousandths of a lesson).
    pub small_group_surcharge: i64,
    /// Whether balances are shown.
    pub show_ipb_balances: bool,
    /// Archived or finalised.
    pub locked: bool,
    /// Lessons per week of a full position per payroll type id (filled after the query).
    #[sqlx(skip)]
    pub weekly_lessons: BTreeMap<i64, Fixed>,
}

/// An employment as the calculation needs it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EmploymentFacts {
    /// Employment id.
    pub id: i64,
    /// Teacher id.
    pub teacher_id: i64,
    /// School year id.
    pub school_year_id: i64,
    /// Payment target semester 1 (ten-thousandths of a percent), null = 0.
    pub payment1: Option<i64>,
    /// Payment target semester 2.
    pub payment2: Option<i64>,
    /// Initial balance (ten-thousandths of a percent).
    pub initial_balance: i64,
    /// Frozen opening balance (exact decimal text) while the year is locked.
    pub frozen_opening_balance: Option<String>,
    /// Frozen closing balance.
    pub frozen_closing_balance: Option<String>,
    /// The teacher's birthday `YYYY-MM-DD`.
    pub birthday: Option<String>,
}

/// A course of a school year as the calculation needs it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CourseFacts {
    /// Course id.
    pub id: i64,
    /// School year id.
    pub school_year_id: i64,
    /// Cancelled courses count nothing.
    pub cancelled: bool,
    /// Lessons semester 1.
    pub lessons1: i64,
    /// Lessons semester 2.
    pub lessons2: i64,
    /// Small group semester 1.
    pub small_group1: bool,
    /// Small group semester 2.
    pub small_group2: bool,
    /// The grade's (class-lesson) payroll type for this course's subject, or null.
    pub payroll_type_id: Option<i64>,
    /// Teachers of semester 1 (filled after the query).
    #[sqlx(skip)]
    pub teachers1: Vec<i64>,
    /// Teachers of semester 2.
    #[sqlx(skip)]
    pub teachers2: Vec<i64>,
}

/// What decides a course's payroll type ([`Conn::course_payroll_keys`]).
#[derive(Debug, Clone, Default)]
pub struct CoursePayrollKeys {
    /// Ids of the subjects that are class lessons (`classLesson`).
    pub class_lesson_subjects: std::collections::HashSet<i64>,
    /// Grade id → (payroll type, class-lesson payroll type).
    pub grades: HashMap<i64, (Option<i64>, Option<i64>)>,
}

/// The calculation's view of `courses` (course single forms, e.g. from
/// [`Conn::list_courses`]): the same facts [`Conn::load_bookings`] reads from
/// the database — the payroll type is the grade's class-lesson payroll type
/// for a class-lesson subject, else the grade's payroll type (docs/workload.md §Setup).
pub fn course_facts(courses: &[crate::domain::course::Course], keys: &CoursePayrollKeys) -> Vec<CourseFacts> {
    courses
        .iter()
        .map(|c| {
            let (payroll, class_lesson) = keys.grades.get(&c.grade.id).copied().unwrap_or_default();
            CourseFacts {
                id: c.id.0,
                school_year_id: c.school_year.id.0,
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
                teachers1: c.teachers1.iter().map(|t| t.id.0).collect(),
                teachers2: c.teachers2.iter().map(|t| t.id.0).collect(),
            }
        })
        .collect()
}

/// A pool entry as the calculation needs it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PoolFacts {
    /// Pool entry id.
    pub id: i64,
    /// School year id.
    pub school_year_id: i64,
    /// Teacher id.
    pub teacher_id: i64,
    /// The pool type's payroll type.
    pub payroll_type_id: i64,
    /// Percent semester 1.
    pub percent1: i64,
    /// Percent semester 2.
    pub percent2: i64,
}

/// The theses of one type of one employment.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ThesisFacts {
    /// School year id.
    pub school_year_id: i64,
    /// Teacher id.
    pub teacher_id: i64,
    /// Thesis type id.
    pub thesis_type_id: i64,
    /// The type's payroll type.
    pub payroll_type_id: i64,
    /// Annual percent per thesis.
    pub percent: i64,
    /// Number of theses.
    pub count: i64,
}

/// One detail of a posting.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PostingDetailFacts {
    /// Posting id.
    pub posting_id: i64,
    /// School year id.
    pub school_year_id: i64,
    /// Teacher id.
    pub teacher_id: i64,
    /// Posting start date.
    pub start_date: String,
    /// Posting type id.
    pub posting_type_id: i64,
    /// Whether the type's values are percent.
    pub percent: bool,
    /// The type's payroll type.
    pub payroll_type_id: i64,
    /// The value (ten-thousandths).
    pub value: i64,
}

/// A payroll type as the calculation needs it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PayrollTypeFacts {
    /// Id.
    pub id: i64,
    /// Lesson-based.
    pub lesson_based: bool,
    /// Saldo resolving order.
    pub saldo_resolving_order: i64,
    /// IPB correction allowed.
    pub ipb_correction_allowed: bool,
}

/// Everything the calculation reads for the years up to one graduation year.
#[derive(Debug, Clone, Default)]
pub struct WorkloadFacts {
    /// Every payroll type.
    pub payroll_types: Vec<PayrollTypeFacts>,
    /// School years by graduation year.
    pub years: Vec<YearFacts>,
    /// Employments.
    pub employments: Vec<EmploymentFacts>,
    /// Courses with their teachers.
    pub courses: Vec<CourseFacts>,
    /// Pool entries.
    pub pool: Vec<PoolFacts>,
    /// Theses.
    pub theses: Vec<ThesisFacts>,
    /// Posting details (postings without details count nothing).
    pub postings: Vec<PostingDetailFacts>,
    /// The years whose bookings (courses, pool, theses, postings) were loaded:
    /// only their employments are computed; the others carry frozen balances.
    pub loaded_years: Vec<i64>,
}

impl Conn {
    /// The heads of the workload facts of every school year with
    /// graduationYear ≤ `up_to`: payroll types, years and employments
    /// (restricted to one teacher when given), without bookings (four queries).
    /// [`Conn::load_bookings`] adds the bookings of the years that must be computed.
    pub async fn workload_heads(&mut self, up_to: i64, teacher: Option<i64>) -> Result<WorkloadFacts> {
        let payroll_types: Vec<PayrollTypeFacts> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, lesson_based, saldo_resolving_order, ipb_correction_allowed FROM payroll_type"
        )
        .fetch_all(c)
        .await?);
        let mut years: Vec<YearFacts> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, code, graduation_year, weeks, calculation_mode, small_group_surcharge, show_ipb_balances, \
             (archived OR finalised) AS locked FROM school_year WHERE graduation_year <= $1 ORDER BY graduation_year"
        )
        .bind(up_to)
        .fetch_all(c)
        .await?);
        let mut weekly = self.weekly_lessons(None).await?;
        for y in &mut years {
            y.weekly_lessons = weekly.remove(&y.id).unwrap_or_default();
        }
        let employments: Vec<EmploymentFacts> = with_conn!(self, |c| sqlx::query_as(
            "SELECT e.id, e.teacher_id, e.school_year_id, e.payment1, e.payment2, e.initial_balance, \
             e.frozen_opening_balance, e.frozen_closing_balance, t.birthday FROM employment e \
             JOIN teacher t ON t.id = e.teacher_id JOIN school_year y ON y.id = e.school_year_id \
             WHERE y.graduation_year <= $1 AND ($2 IS NULL OR e.teacher_id = $2)"
        )
        .bind(up_to)
        .bind(teacher)
        .fetch_all(c)
        .await?);
        Ok(WorkloadFacts { payroll_types, years, employments, ..WorkloadFacts::default() })
    }

    /// Loads into `facts` the bookings (courses with their teachers, pool
    /// entries, theses, posting details) of the school years `years`,
    /// restricted to one teacher when given (five queries, however large the
    /// school), and records them as loaded.
    pub async fn load_bookings(
        &mut self,
        facts: &mut WorkloadFacts,
        years: &[i64],
        teacher: Option<i64>,
    ) -> Result<()> {
        self.load_bookings_except_courses_of(facts, years, teacher, None).await
    }

    /// [`Conn::load_bookings`], without the courses of school year
    /// `courses_known` (the caller has them already and adds them to
    /// `facts.courses` itself, see [`course_facts`]).
    pub async fn load_bookings_except_courses_of(
        &mut self,
        facts: &mut WorkloadFacts,
        years: &[i64],
        teacher: Option<i64>,
        courses_known: Option<i64>,
    ) -> Result<()> {
        facts.loaded_years = years.to_vec();
        if years.is_empty() {
            return Ok(());
        }
        let course_years: Vec<i64> = years.iter().copied().filter(|y| Some(*y) != courses_known).collect();
        facts.courses = self.booked_courses(&course_years, teacher).await?;
        let in_years = placeholders(2, years.len());
        let pool: Vec<PoolFacts> = with_conn!(self, |c| {
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
        let theses: Vec<ThesisFacts> = with_conn!(self, |c| {
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
        let postings: Vec<PostingDetailFacts> = with_conn!(self, |c| {
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
        facts.pool = pool;
        facts.theses = theses;
        facts.postings = postings;
        Ok(())
    }

    /// The courses of `years` (of `teacher`'s courses only, when given) as the
    /// calculation books them, with their teachers, by id (two queries; none
    /// for no years).
    async fn booked_courses(&mut self, years: &[i64], teacher: Option<i64>) -> Result<Vec<CourseFacts>> {
        if years.is_empty() {
            return Ok(Vec::new());
        }
        let in_years = placeholders(2, years.len());
        let teacher_rows: Vec<(i64, i64, i64)> = with_conn!(self, |c| {
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
        let mut courses: Vec<CourseFacts> = with_conn!(self, |c| {
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
        let index: HashMap<i64, usize> = courses.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
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
    pub async fn set_frozen_balances(&mut self, id: i64, balances: Option<(String, String)>) -> Result<()> {
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
    pub async fn clear_frozen_balances(&mut self, year: i64) -> Result<()> {
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
