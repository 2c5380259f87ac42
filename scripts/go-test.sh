#!/usr/bin/env bash
# `make go-test`: the Go package (go/) against the build tree: gofmt, go vet, `go test -race` (every
# conformance vector, the table tests, concurrency and the 100k-call RSS check), the example
# harness (go/examples/harness, driven by the conductor to pending-review), then the README's `## Go` program built against a `make install` prefix through
# pkg-config, exactly as a Go user outside this repository builds it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
if ! command -v go >/dev/null 2>&1; then
  echo "!!! go is not installed: the Go tests were NOT run (apt-get install golang-go)" >&2
  exit 3
fi
# shellcheck source=scripts/go-env.sh
source scripts/go-env.sh
cd go
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
  echo "gofmt: these files are not formatted (run gofmt -w go/): $unformatted" >&2
  exit 1
fi
go vet ./...
go vet -tags fourx_test_panic ./...
go test -race -count=1 -tags fourx_test_panic ./...
trace=$(go run ./examples/harness)
printf '%s\n' "$trace"
grep -q '^reached pending-review$' <<<"$trace" || { echo "the example harness did not reach pending-review" >&2; exit 1; }
cd "$ROOT"

# README's `## Go` section, as a user outside the repository follows it: make install, then a new
# module that requires example.invalid/fourx (replaced by this checkout's go/ directory).
prefix=$(mktemp -d) user=$(mktemp -d)
trap 'rm -rf "$prefix" "$user"' EXIT
make -s install PREFIX="$prefix" PROFILE=debug FFI_FEATURES=test-panic
awk -v dir="$user" '/^## /{sec=($0=="## Go")} sec&&/^```go$/{n++; f=sprintf("%s/readme-%d/main.go",dir,n); system("mkdir -p " dir "/readme-" n); blk=1; next}
  blk&&/^```$/{blk=0; next} blk{print > f}' README.md
found=0
for d in "$user"/readme-*; do
  # Whole programs only (a block starting with `package main`); other blocks are fragments.
  [ -f "$d/main.go" ] && head -1 "$d/main.go" | grep -q '^package main$' || continue
  found=1
  (
    cd "$d"
    export PKG_CONFIG_PATH=$prefix/lib/pkgconfig CGO_LDFLAGS="-Wl,-rpath,$prefix/lib"
    go mod init example.com/readme >/dev/null 2>&1
    go mod edit -require=example.invalid/fourx@v0.0.0 -replace=example.invalid/fourx="$ROOT/go"
    go build -o prog . && ./prog >/dev/null
  )
done
[ "$found" = 1 ] || { echo "README's ## Go section has no Go program" >&2; exit 1; }
echo "go: vet, test -race, harness and README program passed"
