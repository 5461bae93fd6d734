//! The PDF documents (docs/documents.md §Jobs and files, §File formats), typeset with the `typst` library:
//! each document is a `.typ` template beside its module (included with
//! `include_str!`) that reads its data from a virtual `data.json` built
//! here. Strings from the database reach typst only as JSON strings, placed
//! as text: they are never evaluated as markup, so they need no escaping.
//!
//! The fonts are four Libertinus Serif faces embedded from
//! `assets/vendor/libertinus/`: no system font and no network is used. Images (the division's logo and
//! the head's signature) are virtual files too.
//!
//! - [`workload_sheet`]: the workload sheet (Pensenblatt).
//! - [`subject_courses`], [`teacher_courses`], [`open_lessons`]: the lists of
//!   courses by subject category and by teacher, and the open lessons, all
//!   of the shape [`ListDoc`].

pub mod open_lessons;
pub mod subject_courses;
pub mod teacher_courses;
pub mod workload_sheet;

use std::collections::HashMap;
use std::sync::OnceLock;

use rust_decimal::Decimal;
use serde::Serialize;
use typst::diag::{FileError, FileResult, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;

use crate::error::{Error, ErrorCode, Result};

/// The shared look of the documents (font, tables, heads).
const COMMON: &str = include_str!("common.typ");

/// The built-in logo of the school, used when a division has none.
pub const DEFAULT_LOGO: &[u8] = include_bytes!("logo.svg");

/// A number for a PDF: `d` rounded half-up to `decimals` (docs/workload.md §Response:
/// lessons with 2, percents with the form's `percentDecimals`); zero (also
/// after rounding) prints as "—".
pub fn figure(d: Decimal, decimals: u32) -> String {
    let s = super::number(d, decimals);
    if s.is_empty() {
        "—".to_string()
    } else {
        s
    }
}

/// Today's date as the documents show it (`23.11.2026`).
pub fn date_text(date: chrono::NaiveDate) -> String {
    date.format("%d.%m.%Y").to_string()
}

/// The data of a list document: a head and groups of rows (a subject
/// category, a teacher), each a table with an optional total row.
#[derive(Debug, Serialize)]
pub struct ListDoc {
    /// The document's title.
    pub title: String,
    /// The line beside the title (the school year's description).
    pub school: String,
    /// The date printed (`23.11.2026`).
    pub date: String,
    /// The groups in order.
    pub groups: Vec<Group>,
}

/// A group of a list document.
#[derive(Debug, Serialize)]
pub struct Group {
    /// Its heading.
    pub title: String,
    /// Its rows, one string per column.
    pub rows: Vec<Vec<String>>,
    /// Its total row, if any.
    pub total: Option<Vec<String>>,
}

impl ListDoc {
    /// An empty list document for school year `year`, dated `date`.
    pub fn new(title: &str, year: &crate::domain::schoolyear::SchoolYear, date: chrono::NaiveDate) -> ListDoc {
        ListDoc {
            title: title.to_string(),
            school: year.description.clone(),
            date: date_text(date),
            groups: Vec::new(),
        }
    }
}

/// The classes of a course as the lists show them: class codes joined by
/// ", ", or the curriculum's code for a course without classes (cross-class).
pub fn classes_of(course: &crate::domain::course::Course) -> String {
    if course.school_classes.is_empty() {
        course.curriculum.code.clone()
    } else {
        course.school_classes.iter().map(|c| c.code.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// `courses` grouped by their subject's category, in category-code order,
/// the courses without a category last ("Ohne Fachgebiet"); each group keeps
/// the courses' order. Yields (heading, courses).
pub fn by_category<'a>(
    courses: impl Iterator<Item = &'a crate::domain::course::Course>,
) -> Vec<(String, Vec<&'a crate::domain::course::Course>)> {
    let mut groups: std::collections::BTreeMap<(bool, String), (String, Vec<_>)> = Default::default();
    for c in courses {
        let (key, title) = match &c.subject.category {
            Some(cat) => ((false, cat.code.clone()), cat.description.clone()),
            None => ((true, String::new()), "Ohne Fachgebiet".to_string()),
        };
        groups.entry(key).or_insert_with(|| (title, Vec::new())).1.push(c);
    }
    groups.into_values().collect()
}

/// A subject as the documents show it: code and description.
pub fn subject_of(s: &crate::domain::reference_forms::SubjectRef) -> String {
    format!("{} {}", s.code, s.description)
}

/// The faces the templates use (`font: "Libertinus Serif"`, regular and bold,
/// italic for completeness), embedded from `assets/vendor/libertinus/`. Only
/// these four: the whole `typst-assets` font set would add 9.6 MB to the
/// binary (README §Release build).
const FONT_FILES: [&[u8]; 4] = [
    include_bytes!("../../../assets/vendor/libertinus/LibertinusSerif-Regular.otf"),
    include_bytes!("../../../assets/vendor/libertinus/LibertinusSerif-Bold.otf"),
    include_bytes!("../../../assets/vendor/libertinus/LibertinusSerif-Italic.otf"),
    include_bytes!("../../../assets/vendor/libertinus/LibertinusSerif-BoldItalic.otf"),
];

/// The embedded fonts, parsed once.
struct Fonts {
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
}

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let fonts: Vec<Font> = FONT_FILES.iter().flat_map(|data| Font::iter(Bytes::new(*data))).collect();
        Fonts { book: LazyHash::new(FontBook::from_fonts(&fonts)), fonts }
    })
}

fn library() -> &'static LazyHash<Library> {
    static LIBRARY: OnceLock<LazyHash<Library>> = OnceLock::new();
    LIBRARY.get_or_init(|| LazyHash::new(Library::builder().build()))
}

/// One compilation: the template as `main.typ`, `common.typ`, `data.json` and
/// the images by their virtual paths.
struct DocWorld {
    main: Source,
    files: HashMap<FileId, Bytes>,
}

/// The id of the virtual file at `path` (ids are interned for the process:
/// only a bounded set of paths is ever used).
fn file_id(path: &str) -> FileId {
    let vpath = VirtualPath::new(path).unwrap_or_else(|_| VirtualPath::new("/invalid").expect("a valid path"));
    FileId::new(RootedPath::new(VirtualRoot::Project, vpath))
}

impl World for DocWorld {
    fn library(&self) -> &LazyHash<Library> {
        library()
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &fonts().book
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() {
            return Ok(self.main.clone());
        }
        let bytes = self.file(id)?;
        let text = std::str::from_utf8(&bytes).map_err(|_| FileError::InvalidUtf8)?;
        Ok(Source::new(id, text.to_string()))
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        self.files.get(&id).cloned().ok_or_else(|| FileError::NotFound(id.vpath().get_without_slash().into()))
    }

    fn font(&self, index: usize) -> Option<Font> {
        fonts().fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        None
    }
}

/// Typesets `template` with `data` as `data.json` and `images` (virtual path
/// such as `/logo-3.png` → bytes) into PDF bytes. When typst fails (e.g. an
/// image that cannot be decoded): 422 `document_failed` naming typst's first
/// messages.
pub fn render(template: &str, data: &impl Serialize, images: Vec<(String, Vec<u8>)>) -> Result<Vec<u8>> {
    let json = serde_json::to_vec(data).map_err(Error::internal)?;
    let mut files: HashMap<FileId, Bytes> = HashMap::new();
    files.insert(file_id("/common.typ"), Bytes::new(COMMON.as_bytes()));
    files.insert(file_id("/data.json"), Bytes::new(json));
    files.insert(file_id("/logo.svg"), Bytes::new(DEFAULT_LOGO));
    for (path, bytes) in images {
        files.insert(file_id(&path), Bytes::new(bytes));
    }
    let world = DocWorld { main: Source::new(file_id("/main.typ"), template.to_string()), files };
    let document = typst::compile::<PagedDocument>(&world).output.map_err(|e| typst_error("typesetting", &e));
    let pdf = document
        .and_then(|d| typst_pdf::pdf(&d, &typst_pdf::PdfOptions::default()).map_err(|e| typst_error("PDF export", &e)));
    // Drops memoized results not used by the last compilations, so memory
    // stays bounded over many documents (as the typst CLI does).
    comemo::evict(10);
    pdf
}

fn typst_error(stage: &str, diagnostics: &[SourceDiagnostic]) -> Error {
    let messages: Vec<String> = diagnostics.iter().take(3).map(|d| d.message.to_string()).collect();
    tracing::warn!(stage, messages = %messages.join("; "), "a document could not be typeset");
    Error::new(
        ErrorCode::DocumentFailed,
        crate::i18n::Message::new("error-document-typeset").arg("stage", stage).arg("messages", messages.join("; ")),
    )
}

/// Whether `bytes` is a PNG smaller than 8 × 8 pixels: a placeholder (the demo
/// school's 1 × 1 logos and signatures) that is not worth printing.
pub fn is_placeholder(bytes: &[u8]) -> bool {
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
    if !bytes.starts_with(PNG) || bytes.len() < 24 {
        return false;
    }
    let width = u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
    let height = u32::from_be_bytes([bytes[20], bytes[21], bytes[22], bytes[23]]);
    width < 8 || height < 8
}

/// The virtual file name of an image with `mime` type (`image/png` → `.png`).
pub fn image_path(stem: &str, mime: &str) -> String {
    let ext = if mime.contains("jpeg") || mime.contains("jpg") { "jpg" } else { "png" };
    format!("/{stem}.{ext}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn figures_round_half_up_and_zero_is_a_dash() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        assert_eq!(figure(d("12.7485"), 3), "12.749");
        assert_eq!(figure(d("2"), 2), "2.00");
        assert_eq!(figure(d("0.001"), 2), "—");
        assert_eq!(figure(d("-3.705"), 2), "-3.71");
    }

    #[test]
    fn a_template_with_hostile_strings_renders_them_as_text() {
        let pdf = render(
            "#import \"common.typ\": *\n#let data = json(\"data.json\")\n#show: setup\n#data.text",
            &serde_json::json!({"text": "#panic(\"no\") *bold* $x$ ] [ \\ // §"}),
            Vec::new(),
        )
        .unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
    }

    #[test]
    fn a_one_pixel_png_is_a_placeholder() {
        use base64::Engine as _;
        let png = base64::engine::general_purpose::STANDARD.decode(crate::demo::school::PNG_1X1).unwrap();
        assert!(is_placeholder(&png));
        assert!(!is_placeholder(b"\xff\xd8\xff\xe0 a jpeg"));
    }
}
