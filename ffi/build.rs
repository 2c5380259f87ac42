//! Sets the SONAME of `libfourx.so` to `libfourx.so.0` (until 1.0).

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libfourx.so.0");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
