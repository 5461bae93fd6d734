//! The binary's entry point ([`main`]): parses the command line, sets up the
//! log and its panic hook, and runs the command on a Tokio runtime.

use std::process::ExitCode;

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
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let (writer, log_written) = log_writer();
    let log = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    match cli.log_format {
        LogFormat::Text => log.init(),
        // One flat object per event; the span's fields (the request id) under `span`.
        LogFormat::Json => log.json().flatten_event(true).with_span_list(false).init(),
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

/// Where the log goes: standard error, written by a thread of its own
/// (tracing-appender's non-blocking writer), so that a request's event
/// (docs/operations.md §Logs) costs its formatting and a hand-over, not a
/// write to the terminal, file or journal under a lock shared by every
/// request. The thread writes what has queued up in one go (buffered, and
/// flushed whenever the queue is empty), so a burst of requests is one
/// write, not one per line. Nothing is dropped: when the queue (128,000
/// events) is full, a request waits for room. Returns the writer and the
/// guard that writes the rest when dropped, at the end of `main`.
fn log_writer() -> (tracing_appender::non_blocking::NonBlocking, tracing_appender::non_blocking::WorkerGuard) {
    tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(false)
        .thread_name("schoolplan log writer")
        .finish(std::io::BufWriter::new(std::io::stderr()))
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
