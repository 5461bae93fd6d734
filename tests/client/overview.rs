//! The client's year overview ("Übersicht Teilanstellungen",
//! `Overview/PayrollTable.vue`) replayed on the demo school: it lists
//! `/payrolltype`, reads the year's workloads and sums every payroll item into
//! the entry of `item.payrollType.id`. An item whose `payrollType` is null,
//! or whose id is not in the list, stops the screen (a script error in the
//! browser). IPB correction rows are paid under their parent type
//! (docs/workload.md §Payroll rows), so their figures count there.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::browser::{self, id, reads, Browser};
use crate::helpers::TestApp;

/// Lessons and percent per semester, as the client adds them up (JavaScript numbers).
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Sums {
    lessons1: f64,
    percent1: f64,
    lessons2: f64,
    percent2: f64,
}

impl Sums {
    fn add(&mut self, item: &Value) {
        let n = |k: &str| item[k].as_f64().unwrap_or_else(|| panic!("`{k}` is not a number in {item}"));
        self.lessons1 += n("lessons1");
        self.percent1 += n("percent1");
        self.lessons2 += n("lessons2");
        self.percent2 += n("percent2");
    }
}

/// `sumPayroll` of the client over every workload: per payroll type id of the
/// `/payrolltype` list, the items whose `payrollType.id` is that id.
fn client_sums(types: &Value, workloads: &Value) -> BTreeMap<i64, Sums> {
    let mut map: BTreeMap<i64, Sums> = types.as_array().unwrap().iter().map(|t| (id(t), Sums::default())).collect();
    for w in workloads.as_array().unwrap() {
        for item in w["payroll"]["items"].as_array().unwrap() {
            let t = &item["payrollType"];
            assert!(t.is_object(), "the client reads item.payrollType.id; null stops the overview: {item}");
            let entry = map.get_mut(&id(t)).unwrap_or_else(|| panic!("payrollType {t} is not in /payrolltype"));
            entry.add(item);
        }
    }
    map
}

#[tokio::test]
async fn year_overview_sums_payroll_with_ipb_corrections_under_their_parent_type() {
    let app = TestApp::spawn_with(browser::config()).await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo school imported");
    let b = Browser::new(&app);
    let years = b.get("/schoolyear").await;
    let year = years.as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("the demo's open year");
    assert_eq!(
        b.get(&format!("/schoolyear/{}", id(year))).await["calculationMode"]["code"],
        "lessons2",
        "the demo's open year books IPB corrections"
    );

    // PayrollTable.fetchData: the type list, then the year's workloads.
    let types = b.get("/payrolltype").await;
    for t in types.as_array().unwrap() {
        reads(t, &["id", "description"]);
    }
    let workloads = b.get(&format!("/workload?schoolYear={}", id(year))).await;
    let sums = client_sums(&types, &workloads);

    // Every correction row is labelled and paid under its parent type.
    let mut corrections = Sums::default();
    let mut count = 0;
    for item in workloads.as_array().unwrap().iter().flat_map(|w| w["payroll"]["items"].as_array().unwrap()) {
        reads(item, &["payrollType", "parentPayrollType", "description", "correction"]);
        if item["correction"] != true {
            assert_eq!(item["parentPayrollType"], Value::Null, "{item}");
            continue;
        }
        count += 1;
        corrections.add(item);
        let parent = &item["parentPayrollType"];
        assert_eq!(item["payrollType"]["id"], parent["id"], "a correction is paid under its parent type: {item}");
        // The workload screen labels a row by payrollType.description.
        let label = format!("IPB-Korrektur {}", parent["description"].as_str().unwrap());
        assert_eq!(item["payrollType"]["description"].as_str(), Some(label.as_str()));
        assert_eq!(item["description"].as_str(), Some(label.as_str()));
    }
    assert!(count > 50, "the demo's lessons2 year has IPB correction rows: {count}");
    assert!(
        corrections.percent1 != 0.0 && corrections.percent2 != 0.0,
        "the corrections move percent: {corrections:?}"
    );

    // What the overview shows per type adds up to what the year pays: the
    // workloads' payroll totals, which include the corrections (docs/workload.md §IPB correction). Without the correction rows the sums would lack their percent.
    let (mut paid1, mut paid2) = (0.0, 0.0);
    for w in workloads.as_array().unwrap() {
        paid1 += w["payroll"]["total"]["percent1"].as_f64().unwrap();
        paid2 += w["payroll"]["total"]["percent2"].as_f64().unwrap();
    }
    let shown1: f64 = sums.values().map(|s| s.percent1).sum();
    let shown2: f64 = sums.values().map(|s| s.percent2).sum();
    assert!((shown1 - paid1).abs() < 1e-6, "semester 1: overview {shown1}, paid {paid1}");
    assert!((shown2 - paid2).abs() < 1e-6, "semester 2: overview {shown2}, paid {paid2}");
}
