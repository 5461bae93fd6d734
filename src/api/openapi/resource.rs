//! Documentation of the generic single-object operations ([`crate::api::crud`], [`crate::service::crud`]):
//! `GET`, `PUT`, `DELETE /X/{id}` and `POST /X`, derived from the resource's types.

use utoipa::ToSchema;

use super::examples;
use super::schemas::body_schema;
use super::Operation;
use crate::domain::body_reader::Mode;
use crate::service::crud::{Crud, CrudCreate};

const IF_MATCH: &str = "An ETag from an earlier response: the change happens only if the object still has it \
     (else 412 and nothing changes). Without it the change is unconditional.";
const IF_NONE_MATCH: &str = "ETags the client holds: 304 without a body when the object still has one of them.";

/// `GET`, `PUT` and `DELETE /X/{id}` of resource `R`.
pub fn single_ops<R: Crud>() -> Vec<Operation>
where
    R::Single: ToSchema,
{
    let one = format!("/{}/{{id}}", R::PATH);
    let noun = R::NOUN;
    vec![
        Operation::get(&one, R::PATH, format!("One {noun} (single form)"))
            .path_id(noun)
            .condition_header("If-None-Match", IF_NONE_MATCH)
            .json::<R::Single>(200, &format!("The {noun}."))
            .response_header(200, "ETag", "Entity tag of this version of the object.")
            .empty(304, "The object still has an ETag given in `If-None-Match`.")
            .response_header(304, "ETag", "Entity tag of this version of the object.")
            .problem(412, "`If-None-Match` is neither `*` nor a list of entity tags (`invalid_header`)."),
        Operation::put(&one, R::PATH, format!("Save a {noun}"))
            .describe("Replaces every writable field; read-only and unknown keys are ignored.")
            .path_id(noun)
            .condition_header("If-Match", IF_MATCH)
            .body(body_schema::<R::Update>(Mode::Replace), &format!("The {noun} with every writable field."))
            .body_examples(examples::body(R::PATH).map(|e| ("example", e)))
            .json::<R::Single>(200, &format!("The saved {noun}."))
            .response_header(200, "ETag", "Entity tag of the saved object.")
            .problem(409, "A uniqueness clash, or the school year is locked (docs/contract.md §Locked school years).")
            .problem(412, "`If-Match` does not match the object's current ETag, or is malformed; nothing changed."),
        Operation::delete(&one, R::PATH, format!("Delete a {noun}"))
            .path_id(noun)
            .condition_header("If-Match", IF_MATCH)
            .empty(204, "Deleted.")
            .problem(409, "The object is still referenced (archive it instead), or its school year is locked.")
            .problem(412, "`If-Match` does not match the object's current ETag, or is malformed; nothing changed."),
    ]
}

/// `POST /X` of resource `R`: create from the single form.
pub fn create_op<R: CrudCreate>() -> Operation
where
    R::Single: ToSchema,
{
    let noun = R::NOUN;
    Operation::post(format!("/{}", R::PATH), R::PATH, format!("Create a {noun}"))
        .body(body_schema::<R::New>(Mode::Create), &format!("The new {noun} in its single form (no `id`)."))
        .body_examples(examples::body(R::PATH).map(|e| ("example", e)))
        .json::<R::Single>(201, &format!("The created {noun}."))
        .response_header(201, "Location", "Path of the new object.")
        .response_header(201, "ETag", "Entity tag of the new object.")
        .problem(409, "A uniqueness clash, or the school year is locked (docs/contract.md §Locked school years).")
}

/// Every generic operation of `R`: create plus the single-object ones.
pub fn crud_ops<R: CrudCreate>() -> Vec<Operation>
where
    R::Single: ToSchema,
{
    let mut ops = vec![create_op::<R>()];
    ops.extend(single_ops::<R>());
    ops
}
