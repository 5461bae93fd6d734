//! The `schoolplan` binary: parses the command line and runs the library.

/// mimalloc instead of the system allocator: a request allocates and frees many
/// small objects across two worker threads, where glibc's malloc spent ~5 % of
/// a cached `GET` (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    schoolplan::cli::main()
}
