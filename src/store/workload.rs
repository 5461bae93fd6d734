//! What the workload calculation reads (docs/workload.md §Calculation, §Balance), as the plain
//! facts of [`crate::domain::workload::facts`]: every school year up to a
//! graduation year, with its employments, course shares, pool entries,
//! theses and postings, in a fixed number of queries.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::domain::course::Course;
use crate::domain::fixed::Fixed;
use crate::domain::ids::{
    CourseId, EmploymentId, GradeId, PayrollTypeId, PoolEntryId, PostingId, PostingTypeId, SchoolYearId, SubjectId,
    TeacherId, ThesisTypeId,
};
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
    pub class_lesson_subjects: HashSet<SubjectId>,
    /// Grade id → (payroll type, class-lesson payroll type).
    pub grades: HashMap<GradeId, (Option<PayrollTypeId>, Option<PayrollTypeId>)>,
}

/// The calculation's view of `courses` (course single forms, e.g. from
/// [`Conn::list_courses`]): the same facts [`Conn::load_bookings`] reads from
/// the database — the payroll type is the grade's class-lesson payroll type
/// for a class-lesson subject, else the grade's payroll type (docs/workload.md §Setup).
pub fn course_facts(courses: &[Course], keys: &CoursePayrollKeys) -> Vec<CourseFacts> {
    courses
        .iter()
        .map(|c| {
            let (payroll, class_lesson) = keys.grades.get(&GradeId(c.grade.id)).copied().unwrap_or_default();
            CourseFacts {
                id: c.id,
                school_year_id: c.school_year.id,
                cancelled: c.cancelled,
                lessons1: c.lessons1.0,
                lessons2: c.lessons2.0,
                small_group1: c.small_group1,
                small_group2: c.small_group2,
                payroll_type_id: if keys.class_lesson_subjects.contains(&c.subject.id) {
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

/// A `payroll_type` row as the calculation reads it.
#[derive(sqlx::FromRow)]
struct PayrollTypeRow {
    id: PayrollTypeId,
    lesson_based: bool,
    saldo_resolving_order: i64,
    ipb_correction_allowed: bool,
}

impl From<PayrollTypeRow> for PayrollTypeFacts {
    fn from(r: PayrollTypeRow) -> Self {
        PayrollTypeFacts {
            id: r.id,
            lesson_based: r.lesson_based,
            saldo_resolving_order: r.saldo_resolving_order,
            ipb_correction_allowed: r.ipb_correction_allowed,
        }
    }
}

/// A `school_year` row as [`Conn::workload_heads`] reads it (its weekly
/// lessons come from their own table, [`YearRow::into_facts`]).
#[derive(sqlx::FromRow)]
struct YearRow {
    id: SchoolYearId,
    code: String,
    graduation_year: i64,
    weeks: i64,
    calculation_mode: i64,
    small_group_surcharge: i64,
    show_ipb_balances: bool,
    /// Archived or finalised.
    locked: bool,
}

impl YearRow {
    fn into_facts(self, weekly_lessons: BTreeMap<i64, Fixed>) -> YearFacts {
        YearFacts {
            id: self.id,
            code: self.code,
            graduation_year: self.graduation_year,
            weeks: self.weeks,
            calculation_mode: self.calculation_mode,
            small_group_surcharge: self.small_group_surcharge,
            show_ipb_balances: self.show_ipb_balances,
            locked: self.locked,
            weekly_lessons: weekly_lessons.into_iter().map(|(t, lessons)| (PayrollTypeId(t), lessons)).collect(),
        }
    }
}

/// An `employment` row with its teacher's birthday.
#[derive(sqlx::FromRow)]
struct EmploymentRow {
    id: EmploymentId,
    teacher_id: TeacherId,
    school_year_id: SchoolYearId,
    payment1: Option<i64>,
    payment2: Option<i64>,
    initial_balance: i64,
    frozen_opening_balance: Option<String>,
    frozen_closing_balance: Option<String>,
    birthday: Option<String>,
}

impl From<EmploymentRow> for EmploymentFacts {
    fn from(r: EmploymentRow) -> Self {
        EmploymentFacts {
            id: r.id,
            teacher_id: r.teacher_id,
            school_year_id: r.school_year_id,
            payment1: r.payment1,
            payment2: r.payment2,
            initial_balance: r.initial_balance,
            frozen_opening_balance: r.frozen_opening_balance,
            frozen_closing_balance: r.frozen_closing_balance,
            birthday: r.birthday,
        }
    }
}

/// A `course` row as the calculation books it, with the payroll type its
/// grade gives it; its teachers come from [`CourseTeacherRow`]s.
#[derive(sqlx::FromRow)]
struct CourseRow {
    id: CourseId,
    school_year_id: SchoolYearId,
    cancelled: bool,
    lessons1: i64,
    lessons2: i64,
    small_group1: bool,
    small_group2: bool,
    payroll_type_id: Option<PayrollTypeId>,
}

impl From<CourseRow> for CourseFacts {
    fn from(r: CourseRow) -> Self {
        CourseFacts {
            id: r.id,
            school_year_id: r.school_year_id,
            cancelled: r.cancelled,
            lessons1: r.lessons1,
            lessons2: r.lessons2,
            small_group1: r.small_group1,
            small_group2: r.small_group2,
            payroll_type_id: r.payroll_type_id,
            teachers1: Vec::new(),
            teachers2: Vec::new(),
        }
    }
}

/// A `course_teacher` row: one teacher of a course in one semester.
#[derive(sqlx::FromRow)]
struct CourseTeacherRow {
    course_id: CourseId,
    semester: i64,
    teacher_id: TeacherId,
}

/// A pool entry with its pool type's payroll type.
#[derive(sqlx::FromRow)]
struct PoolRow {
    id: PoolEntryId,
    school_year_id: SchoolYearId,
    teacher_id: TeacherId,
    payroll_type_id: PayrollTypeId,
    percent1: i64,
    percent2: i64,
}

impl From<PoolRow> for PoolFacts {
    fn from(r: PoolRow) -> Self {
        PoolFacts {
            id: r.id,
            school_year_id: r.school_year_id,
            teacher_id: r.teacher_id,
            payroll_type_id: r.payroll_type_id,
            percent1: r.percent1,
            percent2: r.percent2,
        }
    }
}

/// The theses of one type of one employment, with the type's payroll type and percent.
#[derive(sqlx::FromRow)]
struct ThesisRow {
    school_year_id: SchoolYearId,
    teacher_id: TeacherId,
    thesis_type_id: ThesisTypeId,
    payroll_type_id: PayrollTypeId,
    percent: i64,
    count: i64,
}

impl From<ThesisRow> for ThesisFacts {
    fn from(r: ThesisRow) -> Self {
        ThesisFacts {
            school_year_id: r.school_year_id,
            teacher_id: r.teacher_id,
            thesis_type_id: r.thesis_type_id,
            payroll_type_id: r.payroll_type_id,
            percent: r.percent,
            count: r.count,
        }
    }
}

/// A posting detail with its posting and its posting type's `percent` flag and payroll type.
#[derive(sqlx::FromRow)]
struct PostingDetailRow {
    posting_id: PostingId,
    school_year_id: SchoolYearId,
    teacher_id: TeacherId,
    start_date: String,
    posting_type_id: PostingTypeId,
    percent: bool,
    payroll_type_id: PayrollTypeId,
    value: i64,
}

impl From<PostingDetailRow> for PostingDetailFacts {
    fn from(r: PostingDetailRow) -> Self {
        PostingDetailFacts {
            posting_id: r.posting_id,
            school_year_id: r.school_year_id,
            teacher_id: r.teacher_id,
            start_date: r.start_date,
            posting_type_id: r.posting_type_id,
            percent: r.percent,
            payroll_type_id: r.payroll_type_id,
            value: r.value,
        }
    }
}

/// A grade's two payroll types ([`Conn::course_payroll_keys`]).
#[derive(sqlx::FromRow)]
struct GradePayrollRow {
    id: GradeId,
    payroll_type_id: Option<PayrollTypeId>,
    class_lesson_payroll_type_id: Option<PayrollTypeId>,
}

impl Conn {
    /// The heads of the workload facts of every school year with
    /// graduationYear ≤ `up_to`: payroll types, years and employments
    /// (restricted to one teacher when given), without bookings (four queries).
    /// [`Conn::load_bookings`] adds the bookings of the years that must be computed.
    pub async fn workload_heads(&mut self, up_to: i64, teacher: Option<TeacherId>) -> Result<WorkloadFacts> {
        let payroll_types: Vec<PayrollTypeRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, lesson_based, saldo_resolving_order, ipb_correction_allowed FROM payroll_type"
        )
        .fetch_all(c)
        .await?);
        let payroll_types = payroll_types.into_iter().map(Into::into).collect();
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
            .map(|y| {
                let weekly_lessons = weekly.remove(&y.id.0).unwrap_or_default();
                y.into_facts(weekly_lessons)
            })
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
        let employments = employments.into_iter().map(Into::into).collect();
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
        let pool: Vec<PoolRow> = with_conn!(self, |c| {
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
        let theses: Vec<ThesisRow> = with_conn!(self, |c| {
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
        facts.pool = pool.into_iter().map(Into::into).collect();
        facts.theses = theses.into_iter().map(Into::into).collect();
        facts.postings = postings.into_iter().map(Into::into).collect();
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
        let teacher_rows: Vec<CourseTeacherRow> = with_conn!(self, |c| {
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
        let mut courses: Vec<CourseFacts> = courses.into_iter().map(CourseFacts::from).collect();
        let index: HashMap<CourseId, usize> = courses.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
        for row in teacher_rows {
            if let Some(&i) = index.get(&row.course_id) {
                if row.semester == 1 {
                    courses[i].teachers1.push(row.teacher_id);
                } else {
                    courses[i].teachers2.push(row.teacher_id);
                }
            }
        }
        Ok(courses)
    }

    /// What decides the payroll type a course books to (docs/workload.md §Setup): the
    /// subjects that are class lessons, and each grade's payroll type and
    /// class-lesson payroll type (two small queries).
    pub async fn course_payroll_keys(&mut self) -> Result<CoursePayrollKeys> {
        let subjects: Vec<SubjectId> =
            with_conn!(self, |c| sqlx::query_scalar("SELECT id FROM subject WHERE class_lesson").fetch_all(c).await?);
        let grades: Vec<GradePayrollRow> =
            with_conn!(self, |c| sqlx::query_as("SELECT id, payroll_type_id, class_lesson_payroll_type_id FROM grade")
                .fetch_all(c)
                .await?);
        Ok(CoursePayrollKeys {
            class_lesson_subjects: subjects.into_iter().collect(),
            grades: grades.into_iter().map(|g| (g.id, (g.payroll_type_id, g.class_lesson_payroll_type_id))).collect(),
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
