//! Organisational unit (Organisationseinheit), docs/api.md §Forms, docs/contract.md §Envelope and forms.
//!
//! A division has no `archived` field. Its binary fields (`headSignature`,
//! `logo`) appear only in the single form; the list form is the single form
//! minus binary data; the reference form is [`LookupRef`](super::reference_forms::LookupRef) (id, code, description).

use base64::Engine as _;
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::body_reader::{checked, limits, Binary, Mode, Reader};
use super::ids::DivisionId;
use super::references::References;
use super::FromBody;
use crate::error::Result;

pub use super::reference_forms::LookupRef as DivisionRef;

/// Division single form: all fields, binary data included.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Division {
    /// Database id.
    pub id: DivisionId,
    /// Short code, unique case-insensitively.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Name of the head of the division, or null.
    pub head_name: Option<String>,
    /// Title of the head printed above the signature (e.g. `Rektorin`), or null (≤ 200 characters).
    pub head_title: Option<String>,
    /// Group of divisions in course reports (e.g. `GYM`), or null (≤ 40
    /// characters; the existing client's form requires it, docs/client.md §Division).
    pub grouping: Option<String>,
    /// Signature of the head, or null.
    #[serde(serialize_with = "serialize_binary")]
    #[schema(value_type = Option<BinaryData>)]
    pub head_signature: Option<Binary>,
    /// Logo used in PDF documents, or null.
    #[serde(serialize_with = "serialize_binary")]
    #[schema(value_type = Option<BinaryData>)]
    pub logo: Option<Binary>,
}

/// Division list form: the single form minus binary data (docs/contract.md §Envelope and forms).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DivisionListItem {
    /// Database id.
    pub id: DivisionId,
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Name of the head of the division, or null.
    pub head_name: Option<String>,
    /// Title of the head, or null.
    pub head_title: Option<String>,
    /// Group of divisions in course reports, or null.
    pub grouping: Option<String>,
}

/// A valid division body (docs/contract.md §Validation: code and description required;
/// `headTitle` and `grouping` optional, docs/client.md §Division).
#[derive(Debug, Clone, PartialEq)]
pub struct NewDivision {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Name of the head.
    pub head_name: Option<String>,
    /// Title of the head (≤ 200 characters).
    pub head_title: Option<String>,
    /// Group of divisions (≤ 40 characters).
    pub grouping: Option<String>,
    /// Signature of the head (PNG or JPEG, ≤ 1 MiB, signature checked).
    pub head_signature: Option<Binary>,
    /// Logo (PNG or JPEG, ≤ 1 MiB, signature checked).
    pub logo: Option<Binary>,
}

impl FromBody for NewDivision {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let code = r.text("code", true, limits::CODE);
        let description = r.text("description", true, limits::DESCRIPTION);
        let head_name = r.text("headName", false, limits::NAME);
        let head_title = r.text("headTitle", false, limits::NAME);
        let grouping = r.text("grouping", false, limits::CODE);
        let head_signature = r.binary("headSignature");
        let logo = r.binary("logo");
        r.finish()?;
        Ok(NewDivision {
            code: checked(code),
            description: checked(description),
            head_name,
            head_title,
            grouping,
            head_signature,
            logo,
        })
    }
}

/// Binary data on the wire (docs/contract.md §Envelope and forms); the schema of what [`serialize_binary`] writes.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BinaryData {
    /// File name as given, or null.
    pub file_name: Option<String>,
    /// `image/png` or `image/jpeg`.
    pub mime_type: String,
    /// The bytes, base64-encoded (RFC 4648 §4).
    #[schema(content_encoding = "base64")]
    pub data: String,
}

/// Binary data on the wire: `{"fileName", "mimeType", "data": base64}` or `null` (docs/contract.md §Envelope and forms).
pub fn serialize_binary<S: Serializer>(value: &Option<Binary>, s: S) -> std::result::Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Wire<'a> {
        file_name: &'a Option<String>,
        mime_type: &'a str,
        data: String,
    }
    match value {
        None => s.serialize_none(),
        Some(b) => s.serialize_some(&Wire {
            file_name: &b.file_name,
            mime_type: &b.mime_type,
            data: base64::engine::general_purpose::STANDARD.encode(&b.data),
        }),
    }
}

impl References for NewDivision {}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn binary_round_trips_through_the_wire_form() {
        let png = base64::engine::general_purpose::STANDARD.encode(b"\x89PNG\r\n\x1a\nxyz");
        let body = json!({"code": " D1 ", "description": "Gymnasium", "logo": {"fileName": "l.png", "mimeType": "image/png", "data": png}});
        let new = NewDivision::from_body(&body, Mode::Create).unwrap();
        assert_eq!(new.code, "D1");
        assert_eq!(new.head_signature, None);
        let d = Division {
            id: DivisionId(1),
            code: new.code,
            description: new.description,
            head_name: new.head_name,
            head_title: new.head_title,
            grouping: new.grouping,
            head_signature: new.head_signature,
            logo: new.logo,
        };
        let v = serde_json::to_value(&d).unwrap();
        assert_eq!(v["logo"], json!({"fileName": "l.png", "mimeType": "image/png", "data": png}));
        assert_eq!(v["headSignature"], Value::Null);
        assert_eq!(v["headName"], Value::Null);
    }
}
