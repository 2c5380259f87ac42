/* Shared helpers of the C tests: a CHECK macro that counts failures, and checks of a status plus
 * the error document CONVENTIONS.md §C ABI fixes ({"error":{"kind":"...",...}}, NUL-terminated).
 * Header-only (static functions), included by each test program. */
#ifndef FOURX_TEST_CHECK_H
#define FOURX_TEST_CHECK_H

#include "fourx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
            failures++;                                                                  \
        }                                                                                \
    } while (0)

/* The text of a buffer the library wrote ("" for an empty one). */
static inline const char *text(const fourx_buf *b) { return b->ptr ? (const char *)b->ptr : ""; }

/* Checks `st == want`, that `out` is a NUL-terminated document containing `"kind":"<kind>"`
 * (kind NULL: any non-empty document), then frees it twice (the second free is a no-op). */
static inline void expect_doc(const char *where, int line, fourx_status st, fourx_buf *out,
                       fourx_status want, const char *kind) {
    if (st != want) {
        fprintf(stderr, "%s:%d: status %d, want %d: %s\n", where, line, (int)st, (int)want, text(out));
        failures++;
    }
    if (out->ptr == NULL || out->ptr[out->len] != '\0') {
        fprintf(stderr, "%s:%d: output is not a NUL-terminated document\n", where, line);
        failures++;
    } else if (kind != NULL) {
        char needle[96];
        snprintf(needle, sizeof needle, "\"kind\":\"%s\"", kind);
        if (strncmp(text(out), "{\"error\":", 9) != 0 || strstr(text(out), needle) == NULL) {
            fprintf(stderr, "%s:%d: want an error document of kind %s: %s\n", where, line, kind,
                    text(out));
            failures++;
        }
    }
    fourx_buf_free(out);
    if (out->ptr != NULL || out->len != 0) {
        fprintf(stderr, "%s:%d: fourx_buf_free did not zero the buffer\n", where, line);
        failures++;
    }
    fourx_buf_free(out); /* double free of the same buffer is a no-op */
}

#define EXPECT(st, out, want, kind) expect_doc(__FILE__, __LINE__, (st), (out), (want), (kind))

/* Payloads every export taking JSON must refuse without aborting. */
typedef struct hostile {
    uint8_t *big; /* 64 MiB of spaces: refused by size before parsing */
    size_t big_len;
    char *deep; /* JSON nested 10,000 deep */
} hostile;

static inline hostile hostile_make(void) {
    hostile h;
    size_t n = 10000;
    h.big_len = (size_t)64 * 1024 * 1024;
    h.big = (uint8_t *)malloc(h.big_len);
    h.deep = (char *)malloc(2 * n + 1);
    if (!h.big || !h.deep) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memset(h.big, ' ', h.big_len);
    memset(h.deep, '[', n);
    memset(h.deep + n, ']', n);
    h.deep[2 * n] = '\0';
    return h;
}

static inline void hostile_free(hostile *h) {
    free(h->big);
    free(h->deep);
}

static inline int finish(const char *name) {
    if (failures) {
        fprintf(stderr, "%s: %d check(s) failed\n", name, failures);
        return 1;
    }
    printf("%s: all checks passed\n", name);
    return 0;
}

#endif /* FOURX_TEST_CHECK_H */
