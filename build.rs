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
//! Dev and test builds are linked as before.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("PROFILE").as_deref() == Ok("release")
        && std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
    {
        println!("cargo:rustc-link-arg-bins=-Wl,--compress-debug-sections=zlib");
        // LLD is Rust's default linker on x86-64 Linux only; GNU ld has no `--icf`.
        if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64") {
            println!("cargo:rustc-link-arg-bins=-Wl,--icf=all");
        }
        println!("cargo:rustc-link-arg-bins=-Wl,--discard-all");
    }
}
