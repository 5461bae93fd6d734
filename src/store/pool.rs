//! Storage of pool entries, postings, theses and notes (docs/workload.md §Pool, postings, theses and notes).

use std::collections::BTreeMap;

use crate::domain::code_key;
use crate::domain::fixed::Fixed;
use crate::domain::ids::{NoteId, PoolEntryId, PostingId, PostingTypeId, SchoolYearId, TeacherId, ThesisTypeId};
use crate::domain::pool::{NewNote, NewPoolEntry, NewPosting, Note, PoolEntry, Posting, Theses};
use crate::domain::reference_forms::{LookupRef, SchoolYearRef, TeacherRef};
use crate::error::Result;
use crate::store::teacher::{TeacherRefRow, TEACHER_REF_COLUMNS};
use crate::store::Conn;
use crate::with_conn;

/// The owner's school year columns for its reference form (alias `y`); the
/// teacher's are [`TEACHER_REF_COLUMNS`] (alias `t`).
const YEAR_COLUMNS: &str = "y.id AS y_id, y.archived AS y_archived, y.code AS y_code, \
     y.description AS y_description, y.graduation_year AS y_graduation_year, y.finalised AS y_finalised, \
     y.age_relief_included AS y_age_relief_included";

#[derive(sqlx::FromRow)]
struct OwnerRow {
    #[sqlx(flatten)]
    teacher: TeacherRefRow,
    y_id: i64,
    y_archived: bool,
    y_code: String,
    y_description: String,
    y_graduation_year: i64,
    y_finalised: bool,
    y_age_relief_included: bool,
}

impl OwnerRow {
    /// The owner's school year and teacher in reference form.
    fn into_refs(self) -> (SchoolYearRef, TeacherRef) {
        let year = SchoolYearRef {
            id: SchoolYearId(self.y_id),
            archived: self.y_archived,
            code: self.y_code,
            description: self.y_description,
            graduation_year: self.y_graduation_year,
            finalised: self.y_finalised,
            age_relief_included: self.y_age_relief_included,
        };
        (year, self.teacher.into())
    }
}

#[derive(sqlx::FromRow)]
struct PoolEntryRow {
    id: PoolEntryId,
    description: Option<String>,
    percent1: i64,
    percent2: i64,
    k_id: i64,
    k_code: String,
    k_description: String,
    #[sqlx(flatten)]
    owner: OwnerRow,
}

impl From<PoolEntryRow> for PoolEntry {
    fn from(r: PoolEntryRow) -> Self {
        let (school_year, teacher) = r.owner.into_refs();
        PoolEntry {
            id: r.id,
            school_year,
            teacher,
            kind: LookupRef { id: r.k_id, code: r.k_code, description: r.k_description },
            description: r.description,
            percent1: Fixed(r.percent1),
            percent2: Fixed(r.percent2),
        }
    }
}

#[derive(sqlx::FromRow)]
struct PostingRow {
    id: PostingId,
    description: Option<String>,
    start_date: String,
    end_date: Option<String>,
    #[sqlx(flatten)]
    owner: OwnerRow,
}

#[derive(sqlx::FromRow)]
struct DetailRow {
    owner_id: PostingId,
    type_id: PostingTypeId,
    value: i64,
}

#[derive(sqlx::FromRow)]
struct NoteRow {
    id: NoteId,
    text: String,
    created_by: String,
    creation_date: String,
    #[sqlx(flatten)]
    teacher: TeacherRefRow,
}

/// Filter of pool entries, postings and theses: a school year, optionally one teacher.
#[derive(Debug, Clone, Copy)]
pub struct OwnerFilter {
    /// The school year.
    pub school_year: Option<SchoolYearId>,
    /// Only this teacher.
    pub teacher: Option<TeacherId>,
}

fn sort_by_teacher<T>(items: &mut [T], key: impl Fn(&T) -> (&str, String, i64)) {
    items.sort_by(|a, b| {
        let (ta, da, ia) = key(a);
        let (tb, db, ib) = key(b);
        code_key(ta).cmp(&code_key(tb)).then(da.cmp(&db)).then(ia.cmp(&ib))
    });
}

impl Conn {
    /// The codes of teacher `teacher` and school year `school_year`, for
    /// messages about an entry of theirs (one query; `None` when either is missing).
    pub async fn owner_codes(
        &mut self,
        teacher: TeacherId,
        school_year: SchoolYearId,
    ) -> Result<Option<(String, String)>> {
        Ok(with_conn!(self, |c| sqlx::query_as(
            "SELECT t.code, y.code FROM teacher t, school_year y WHERE t.id = $1 AND y.id = $2"
        )
        .bind(teacher)
        .bind(school_year)
        .fetch_optional(c)
        .await?))
    }

    // ---- pool entries

    async fn pool_entries(&mut self, filter: OwnerFilter, id: Option<PoolEntryId>) -> Result<Vec<PoolEntry>> {
        let sql = format!(
            "SELECT p.id, p.description, p.percent1, p.percent2, k.id AS k_id, k.code AS k_code, k.description AS k_description, \
             {TEACHER_REF_COLUMNS}, {YEAR_COLUMNS} FROM pool_entry p JOIN pool_type k ON k.id = p.type_id JOIN teacher t ON t.id = p.teacher_id \
             JOIN school_year y ON y.id = p.school_year_id \
             WHERE ($1 IS NULL OR p.school_year_id = $1) AND ($2 IS NULL OR p.teacher_id = $2) AND ($3 IS NULL OR p.id = $3)"
        );
        let rows: Vec<PoolEntryRow> = with_conn!(self, |c| sqlx::query_as(&sql)
            .bind(filter.school_year.map(|y| y.0))
            .bind(filter.teacher.map(|t| t.0))
            .bind(id.map(|p| p.0))
            .fetch_all(c)
            .await?);
        let mut items: Vec<PoolEntry> = rows.into_iter().map(Into::into).collect();
        sort_by_teacher(&mut items, |e| (&e.teacher.code, e.description.clone().unwrap_or_default(), e.id.0));
        Ok(items)
    }

    /// Pool entries by teacher code, description, id (one query).
    pub async fn list_pool_entries(&mut self, filter: OwnerFilter) -> Result<Vec<PoolEntry>> {
        self.pool_entries(filter, None).await
    }

    /// One pool entry, or `None`.
    pub async fn get_pool_entry(&mut self, id: PoolEntryId) -> Result<Option<PoolEntry>> {
        let all = OwnerFilter { school_year: None, teacher: None };
        Ok(self.pool_entries(all, Some(id)).await?.pop())
    }

    /// Inserts a pool entry (the rules are `service::pool`'s).
    pub async fn create_pool_entry(&mut self, new: &NewPoolEntry) -> Result<PoolEntryId> {
        Ok(with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO pool_entry (school_year_id, teacher_id, type_id, description, percent1, percent2) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id"
        )
        .bind(new.school_year)
        .bind(new.teacher)
        .bind(new.kind)
        .bind(&new.description)
        .bind(new.percent1.0)
        .bind(new.percent2.0)
        .fetch_one(c)
        .await?))
    }

    /// Replaces a pool entry's fields.
    pub async fn update_pool_entry(&mut self, id: PoolEntryId, new: &NewPoolEntry) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query(
            "UPDATE pool_entry SET school_year_id = $1, teacher_id = $2, type_id = $3, description = $4, percent1 = $5, \
             percent2 = $6 WHERE id = $7"
        )
        .bind(new.school_year)
        .bind(new.teacher)
        .bind(new.kind)
        .bind(&new.description)
        .bind(new.percent1.0)
        .bind(new.percent2.0)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected()
        });
        Ok(())
    }

    /// Deletes a pool entry; 404 when missing.
    pub async fn delete_pool_entry(&mut self, id: PoolEntryId) -> Result<()> {
        self.delete_by_id("pool_entry", PoolEntryId::KIND, id.0).await
    }

    // ---- postings

    async fn postings(&mut self, filter: OwnerFilter, id: Option<PostingId>) -> Result<Vec<Posting>> {
        let sql = format!(
            "SELECT p.id, p.description, p.start_date, p.end_date, {TEACHER_REF_COLUMNS}, {YEAR_COLUMNS} FROM posting p \
             JOIN teacher t ON t.id = p.teacher_id JOIN school_year y ON y.id = p.school_year_id \
             WHERE ($1 IS NULL OR p.school_year_id = $1) AND ($2 IS NULL OR p.teacher_id = $2) AND ($3 IS NULL OR p.id = $3)"
        );
        let rows: Vec<PostingRow> = with_conn!(self, |c| sqlx::query_as(&sql)
            .bind(filter.school_year.map(|y| y.0))
            .bind(filter.teacher.map(|t| t.0))
            .bind(id.map(|p| p.0))
            .fetch_all(c)
            .await?);
        let types: Vec<PostingTypeId> =
            with_conn!(self, |c| sqlx::query_scalar("SELECT id FROM posting_type").fetch_all(c).await?);
        let details: Vec<DetailRow> = with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT d.posting_id AS owner_id, d.posting_type_id AS type_id, d.value FROM posting_detail d \
             JOIN posting p ON p.id = d.posting_id \
             WHERE ($1 IS NULL OR p.school_year_id = $1) AND ($2 IS NULL OR p.teacher_id = $2) AND ($3 IS NULL OR p.id = $3)"
        )
        .bind(filter.school_year.map(|y| y.0))
        .bind(filter.teacher.map(|t| t.0))
        .bind(id.map(|p| p.0))
        .fetch_all(c)
        .await?
        });
        let mut by_posting: std::collections::HashMap<PostingId, BTreeMap<PostingTypeId, Fixed>> = Default::default();
        for d in details {
            by_posting.entry(d.owner_id).or_default().insert(d.type_id, Fixed(d.value));
        }
        let mut items: Vec<Posting> = rows
            .into_iter()
            .map(|r| {
                let stored = by_posting.remove(&r.id).unwrap_or_default();
                let (school_year, teacher) = r.owner.into_refs();
                Posting {
                    id: r.id,
                    school_year,
                    teacher,
                    description: r.description,
                    start_date: r.start_date,
                    end_date: r.end_date,
                    details: types.iter().map(|t| (*t, stored.get(t).copied().unwrap_or_default())).collect(),
                }
            })
            .collect();
        items.sort_by(|a, b| {
            code_key(&a.teacher.code)
                .cmp(&code_key(&b.teacher.code))
                .then(a.start_date.cmp(&b.start_date))
                .then(a.description.cmp(&b.description))
                .then(a.id.cmp(&b.id))
        });
        Ok(items)
    }

    /// Postings by teacher code, startDate, description, id (three queries).
    pub async fn list_postings(&mut self, filter: OwnerFilter) -> Result<Vec<Posting>> {
        self.postings(filter, None).await
    }

    /// One posting, or `None`.
    pub async fn get_posting(&mut self, id: PostingId) -> Result<Option<Posting>> {
        Ok(self.postings(OwnerFilter { school_year: None, teacher: None }, Some(id)).await?.pop())
    }

    async fn write_posting_details(&mut self, id: PostingId, new: &NewPosting) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query("DELETE FROM posting_detail WHERE posting_id = $1").bind(id).execute(&mut *c).await?;
            for (t, v) in &new.details {
                sqlx::query("INSERT INTO posting_detail (posting_id, posting_type_id, value) VALUES ($1, $2, $3)")
                    .bind(id)
                    .bind(*t)
                    .bind(v.0)
                    .execute(&mut *c)
                    .await?;
            }
        });
        Ok(())
    }

    /// Inserts a posting with its details (the rules are `service::pool`'s).
    pub async fn create_posting(&mut self, new: &NewPosting) -> Result<PostingId> {
        let id: PostingId = with_conn!(self, |c| {
            sqlx::query_scalar(
            "INSERT INTO posting (school_year_id, teacher_id, description, start_date, end_date) VALUES ($1, $2, $3, $4, $5) RETURNING id"
        )
        .bind(new.school_year)
        .bind(new.teacher)
        .bind(&new.description)
        .bind(new.start_date.to_string())
        .bind(new.end_date.map(|d| d.to_string()))
        .fetch_one(c)
        .await?
        });
        self.write_posting_details(id, new).await?;
        Ok(id)
    }

    /// Replaces a posting's fields and details.
    pub async fn update_posting(&mut self, id: PostingId, new: &NewPosting) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query(
            "UPDATE posting SET school_year_id = $1, teacher_id = $2, description = $3, start_date = $4, end_date = $5 WHERE id = $6"
        )
        .bind(new.school_year)
        .bind(new.teacher)
        .bind(&new.description)
        .bind(new.start_date.to_string())
        .bind(new.end_date.map(|d| d.to_string()))
        .bind(id)
        .execute(c)
        .await?
        .rows_affected()
        });
        self.write_posting_details(id, new).await
    }

    /// Deletes a posting (its details go with it); 404 when missing.
    pub async fn delete_posting(&mut self, id: PostingId) -> Result<()> {
        self.delete_by_id("posting", PostingId::KIND, id.0).await
    }

    // ---- theses

    /// The theses of every employment matching `filter` (one element per
    /// employment, by teacher code; two queries).
    pub async fn list_theses(&mut self, filter: OwnerFilter) -> Result<Vec<Theses>> {
        let sql = format!(
            "SELECT {TEACHER_REF_COLUMNS}, {YEAR_COLUMNS} FROM employment e JOIN teacher t ON t.id = e.teacher_id JOIN school_year y ON y.id = e.school_year_id \
             WHERE ($1 IS NULL OR e.school_year_id = $1) AND ($2 IS NULL OR e.teacher_id = $2)"
        );
        let owners: Vec<OwnerRow> = with_conn!(self, |c| sqlx::query_as(&sql)
            .bind(filter.school_year.map(|y| y.0))
            .bind(filter.teacher.map(|t| t.0))
            .fetch_all(c)
            .await?);
        #[derive(sqlx::FromRow)]
        struct CountRow {
            school_year_id: i64,
            teacher_id: i64,
            thesis_type_id: ThesisTypeId,
            count: i64,
        }
        let counts: Vec<CountRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT school_year_id, teacher_id, thesis_type_id, count FROM thesis \
             WHERE ($1 IS NULL OR school_year_id = $1) AND ($2 IS NULL OR teacher_id = $2)"
        )
        .bind(filter.school_year.map(|y| y.0))
        .bind(filter.teacher.map(|t| t.0))
        .fetch_all(c)
        .await?);
        let mut map: std::collections::HashMap<(i64, i64), BTreeMap<ThesisTypeId, Fixed>> = Default::default();
        for r in counts {
            map.entry((r.school_year_id, r.teacher_id)).or_default().insert(r.thesis_type_id, Fixed(r.count));
        }
        let mut items: Vec<Theses> = owners
            .into_iter()
            .map(|o| {
                let key = (o.y_id, o.teacher.t_id);
                let (school_year, teacher) = o.into_refs();
                Theses {
                    id: format!("{}-{}", key.0, key.1),
                    thesis_counts: map.remove(&key).unwrap_or_default(),
                    school_year,
                    teacher,
                }
            })
            .collect();
        items.sort_by(|a, b| {
            code_key(&a.teacher.code)
                .cmp(&code_key(&b.teacher.code))
                .then(a.school_year.graduation_year.cmp(&b.school_year.graduation_year))
        });
        Ok(items)
    }

    /// The theses of one employment, or `None` when the teacher has no employment that year.
    pub async fn get_theses(&mut self, school_year: i64, teacher: i64) -> Result<Option<Theses>> {
        let filter = OwnerFilter { school_year: Some(SchoolYearId(school_year)), teacher: Some(TeacherId(teacher)) };
        Ok(self.list_theses(filter).await?.pop())
    }

    /// Replaces the thesis counts of `teacher` in `school_year` (thesis type
    /// id, count; the rules are `service::pool`'s).
    pub async fn replace_theses(
        &mut self,
        school_year: SchoolYearId,
        teacher: TeacherId,
        counts: &[(ThesisTypeId, Fixed)],
    ) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query("DELETE FROM thesis WHERE school_year_id = $1 AND teacher_id = $2")
                .bind(school_year)
                .bind(teacher)
                .execute(&mut *c)
                .await?;
            for (t, n) in counts {
                sqlx::query(
                    "INSERT INTO thesis (school_year_id, teacher_id, thesis_type_id, count) VALUES ($1, $2, $3, $4)",
                )
                .bind(school_year)
                .bind(teacher)
                .bind(*t)
                .bind(n.0)
                .execute(&mut *c)
                .await?;
            }
        });
        Ok(())
    }

    // ---- notes

    async fn notes(&mut self, teacher: Option<i64>, id: Option<NoteId>) -> Result<Vec<Note>> {
        let sql = format!(
            "SELECT n.id, n.text, n.created_by, n.creation_date, {TEACHER_REF_COLUMNS} \
             FROM note n JOIN teacher t ON t.id = n.teacher_id WHERE ($1 IS NULL OR n.teacher_id = $1) AND ($2 IS NULL OR n.id = $2) \
             ORDER BY n.creation_date DESC, n.id DESC"
        );
        let rows: Vec<NoteRow> =
            with_conn!(self, |c| { sqlx::query_as(&sql).bind(teacher).bind(id.map(|n| n.0)).fetch_all(c).await? });
        Ok(rows
            .into_iter()
            .map(|r| Note {
                id: r.id,
                teacher: r.teacher.into(),
                text: r.text,
                created_by: r.created_by,
                creation_date: r.creation_date,
            })
            .collect())
    }

    /// The notes about a teacher, newest first.
    pub async fn list_notes(&mut self, teacher: i64) -> Result<Vec<Note>> {
        self.notes(Some(teacher), None).await
    }

    /// Every note of the school, newest first (for the dataset export).
    pub async fn all_notes(&mut self) -> Result<Vec<Note>> {
        self.notes(None, None).await
    }

    /// The number of notes about each teacher who has any: (teacher id, count).
    pub async fn note_counts(&mut self) -> Result<Vec<(i64, i64)>> {
        Ok(with_conn!(self, |c| sqlx::query_as("SELECT teacher_id, COUNT(*) FROM note GROUP BY teacher_id")
            .fetch_all(c)
            .await)?)
    }

    /// One note, or `None`.
    pub async fn get_note(&mut self, id: NoteId) -> Result<Option<Note>> {
        Ok(self.notes(None, Some(id)).await?.pop())
    }

    /// Inserts a note by account `author` at `now` (UTC text).
    pub async fn create_note(&mut self, new: &NewNote, author: &str, now: &str) -> Result<NoteId> {
        Ok(with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO note (teacher_id, text, created_by, creation_date) VALUES ($1, $2, $3, $4) RETURNING id"
        )
        .bind(new.teacher)
        .bind(&new.text)
        .bind(author)
        .bind(now)
        .fetch_one(c)
        .await?))
    }

    /// Deletes a note; 404 when missing.
    pub async fn delete_note(&mut self, id: NoteId) -> Result<()> {
        self.delete_by_id("note", NoteId::KIND, id.0).await
    }
}
