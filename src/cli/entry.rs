//! The binary's entry point ([`main`]): parses the command line, sets up the
//! log and its panic hook, and runs the command on a Tokio runtime.

use std::process::ExitCode;

use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;
use tracing_subscriber::Layer;

use super::args::LogFormat;
use super::config_file;

/// Entry point of the binary: parses arguments, sets up logging, runs the command.
pub fn main() -> ExitCode {
    let cli = match config_file::parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(config_file::ParseError::Usage(e)) => e.exit(),
        Err(config_file::ParseError::File(e)) => {
            eprintln!("error: {e:#}");
            return ExitCode::from(2);
        }
    };
    let (writer, log_written) = log_writer();
    // Colours only for a person at a terminal, not in a file or the journal.
    let colours = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let log = tracing_subscriber::fmt::layer().with_writer(writer).with_ansi(colours);
    let subscriber = tracing_subscriber::registry().with(log_filter(std::env::var("RUST_LOG").ok().as_deref()));
    match cli.log_format {
        LogFormat::Text => subscriber.with(log).init(),
        // One flat object per event; the span's fields (the request id) under `span`.
        LogFormat::Json => subscriber.with(log.json().flatten_event(true).with_span_list(false)).init(),
    }
    log_panics();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(super::run(cli));
    drop(runtime);
    // Every event logged so far is written before the last word.
    drop(log_written);
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The default level filter when `RUST_LOG` is unset or unreadable (docs/operations.md §Logs).
const DEFAULT_LOG_FILTER: &str = "info,sqlx=warn";

/// The log's filter from `RUST_LOG` (`rust_log`; [`DEFAULT_LOG_FILTER`]
/// when unset or unreadable).
///
/// Filters by target and level alone (every filter schoolplan's docs show)
/// become a [`tracing_subscriber::filter::Targets`]: it decides once per
/// place in the code and keeps no state per span. An `EnvFilter` is kept only
/// for a filter that names spans or fields (`[…]`, `{…}`): it takes a lock
/// shared by every thread each time a request's span is entered or left,
/// i.e. at every poll of every request (BENCHMARKS.md §The cached path).
fn log_filter(rust_log: Option<&str>) -> Box<dyn Layer<tracing_subscriber::Registry> + Send + Sync> {
    let by_targets = |text: &str| -> Option<tracing_subscriber::filter::Targets> {
        if text.contains(['[', '{']) {
            return None;
        }
        text.parse().ok()
    };
    match rust_log.map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => match (by_targets(text), tracing_subscriber::EnvFilter::try_new(text)) {
            (Some(targets), _) => Box::new(targets),
            (None, Ok(env)) => Box::new(env),
            (None, Err(_)) => Box::new(by_targets(DEFAULT_LOG_FILTER).expect("the default filter parses")),
        },
        None => Box::new(by_targets(DEFAULT_LOG_FILTER).expect("the default filter parses")),
    }
}

/// Where the log goes: standard error, written by a thread of its own
/// (tracing-appender's non-blocking writer), so that a request's event
/// (docs/operations.md §Logs) costs its formatting and a hand-over, not a
/// write to the terminal, file or journal under a lock shared by every
/// request. The thread writes what has queued up in one go (buffered, and
/// flushed whenever the queue is empty), then rests for [`LOG_PACE`]
/// ([`Paced`]), so a busy server's lines are written in batches: a request
/// hands its line over without waking the thread, and the thread writes
/// once per batch, not once per line. Nothing is dropped: when the queue
/// (128,000 events) is full, a request waits for room. Returns the writer
/// and the guard that writes the rest when dropped, at the end of `main`.
fn log_writer() -> (tracing_appender::non_blocking::NonBlocking, tracing_appender::non_blocking::WorkerGuard) {
    tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(false)
        .thread_name("schoolplan log writer")
        .finish(Paced(std::io::BufWriter::with_capacity(64 * 1024, std::io::stderr())))
}

/// How long the log thread rests after writing a batch: a line waits at most
/// this long to be written.
const LOG_PACE: std::time::Duration = std::time::Duration::from_millis(5);

/// A writer whose `flush` (the log thread's, after each batch) rests for
/// [`LOG_PACE`] after flushing. While it rests, requests queue their lines
/// without a wake-up (a system call each), and the next batch takes them all.
struct Paced<W>(W);

impl<W: std::io::Write> std::io::Write for Paced<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()?;
        std::thread::sleep(LOG_PACE);
        Ok(())
    }
}

/// Logs every panic as one `ERROR` event (target `panic`): where, which
/// thread, the message, and — when `RUST_BACKTRACE` or `RUST_LIB_BACKTRACE`
/// asks for it — the whole backtrace, each frame with file and line.
///
/// It replaces Rust's default hook: the release binary leaves local symbols
/// out of its symbol table (README §Release build), among them the marker
/// by which the default hook's short backtrace finds its end, so that
/// backtrace came out empty. The backtrace logged here is read from the
/// line tables; our functions are named from `schoolplan.dwp` beside the
/// binary (their files and lines need only the binary).
fn log_panics() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("(no message)");
        let place = info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column())).unwrap_or_default();
        let current = std::thread::current();
        let thread = current.name().unwrap_or("unnamed");
        let backtrace = std::backtrace::Backtrace::capture();
        if backtrace.status() == std::backtrace::BacktraceStatus::Captured {
            tracing::error!(target: "panic", thread, place, "panicked: {message}\nstack backtrace:\n{backtrace}");
        } else {
            tracing::error!(target: "panic", thread, place, "panicked: {message} (RUST_BACKTRACE=1 logs the backtrace)");
        }
    }));
}

#[cfg(test)]
mod tests {
    use tracing::Level;
    use tracing_subscriber::layer::SubscriberExt as _;

    use super::log_filter;

    /// Whether an event of `target` at `level` passes the filter made of `rust_log`.
    fn passes(rust_log: Option<&str>, target_is_sqlx: bool, level: Level) -> bool {
        let subscriber = tracing_subscriber::registry().with(log_filter(rust_log));
        tracing::subscriber::with_default(subscriber, || match (target_is_sqlx, level) {
            (true, Level::INFO) => tracing::enabled!(target: "sqlx::query", Level::INFO),
            (true, _) => tracing::enabled!(target: "sqlx::query", Level::WARN),
            (false, Level::INFO) => tracing::enabled!(target: "schoolplan::request", Level::INFO),
            (false, Level::DEBUG) => tracing::enabled!(target: "schoolplan::request", Level::DEBUG),
            (false, _) => tracing::enabled!(target: "schoolplan::request", Level::WARN),
        })
    }

    #[test]
    fn the_default_filter_logs_requests_and_quiets_sqlx() {
        for unset in [None, Some(""), Some("  "), Some("this is [not a filter")] {
            assert!(passes(unset, false, Level::INFO), "{unset:?}");
            assert!(!passes(unset, false, Level::DEBUG), "{unset:?}");
            assert!(!passes(unset, true, Level::INFO), "{unset:?}");
            assert!(passes(unset, true, Level::WARN), "{unset:?}");
        }
    }

    #[test]
    fn rust_log_sets_levels_by_target() {
        assert!(!passes(Some("warn"), false, Level::INFO));
        assert!(passes(Some("warn"), false, Level::WARN));
        assert!(!passes(Some("info,schoolplan::request=warn"), false, Level::INFO));
        assert!(passes(Some("info,sqlx=info"), true, Level::INFO));
        assert!(passes(Some("debug"), false, Level::DEBUG));
    }

    #[test]
    fn filters_naming_spans_still_work() {
        // Read by an EnvFilter: WARN everywhere, more inside the request span.
        let with_span = Some("warn,schoolplan[request]=debug");
        assert!(passes(with_span, false, Level::WARN));
        assert!(!passes(with_span, true, Level::INFO));
    }
}
