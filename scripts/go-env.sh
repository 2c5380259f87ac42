#!/usr/bin/env bash
# Sourced by scripts/go-test.sh (and usable by hand: `source scripts/go-env.sh`): builds the debug
# libfourx and points cgo at the build tree through a generated fourx.pc, so the Go package in
# go/ builds and runs without `make install`:
#   PKG_CONFIG_PATH  target/debug/pkgconfig (fourx.pc: -I include/, -L target/debug, rpath)
#   GOFLAGS          -mod=mod, GOPROXY=off (the module has no dependencies; nothing is fetched)
_fourx_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# With the test-only export fourx_test_panic (as the C tests build it), for the panic test that
# `go test -tags fourx_test_panic` adds; the README's programs do not use it.
cargo build -q -p fourx-ffi --features test-panic --manifest-path "$_fourx_root/Cargo.toml"
_fourx_lib=$_fourx_root/target/debug
# The SONAME is libfourx.so.0; an installed library has that link, the build tree needs it too.
ln -sf libfourx.so "$_fourx_lib/libfourx.so.0"
mkdir -p "$_fourx_lib/pkgconfig"
cat > "$_fourx_lib/pkgconfig/fourx.pc" <<PC
libdir=$_fourx_lib
includedir=$_fourx_root/include

Name: fourx
Description: fourx from the build tree (scripts/go-env.sh)
Version: $(grep -m1 '^version' "$_fourx_root/Cargo.toml" | cut -d'"' -f2)
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lfourx
Cflags: -I\${includedir}
PC
export PKG_CONFIG_PATH=$_fourx_lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export GOFLAGS=-mod=mod GOPROXY=off CGO_ENABLED=1
unset _fourx_lib
