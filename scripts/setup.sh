#!/usr/bin/env bash
# Sets up a fresh machine, idempotently, printing what it does. Without options: what `make demo`
# needs (Rust, Python 3.11, a C linker, and a .venv with maturin, pytest and mypy). Options add what
# only the other targets need:
#   --with-cbindgen    the pinned cbindgen in .tools/ (`make header`, the header drift check)
#   --with-test-tools  g++, valgrind, pkg-config, clippy and rustfmt (`make test`)
# A missing Debian package is installed when running as root.
set -euo pipefail
cd "$(dirname "$0")/.."

with_cbindgen=0 with_test_tools=0
for arg in "$@"; do
  case $arg in
    --with-cbindgen) with_cbindgen=1 ;;
    --with-test-tools) with_test_tools=1 ;;
    *) echo "setup: unknown option '$arg' (known: --with-cbindgen, --with-test-tools)" >&2; exit 2 ;;
  esac
done

tools=(cargo rustc python3 gcc make)
[ $with_test_tools = 1 ] && tools+=(g++ valgrind pkg-config)
need_pkgs=()
check() { # tool debian-package
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "setup: missing tool '$1' (Debian package '$2')" >&2
    need_pkgs+=("$2")
  fi
}
for t in "${tools[@]}"; do
  case $t in
    cargo | rustc) check "$t" "(rustup: install Rust)" ;;
    *) check "$t" "$t" ;;
  esac
done
if [ ${#need_pkgs[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    debs=()
    for p in "${need_pkgs[@]}"; do [[ $p == "("* ]] || debs+=("$p"); done
    if [ ${#debs[@]} -gt 0 ]; then
      echo "setup: installing ${debs[*]} with apt-get" >&2
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${debs[@]}" >/dev/null
    fi
  fi
  for t in "${tools[@]}"; do
    command -v "$t" >/dev/null 2>&1 || { echo "setup: FATAL: '$t' is required and missing" >&2; exit 1; }
  done
fi
if [ $with_test_tools = 1 ]; then
  command -v cargo-clippy >/dev/null 2>&1 || cargo clippy --version >/dev/null 2>&1 || rustup component add clippy
  cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
fi

CBINDGEN_VERSION=0.29.4
if [ $with_cbindgen = 1 ] && ! .tools/bin/cbindgen --version 2>/dev/null | grep -q "$CBINDGEN_VERSION"; then
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
