//! JSON Schemas of the document: response forms come from the Rust types'
//! `ToSchema` derives; request bodies from the parsers themselves
//! ([`crate::domain::body_reader::describe`]); the problem schema enumerates every
//! [`ErrorCode`].

use serde_json::{json, Map, Value};
use utoipa::openapi::schema::{Object, Schema, SchemaType};
use utoipa::openapi::{extensions::Extensions, Ref, RefOr};
use utoipa::ToSchema;

use crate::domain::body_reader::{describe, FieldDoc, FieldKind, Mode};
use crate::domain::FromBody;
use crate::error::ErrorCode;

/// Component name of the RFC 9457 problem schema.
pub const PROBLEM: &str = "Problem";

/// `{"$ref": "#/components/schemas/NAME"}`.
pub fn component_ref(name: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{name}")})
}

/// `T`'s schema and every schema it references, as (name, schema) pairs.
pub fn components_of<T: ToSchema>() -> Vec<(String, RefOr<Schema>)> {
    let mut found = vec![(T::name().into_owned(), T::schema())];
    T::schemas(&mut found);
    found
}

/// The success envelope `{"result": …}` around `schema` (docs/contract.md §Envelope and forms).
pub fn envelope(schema: Value) -> Value {
    json!({"type": "object", "required": ["result"], "properties": {"result": schema}})
}

/// A JSON Schema written here (a request body from the parser, an envelope, a
/// header) in utoipa's model: `{"$ref": …}` stays a reference; any other
/// schema keeps every keyword as written. utoipa's [`Object`] has no field for
/// some JSON Schema 2020-12 keywords the document uses (e.g. `const`), so the
/// keywords travel as the object's flattened extension map, which serialises
/// them unchanged, in no particular order ([`sort_schema_keywords`] sorts
/// them in the document).
pub fn raw(schema: Value) -> RefOr<Schema> {
    match schema {
        Value::Object(map) if map.len() == 1 && map.get("$ref").is_some_and(Value::is_string) => {
            RefOr::Ref(Ref::new(map["$ref"].as_str().unwrap_or_default()))
        }
        Value::Object(map) => {
            let mut object = Object::new();
            object.schema_type = SchemaType::AnyValue;
            object.extensions = Some(map.into_iter().collect::<Extensions>());
            RefOr::T(Schema::Object(object))
        }
        // Every schema here is an object; anything else would be the empty schema `{}` (any value).
        _ => {
            let mut object = Object::new();
            object.schema_type = SchemaType::AnyValue;
            RefOr::T(Schema::Object(object))
        }
    }
}

/// The RFC 9457 problem body (docs/contract.md §Errors) with the enumeration of `code`s.
pub fn problem_schema() -> Value {
    let codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    let descriptions: Vec<String> =
        ErrorCode::ALL.iter().map(|c| format!("`{}`: {}", c.as_str(), c.description())).collect();
    json!({
        "type": "object",
        "description": "RFC 9457 problem details. `code` is stable and machine-readable, one per rule.",
        "required": ["type", "title", "status", "detail", "code", "errors"],
        "properties": {
            "type": {"type": "string", "description": "Always `about:blank`."},
            "title": {"type": "string", "description": "The status's reason phrase."},
            "status": {"type": "integer", "description": "The HTTP status code."},
            "detail": {"type": "string", "description": "What went wrong, naming the objects involved."},
            "code": {"type": "string", "enum": codes, "description": descriptions.join("\n")},
            "errors": {
                "type": "array",
                "description": "Field problems, each with a JSON pointer into the request body.",
                "items": {
                    "type": "object",
                    "required": ["pointer", "code", "detail"],
                    "properties": {
                        "pointer": {"type": "string", "description": "RFC 6901 JSON pointer, e.g. `/teachers1/2`."},
                        "code": {"type": "string", "enum": codes},
                        "detail": {"type": "string"}
                    }
                }
            }
        }
    })
}

/// Text that is not blank: some character is neither a control character nor white space.
const NOT_BLANK: &str = "[^\\s\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]";
use crate::domain::body_reader::{DECIMAL_TEXT, INTEGER_TEXT, MULTI_LINE_TEXT, SINGLE_LINE_TEXT};

fn reference_schema() -> Value {
    let id = json!({"oneOf": [int64(), {"type": "string", "pattern": INTEGER_TEXT}]});
    json!({
        "description": "A reference: the object's reference form (only `id` is read), its id, or its id as a string.",
        "oneOf": [
            {"type": "object", "required": ["id"], "properties": {"id": id}},
            int64(),
            {"type": "string", "pattern": INTEGER_TEXT}
        ]
    })
}

/// The empty string: no value, like `null` (a cleared form field of the existing client).
/// The empty string a cleared number field sends (docs/contract.md §Tolerant reader: no value).
pub fn blank() -> Value {
    json!({"type": "string", "enum": [""], "description": "No value (like null)."})
}

/// Any 64-bit integer.
pub fn int64() -> Value {
    json!({"type": "integer", "format": "int64", "minimum": i64::MIN, "maximum": i64::MAX})
}

/// The schema of one field as the reader accepts it; `nullable` adds `null`.
fn field_schema(kind: FieldKind, nullable: bool) -> Value {
    let mut alternatives: Vec<Value> = match kind {
        FieldKind::Text { max_len, multi_line } => {
            let pattern = if multi_line { MULTI_LINE_TEXT } else { SINGLE_LINE_TEXT };
            vec![json!({"type": "string", "maxLength": max_len, "pattern": pattern})]
        }
        FieldKind::Boolean => vec![json!({"type": "boolean"}), json!({"type": "string", "enum": ["true", "false"]})],
        FieldKind::Integer { min, max } => vec![
            json!({"type": "integer", "minimum": min, "maximum": max}),
            json!({"type": "string", "pattern": INTEGER_TEXT, "description": format!("A whole number from {min} to {max}.")}),
            blank(),
        ],
        FieldKind::Fixed { min, max } => vec![
            json!({"type": "number", "minimum": min, "maximum": max,
                   "description": "At most 4 decimal places."}),
            json!({"type": "string", "pattern": DECIMAL_TEXT,
                   "description": format!("A number from {min} to {max} with at most 4 decimal places.")}),
            blank(),
        ],
        FieldKind::IdMap { min, max } => vec![json!({
            "type": "object",
            "description": format!("Keys are ids (as strings); values numbers from {min} to {max} with at most 4 decimal places."),
            "propertyNames": {"pattern": "^[1-9][0-9]{0,17}$"},
            "additionalProperties": {"oneOf": [
                {"type": "number", "minimum": min, "maximum": max},
                {"type": "string", "pattern": DECIMAL_TEXT},
                blank()
            ]}
        })],
        FieldKind::Reference => vec![reference_schema(), blank()],
        FieldKind::References => {
            vec![json!({"type": "array", "items": reference_schema(), "uniqueItems": true,
                        "description": "References without repeats, in the given order."})]
        }
        FieldKind::Date => vec![json!({"type": "string", "format": "date", "maxLength": 10})],
        FieldKind::Email => vec![json!({"type": "string", "format": "email", "maxLength": 254})],
        FieldKind::Mailbox => vec![json!({"type": "string", "maxLength": 254, "pattern": SINGLE_LINE_TEXT,
            "description": "An e-mail address, also with a display name (`Name <name@school.ch>`)."})],
        FieldKind::Choice(options) => vec![json!({"type": "string", "enum": options})],
        FieldKind::Binary => vec![json!({
            "type": "object",
            "required": ["mimeType", "data"],
            "description": "PNG or JPEG, at most 1 MiB decoded; the bytes must carry the type's signature.",
            "properties": {
                "fileName": {"type": ["string", "null"]},
                "mimeType": {"type": "string", "enum": ["image/png", "image/jpeg"]},
                "data": {"type": "string", "contentEncoding": "base64"}
            }
        })],
    };
    if nullable {
        alternatives.push(json!({"type": "null"}));
    }
    if alternatives.len() == 1 {
        alternatives.remove(0)
    } else {
        json!({"oneOf": alternatives})
    }
}

/// The request-body schema of `T` in `mode`, derived from the fields its parser reads.
///
/// POST ([`Mode::Create`]): required fields must carry a value, others may be
/// absent. PUT ([`Mode::Replace`]): every field must be present (docs/contract.md §Tolerant reader); optional ones may be `null`. Unknown and read-only keys are ignored,
/// so additional properties are allowed (a client can send back what it received).
pub fn body_schema<T: FromBody>(mode: Mode) -> Value {
    fields_schema(&describe(|body| T::from_body(body, mode)), mode)
}

/// The object schema for `fields` (see [`body_schema`]).
pub fn fields_schema(fields: &[FieldDoc], mode: Mode) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for f in fields {
        let mut schema = field_schema(f.kind, !f.required);
        if f.required {
            if let FieldKind::Text { .. } = f.kind {
                schema = json!({"allOf": [schema, {"pattern": NOT_BLANK}]});
            }
        }
        properties.insert(f.key.clone(), schema);
        if f.required || mode == Mode::Replace {
            required.push(f.key.clone());
        }
    }
    json!({"type": "object", "properties": properties, "required": required})
}

/// Sorts the keywords of every schema in the document `doc` — the component
/// schemas and the `schema` of every parameter, header and content, and the
/// schemas inside them — but not the names under `properties`, whose order is
/// the form's. [`raw`]'s keywords travel in utoipa's extension map, a
/// `HashMap`, which iterates in a different order in every process; sorted,
/// the document is the same text on every start of one version.
pub fn sort_schema_keywords(doc: &mut Value) {
    match doc {
        Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                match key.as_str() {
                    "schema" => sort_schema(child),
                    "schemas" => child.as_object_mut().into_iter().flat_map(|m| m.values_mut()).for_each(sort_schema),
                    _ => sort_schema_keywords(child),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(sort_schema_keywords),
        _ => {}
    }
}

/// Sorts the keywords of `schema` and of the schemas it holds (JSON Schema
/// 2020-12's applicators); a keyword's value that is not a schema (`enum`,
/// `example`, …) keeps its order.
fn sort_schema(schema: &mut Value) {
    let Value::Object(map) = schema else { return };
    let mut entries: Vec<(String, Value)> = std::mem::take(map).into_iter().collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (key, child) in &mut entries {
        match key.as_str() {
            "properties" | "patternProperties" | "$defs" | "dependentSchemas" => {
                child.as_object_mut().into_iter().flat_map(|m| m.values_mut()).for_each(sort_schema)
            }
            "oneOf" | "anyOf" | "allOf" | "prefixItems" => {
                child.as_array_mut().into_iter().flatten().for_each(sort_schema)
            }
            "items"
            | "additionalProperties"
            | "not"
            | "contains"
            | "propertyNames"
            | "if"
            | "then"
            | "else"
            | "unevaluatedItems"
            | "unevaluatedProperties" => sort_schema(child),
            _ => {}
        }
    }
    map.extend(entries);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_keywords_are_sorted_and_property_names_keep_their_order() {
        let mut doc = json!({
            "paths": {"/x": {"get": {"parameters": [{"name": "b", "in": "query", "schema": {"type": "string", "enum": ["z", "a"]}}]}}},
            "components": {"schemas": {"X": {
                "type": "object", "required": ["b"],
                "properties": {"b": {"type": "integer", "minimum": 1}, "a": {"oneOf": [{"type": "null", "description": "none"}]}}
            }}}
        });
        sort_schema_keywords(&mut doc);
        let text = serde_json::to_string(&doc).unwrap();
        assert!(text.contains(r#""X":{"properties":{"b":{"minimum":1,"type":"integer"},"a":{"oneOf":[{"description":"none","type":"null"}]}},"required":["b"],"type":"object"}"#), "{text}");
        assert!(text.contains(r#""schema":{"enum":["z","a"],"type":"string"}"#), "{text}");
        assert!(text.contains(r#"{"name":"b","in":"query","schema""#), "not a schema, not sorted: {text}");
    }
    use crate::domain::teacher::NewTeacher;

    #[test]
    fn request_schema_follows_the_parser() {
        let post = body_schema::<NewTeacher>(Mode::Create);
        assert_eq!(post["required"], json!(["code", "firstName", "lastName"]));
        assert_eq!(post["properties"]["departments"]["oneOf"][0]["type"], "array");
        assert_eq!(post["properties"]["email"]["oneOf"][0]["format"], "email");
        let put = body_schema::<NewTeacher>(Mode::Replace);
        assert_eq!(put["required"].as_array().map(Vec::len), put["properties"].as_object().map(Map::len));
    }

    #[test]
    fn a_raw_schema_serialises_as_written() {
        for schema in [
            body_schema::<NewTeacher>(Mode::Replace),
            problem_schema(),
            json!({"type": "object", "properties": {"status": {"const": "ok"}}, "propertyNames": {"pattern": "^a"}}),
        ] {
            assert_eq!(serde_json::to_value(raw(schema.clone())).ok(), Some(schema));
        }
        assert_eq!(serde_json::to_value(raw(component_ref("Teacher"))).ok(), Some(component_ref("Teacher")));
        assert!(matches!(raw(component_ref("Teacher")), RefOr::Ref(_)));
    }

    #[test]
    fn problem_schema_lists_every_code() {
        let codes = problem_schema()["properties"]["code"]["enum"].as_array().cloned().unwrap_or_default();
        assert_eq!(codes.len(), ErrorCode::ALL.len());
        assert!(codes.contains(&json!("precondition_failed")));
    }
}
