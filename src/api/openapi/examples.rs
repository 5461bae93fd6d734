//! Request-body examples of the OpenAPI document, one per resource, valid
//! against the demo school (`serve --demo`): the ids they reference exist
//! there, and each body creates a new object (POST) or saves it again (PUT).
//! A test posts every example to a server holding the demo school.

use serde_json::{json, Value};

/// `POST /course` examples besides the create body: merging two courses of
/// 26/27 (same subject, grade and curriculum) and splitting a course of two classes.
pub fn course_commands() -> [(&'static str, Value); 2] {
    [("merge", json!({"merge": [1459, 1460]})), ("split", json!({"split": 2112}))]
}

/// The example body of resource `path` (e.g. `teacher`), for POST and PUT
/// (every writable field is present, so it is a valid PUT body too).
pub fn body(path: &str) -> Option<Value> {
    let lookup = |code: &str, description: &str| json!({"code": code, "description": description, "archived": false});
    Some(match path {
        "grade" => json!({"code": "GYM5", "description": "Gymnasium, 5. Jahr (Passerelle)", "payrollType": null,
                          "classLessonPayrollType": null}),
        "gender" => lookup("x", "nicht angegeben"),
        "subjectcategory" => lookup("GRI", "Griechisch"),
        "subjecttype" => lookup("PF", "Profilfach"),
        "curriculum" => json!({
            "code": "GYM 26", "description": "Gymnasium (4 Jahre), Lehrplan 2026", "archived": false,
            "grades": [{"id": 4}, {"id": 5}, {"id": 6}, {"id": 7}]
        }),
        "division" => json!({
            "code": "WEST", "description": "Standort West", "headName": "Dr. Anna Keller",
            "headTitle": "Rektorin", "grouping": "GYM", "headSignature": null, "logo": null
        }),
        "schoolyear" => json!({
            "code": "28/29", "description": "Schuljahr 2028/29", "graduationYear": 2029, "weeks": 38,
            "finalised": false, "archived": false, "calculationMode": {"id": 1}, "smallGroupSurcharge": 2,
            "weeklyLessons": {}, "showIpbBalances": true
        }),
        "subject" => json!({
            "code": "GR", "description": "Griechisch", "category": {"id": 11}, "type": {"id": 1},
            "crossClass": false, "externalCode": "GF-INF", "archived": false, "classLesson": false
        }),
        "teacher" => json!({
            "code": "xke", "firstName": "Xenia", "lastName": "Keller", "email": "xenia.keller@kanti-demo.example",
            "birthday": "1985-03-14", "departments": [{"id": 1}], "employeeNumber": "109999", "title": "Dr.",
            "archived": false, "gender": null
        }),
        "schoolclass" => json!({
            "code": "G30k", "curriculum": {"id": 3}, "division": {"id": 3}, "graduationYear": 2030, "archived": false
        }),
        "employment" => json!({
            "teacher": {"id": 7}, "schoolYear": {"id": 3}, "division": {"id": 3}, "employmentMin": 50,
            "employmentMax": 80, "payment1": 65, "payment2": 62.5, "temporary": false, "comments": null,
            "initialBalance": 0
        }),
        "course" => json!({
            "schoolYear": {"id": 3}, "subject": {"id": 1}, "grade": null, "curriculum": null,
            "schoolClasses": [{"id": 13}], "teachers1": [{"id": 67}], "teachers2": [{"id": 67}],
            "lessons1": 2, "lessons2": 1.5, "cancelled": false, "comments": "Zusatzlektion Labor",
            "smallGroup1": false, "smallGroup2": true
        }),
        "payrolltype" => json!({
            "code": "BM", "description": "Berufsmaturität", "lessonBased": true, "saldoResolvingOrder": 4,
            "ipbCorrectionAllowed": true
        }),
        "pooltype" => json!({"code": "MENT", "description": "Mentorat", "payrollType": {"id": 8}, "autoCopy": false}),
        "postingtype" => {
            json!({"code": "W", "description": "Wochenlektionen", "payrollType": {"id": 4}, "percent": false})
        }
        "thesistype" => {
            json!({"code": "IDPA", "description": "Interdisziplinäre Projektarbeit", "payrollType": {"id": 4}, "percent": 0.25})
        }
        "poolentry" => json!({
            "schoolYear": {"id": 3}, "teacher": {"id": 2}, "type": {"id": 2}, "description": "Maturaarbeitskoordination",
            "percent1": 2, "percent2": 2.5
        }),
        "posting" => json!({
            "schoolYear": {"id": 3}, "teacher": {"id": 2}, "description": "Stellvertretung Sonderwoche",
            "startDate": "2026-09-14", "endDate": "2026-09-18", "details": {"1": 12, "2": 0}
        }),
        "account" => json!({"name": "planner-bridge", "role": "planner"}),
        "token" => json!({"account": {"id": 1}, "label": "timetable bridge", "expiresInDays": 365}),
        _ => return None,
    })
}
