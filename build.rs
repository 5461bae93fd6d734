//! Builds of the `release` profile and of `dist`, which inherits it (Cargo.toml
//! `[profile.release]`, `[profile.dist]`, README §Release build):
//! - the debug sections left in the binary (the line tables of our own crate;
//!   in `dist`, the rest is in `schoolplan.dwp`, split DWARF) are stored
//!   zlib-compressed, and Rust's backtraces still read file and line from them;
//! - identical functions are folded into one (`--icf=all`, LLD, Rust's linker
//!   on x86-64 Linux; not elsewhere): many generic instances compile to the same code;
//! - the local symbols are left out of the symbol table (`--discard-all`,
//!   7 MB): our frames are named from `schoolplan.dwp`, those of the standard
//!   library from its own debug information; only frames inside other crates
//!   lose their names. Rust's default panic hook needs one of those symbols
//!   for its short backtrace, so the binary logs panics itself (`cli::log_panics`).
//!
//! - relative relocations are packed (`-z pack-relative-relocs`, RELR): a
//!   position-independent binary holds a pointer's load-time fix-up for
//!   every vtable entry and every table of strings, 24 bytes each in
//!   `.rela.dyn`; packed they take a few bits. The dynamic loader must know
//!   RELR (glibc 2.36 and later: Debian 12, Ubuntu 22.10), so the flag is
//!   given only when the building machine's own glibc does (the binary runs
//!   where it is built, or on a newer system), never when cross-compiling.
//!
//! With `SCHOOLPLAN_PROFILING=1` in the environment of the build, the local
//! symbols stay and no functions are folded: the same machine code with every
//! function named, for `perf` (BENCHMARKS.md §The cached path).
//!
//! Dev and test builds are linked as before.
//!
//! In every profile, the demo school (`data/demo-school.json`, 1.5 MB of
//! JSON) is embedded gzip-compressed (about a tenth of it), written to
//! `OUT_DIR/demo-school.json.gz`; `demo::shipped_dataset` unpacks it.

use std::io::Write as _;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=SCHOOLPLAN_PROFILING");
    compress_demo();
    let profiling = std::env::var_os("SCHOOLPLAN_PROFILING").is_some_and(|v| !v.is_empty() && v != "0");
    if std::env::var("PROFILE").as_deref() == Ok("release")
        && std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
    {
        println!("cargo:rustc-link-arg-bins=-Wl,--compress-debug-sections=zlib");
        // LLD is Rust's default linker on x86-64 Linux only; GNU ld has no `--icf`.
        if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64") && !profiling {
            println!("cargo:rustc-link-arg-bins=-Wl,--icf=all");
        }
        if !profiling {
            println!("cargo:rustc-link-arg-bins=-Wl,--discard-all");
        }
        if loader_knows_relr() {
            println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
        }
    }
}

/// Writes `data/demo-school.json` gzip-compressed into `OUT_DIR`.
fn compress_demo() {
    const DEMO: &str = "data/demo-school.json";
    println!("cargo:rerun-if-changed={DEMO}");
    let json = std::fs::read(DEMO).expect("data/demo-school.json is readable");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&json).expect("compress the demo school");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("demo-school.json.gz");
    std::fs::write(out, gz.finish().expect("compress the demo school")).expect("write the compressed demo school");
}

/// Whether the binary is built for this machine (not cross-compiled), for
/// glibc, and this machine's glibc is 2.36 or later (`getconf
/// GNU_LIBC_VERSION` prints `glibc 2.36`).
fn loader_knows_relr() -> bool {
    let native = std::env::var("HOST").ok() == std::env::var("TARGET").ok();
    if !native || std::env::var("CARGO_CFG_TARGET_ENV").as_deref() != Ok("gnu") {
        return false;
    }
    let Ok(out) = std::process::Command::new("getconf").arg("GNU_LIBC_VERSION").output() else { return false };
    let text = String::from_utf8_lossy(&out.stdout);
    let version = text.trim().strip_prefix("glibc ").unwrap_or("");
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    (major, minor) >= (2, 36)
}
