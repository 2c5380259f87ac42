# fourx — `make demo` and `make test` set themselves up on a fresh machine (Rust, Python 3.11 with
# pip, gcc, make; `make test` also g++, valgrind, pkg-config); everything else is installed by
# scripts/setup.sh: a .venv with maturin/pytest/mypy for every target, the pinned cbindgen in
# .tools/ only for `make header` and `make test` (the demo never builds it).
SHELL := bash
.DEFAULT_GOAL := help
ROOT := $(CURDIR)
PREFIX ?= /usr/local
VENV := $(ROOT)/.venv

.PHONY: help setup demo size package sdist test test-rust test-c test-python test-go test-pg go-test header docs wheel install bench clean soak fuzz

help:
	@echo "make demo     a harness on the conductor drives one feature through the full profile (scripted agents)"
	@echo "make test     every gate CI runs: fmt, clippy, tests, header drift, C, pytest, stubtest, docs"
	@echo "make test-rust [AREA=router]  fmt, clippy, cargo test (AREA: one area of core/src, its Rust tests only)"
	@echo "make test-c       header drift, the C programs (+C++, ASan, valgrind), make install + pkg-config"
	@echo "make test-python  the extension, pytest, stubtest, mypy --strict"
	@echo "make test-go      the Go package (= make go-test)"
	@echo "make test-pg      the PostgreSQL backend (Rust, TLS, Python) against a throwaway cluster"
	@echo "make go-test  the Go package (go/): vet, test -race, example harness, README program"
	@echo "make header   regenerate include/fourx.h with the pinned cbindgen"
	@echo "make docs     regenerate docs/ops.md, the typed layers (python/fourx/{_types,_api}.py, go/op/*_gen.go) from the op catalog and go/errors_gen.go, python/fourx/{errors,enums,_words}.py from the core's tables"
	@echo "make size     the release libfourx.so is at most 8 MB and exports every header function"
	@echo "make package  cargo package (with verification) for every crate of the workspace"
	@echo "make sdist    build the source distribution and check that a wheel builds from it"
	@echo "make wheel    build the abi3 manylinux wheel into dist/, check it (auditwheel, fresh venv)"
	@echo "make install  PREFIX=... install header, libfourx.so.0, libfourx.a, fourx.pc and fourx-static.pc"
	@echo "make bench    run the benches and write benches/RESULTS.md (BENCH=<name> for one)"
	@echo "make soak     long reliability runs: 8 processes x 200 writes (fs and PostgreSQL), 500 SIGKILL crash trials"
	@echo "make fuzz     run every cargo-fuzz target for FUZZ_SECONDS each (default 60; installs cargo-fuzz)"

setup:
	@bash scripts/setup.sh

demo: setup
	@VIRTUAL_ENV=$(VENV) PATH=$(VENV)/bin:$$PATH $(VENV)/bin/maturin develop --quiet -m python/Cargo.toml
	@$(VENV)/bin/python python/examples/demo_harness.py --profile full --scan-self

test:
	@bash scripts/test.sh

# One group of `make test` each (CONTRIBUTING.md): AREA=<folder of core/src> narrows test-rust to
# that area's unit and integration tests, e.g. `make test-rust AREA=router`.
test-rust:
	@AREA=$(AREA) bash scripts/test.sh rust
test-c:
	@bash scripts/test.sh c
test-python:
	@bash scripts/test.sh python
test-go:
	@bash scripts/test.sh go
test-pg:
	@bash scripts/test.sh pg

# Builds the debug libfourx, points cgo at it (scripts/go-env.sh) and runs the Go tests.
go-test:
	@bash scripts/go-test.sh

header:
	@bash scripts/setup.sh --with-cbindgen
	cd ffi && ../.tools/bin/cbindgen --config cbindgen.toml --crate fourx-ffi --output ../include/fourx.h

docs:
	FOURX_BLESS=1 cargo test -q -p fourx-core --test it docs::

size:
	nice cargo build --release -p fourx-ffi
	@bash scripts/size-check.sh

# Every crate packages and its packaged source builds (path dependencies resolved together).
package:
	nice cargo package --workspace --allow-dirty

# The sdist carries the workspace crates the extension needs; pip builds a wheel from it alone.
sdist: setup
	rm -f dist/fourx-*.tar.gz
	$(VENV)/bin/maturin sdist -m python/Cargo.toml --out dist
	tmp=$$(mktemp -d) && cd $$tmp && nice $(VENV)/bin/pip wheel --quiet --disable-pip-version-check --no-deps $(ROOT)/dist/fourx-*.tar.gz -w $$tmp && \
	ls $$tmp/fourx-*.whl && echo "make sdist: a wheel builds from $$(ls $(ROOT)/dist/fourx-*.tar.gz)" && rm -rf $$tmp

# The release wheel is abi3 (one wheel for CPython >= 3.11) and manylinux: maturin tags it from
# the glibc symbols it uses and `auditwheel show` must agree. It is then installed into a fresh
# venv (no source tree, no Rust on PATH) and imported, and its `fourx` command runs.
WHEEL_VENV := $(ROOT)/target/wheel-check-venv
# The wheel is linked by zig (PyPI's `ziglang`) against glibc 2.17's symbols, so it is
# manylinux_2_17 (manylinux2014): it installs on Debian 10+, Ubuntu 18.04+, RHEL 7+.
ZIGLANG_VERSION := 0.17.1
wheel: setup
	rm -f dist/fourx-*.whl
	@$(VENV)/bin/python -m ziglang version 2>/dev/null | grep -qx '$(ZIGLANG_VERSION)' || $(VENV)/bin/pip install --quiet --disable-pip-version-check "ziglang==$(ZIGLANG_VERSION)"
	VIRTUAL_ENV=$(VENV) PATH=$(VENV)/bin:$$PATH nice $(VENV)/bin/maturin build --quiet --release --zig --compatibility manylinux2014 -m python/Cargo.toml --out dist
	@test -x $(VENV)/bin/auditwheel || $(VENV)/bin/pip install --quiet --disable-pip-version-check "auditwheel==6.8.2"
	@whl=$$(ls $(ROOT)/dist/fourx-*-abi3-manylinux_2_17*.whl) || { echo "make wheel: no abi3 manylinux_2_17 wheel in dist/:" >&2; ls dist >&2; exit 1; }; \
	report=$$($(VENV)/bin/auditwheel show "$$whl") && echo "$$report" && \
	{ echo "$$report" | tr -s ' \n' '  ' | grep 'is consistent with the following platform tag: "manylinux_2_17_' >/dev/null || \
	  { echo "make wheel: auditwheel show does not find $$whl consistent with manylinux_2_17" >&2; exit 1; }; } && \
	{ [ $$(stat -c %s "$$whl") -le 4000000 ] || { echo "make wheel: $$whl is over 4 MB" >&2; exit 1; }; } && \
	rm -rf $(WHEEL_VENV) && python3 -m venv $(WHEEL_VENV) && \
	$(WHEEL_VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps --no-index "$$whl" && \
	cd / && env -i HOME=/nonexistent PATH=/usr/bin:/bin $(WHEEL_VENV)/bin/python -c \
	  'import fourx, os; assert "/site-packages/" in fourx.__file__, fourx.__file__; assert fourx.can_transition("init", "designing"); print("wheel ok: fourx", fourx.version(), "from", os.path.dirname(fourx.__file__))' && \
	env -i HOME=/nonexistent PATH=/usr/bin:/bin $(WHEEL_VENV)/bin/fourx call meta.version >/dev/null && \
	echo "make wheel: $$whl ($$(du -k "$$whl" | cut -f1) KiB) installs and imports in a fresh venv"

# PROFILE=debug installs the debug build (used by `make test` to check the installed layout).
# fourx.pc links the shared library; fourx-static.pc names libfourx.a itself, so a program built
# with it never needs libfourx.so (a plain -lfourx would pick the .so sitting beside the .a).
# FFI_FEATURES=test-panic installs the build `make test` already made for the C and Go tests (no
# rebuild of fourx-ffi for a feature flip); never for a real install.
PROFILE ?= release
FFI_FEATURES ?=
install:
	cargo build $(if $(filter release,$(PROFILE)),--release) -p fourx-ffi $(if $(FFI_FEATURES),--features $(FFI_FEATURES))
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 include/fourx.h $(DESTDIR)$(PREFIX)/include/fourx.h
	install -m 755 target/$(PROFILE)/libfourx.so $(DESTDIR)$(PREFIX)/lib/libfourx.so.0
	ln -sf libfourx.so.0 $(DESTDIR)$(PREFIX)/lib/libfourx.so
	install -m 644 target/$(PROFILE)/libfourx.a $(DESTDIR)$(PREFIX)/lib/libfourx.a
	for pc in fourx fourx-static; do \
		sed -e 's|@PREFIX@|$(PREFIX)|g' -e "s|@VERSION@|$$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)|g" \
			ffi/$$pc.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$pc.pc; \
	done

# Criterion benches (one file per area), then the Python boundary timeit script against a release
# wheel in .venv-bench, then benches/RESULTS.md (median, ratio, target, met). Niced: the machine is
# shared. BENCH_ARGS="--measurement-time 10" for steadier numbers; BENCH=<name> runs one bench.
BENCH_ARGS ?= --warm-up-time 1 --measurement-time 3
BENCH_VENV := $(ROOT)/.venv-bench
bench: setup
	@if [ "$(BENCH)" != python ]; then \
	  pg=""; if [ -z "$(BENCH)" ] || [ "$(BENCH)" = stores ]; then \
	    if bash scripts/pg-cluster.sh available; then pg=$$(bash scripts/pg-cluster.sh start); \
	    else echo "!!! PostgreSQL is not installed: the stores bench measures the filesystem only" >&2; fi; fi; \
	  trap '[ -z "$$pg" ] || bash scripts/pg-cluster.sh stop "$$pg"' EXIT; \
	  FOURX_PG_URL=$$([ -z "$$pg" ] || cat "$$pg/url") \
	  nice cargo bench -p fourx-benches --features bpe-o200k $(if $(BENCH),--bench $(BENCH),--benches) -- $(BENCH_ARGS); \
	fi
	@if [ -z "$(BENCH)" ] || [ "$(BENCH)" = python ]; then \
	  rm -rf target/bench-wheel && \
	  nice $(VENV)/bin/maturin build --quiet --release -m python/Cargo.toml --features bench-hooks --out target/bench-wheel && \
	  { [ -x $(BENCH_VENV)/bin/python ] || python3 -m venv $(BENCH_VENV); } && \
	  $(BENCH_VENV)/bin/pip install --quiet --no-deps --force-reinstall target/bench-wheel/*.whl && \
	  nice $(BENCH_VENV)/bin/python benches/python_boundary.py; \
	fi
	python3 benches/report.py

clean:
	cargo clean
	rm -rf tests/c/build dist

# Long forms of the reliability tests (`make test` runs 4 x 50 writes and 100 crash trials).
soak:
	FOURX_SOAK=1 cargo test -p fourx-core --test it reliability_ -- --nocapture
	@if bash scripts/pg-cluster.sh available; then \
		dir=$$(bash scripts/pg-cluster.sh start); trap 'bash scripts/pg-cluster.sh stop "$$dir"' EXIT; \
		FOURX_SOAK=1 FOURX_REQUIRE_PG=1 FOURX_PG_DIR=$$dir FOURX_PG_URL=$$(cat $$dir/url) \
			cargo test -p fourx-store-pg --test pg set_check -- --nocapture; \
	else echo "!!! PostgreSQL is not installed: the PostgreSQL set check was NOT soaked" >&2; fi

# Instrumented fuzzing on stable (RUSTC_BOOTSTRAP=1), FUZZ_SECONDS per target; new inputs go to
# fuzz/corpus-new/<target>/ (git-ignored), crashes to fuzz/artifacts/. `make test` replays the
# committed fuzz/corpus/ as plain tests. FUZZ_TARGETS=... picks targets.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= router_readonly router_write_contract router_task_metadata blueprint_parse config_parse workspace_parse_state ops_call
fuzz:
	@test -x .tools/bin/cargo-fuzz || cargo install --locked cargo-fuzz --root .tools
	@set -e; sandbox=$$(mktemp -d); trap 'rm -rf "$$sandbox"' EXIT; \
	for t in $(FUZZ_TARGETS); do \
		mkdir -p fuzz/corpus-new/$$t; \
		echo "=== fuzz $$t ($(FUZZ_SECONDS) s)"; \
		(cd fuzz && FOURX_FUZZ_SANDBOX=$$sandbox RUSTC_BOOTSTRAP=1 ../.tools/bin/cargo-fuzz run $$t \
			corpus-new/$$t corpus/$$t -- -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
			-rss_limit_mb=2048 -max_len=65536 -print_final_stats=1) ; \
	done
