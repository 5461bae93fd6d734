//! Binary data in a body (division logo, head signature): [`Binary`], how the
//! reader reads it ([`Reader::binary`]) and the accepted images by their first
//! bytes ([`image_type`]).

use base64::Engine as _;
use serde_json::Value;

use super::kinds::{note, FieldKind};
use super::limits;
use super::reader::{Reader, Slot};
use super::text::forbidden_char;
use crate::error::ErrorCode;
use crate::i18n::Message;

/// Largest accepted decoded binary (division logo, head signature): 1 MiB (docs/contract.md §Envelope and forms).
pub const MAX_BINARY_BYTES: usize = 1024 * 1024;

/// The type of an accepted image by its first bytes (its signature):
/// `image/png` or `image/jpeg`; `None` for anything else (docs/contract.md
/// §Envelope and forms).
pub fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else {
        None
    }
}

/// Binary data with file name and verified mime type (docs/contract.md §Envelope and forms).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binary {
    /// File name as given, trimmed; may be empty-free text.
    pub file_name: Option<String>,
    /// `image/png` or `image/jpeg`; the bytes carry that signature.
    pub mime_type: String,
    /// The decoded bytes (≤ 1 MiB).
    pub data: Vec<u8>,
}

impl Reader<'_> {
    /// Binary data `{"fileName", "mimeType", "data": base64}` or null (docs/contract.md §Envelope and forms).
    pub fn binary(&mut self, key: &str) -> Option<Binary> {
        note(key, FieldKind::Binary, false);
        let obj = match self.slot(key, &[]) {
            Slot::Absent | Slot::Null => return None,
            Slot::Present(Value::Object(o)) => o,
            Slot::Present(_) => {
                self.type_error(key, "an object {fileName, mimeType, data} or null");
                return None;
            }
        };
        let text = |k: &str| obj.get(k).and_then(Value::as_str).map(str::trim);
        let invalid = |r: &mut Self, why: Message| {
            r.error(
                key,
                ErrorCode::InvalidBinary,
                Message::new("error-binary").arg("key", key).arg_message("why", why),
            );
            None
        };
        if obj.get("data").is_some_and(|v| !v.is_string()) || obj.get("mimeType").is_some_and(|v| !v.is_string()) {
            self.type_error(key, "an object whose mimeType and data are strings");
            return None;
        }
        let Some(mime) = obj.get("mimeType").and_then(Value::as_str) else {
            return invalid(self, Message::new("error-binary-no-mime"));
        };
        let Some(data) = text("data") else { return invalid(self, Message::new("error-binary-no-data")) };
        if data.len() > MAX_BINARY_BYTES / 3 * 4 + 8 {
            return invalid(self, Message::new("error-binary-too-large"));
        }
        let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(data) else {
            return invalid(self, Message::new("error-binary-base64"));
        };
        if bytes.len() > MAX_BINARY_BYTES {
            return invalid(self, Message::new("error-binary-too-large"));
        }
        let signature_ok = match mime {
            "image/png" | "image/jpeg" => image_type(&bytes) == Some(mime),
            _ => return invalid(self, Message::new("error-binary-mime")),
        };
        if !signature_ok {
            return invalid(self, Message::new("error-binary-bytes").arg("mime", mime));
        }
        if let Some(name) = obj.get("fileName").and_then(Value::as_str) {
            if let Some(c) = forbidden_char(name, false) {
                let detail = Message::new("error-binary-file-name")
                    .arg("key", key)
                    .arg("char", format!("U+{:04X}", u32::from(c)));
                self.error_at(format!("{}/fileName", self.pointer(key)), ErrorCode::InvalidCharacter, detail);
                return None;
            }
        }
        let file_name = text("fileName").filter(|s| !s.is_empty()).map(|s| s.chars().take(limits::NAME).collect());
        Some(Binary { file_name, mime_type: mime.to_string(), data: bytes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::body_reader::Mode;
    use serde_json::json;

    #[test]
    fn binary_checks_signature() {
        let png = base64::engine::general_purpose::STANDARD.encode(b"\x89PNG\r\n\x1a\nrest");
        let body = json!({"ok": {"fileName": "a.png", "mimeType": "image/png", "data": png},
                          "bad": {"mimeType": "image/jpeg", "data": png}});
        let mut r = Reader::new(&body, Mode::Create).unwrap();
        assert_eq!(r.binary("ok").unwrap().mime_type, "image/png");
        assert!(r.binary("bad").is_none());
        assert!(r.finish().is_err());
    }
}
