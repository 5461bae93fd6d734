//! A local SMTP sink for the mail tests (a small SMTP server on a tokio
//! listener on 127.0.0.1): it keeps every mail it receives, and reads their
//! headers and plain-text bodies as a mail program would (RFC 2047 encoded
//! words, base64 and quoted-printable bodies).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine as _;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A mail the sink received.
#[derive(Debug, Clone)]
pub(crate) struct Mail {
    pub(crate) from: String,
    pub(crate) to: Vec<String>,
    pub(crate) data: String,
}

/// A local SMTP sink: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT.
/// `refuse` = an address whose RCPT is answered 550.
pub(crate) struct Sink {
    pub(crate) url: String,
    mails: Arc<Mutex<Vec<Mail>>>,
}

pub(crate) async fn sink(refuse: Option<String>) -> Sink {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("sink listens");
    let url = format!("smtp://{}", listener.local_addr().unwrap());
    let mails: Arc<Mutex<Vec<Mail>>> = Arc::default();
    let store = mails.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let (store, refuse) = (store.clone(), refuse.clone());
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let mut mail = Mail { from: String::new(), to: Vec::new(), data: String::new() };
                let _ = write.write_all(b"220 sink ESMTP\r\n").await;
                while let Ok(Some(line)) = lines.next_line().await {
                    let upper = line.to_ascii_uppercase();
                    let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                        b"250-sink\r\n250 8BITMIME\r\n"
                    } else if upper.starts_with("MAIL FROM:") {
                        mail = Mail { from: line[10..].trim().to_string(), to: Vec::new(), data: String::new() };
                        b"250 OK\r\n"
                    } else if upper.starts_with("RCPT TO:") {
                        let to = line[8..].trim().to_string();
                        if refuse.as_deref().is_some_and(|r| to.contains(r)) {
                            b"550 no such mailbox\r\n"
                        } else {
                            mail.to.push(to);
                            b"250 OK\r\n"
                        }
                    } else if upper == "DATA" {
                        let _ = write.write_all(b"354 go ahead\r\n").await;
                        while let Ok(Some(l)) = lines.next_line().await {
                            if l == "." {
                                break;
                            }
                            mail.data.push_str(l.strip_prefix('.').filter(|_| l.starts_with("..")).unwrap_or(&l));
                            mail.data.push('\n');
                        }
                        store.lock().unwrap().push(mail.clone());
                        b"250 queued\r\n"
                    } else if upper == "QUIT" {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        break;
                    } else {
                        b"250 OK\r\n"
                    };
                    if write.write_all(reply).await.is_err() {
                        break;
                    }
                }
            });
        }
    });
    Sink { url, mails }
}

impl Sink {
    pub(crate) fn mails(&self) -> Vec<Mail> {
        self.mails.lock().unwrap().clone()
    }
}

impl Sink {
    /// Waits up to 30 seconds (a loaded CI machine sending a hundred mails)
    /// until the sink holds at least `n` mails; the mails.
    pub(crate) async fn wait_for(&self, n: usize) -> Vec<Mail> {
        for _ in 0..600 {
            let mails = self.mails();
            if mails.len() >= n {
                return mails;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the sink got {} mails, not {n}: {:#?}", self.mails().len(), self.mails());
    }
}

impl Mail {
    fn split(&self) -> (String, &str) {
        let (head, body) = self.data.split_once("\n\n").unwrap_or((&self.data, ""));
        // Unfold the headers (a line starting with white space continues the last).
        (head.replace("\n ", " ").replace("\n\t", " "), body)
    }

    /// The decoded value of header `name` (`Subject`), if present.
    pub(crate) fn header(&self, name: &str) -> Option<String> {
        let (head, _) = self.split();
        let prefix = format!("{}:", name.to_ascii_lowercase());
        head.lines()
            .find(|l| l.to_ascii_lowercase().starts_with(&prefix))
            .map(|l| decode_words(l[prefix.len()..].trim()))
    }

    /// The body as text, decoded from its transfer encoding.
    pub(crate) fn text(&self) -> String {
        let (_, body) = self.split();
        let encoding = self.header("Content-Transfer-Encoding").unwrap_or_default().to_ascii_lowercase();
        let bytes = match encoding.as_str() {
            "base64" => base64::engine::general_purpose::STANDARD
                .decode(body.split_whitespace().collect::<String>())
                .expect("a base64 body"),
            "quoted-printable" => quoted_printable(body),
            _ => body.as_bytes().to_vec(),
        };
        String::from_utf8(bytes).expect("UTF-8").replace("\r\n", "\n")
    }
}

/// Quoted-printable (RFC 2045) to bytes: `=XX` and soft line breaks.
fn quoted_printable(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut lines = text.split('\n').peekable();
    while let Some(line) = lines.next() {
        let line = line.trim_end_matches('\r');
        let (line, soft) = match line.strip_suffix('=') {
            Some(l) => (l, true),
            None => (line, false),
        };
        let b = line.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'=' && i + 2 < b.len() {
                let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("");
                if let Ok(v) = u8::from_str_radix(hex, 16) {
                    out.push(v);
                    i += 3;
                    continue;
                }
            }
            out.push(b[i]);
            i += 1;
        }
        if !soft && lines.peek().is_some() {
            out.push(b'\n');
        }
    }
    out
}

/// A header value with RFC 2047 encoded words (`=?utf-8?b?…?=`, `=?utf-8?q?…?=`) decoded.
fn decode_words(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    let mut last_was_word = false;
    while let Some(start) = rest.find("=?") {
        let before = &rest[..start];
        if !(last_was_word && before.trim().is_empty()) {
            out.push_str(before);
        }
        let word = &rest[start + 2..];
        let parts: Vec<&str> = word.splitn(3, '?').collect();
        let Some(end) = parts.get(2).and_then(|p| p.find("?=")) else {
            out.push_str(&rest[start..]);
            return out;
        };
        let (encoding, data) = (parts[1].to_ascii_lowercase(), &parts[2][..end]);
        let bytes = if encoding == "b" {
            base64::engine::general_purpose::STANDARD.decode(data).expect("a base64 word")
        } else {
            quoted_printable(&data.replace('_', " "))
        };
        out.push_str(&String::from_utf8(bytes).expect("UTF-8"));
        rest = &parts[2][end + 2..];
        last_was_word = true;
    }
    out.push_str(rest);
    out
}
