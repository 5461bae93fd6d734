//! Export: the whole database as a [`Dataset`], read in one snapshot with a
//! fixed number of queries ([`crate::store::Conn::dataset_rows`]).

use std::collections::BTreeMap;

use base64::Engine as _;

use super::*;
use crate::store::dataset::ChildCodeRow;
use crate::store::Store;

fn binary(file_name: Option<String>, mime_type: Option<String>, data: Option<Vec<u8>>) -> Option<BinaryRecord> {
    match (mime_type, data) {
        (Some(mime_type), Some(data)) => {
            Some(BinaryRecord { file_name, mime_type, data: base64::engine::general_purpose::STANDARD.encode(data) })
        }
        _ => None,
    }
}

/// Groups ordered child rows by parent id, keeping their order.
fn children(rows: Vec<ChildCodeRow>) -> BTreeMap<i64, Vec<String>> {
    let mut map: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for r in rows {
        map.entry(r.parent_id).or_default().push(r.code);
    }
    map
}

/// Exports the whole database in the canonical order of the format.
pub async fn export(store: &Store) -> Result<Dataset, DatasetError> {
    let mut tx = store.begin_snapshot().await?;
    let rows = tx.dataset_rows().await?;
    let w = workload_records(&mut tx).await?;
    let lesson_rows = tx.lesson_table_codes().await?;
    tx.commit().await?;

    let lookup = |v: Vec<crate::store::dataset::LookupRow>| {
        v.into_iter().map(|r| LookupRecord { code: r.code, description: r.description, archived: r.archived }).collect()
    };
    let mut curriculum_grades = children(rows.curriculum_grades);
    let mut departments = children(rows.teacher_departments);
    let mut course_classes = children(rows.course_classes);
    let mut course_teachers: BTreeMap<(i64, i64), Vec<String>> = BTreeMap::new();
    for r in rows.course_teachers {
        course_teachers.entry((r.parent_id, r.semester)).or_default().push(r.code);
    }

    let mut ds = Dataset {
        grades: w.grades,
        subject_categories: lookup(rows.subject_categories),
        subject_types: lookup(rows.subject_types),
        genders: w.genders,
        payroll_types: w.payroll_types,
        pool_types: w.pool_types,
        posting_types: w.posting_types,
        thesis_types: w.thesis_types,
        curricula: rows
            .curricula
            .into_iter()
            .map(|r| CurriculumRecord {
                code: r.code,
                description: r.description,
                archived: r.archived,
                grades: curriculum_grades.remove(&r.id).unwrap_or_default(),
            })
            .collect(),
        divisions: rows
            .divisions
            .into_iter()
            .map(|r| DivisionRecord {
                code: r.code,
                description: r.description,
                head_name: r.head_name,
                head_title: r.head_title,
                grouping: r.grouping,
                head_signature: binary(r.head_signature_file_name, r.head_signature_mime_type, r.head_signature_data),
                logo: binary(r.logo_file_name, r.logo_mime_type, r.logo_data),
            })
            .collect(),
        school_years: w.school_years,
        subjects: rows
            .subjects
            .into_iter()
            .map(|r| SubjectRecord {
                code: r.code,
                description: r.description,
                category: r.category,
                kind: r.kind,
                cross_class: r.cross_class,
                external_code: r.external_code,
                archived: r.archived,
                class_lesson: r.class_lesson,
            })
            .collect(),
        teachers: rows
            .teachers
            .into_iter()
            .map(|r| TeacherRecord {
                departments: departments.remove(&r.id).unwrap_or_default(),
                code: r.code,
                first_name: r.first_name,
                last_name: r.last_name,
                email: r.email,
                birthday: r.birthday,
                employee_number: r.employee_number,
                title: r.title,
                archived: r.archived,
                gender: r.gender,
            })
            .collect(),
        school_classes: rows
            .school_classes
            .into_iter()
            .map(|r| SchoolClassRecord {
                code: r.code,
                curriculum: r.curriculum,
                division: r.division,
                graduation_year: r.graduation_year,
                archived: r.archived,
            })
            .collect(),
        lesson_table: lesson_rows
            .into_iter()
            .map(|r| LessonTableRecord {
                curriculum: r.curriculum,
                division: r.division,
                subject: r.subject,
                grade: r.grade,
                kind: crate::domain::lessontable::LessonType::from_id(r.lesson_type)
                    .map_or_else(|| r.lesson_type.to_string(), |t| t.code().to_string()),
                lessons1: Fixed(r.lessons1),
                lessons2: Fixed(r.lessons2),
            })
            .collect(),
        employments: rows
            .employments
            .into_iter()
            .map(|r| EmploymentRecord {
                teacher: r.teacher,
                school_year: r.school_year,
                division: r.division,
                employment_min: r.employment_min.map(Fixed),
                employment_max: r.employment_max.map(Fixed),
                payment1: r.payment1.map(Fixed),
                payment2: r.payment2.map(Fixed),
                temporary: r.temporary,
                comments: r.comments,
                initial_balance: Fixed(r.initial_balance),
                frozen_opening_balance: r.frozen_opening_balance,
                frozen_closing_balance: r.frozen_closing_balance,
            })
            .collect(),
        // Rows come ordered by id, so the stable canonical sort breaks ties by id.
        courses: rows
            .courses
            .into_iter()
            .map(|r| CourseRecord {
                school_classes: course_classes.remove(&r.id).unwrap_or_default(),
                teachers1: course_teachers.remove(&(r.id, 1)).unwrap_or_default(),
                teachers2: course_teachers.remove(&(r.id, 2)).unwrap_or_default(),
                school_year: r.school_year,
                subject: r.subject,
                grade: r.grade,
                curriculum: r.curriculum,
                lessons1: Fixed(r.lessons1),
                lessons2: Fixed(r.lessons2),
                cancelled: r.cancelled,
                comments: r.comments,
                small_group1: r.small_group1,
                small_group2: r.small_group2,
            })
            .collect(),
        pool_entries: w.pool_entries,
        postings: w.postings,
        theses: w.theses,
        notes: w.notes,
        ..Dataset::default()
    };
    ds.canonicalize();
    Ok(ds)
}

/// The records of the workload side, read through the store's list methods
/// (references become codes).
struct WorkloadRecords {
    grades: Vec<GradeRecord>,
    genders: Vec<LookupRecord>,
    payroll_types: Vec<PayrollTypeRecord>,
    pool_types: Vec<PoolTypeRecord>,
    posting_types: Vec<PostingTypeRecord>,
    thesis_types: Vec<ThesisTypeRecord>,
    school_years: Vec<SchoolYearRecord>,
    pool_entries: Vec<PoolEntryRecord>,
    postings: Vec<PostingRecord>,
    theses: Vec<ThesisRecord>,
    notes: Vec<NoteRecord>,
}

async fn workload_records(tx: &mut crate::store::Conn) -> Result<WorkloadRecords, DatasetError> {
    use crate::domain::ids::{PostingTypeId, ThesisTypeId};
    use crate::domain::workload::CalculationMode;
    use crate::store::pool::OwnerFilter;
    let payroll = tx.list_payroll_types(None).await?;
    let pt_code: BTreeMap<i64, String> = payroll.iter().map(|p| (p.id.0, p.code.clone())).collect();
    let posting_types = tx.list_posting_types().await?;
    let posting_code: BTreeMap<PostingTypeId, String> = posting_types.iter().map(|p| (p.id, p.code.clone())).collect();
    let thesis_types = tx.list_thesis_types().await?;
    let thesis_code: BTreeMap<ThesisTypeId, String> = thesis_types.iter().map(|p| (p.id, p.code.clone())).collect();
    let all = OwnerFilter { school_year: None, teacher: None };
    /// The non-zero values of `m` keyed by the codes of their ids.
    fn code_map<K: Ord>(m: &BTreeMap<K, Fixed>, codes: &BTreeMap<K, String>) -> BTreeMap<String, Fixed> {
        m.iter().filter(|(_, v)| v.0 != 0).filter_map(|(k, v)| Some((codes.get(k)?.clone(), *v))).collect()
    }
    Ok(WorkloadRecords {
        grades: tx
            .list_grades()
            .await?
            .into_iter()
            .map(|g| GradeRecord {
                code: g.code,
                description: g.description,
                payroll_type: g.payroll_type.map(|p| p.code),
                class_lesson_payroll_type: g.class_lesson_payroll_type.map(|p| p.code),
            })
            .collect(),
        genders: tx
            .list_lookups(crate::domain::lookup::LookupKind::Gender, None)
            .await?
            .into_iter()
            .map(|g| LookupRecord { code: g.code, description: g.description, archived: g.archived })
            .collect(),
        payroll_types: payroll
            .iter()
            .map(|p| PayrollTypeRecord {
                code: p.code.clone(),
                description: p.description.clone(),
                lesson_based: p.lesson_based,
                saldo_resolving_order: p.saldo_resolving_order,
                ipb_correction_allowed: p.ipb_correction_allowed,
            })
            .collect(),
        pool_types: tx
            .list_pool_types()
            .await?
            .into_iter()
            .map(|t| PoolTypeRecord {
                code: t.code,
                description: t.description,
                payroll_type: t.payroll_type.code,
                auto_copy: t.auto_copy,
            })
            .collect(),
        posting_types: posting_types
            .into_iter()
            .map(|t| PostingTypeRecord {
                code: t.code,
                description: t.description,
                payroll_type: t.payroll_type.code,
                percent: t.percent,
            })
            .collect(),
        thesis_types: thesis_types
            .into_iter()
            .map(|t| ThesisTypeRecord {
                code: t.code,
                description: t.description,
                payroll_type: t.payroll_type.code,
                percent: t.percent,
            })
            .collect(),
        school_years: tx
            .list_school_years(None)
            .await?
            .into_iter()
            .map(|y| SchoolYearRecord {
                weekly_lessons: code_map(&y.weekly_lessons, &pt_code),
                code: y.code,
                description: y.description,
                graduation_year: y.graduation_year,
                weeks: y.weeks,
                age_relief_included: None,
                calculation_mode: CalculationMode::from_id(y.calculation_mode.id).map(|m| m.code().to_string()),
                small_group_surcharge: y.small_group_surcharge,
                show_ipb_balances: y.show_ipb_balances,
                finalised: y.finalised,
                archived: y.archived,
            })
            .collect(),
        pool_entries: tx
            .list_pool_entries(all)
            .await?
            .into_iter()
            .map(|e| PoolEntryRecord {
                school_year: e.school_year.code,
                teacher: e.teacher.code,
                kind: e.kind.code,
                description: e.description,
                percent1: e.percent1,
                percent2: e.percent2,
            })
            .collect(),
        postings: tx
            .list_postings(all)
            .await?
            .into_iter()
            .map(|p| PostingRecord {
                details: code_map(&p.details, &posting_code),
                school_year: p.school_year.code,
                teacher: p.teacher.code,
                description: p.description,
                start_date: p.start_date,
                end_date: p.end_date,
            })
            .collect(),
        theses: tx
            .list_theses(all)
            .await?
            .into_iter()
            .filter(|t| !t.thesis_counts.is_empty())
            .map(|t| ThesisRecord {
                counts: code_map(&t.thesis_counts, &thesis_code),
                school_year: t.school_year.code,
                teacher: t.teacher.code,
            })
            .collect(),
        notes: tx
            .all_notes()
            .await?
            .into_iter()
            .map(|n| NoteRecord {
                teacher: n.teacher.code,
                text: n.text,
                created_by: n.created_by,
                creation_date: n.creation_date,
            })
            .collect(),
    })
}
