//! The `schoolplan` binary: parses the command line and runs the library.

fn main() -> std::process::ExitCode {
    schoolplan::cli::main()
}
