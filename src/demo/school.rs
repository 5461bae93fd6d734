//! The fixed tables of the demo school: lookups, curricula, divisions, school
//! years, subjects, lesson tables and cross-class offers. Everything else
//! (classes, teachers, employments, courses) is derived from these.

/// Lessons are written in tenths here: `25` = 2.5 lessons a week.
pub type Tenths = i64;

/// Grades: code, description.
pub const GRADES: &[(&str, &str)] = &[
    ("FMS1", "Fachmittelschule, 1. Jahr"),
    ("FMS2", "Fachmittelschule, 2. Jahr"),
    ("FMS3", "Fachmittelschule, 3. Jahr"),
    ("GYM1", "Gymnasium, 1. Jahr"),
    ("GYM2", "Gymnasium, 2. Jahr"),
    ("GYM3", "Gymnasium, 3. Jahr"),
    ("GYM4", "Gymnasium, 4. Jahr (Maturajahr)"),
];

/// Subject categories (Fachgebiete): code, description.
pub const CATEGORIES: &[(&str, &str)] = &[
    ("DEU", "Deutsch"),
    ("FRA", "Französisch"),
    ("ENG", "Englisch"),
    ("ITA", "Italienisch"),
    ("SPA", "Spanisch"),
    ("LAT", "Latein"),
    ("MAT", "Mathematik"),
    ("PHY", "Physik"),
    ("CHE", "Chemie"),
    ("BIO", "Biologie"),
    ("GEO", "Geografie"),
    ("GES", "Geschichte"),
    ("WR", "Wirtschaft und Recht"),
    ("INF", "Informatik"),
    ("BG", "Bildnerisches Gestalten"),
    ("MUS", "Musik"),
    ("SPO", "Sport"),
    ("PHI", "Philosophie"),
    ("REL", "Religionskunde und Ethik"),
    ("PPP", "Pädagogik und Psychologie"),
];

/// Subject categories of the subjects no department teaches as such (class
/// lesson, projects, rare electives): every subject needs a category (docs/client.md §Disagreements
/// "disagree" 7), but teachers are not recruited for these.
pub const EXTRA_CATEGORIES: &[(&str, &str)] = &[("UEB", "Überfachliches"), ("WSP", "Weitere Sprachen")];

/// The category a subject has in the dataset: its own, else one of [`EXTRA_CATEGORIES`].
pub fn dataset_category(subject: &Subject) -> &'static str {
    match (subject.category, subject.code) {
        (Some(c), _) => c,
        (None, "FF RUSS" | "FF CHIN") => "WSP",
        (None, _) => "UEB",
    }
}

/// Grouping (for course reports) and head title of a division (docs/client.md §Division).
pub fn division_grouping_and_title(code: &str) -> (&'static str, &'static str) {
    match code {
        "FMS" => ("FMS", "Rektorin"),
        "NORD" => ("GYM", "Rektor"),
        _ => ("GYM", "Rektorin"),
    }
}

/// Second departments a teacher of a category may have (first choice first).
pub fn second_departments(category: &str) -> &'static [&'static str] {
    match category {
        "DEU" => &["PHI", "GES"],
        "FRA" => &["ITA", "SPA"],
        "ENG" => &["SPA", "GES"],
        "ITA" => &["FRA"],
        "SPA" => &["FRA", "ENG"],
        "LAT" => &["DEU", "GES"],
        "MAT" => &["PHY", "INF"],
        "PHY" => &["MAT", "INF"],
        "CHE" => &["BIO", "MAT"],
        "BIO" => &["CHE", "SPO"],
        "GEO" => &["GES", "WR"],
        "GES" => &["GEO", "DEU"],
        "WR" => &["GEO", "INF"],
        "INF" => &["MAT", "PHY"],
        "SPO" => &["BIO", "GEO"],
        "PHI" => &["DEU", "REL"],
        "REL" => &["PHI", "GES"],
        "PPP" => &["PHI", "BIO"],
        _ => &[],
    }
}

/// Subject types (Fachtypen): code, description.
pub const SUBJECT_TYPES: &[(&str, &str)] = &[
    ("EF", "Ergänzungsfach"),
    ("FF", "Freifach"),
    ("GF", "Grundlagenfach"),
    ("KS", "Klassenstunde"),
    ("MP", "Maturaarbeit und Projekte"),
    ("SF", "Schwerpunktfach"),
];

/// A subject of the demo school.
pub struct Subject {
    /// Code.
    pub code: &'static str,
    /// Description.
    pub description: &'static str,
    /// Category code (`None`: no category).
    pub category: Option<&'static str>,
    /// Type code.
    pub kind: &'static str,
    /// Taught across classes.
    pub cross_class: bool,
    /// Code in the external administration system.
    pub external_code: Option<&'static str>,
    /// Archived (no longer offered: no courses).
    pub archived: bool,
}

const fn s(
    code: &'static str,
    description: &'static str,
    category: Option<&'static str>,
    kind: &'static str,
    cross_class: bool,
    external_code: Option<&'static str>,
) -> Subject {
    Subject { code, description, category, kind, cross_class, external_code, archived: false }
}

const fn archived(
    code: &'static str,
    description: &'static str,
    category: Option<&'static str>,
    kind: &'static str,
    cross_class: bool,
) -> Subject {
    Subject { code, description, category, kind, cross_class, external_code: None, archived: true }
}

/// All subjects.
pub const SUBJECTS: &[Subject] = &[
    // Core subjects (Grundlagenfächer), taught per class.
    s("D", "Deutsch", Some("DEU"), "GF", false, Some("GF-D")),
    s("F", "Französisch", Some("FRA"), "GF", false, Some("GF-F")),
    s("E", "Englisch", Some("ENG"), "GF", false, Some("GF-E")),
    s("M", "Mathematik", Some("MAT"), "GF", false, Some("GF-M")),
    s("B", "Biologie", Some("BIO"), "GF", false, Some("GF-B")),
    s("C", "Chemie", Some("CHE"), "GF", false, Some("GF-C")),
    s("P", "Physik", Some("PHY"), "GF", false, Some("GF-P")),
    s("G", "Geografie", Some("GEO"), "GF", false, Some("GF-G")),
    s("GS", "Geschichte", Some("GES"), "GF", false, Some("GF-GS")),
    s("WR", "Wirtschaft und Recht", Some("WR"), "GF", false, Some("GF-WR")),
    s("IN", "Informatik", Some("INF"), "GF", false, Some("GF-IN")),
    s("BG", "Bildnerisches Gestalten", Some("BG"), "GF", false, Some("GF-BG")),
    s("MU", "Musik", Some("MUS"), "GF", false, Some("GF-MU")),
    s("SP", "Sport", Some("SPO"), "GF", false, Some("GF-SP")),
    s("PH", "Philosophie", Some("PHI"), "GF", false, Some("GF-PH")),
    s("RE", "Religionskunde und Ethik", Some("REL"), "GF", false, Some("GF-RE")),
    s("PP", "Pädagogik und Psychologie", Some("PPP"), "GF", false, Some("FMS-PP")),
    s("SOZ", "Soziologie", Some("PPP"), "GF", false, Some("FMS-SOZ")),
    s("GE", "Gesundheitslehre", Some("BIO"), "GF", false, Some("FMS-GE")),
    s("KOM", "Kommunikation und Medien", Some("DEU"), "GF", false, Some("FMS-KOM")),
    archived("ICT", "Informations- und Kommunikationstechnik", Some("INF"), "GF", false),
    // Class lesson and projects.
    s("KL", "Klassenstunde", None, "KS", false, Some("KL")),
    s("IDAF", "Interdisziplinäres Arbeiten in den Fächern", None, "MP", false, Some("IDAF")),
    s("MA", "Maturaarbeit", None, "MP", true, Some("MA")),
    s("SA", "Selbständige Arbeit (FMS)", None, "MP", true, Some("FMS-SA")),
    // Majors (Schwerpunktfächer), across classes.
    s("SF B", "Schwerpunktfach Biologie und Chemie", Some("BIO"), "SF", true, Some("SF-BC")),
    s("SF PAM", "Schwerpunktfach Physik und Anwendungen der Mathematik", Some("PHY"), "SF", true, Some("SF-PAM")),
    s("SF WR", "Schwerpunktfach Wirtschaft und Recht", Some("WR"), "SF", true, Some("SF-WR")),
    s("SF L", "Schwerpunktfach Latein", Some("LAT"), "SF", true, Some("SF-L")),
    s("SF S", "Schwerpunktfach Spanisch", Some("SPA"), "SF", true, Some("SF-S")),
    s("SF I", "Schwerpunktfach Italienisch", Some("ITA"), "SF", true, Some("SF-I")),
    s("SF BG", "Schwerpunktfach Bildnerisches Gestalten", Some("BG"), "SF", true, Some("SF-BG")),
    s("SF MU", "Schwerpunktfach Musik", Some("MUS"), "SF", true, Some("SF-MU")),
    s("SF PPP", "Schwerpunktfach Philosophie/Pädagogik/Psychologie", Some("PPP"), "SF", true, Some("SF-PPP")),
    // Supplementary subjects (Ergänzungsfächer), across classes.
    s("EF B", "Ergänzungsfach Biologie", Some("BIO"), "EF", true, Some("EF-B")),
    s("EF C", "Ergänzungsfach Chemie", Some("CHE"), "EF", true, Some("EF-C")),
    s("EF P", "Ergänzungsfach Physik", Some("PHY"), "EF", true, Some("EF-P")),
    s("EF AM", "Ergänzungsfach Anwendungen der Mathematik", Some("MAT"), "EF", true, Some("EF-AM")),
    s("EF IN", "Ergänzungsfach Informatik", Some("INF"), "EF", true, Some("EF-IN")),
    s("EF G", "Ergänzungsfach Geografie", Some("GEO"), "EF", true, Some("EF-G")),
    s("EF GS", "Ergänzungsfach Geschichte", Some("GES"), "EF", true, Some("EF-GS")),
    s("EF WR", "Ergänzungsfach Wirtschaft und Recht", Some("WR"), "EF", true, Some("EF-WR")),
    s("EF PH", "Ergänzungsfach Philosophie", Some("PHI"), "EF", true, Some("EF-PH")),
    s("EF RE", "Ergänzungsfach Religionslehre", Some("REL"), "EF", true, Some("EF-RE")),
    s("EF PP", "Ergänzungsfach Pädagogik/Psychologie", Some("PPP"), "EF", true, Some("EF-PP")),
    s("EF SP", "Ergänzungsfach Sport", Some("SPO"), "EF", true, Some("EF-SP")),
    s("EF BG", "Ergänzungsfach Bildnerisches Gestalten", Some("BG"), "EF", true, Some("EF-BG")),
    s("EF MU", "Ergänzungsfach Musik", Some("MUS"), "EF", true, Some("EF-MU")),
    // Electives (Freifächer), across classes.
    s("FF CHOR", "Freifach Chor", Some("MUS"), "FF", true, None),
    s("FF ORCH", "Freifach Orchester", Some("MUS"), "FF", true, None),
    s("FF THEA", "Freifach Theater", Some("DEU"), "FF", true, None),
    s("FF ROBO", "Freifach Robotik", Some("INF"), "FF", true, None),
    s("FF ASTR", "Freifach Astronomie", Some("PHY"), "FF", true, None),
    s("FF SPAN", "Freifach Spanisch für Anfänger", Some("SPA"), "FF", true, None),
    s("FF RUSS", "Freifach Russisch", None, "FF", true, None),
    s("FF CHIN", "Freifach Chinesisch", None, "FF", true, None),
    s("FF DELF", "Freifach DELF-Vorbereitung", Some("FRA"), "FF", true, None),
    s("FF CAE", "Freifach Cambridge Advanced English", Some("ENG"), "FF", true, None),
    s("FF DEBA", "Freifach Debattieren", Some("DEU"), "FF", true, None),
    s("FF FOTO", "Freifach Fotografie", Some("BG"), "FF", true, None),
    s("FF VOLL", "Freifach Volleyball", Some("SPO"), "FF", true, None),
    s("FF UNIH", "Freifach Unihockey", Some("SPO"), "FF", true, None),
    s("FF PROG", "Freifach Programmieren", Some("INF"), "FF", true, None),
    archived("FF SCHACH", "Freifach Schach", None, "FF", true),
    archived("FF LATA", "Freifach Latein für Anfänger", Some("LAT"), "FF", true),
];

/// The departments whose teachers teach a subject: its category, or for
/// subjects without one a sensible choice (class lesson and projects are
/// handled apart: they go to the class's own teachers).
pub fn teaching_departments(subject: &Subject) -> Vec<&'static str> {
    match (subject.category, subject.code) {
        (Some(c), _) => vec![c],
        (None, "FF RUSS") | (None, "FF CHIN") => vec!["ENG", "FRA", "ITA", "SPA"],
        (None, _) => Vec::new(),
    }
}

/// The second teacher of a team-taught subject (first teacher: [`teaching_departments`]).
pub fn team_partner(subject: &str) -> Option<&'static str> {
    match subject {
        "SF B" => Some("CHE"),
        "SF PAM" => Some("MAT"),
        "FF THEA" => Some("MUS"),
        _ => None,
    }
}

/// A curriculum: code, description, archived, grades (entry grade first).
pub struct Curriculum {
    /// Code.
    pub code: &'static str,
    /// Description.
    pub description: &'static str,
    /// Archived (no classes).
    pub archived: bool,
    /// Grade codes, entry grade first.
    pub grades: &'static [&'static str],
    /// Prefix of class codes (`G27a`).
    pub class_prefix: &'static str,
    /// Classes per graduation year at scale 1.
    pub classes_per_year: usize,
}

/// The curricula; the archived `GYM 08` has no classes.
pub const CURRICULA: &[Curriculum] = &[
    Curriculum {
        code: "FMS 18",
        description: "Fachmittelschule (3 Jahre), Lehrplan 2018",
        archived: false,
        grades: &["FMS1", "FMS2", "FMS3"],
        class_prefix: "F",
        classes_per_year: 3,
    },
    Curriculum {
        code: "GYM 08",
        description: "Gymnasium (4 Jahre), Lehrplan 2008",
        archived: true,
        grades: &["GYM1", "GYM2", "GYM3", "GYM4"],
        class_prefix: "",
        classes_per_year: 0,
    },
    Curriculum {
        code: "GYM 17",
        description: "Gymnasium (4 Jahre), Lehrplan 2017",
        archived: false,
        grades: &["GYM1", "GYM2", "GYM3", "GYM4"],
        class_prefix: "G",
        classes_per_year: 10,
    },
];

/// Divisions: code, description, head's name.
pub const DIVISIONS: &[(&str, &str, &str)] = &[
    ("FMS", "Fachmittelschule", "Dr. Regula Baumgartner"),
    ("NORD", "Gymnasium Nord", "Martin Zürcher"),
    ("SUED", "Gymnasium Süd", "Dr. Claudia Bernasconi"),
];

/// School years: code, description, graduation year, age relief included, finalised, archived.
pub const SCHOOL_YEARS: &[(&str, &str, i64, bool, bool, bool)] = &[
    ("24/25", "Schuljahr 2024/25", 2025, true, true, true),
    ("25/26", "Schuljahr 2025/26", 2026, true, true, false),
    ("26/27", "Schuljahr 2026/27", 2027, false, false, false),
];

/// The year after the last of [`SCHOOL_YEARS`]: code, description, graduation
/// year. Opened from 26/27 by the opening rules (docs/documents.md §Opening a school year); its entry
/// classes exist already.
pub const NEXT_YEAR: (&str, &str, i64) = ("27/28", "Schuljahr 2027/28", 2028);

/// School weeks per year.
pub const WEEKS: i64 = 38;

/// The lesson table (Lektionentafel) of class-based subjects: for a
/// curriculum and grade, (subject, lessons semester 1, lessons semester 2) in tenths.
pub fn lesson_table(curriculum: &str, grade: &str) -> &'static [(&'static str, Tenths, Tenths)] {
    match (curriculum, grade) {
        ("GYM 17", "GYM1") => &[
            ("D", 40, 40),
            ("F", 30, 30),
            ("E", 30, 30),
            ("M", 40, 40),
            ("B", 20, 20),
            ("G", 20, 20),
            ("GS", 20, 20),
            ("WR", 20, 20),
            ("IN", 20, 20),
            ("BG", 20, 20),
            ("MU", 20, 20),
            ("SP", 30, 30),
            ("RE", 10, 10),
            ("KL", 10, 10),
        ],
        ("GYM 17", "GYM2") => &[
            ("D", 40, 40),
            ("F", 30, 30),
            ("E", 30, 30),
            ("M", 40, 40),
            ("B", 20, 20),
            ("C", 20, 20),
            ("P", 20, 20),
            ("G", 20, 20),
            ("GS", 20, 20),
            ("WR", 20, 20),
            ("BG", 15, 15),
            ("MU", 15, 15),
            ("SP", 30, 30),
            ("KL", 10, 10),
        ],
        ("GYM 17", "GYM3") => &[
            ("D", 40, 40),
            ("F", 30, 30),
            ("E", 30, 30),
            ("M", 40, 40),
            ("B", 20, 20),
            ("C", 25, 25),
            ("P", 20, 20),
            ("G", 20, 20),
            ("GS", 20, 20),
            ("IN", 20, 0),
            ("SP", 30, 30),
            ("IDAF", 10, 10),
            ("KL", 10, 10),
        ],
        ("GYM 17", "GYM4") => &[
            ("D", 40, 40),
            ("F", 30, 30),
            ("E", 30, 30),
            ("M", 40, 40),
            ("B", 20, 20),
            ("P", 20, 20),
            ("GS", 20, 20),
            ("WR", 20, 20),
            ("PH", 20, 20),
            ("SP", 30, 30),
            ("KL", 10, 10),
        ],
        ("FMS 18", "FMS1") => &[
            ("D", 40, 40),
            ("F", 30, 30),
            ("E", 30, 30),
            ("M", 40, 40),
            ("B", 20, 20),
            ("C", 20, 20),
            ("G", 20, 20),
            ("GS", 20, 20),
            ("PP", 20, 20),
            ("IN", 20, 20),
            ("BG", 20, 20),
            ("MU", 20, 20),
            ("SP", 30, 30),
            ("KL", 10, 10),
        ],
        ("FMS 18", "FMS2") => &[
            ("D", 40, 40),
            ("F", 30, 30),
            ("E", 30, 30),
            ("M", 30, 30),
            ("P", 20, 20),
            ("B", 20, 20),
            ("GS", 20, 20),
            ("PP", 20, 20),
            ("SOZ", 20, 20),
            ("GE", 20, 20),
            ("BG", 20, 20),
            ("SP", 30, 30),
            ("KOM", 15, 15),
            ("KL", 10, 10),
        ],
        ("FMS 18", "FMS3") => &[
            ("D", 40, 40),
            ("F", 20, 20),
            ("E", 30, 30),
            ("M", 25, 25),
            ("GE", 30, 30),
            ("PP", 30, 30),
            ("SOZ", 20, 20),
            ("WR", 20, 20),
            ("KOM", 20, 20),
            ("SP", 30, 30),
            ("KL", 10, 10),
        ],
        _ => &[],
    }
}

/// Cross-class offers: for a curriculum and grade, (subject, courses at scale 1,
/// lessons semester 1, lessons semester 2) in tenths.
pub fn cross_class_offers(curriculum: &str, grade: &str) -> Vec<(&'static str, usize, Tenths, Tenths)> {
    const MAJORS: &[(&str, usize)] = &[
        ("SF B", 2),
        ("SF PAM", 1),
        ("SF WR", 2),
        ("SF L", 1),
        ("SF S", 1),
        ("SF I", 1),
        ("SF BG", 1),
        ("SF MU", 1),
        ("SF PPP", 1),
    ];
    const SUPPLEMENTARY: &[(&str, usize)] = &[
        ("EF B", 1),
        ("EF C", 1),
        ("EF P", 1),
        ("EF AM", 1),
        ("EF IN", 1),
        ("EF G", 1),
        ("EF GS", 1),
        ("EF WR", 2),
        ("EF PH", 1),
        ("EF RE", 1),
        ("EF PP", 2),
        ("EF SP", 1),
        ("EF BG", 1),
        ("EF MU", 1),
    ];
    // Electives: subject, grades offered, lessons.
    const ELECTIVES: &[(&str, &[&str], Tenths, Tenths)] = &[
        ("FF CHOR", &["GYM1", "GYM2", "GYM3", "GYM4", "FMS1", "FMS2"], 10, 10),
        ("FF ORCH", &["GYM1", "GYM2", "GYM3"], 10, 10),
        ("FF THEA", &["GYM2", "GYM3"], 20, 20),
        ("FF ROBO", &["GYM1", "GYM2"], 20, 0),
        ("FF ASTR", &["GYM3"], 0, 20),
        ("FF SPAN", &["GYM2", "GYM3", "FMS2"], 20, 20),
        ("FF RUSS", &["GYM3"], 20, 20),
        ("FF CHIN", &["GYM2"], 20, 20),
        ("FF DELF", &["GYM3", "FMS2"], 10, 10),
        ("FF CAE", &["GYM3", "GYM4"], 20, 20),
        ("FF DEBA", &["GYM2"], 10, 10),
        ("FF FOTO", &["GYM2", "GYM3"], 20, 20),
        ("FF VOLL", &["GYM1", "GYM2", "GYM3", "GYM4"], 15, 15),
        ("FF UNIH", &["GYM1", "GYM2", "FMS1"], 15, 15),
        ("FF PROG", &["GYM3", "GYM4", "FMS2"], 20, 20),
    ];
    let mut out = Vec::new();
    match (curriculum, grade) {
        ("GYM 17", "GYM2") => out.extend(MAJORS.iter().map(|&(s, n)| (s, n, 40, 40))),
        ("GYM 17", "GYM3") => {
            out.extend(MAJORS.iter().map(|&(s, n)| (s, n, 50, 50)));
            out.push(("MA", 5, 0, 10));
        }
        ("GYM 17", "GYM4") => {
            out.extend(MAJORS.iter().map(|&(s, n)| (s, n, 50, 50)));
            out.extend(SUPPLEMENTARY.iter().map(|&(s, n)| (s, n, 30, 30)));
            out.push(("MA", 5, 10, 0));
        }
        ("FMS 18", "FMS3") => out.push(("SA", 2, 10, 10)),
        _ => {}
    }
    let ours = match curriculum {
        "GYM 17" => grade.starts_with("GYM"),
        "FMS 18" => grade.starts_with("FMS"),
        _ => false,
    };
    if ours {
        for &(subject, grades, l1, l2) in ELECTIVES {
            if grades.contains(&grade) {
                out.push((subject, 1, l1, l2));
            }
        }
    }
    out
}

/// Full teaching position in weekly lessons for a grade (for the demo's payment figures).
pub fn full_position(grade: &str) -> i64 {
    match grade {
        "GYM1" => 28,
        "FMS1" | "FMS2" | "FMS3" => 25,
        _ => 23,
    }
}

/// A 1×1 PNG (a small logo / signature placeholder), base64.
pub const PNG_1X1: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
