//! Documentation of the generic single-object operations ([`crate::api::crud`], [`crate::service::crud`]):
//! `GET`, `PUT`, `DELETE /X/{id}` and `POST /X`, derived from the resource's types.
//!
//! These are built in code, not with `#[utoipa::path]`: one generic handler
//! serves every resource, and an annotation takes its path, tag and texts as
//! literals, so each resource would need wrappers of its own. The parts are
//! those of the annotations ([`super::annotations`]).

use serde_json::Value;
use utoipa::openapi::path::{HttpMethod, Operation};
use utoipa::openapi::request_body::RequestBody;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::{Content, Header, RefOr, Required, Response};
use utoipa::{PartialSchema, ToSchema};

use super::annotations::{body, condition_header, parameters, path_id, problem, problems, Input, Single};
use super::examples;
use super::schemas::{body_schema, components_of, raw};
use crate::domain::body_reader::Mode;
use crate::service::crud::{Crud, CrudCreate};

const IF_MATCH: &str = "An ETag from an earlier response: the change happens only if the object still has it \
     (else 412 and nothing changes). Without it the change is unconditional.";
const IF_NONE_MATCH: &str = "ETags the client holds: 304 without a body when the object still has one of them.";
const LOCKED: &str = "A uniqueness clash, or the school year is locked (docs/contract.md §Locked school years).";
const STALE: &str = "`If-Match` does not match the object's current ETag, or is malformed; nothing changed.";

/// One documented operation: method, path (relative to where the route is
/// mounted), the operation in utoipa's model and the component schemas it refers to.
pub struct Doc {
    /// HTTP method.
    pub method: HttpMethod,
    /// Path template, e.g. `/teacher/{id}`.
    pub path: String,
    /// The operation (tagged with its resource, mapped to its area by [`super::operation::finish`]).
    pub operation: Operation,
    /// Schemas the operation refers to by `$ref`.
    pub components: Vec<(String, RefOr<Schema>)>,
}

impl Doc {
    fn new(method: HttpMethod, path: String, tag: &str, summary: String, inputs: &[Input]) -> Doc {
        let mut operation = Operation::new();
        operation.tags = Some(vec![tag.to_string()]);
        operation.summary = Some(summary);
        operation.parameters =
            Some(parameters(inputs).into_iter().map(RefOr::T).collect::<Vec<_>>()).filter(|p| !p.is_empty());
        operation.responses.responses = problems(inputs);
        Doc { method, path, operation, components: Vec::new() }
    }

    /// Adds the query parameter (or other input) `input` and its problems.
    pub fn input(mut self, input: Input) -> Doc {
        let input = [input];
        self.operation.parameters.get_or_insert_with(Vec::new).extend(parameters(&input).into_iter().map(RefOr::T));
        for (status, response) in problems(&input) {
            if let (Some(RefOr::T(old)), RefOr::T(new)) =
                (self.operation.responses.responses.get_mut(&status), &response)
            {
                if !old.description.contains(&new.description) {
                    old.description = format!("{} {}", old.description, new.description);
                }
            } else {
                self.operation.responses.responses.insert(status, response);
            }
        }
        self
    }

    /// Sets the description.
    pub fn describe(mut self, text: impl Into<String>) -> Doc {
        self.operation.description = Some(text.into());
        self
    }

    /// The JSON response `status` holding one `T` (replacing what was documented), with `headers`.
    pub fn json<T: ToSchema>(mut self, status: u16, description: &str, headers: &[(&str, &str)]) -> Doc {
        let mut response = Response::new(description);
        response.content.insert("application/json".into(), RefOr::T(Content::new(Some(Single::<T>::schema()))));
        for (name, text) in headers {
            let mut header = Header::new(String::schema());
            header.description = Some(text.to_string());
            response.headers.insert(name.to_string(), RefOr::T(header));
        }
        self.operation.responses.responses.insert(status.to_string(), RefOr::T(response));
        self.components.extend(components_of::<T>());
        self
    }

    fn empty(mut self, status: u16, description: &str, headers: &[(&str, &str)]) -> Doc {
        let mut response = Response::new(description);
        for (name, text) in headers {
            let mut header = Header::new(String::schema());
            header.description = Some(text.to_string());
            response.headers.insert(name.to_string(), RefOr::T(header));
        }
        self.operation.responses.responses.insert(status.to_string(), RefOr::T(response));
        self
    }

    fn body(mut self, schema: Value, description: &str, example: Option<Value>) -> Doc {
        let mut content = Content::new(Some(raw(schema)));
        if let Some(example) = example {
            content.examples.insert(
                "example".into(),
                RefOr::T(utoipa::openapi::example::ExampleBuilder::new().value(Some(example)).build()),
            );
        }
        let mut request = RequestBody::new();
        request.description = Some(description.to_string());
        request.required = Some(Required::True);
        request.content.insert("application/json".into(), RefOr::T(content));
        self.operation.request_body = Some(RefOr::T(request));
        self
    }
}

/// `GET`, `PUT` and `DELETE /X/{id}` of resource `R`.
pub fn single_ops<R: Crud>() -> Vec<Doc>
where
    R::Single: ToSchema,
{
    let one = format!("/{}/{{id}}", R::PATH);
    let (noun, tag) = (R::NOUN, R::PATH);
    let etag = |text: &'static str| [("ETag", text)];
    vec![
        Doc::new(
            HttpMethod::Get,
            one.clone(),
            tag,
            format!("One {noun} (single form)"),
            &[
                path_id(noun),
                condition_header("If-None-Match", IF_NONE_MATCH),
                problem(412, "`If-None-Match` is neither `*` nor a list of entity tags (`invalid_header`)."),
            ],
        )
        .json::<R::Single>(200, &format!("The {noun}."), &etag("Entity tag of this version of the object."))
        .empty(
            304,
            "The object still has an ETag given in `If-None-Match`.",
            &etag("Entity tag of this version of the object."),
        ),
        Doc::new(
            HttpMethod::Put,
            one.clone(),
            tag,
            format!("Save a {noun}"),
            &[path_id(noun), condition_header("If-Match", IF_MATCH), body(), problem(409, LOCKED), problem(412, STALE)],
        )
        .describe("Replaces every writable field; read-only and unknown keys are ignored.")
        .body(
            body_schema::<R::Update>(Mode::Replace),
            &format!("The {noun} with every writable field."),
            examples::body(R::PATH),
        )
        .json::<R::Single>(200, &format!("The saved {noun}."), &etag("Entity tag of the saved object.")),
        Doc::new(
            HttpMethod::Delete,
            one,
            tag,
            format!("Delete a {noun}"),
            &[
                path_id(noun),
                condition_header("If-Match", IF_MATCH),
                problem(409, "The object is still referenced (archive it instead), or its school year is locked."),
                problem(412, STALE),
            ],
        )
        .empty(204, "Deleted.", &[]),
    ]
}

/// `POST /X` of resource `R`: create from the single form.
pub fn create_op<R: CrudCreate>() -> Doc
where
    R::Single: ToSchema,
{
    let noun = R::NOUN;
    Doc::new(
        HttpMethod::Post,
        format!("/{}", R::PATH),
        R::PATH,
        format!("Create a {noun}"),
        &[body(), problem(409, LOCKED)],
    )
    .body(
        body_schema::<R::New>(Mode::Create),
        &format!("The new {noun} in its single form (no `id`)."),
        examples::body(R::PATH),
    )
    .json::<R::Single>(
        201,
        &format!("The created {noun}."),
        &[("Location", "Path of the new object."), ("ETag", "Entity tag of the new object.")],
    )
}

/// Every generic operation of `R`: create plus the single-object ones.
pub fn crud_ops<R: CrudCreate>() -> Vec<Doc>
where
    R::Single: ToSchema,
{
    let mut ops = vec![create_op::<R>()];
    ops.extend(single_ops::<R>());
    ops
}
