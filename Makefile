# fourx — `make demo` and `make test` set themselves up on a fresh machine (Rust, Python 3.11 with
# pip, gcc, g++, make, valgrind); everything else (a .venv with maturin/pytest/mypy, the pinned
# cbindgen in .tools/) is installed by scripts/setup.sh.
SHELL := bash
.DEFAULT_GOAL := help
ROOT := $(CURDIR)
PREFIX ?= /usr/local
VENV := $(ROOT)/.venv

.PHONY: help setup demo test header docs wheel install bench clean

help:
	@echo "make demo     drive one feature through the full profile with scripted agents (sets itself up)"
	@echo "make test     every gate CI runs: fmt, clippy, tests, header drift, C, pytest, stubtest, docs"
	@echo "make header   regenerate include/fourx.h with the pinned cbindgen"
	@echo "make docs     regenerate docs/ops.md from the op catalog"
	@echo "make wheel    build the abi3 wheel into dist/"
	@echo "make install  PREFIX=... install header, libfourx.so.0, libfourx.a and fourx.pc"
	@echo "make bench    run the benches and write benches/RESULTS.md (BENCH=<name> for one)"

setup:
	@bash scripts/setup.sh

demo: setup
	@VIRTUAL_ENV=$(VENV) PATH=$(VENV)/bin:$$PATH $(VENV)/bin/maturin develop --quiet -m python/Cargo.toml
	@$(VENV)/bin/python python/examples/demo_harness.py

test:
	@bash scripts/test.sh

header: setup
	cd ffi && ../.tools/bin/cbindgen --config cbindgen.toml --crate fourx-ffi --output ../include/fourx.h

docs:
	FOURX_BLESS=1 cargo test -q -p fourx-core --test docs

wheel: setup
	$(VENV)/bin/maturin build --release -m python/Cargo.toml --out dist

# PROFILE=debug installs the debug build (used by `make test` to check the installed layout).
PROFILE ?= release
install:
	cargo build $(if $(filter release,$(PROFILE)),--release) -p fourx-ffi
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 include/fourx.h $(DESTDIR)$(PREFIX)/include/fourx.h
	install -m 755 target/$(PROFILE)/libfourx.so $(DESTDIR)$(PREFIX)/lib/libfourx.so.0
	ln -sf libfourx.so.0 $(DESTDIR)$(PREFIX)/lib/libfourx.so
	install -m 644 target/$(PROFILE)/libfourx.a $(DESTDIR)$(PREFIX)/lib/libfourx.a
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e "s|@VERSION@|$$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)|g" \
		ffi/fourx.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/fourx.pc

# Criterion benches (one file per area), then the Python boundary timeit script against a release
# wheel in .venv-bench, then benches/RESULTS.md (median, ratio, target, met). Niced: the machine is
# shared. BENCH_ARGS="--measurement-time 10" for steadier numbers; BENCH=<name> runs one bench.
BENCH_ARGS ?= --warm-up-time 1 --measurement-time 3
BENCH_VENV := $(ROOT)/.venv-bench
bench: setup
	@if [ "$(BENCH)" != python ]; then \
	  nice cargo bench -p fourx-benches $(if $(BENCH),--bench $(BENCH),--benches) -- $(BENCH_ARGS); \
	fi
	@if [ -z "$(BENCH)" ] || [ "$(BENCH)" = python ]; then \
	  rm -rf target/bench-wheel && \
	  nice $(VENV)/bin/maturin build --quiet --release -m python/Cargo.toml --out target/bench-wheel && \
	  { [ -x $(BENCH_VENV)/bin/python ] || python3 -m venv $(BENCH_VENV); } && \
	  $(BENCH_VENV)/bin/pip install --quiet --no-deps --force-reinstall target/bench-wheel/*.whl && \
	  nice $(BENCH_VENV)/bin/python benches/python_boundary.py; \
	fi
	python3 benches/report.py

clean:
	cargo clean
	rm -rf tests/c/build dist
