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
    tx.commit().await?;

    let lookup = |v: Vec<crate::store::dataset::LookupRow>| {
        v.into_iter().map(|r| LookupRecord { code: r.code, description: r.description }).collect()
    };
    let mut curriculum_grades = children(rows.curriculum_grades);
    let mut departments = children(rows.teacher_departments);
    let mut course_classes = children(rows.course_classes);
    let mut course_teachers: BTreeMap<(i64, i64), Vec<String>> = BTreeMap::new();
    for r in rows.course_teachers {
        course_teachers.entry((r.parent_id, r.semester)).or_default().push(r.code);
    }

    let mut ds = Dataset {
        grades: lookup(rows.grades),
        subject_categories: lookup(rows.subject_categories),
        subject_types: lookup(rows.subject_types),
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
                head_signature: binary(r.head_signature_file_name, r.head_signature_mime_type, r.head_signature_data),
                logo: binary(r.logo_file_name, r.logo_mime_type, r.logo_data),
            })
            .collect(),
        school_years: rows
            .school_years
            .into_iter()
            .map(|r| SchoolYearRecord {
                code: r.code,
                description: r.description,
                graduation_year: r.graduation_year,
                weeks: r.weeks,
                age_relief_included: r.age_relief_included,
                finalised: r.finalised,
                archived: r.archived,
            })
            .collect(),
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
            })
            .collect(),
        ..Dataset::default()
    };
    ds.canonicalize();
    Ok(ds)
}
