#!/usr/bin/env bash
# `make size`: the release libfourx.so (PostgreSQL backend linked in) is at most 8 MB (8,000,000
# bytes) and still exports every function include/fourx.h declares; `make wheel` checks the
# wheel's own limit (4 MB). Run after `cargo build --release -p fourx-ffi`.
set -euo pipefail
cd "$(dirname "$0")/.."
lib=${1:-target/release/libfourx.so}
limit=8000000
test -f "$lib" || { echo "size-check: $lib does not exist (cargo build --release -p fourx-ffi)" >&2; exit 1; }
size=$(stat -c %s "$lib")
missing=()
for fn in $(grep -oE '\bfourx_[a-z0-9_]+\(' include/fourx.h | tr -d '(' | sort -u); do
  [ "$fn" = fourx_test_panic ] && continue
  nm -D --defined-only "$lib" | grep -qw "$fn" || missing+=("$fn")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "size-check: $lib does not export: ${missing[*]}" >&2; exit 1
fi
if [ "$size" -gt "$limit" ]; then
  echo "size-check: $lib is $size bytes, over the $limit-byte limit" >&2; exit 1
fi
echo "size-check: $lib is $size bytes (limit $limit), every header function exported"
