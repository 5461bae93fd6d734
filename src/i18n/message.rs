//! A text not yet rendered: a catalogue key with its named arguments, or a
//! literal English sentence that has no key yet (docs/i18n.md §Messages).

use std::borrow::Cow;

use super::Lang;

/// A message to be shown in the reader's language: built where the fact is
/// known (a rule, a check), rendered where the reader is known (a response,
/// a log line, a form field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// A catalogue key (`error-not-found`) with named, pre-formatted arguments.
    Key {
        /// The catalogue key.
        key: Cow<'static, str>,
        /// Named arguments (numbers formatted by the caller, docs/i18n.md §Numbers).
        args: Vec<(&'static str, Arg)>,
    },
    /// An English sentence without a catalogue key; shown as it is in every language.
    Literal(String),
}

/// An argument of a [`Message`]: a text shown as it is (a code, a number
/// already formatted), or a message rendered in the same language first (a
/// noun, a reason).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Shown as it is.
    Text(String),
    /// Rendered in the reader's language.
    Message(Message),
    /// Each rendered in the reader's language, joined by `, `.
    List(Vec<Message>),
}

impl Message {
    /// The message of catalogue `key`, without arguments so far.
    pub fn new(key: impl Into<Cow<'static, str>>) -> Self {
        Message::Key { key: key.into(), args: Vec::new() }
    }

    /// Adds the named argument `name` (`{ $name }` in the catalogue). On a
    /// literal message this does nothing.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        if let Message::Key { args, .. } = &mut self {
            args.push((name, Arg::Text(value.to_string())));
        }
        self
    }

    /// Adds the named argument `name` as a message of its own, rendered in
    /// the same language (a noun such as `kind-teacher`, a reason).
    pub fn arg_message(mut self, name: &'static str, value: Message) -> Self {
        if let Message::Key { args, .. } = &mut self {
            args.push((name, Arg::Message(value)));
        }
        self
    }

    /// Adds the named argument `name` as a list of messages, each rendered
    /// in the same language and joined by `, ` (`course 3, course 4`).
    pub fn arg_list(mut self, name: &'static str, items: Vec<Message>) -> Self {
        if let Message::Key { args, .. } = &mut self {
            args.push((name, Arg::List(items)));
        }
        self
    }

    /// The noun of an object kind as the API names it (`teacher`, `school
    /// year`): the message `kind-teacher`, `kind-school-year`.
    /// A kind the catalogue lacks is shown as it is.
    pub fn kind(kind: &str) -> Self {
        let key = format!("kind-{}", kind.replace([' ', '_'], "-"));
        if super::has(Lang::En, &key) {
            Message::new(key)
        } else {
            Message::Literal(kind.to_string())
        }
    }

    /// The catalogue key, `None` for a literal.
    pub fn key(&self) -> Option<&str> {
        match self {
            Message::Key { key, .. } => Some(key),
            Message::Literal(_) => None,
        }
    }

    /// Whether the message is a literal without a catalogue key.
    pub fn is_literal(&self) -> bool {
        matches!(self, Message::Literal(_))
    }

    /// The text in `lang`; a literal is the same in every language.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            Message::Key { key, args } => {
                let args: Vec<(&'static str, Cow<'_, str>)> = args
                    .iter()
                    .map(|(n, v)| match v {
                        Arg::Text(t) => (*n, Cow::Borrowed(t.as_str())),
                        Arg::Message(m) => (*n, Cow::Owned(m.render(lang))),
                        Arg::List(items) => {
                            (*n, Cow::Owned(items.iter().map(|m| m.render(lang)).collect::<Vec<_>>().join(", ")))
                        }
                    })
                    .collect();
                super::text_with(lang, key, &args)
            }
            Message::Literal(text) => text.clone(),
        }
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Message::Literal(text)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Self {
        Message::Literal(text.to_string())
    }
}

impl From<&String> for Message {
    fn from(text: &String) -> Self {
        Message::Literal(text.clone())
    }
}
