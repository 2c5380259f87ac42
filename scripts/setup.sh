#!/usr/bin/env bash
# Sets up what `make demo` and `make test` need on a fresh machine: checks the tools the machine
# must have (installing a missing Debian package when running as root), the pinned cbindgen in
# .tools/, and a .venv with maturin, pytest and mypy. Idempotent; prints what it does.
set -euo pipefail
cd "$(dirname "$0")/.."

need_pkgs=()
check() { # tool debian-package
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "setup: missing tool '$1' (Debian package '$2')" >&2
    need_pkgs+=("$2")
  fi
}
check cargo "(rustup: install Rust)"
check rustc "(rustup: install Rust)"
check python3 python3
check gcc gcc
check g++ g++
check make make
check valgrind valgrind
check pkg-config pkg-config
if [ ${#need_pkgs[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    debs=()
    for p in "${need_pkgs[@]}"; do [[ $p == "("* ]] || debs+=("$p"); done
    if [ ${#debs[@]} -gt 0 ]; then
      echo "setup: installing ${debs[*]} with apt-get" >&2
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${debs[@]}" >/dev/null
    fi
  fi
  for t in cargo rustc python3 gcc g++ make valgrind pkg-config; do
    command -v "$t" >/dev/null 2>&1 || { echo "setup: FATAL: '$t' is required and missing" >&2; exit 1; }
  done
fi
command -v cargo-clippy >/dev/null 2>&1 || cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt

CBINDGEN_VERSION=0.29.4
if ! .tools/bin/cbindgen --version 2>/dev/null | grep -q "$CBINDGEN_VERSION"; then
  echo "setup: installing cbindgen $CBINDGEN_VERSION into .tools/"
  cargo install --locked --quiet --version "$CBINDGEN_VERSION" --root .tools cbindgen
fi

if [ ! -x .venv/bin/python ] || [ ! -f .venv/.fourx-setup ] || [ scripts/setup.sh -nt .venv/.fourx-setup ]; then
  echo "setup: creating .venv with maturin, pytest, mypy"
  python3 -m venv .venv
  .venv/bin/python -m pip install --quiet --disable-pip-version-check \
    "maturin==1.16.0" "pytest==9.2.0" "mypy==2.4.1"
  touch .venv/.fourx-setup
fi
