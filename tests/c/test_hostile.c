/* Hostile input inventory for the C ABI: for every op of the catalog (read through meta.catalog,
 * so a new op is covered the day it lands) each input key gets wrong JSON types, huge strings,
 * NUL bytes, invalid UTF-8, `..`/absolute/NUL ids and roots and a YAML alias bomb, and each
 * required key goes missing. Every answer must be OK or an error document whose kind the op
 * documents (its catalog `errors`, `invalid_input`, or `invalid_utf8` with that status); never
 * PANIC, never a leak (valgrind, ASan), never a file outside the sandbox. Runs in a temp directory
 * so that relative roots stay inside it. */
#define _POSIX_C_SOURCE 200809L
#include "fourx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int failures = 0;
static long calls = 0;

#define MAX_OPS 1024
#define MAX_KEYS 32
#define MAX_ERRS 48
#define NAME_LEN 96

typedef struct {
    char name[NAME_LEN];
    int nkeys;
    char keys[MAX_KEYS][NAME_LEN];
    int optional[MAX_KEYS];
    int nerrs;
    char errs[MAX_ERRS][NAME_LEN];
} op_info;

static op_info ops[MAX_OPS];
static int nops = 0;

/* A growable byte buffer. */
typedef struct {
    char *p;
    size_t len, cap;
} sbuf;

static void put(sbuf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 256);
        while (cap < b->len + n + 1) cap *= 2;
        char *p = (char *)realloc(b->p, cap);
        if (!p) abort();
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void puts_(sbuf *b, const char *s) { put(b, s, strlen(s)); }

/* Reads the JSON string starting at *s (just after its opening quote) into out (escapes kept
 * as their second character; op names and kinds have none); returns the position after the
 * closing quote. */
static const char *read_str(const char *s, char *out, size_t cap) {
    size_t n = 0;
    while (*s && *s != '"') {
        if (*s == '\\' && s[1]) s++;
        if (n + 1 < cap) out[n++] = *s;
        s++;
    }
    out[n] = '\0';
    return *s ? s + 1 : s;
}

/* Reads a JSON array of strings starting at '[' into names; returns the position after ']'. */
static const char *read_list(const char *s, char names[][NAME_LEN], int max, int *count) {
    *count = 0;
    s++; /* '[' */
    while (*s && *s != ']') {
        if (*s == '"') {
            char tmp[NAME_LEN];
            s = read_str(s + 1, tmp, sizeof tmp);
            if (*count < max) {
                memcpy(names[*count], tmp, sizeof tmp);
                (*count)++;
            }
        } else {
            s++;
        }
    }
    return *s ? s + 1 : s;
}

static void load_catalog(void) {
    fourx_buf out = {NULL, 0};
    if (fourx_call("meta.catalog", NULL, 0, &out) != FOURX_STATUS_OK) {
        fprintf(stderr, "meta.catalog failed\n");
        exit(1);
    }
    const char *s = (const char *)out.ptr;
    for (;;) {
        const char *n = strstr(s, "{\"name\":\"");
        const char *types = strstr(s, "\"types\":[");
        if (!n || nops >= MAX_OPS || (types && types < n)) break;
        op_info *op = &ops[nops++];
        memset(op, 0, sizeof *op);
        s = read_str(n + 9, op->name, sizeof op->name);
        const char *in = strstr(s, "\"input\":[");
        const char *er = in ? strstr(in, "\"errors\":[") : NULL;
        if (!in || !er) {
            fprintf(stderr, "catalog entry %s lacks input/errors\n", op->name);
            exit(1);
        }
        read_list(in + 8, op->keys, MAX_KEYS, &op->nkeys);
        for (int k = 0; k < op->nkeys; k++) {
            size_t l = strlen(op->keys[k]);
            if (l && op->keys[k][l - 1] == '?') {
                op->keys[k][l - 1] = '\0';
                op->optional[k] = 1;
            }
        }
        s = read_list(er + 9, op->errs, MAX_ERRS, &op->nerrs);
        /* The typed params ({"name":...} objects too) come next: skip to the entry's result. */
        const char *res = strstr(s, "\"result\":\"");
        if (!res) {
            fprintf(stderr, "catalog entry %s lacks result\n", op->name);
            exit(1);
        }
        char ignored[NAME_LEN];
        s = read_str(res + 10, ignored, sizeof ignored);
    }
    fourx_buf_free(&out);
}

static char sandbox[256];
static char escape_path[256];

static int is_root_key(const char *k) {
    static const char *roots[] = {"root", "start_dir", "dir", "repo_root", "home", "worktree"};
    for (size_t i = 0; i < sizeof roots / sizeof roots[0]; i++)
        if (strcmp(k, roots[i]) == 0) return 1;
    return 0;
}

/* The plausible value of key k in the base input: roots inside the sandbox, other keys "x". */
static void base_value(sbuf *b, const char *k) {
    if (strcmp(k, "store") == 0) {
        puts_(b, "{\"kind\":\"fs\",\"dir\":\"");
        puts_(b, sandbox);
        puts_(b, "/home/.4x/blueprints/p\"}");
    } else if (is_root_key(k)) {
        puts_(b, "\"");
        puts_(b, sandbox);
        puts_(b, strcmp(k, "home") == 0 ? "/home\"" : "/w\"");
    } else {
        puts_(b, "\"x\"");
    }
}

/* Calls op with `input` (len bytes) and checks the status and the kind. */
static void check(const op_info *op, const char *what, const char *input, size_t len) {
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_call(op->name, (const uint8_t *)input, len, &out);
    calls++;
    if (!out.ptr || out.ptr[out.len] != '\0') {
        fprintf(stderr, "%s [%s]: no NUL-terminated output\n", op->name, what);
        failures++;
    } else if (st == FOURX_STATUS_OK) {
        /* a result is fine */
    } else if (st == FOURX_STATUS_ERROR || st == FOURX_STATUS_INVALID_UTF8) {
        const char *k = strstr((const char *)out.ptr, "\"kind\":\"");
        char kind[NAME_LEN] = "";
        if (k) read_str(k + 8, kind, sizeof kind);
        int ok = strcmp(kind, "invalid_input") == 0 ||
                 (st == FOURX_STATUS_INVALID_UTF8 && strcmp(kind, "invalid_utf8") == 0);
        for (int i = 0; !ok && i < op->nerrs; i++) ok = strcmp(kind, op->errs[i]) == 0;
        if (!ok) {
            fprintf(stderr, "%s [%s]: undocumented kind '%s' (status %d)\n", op->name, what, kind,
                    (int)st);
            failures++;
        }
    } else {
        fprintf(stderr, "%s [%s]: status %d: %.200s\n", op->name, what, (int)st,
                (const char *)out.ptr);
        failures++;
    }
    fourx_buf_free(&out);
    struct stat sb;
    if (stat(escape_path, &sb) == 0) {
        fprintf(stderr, "%s [%s]: wrote outside its root: %s\n", op->name, what, escape_path);
        failures++;
        rmdir(escape_path);
    }
}

/* Builds the base input of op with key `hot` replaced by `value` (raw JSON bytes) or left out
 * when value is NULL, then checks it. */
static void try_value(const op_info *op, int hot, const char *what, const char *value, size_t vlen) {
    sbuf b = {NULL, 0, 0};
    puts_(&b, "{");
    int first = 1;
    for (int k = 0; k < op->nkeys; k++) {
        if (k == hot && !value) continue;
        if (!first) puts_(&b, ",");
        first = 0;
        puts_(&b, "\"");
        puts_(&b, op->keys[k]);
        puts_(&b, "\":");
        if (k == hot)
            put(&b, value, vlen);
        else
            base_value(&b, op->keys[k]);
    }
    puts_(&b, "}");
    check(op, what, b.p, b.len);
    free(b.p);
}

int main(void) {
    snprintf(sandbox, sizeof sandbox, "/tmp/fourx-c-hostile-XXXXXX");
    if (!mkdtemp(sandbox)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(escape_path, sizeof escape_path, "/tmp/fourx-c-hostile-escape-%ld", (long)getpid());
    char cwd[320];
    snprintf(cwd, sizeof cwd, "%s/a", sandbox);
    mkdir(cwd, 0700);
    snprintf(cwd, sizeof cwd, "%s/a/b", sandbox);
    mkdir(cwd, 0700);
    if (chdir(cwd) != 0) {
        perror("chdir");
        return 1;
    }
    load_catalog();
    if (nops < 100) {
        fprintf(stderr, "catalog has only %d ops\n", nops);
        return 1;
    }

    /* Hostile JSON values for an id-like key. */
    char rel_escape[512], abs_escape[320];
    snprintf(abs_escape, sizeof abs_escape, "\"%s\"", escape_path);
    snprintf(rel_escape, sizeof rel_escape,
             "\"../../../../../../../../../../../../../../..%s\"", escape_path);
    const char *bomb =
        "\"a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\\n"
        "a1: &a1 [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]\\n"
        "a2: &a2 [*a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1]\\n"
        "a3: &a3 [*a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2]\\n"
        "a4: &a4 [*a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3]\\n"
        "a5: &a5 [*a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4]\\n"
        "a6: &a6 [*a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5]\\n"
        "a7: &a7 [*a6, *a6, *a6, *a6, *a6, *a6, *a6, *a6, *a6]\\n"
        "a8: &a8 [*a7, *a7, *a7, *a7, *a7, *a7, *a7, *a7, *a7]\\n\"";
    const struct {
        const char *what, *json;
    } ids[] = {
        {"null", "null"},
        {"true", "true"},
        {"int", "12345"},
        {"negative", "-1"},
        {"huge number", "1e999"},
        {"float", "1.5"},
        {"array", "[\"x\",1,null]"},
        {"object", "{\"x\":1}"},
        {"empty", "\"\""},
        {"dotdot", "\"..\""},
        {"relative escape", rel_escape},
        {"absolute", abs_escape},
        {"slash", "\"/\""},
        {"NUL escape", "\"a\\u0000b\""},
        {"invalid UTF-8", "\"\xff\xfe\""},
        {"truncated UTF-8", "\"\xc3\""},
        {"surrogate UTF-8", "\"\xed\xa0\x80\""},
        {"lone surrogate escape", "\"\\ud800\""},
        {"control", "\"\\u001b[31m\\u007f\""},
        {"alias bomb", bomb},
        {"time lower case", "\"2026-03-12t16:27:00z\""},
        {"time year 0000", "\"0000-06-01T00:00:00Z\""},
        {"time before year 0000 in UTC", "\"0000-01-01T00:30:00+01:00\""},
        {"time after year 9999 in UTC", "\"9999-12-31T23:30:00-01:00\""},
    };
    const struct {
        const char *what, *json;
    } roots[] = {
        {"null", "null"},     {"int", "7"},           {"array", "[\"/x\"]"},
        {"empty", "\"\""},    {"dotdot", "\"..\""},   {"dotdot twice", "\"../..\""},
        {"NUL", "\"a\\u0000b\""}, {"invalid UTF-8", "\"\xff\""},
    };

    /* A huge string (for a C caller), given to every key once; 16 KiB keeps valgrind quick (the Rust
     * and Python inventories send 256 KiB). */
    size_t huge_len = 16 * 1024;
    char *huge = (char *)malloc(huge_len + 2);
    memset(huge, 'x', huge_len + 2);
    huge[0] = '"';
    huge[huge_len + 1] = '"';

    /* Raw NUL bytes inside the payload (not escaped): invalid JSON, never scanned as C strings. */
    const char raw_nul[] = "{\"a\":\"x\0y\"}";

    for (int i = 0; i < nops; i++) {
        const op_info *op = &ops[i];
        check(op, "no input", NULL, 0);
        check(op, "array", "[1]", 3);
        check(op, "raw NUL", raw_nul, sizeof raw_nul - 1);
        check(op, "invalid UTF-8 payload", "{\"\xff\":1}", 7);
        try_value(op, -1, "base", NULL, 0);
        for (int k = 0; k < op->nkeys; k++) {
            char what[160];
            if (!op->optional[k]) {
                snprintf(what, sizeof what, "missing %s", op->keys[k]);
                try_value(op, k, what, NULL, 0);
            }
            if (is_root_key(op->keys[k])) {
                for (size_t v = 0; v < sizeof roots / sizeof roots[0]; v++) {
                    snprintf(what, sizeof what, "%s = %s", op->keys[k], roots[v].what);
                    try_value(op, k, what, roots[v].json, strlen(roots[v].json));
                }
            } else {
                for (size_t v = 0; v < sizeof ids / sizeof ids[0]; v++) {
                    snprintf(what, sizeof what, "%s = %s", op->keys[k], ids[v].what);
                    try_value(op, k, what, ids[v].json, strlen(ids[v].json));
                }
            }
            snprintf(what, sizeof what, "%s = huge", op->keys[k]);
            try_value(op, k, what, huge, huge_len + 2);
        }
    }
    free(huge);

    /* Hostile op names. */
    {
        fourx_buf out = {NULL, 0};
        if (fourx_call("../meta.version", (const uint8_t *)"{}", 2, &out) != FOURX_STATUS_ERROR ||
            !strstr((const char *)out.ptr, "unknown_op")) {
            fprintf(stderr, "../meta.version is not unknown_op\n");
            failures++;
        }
        fourx_buf_free(&out);
        if (fourx_call("meta.\xc3", (const uint8_t *)"{}", 2, &out) != FOURX_STATUS_INVALID_UTF8) {
            fprintf(stderr, "an invalid UTF-8 op name is not INVALID_UTF8\n");
            failures++;
        }
        fourx_buf_free(&out);
    }

    if (chdir("/tmp") != 0) failures++;
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", sandbox);
    if (system(cmd) != 0) failures++;
    if (failures) {
        fprintf(stderr, "test_hostile: %d failure(s) in %ld calls over %d ops\n", failures, calls, nops);
        return 1;
    }
    printf("test_hostile: %ld calls over %d ops, all answered with documented kinds\n", calls, nops);
    return 0;
}
