/* The handles: fourx_blueprint_store (memory and filesystem stores) and fourx_snapshot_cell
 * (publish / load / request with its background rescan thread), each export fed hostile input.
 * Compiled -std=c11 -Wall -Wextra -Werror and as C++; run plain, under ASan and valgrind. */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw, nanosleep */
#endif
#include "check.h"
#include "fourx.h" /* double inclusion is harmless */

#include <ftw.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const uint8_t *u8(const char *s) { return (const uint8_t *)s; }

/* Every `_new` / `_call` / `_free` of handle type T against the hostile inputs of
 * CONVENTIONS.md §C ABI. `config` is a valid config, `op` a valid op taking `{}`. */
#define HOSTILE_HANDLE(T, config, op, missing_kind)                                          \
    do {                                                                                     \
        fourx_buf err = {NULL, 0}, out = {NULL, 0};                                          \
        T *h = (T *)(uintptr_t)1; /* must be reset to NULL by every failed _new */           \
        size_t clen = strlen(config);                                                        \
        /* _new: NULL for each pointer */                                                    \
        EXPECT(T##_new(u8(config), clen, NULL, &err), &err, FOURX_STATUS_NULL_ARG, "null_arg"); \
        CHECK(T##_new(u8(config), clen, &h, NULL) == FOURX_STATUS_NULL_ARG);                 \
        CHECK(h == NULL);                                                                    \
        CHECK(T##_new(u8(config), clen, NULL, NULL) == FOURX_STATUS_NULL_ARG);               \
        h = (T *)(uintptr_t)1;                                                               \
        EXPECT(T##_new(NULL, 3, &h, &err), &err, FOURX_STATUS_NULL_ARG, "null_arg");         \
        CHECK(h == NULL);                                                                    \
        /* (NULL, 0) is {}: the config's required key is missing */                          \
        EXPECT(T##_new(NULL, 0, &h, &err), &err, FOURX_STATUS_ERROR, missing_kind);          \
        CHECK(h == NULL);                                                                    \
        EXPECT(T##_new(u8("{\"x\":\"\xff\"}"), 8, &h, &err), &err, FOURX_STATUS_INVALID_UTF8, \
               "invalid_utf8");                                                              \
        EXPECT(T##_new(u8("[1]"), 3, &h, &err), &err, FOURX_STATUS_ERROR, "invalid_input");  \
        EXPECT(T##_new(u8("{"), 1, &h, &err), &err, FOURX_STATUS_ERROR, "invalid_input");    \
        EXPECT(T##_new(u8(hz.deep), strlen(hz.deep), &h, &err), &err, FOURX_STATUS_ERROR,    \
               "invalid_input");                                                             \
        EXPECT(T##_new(hz.big, hz.big_len, &h, &err), &err, FOURX_STATUS_ERROR,              \
               "input_too_large");                                                           \
        CHECK(h == NULL);                                                                    \
        /* a good handle */                                                                  \
        CHECK(T##_new(u8(config), clen, &h, &err) == FOURX_STATUS_OK);                       \
        CHECK(h != NULL && err.ptr == NULL && err.len == 0);                                 \
        fourx_buf_free(&err);                                                                \
        /* _call: NULL for each pointer */                                                   \
        CHECK(T##_call(h, op, NULL, 0, NULL) == FOURX_STATUS_NULL_ARG);                      \
        EXPECT(T##_call(NULL, op, NULL, 0, &out), &out, FOURX_STATUS_NULL_ARG, "null_arg");  \
        EXPECT(T##_call(h, NULL, NULL, 0, &out), &out, FOURX_STATUS_NULL_ARG, "null_arg");   \
        EXPECT(T##_call(h, op, NULL, 2, &out), &out, FOURX_STATUS_NULL_ARG, "null_arg");     \
        EXPECT(T##_call(h, op, NULL, 0, &out), &out, FOURX_STATUS_OK, NULL);                 \
        EXPECT(T##_call(h, op, u8("{}"), 2, &out), &out, FOURX_STATUS_OK, NULL);             \
        /* invalid UTF-8 op and input, not an object, not JSON, too deep, too big */         \
        EXPECT(T##_call(h, "re\xff", NULL, 0, &out), &out, FOURX_STATUS_INVALID_UTF8,        \
               "invalid_utf8");                                                              \
        EXPECT(T##_call(h, op, u8("{\"a\":\"\xc3\"}"), 8, &out), &out,                       \
               FOURX_STATUS_INVALID_UTF8, "invalid_utf8");                                   \
        EXPECT(T##_call(h, op, u8("\"str\""), 5, &out), &out, FOURX_STATUS_ERROR,            \
               "invalid_input");                                                             \
        EXPECT(T##_call(h, op, u8("{\"a\":}"), 6, &out), &out, FOURX_STATUS_ERROR,           \
               "invalid_input");                                                             \
        EXPECT(T##_call(h, op, u8(hz.deep), strlen(hz.deep), &out), &out, FOURX_STATUS_ERROR, \
               "invalid_input");                                                             \
        EXPECT(T##_call(h, op, hz.big, hz.big_len, &out), &out, FOURX_STATUS_ERROR,          \
               "input_too_large");                                                           \
        EXPECT(T##_call(h, "no.such", NULL, 0, &out), &out, FOURX_STATUS_ERROR, "unknown_op"); \
        T##_free(h);                                                                         \
        T##_free(NULL);                                                                      \
    } while (0)

/* Copies the string value of `"key":"..."` in `json` into `dst` (no escapes expected). */
static int json_str(const char *json, const char *key, char *dst, size_t cap) {
    char needle[64];
    snprintf(needle, sizeof needle, "\"%s\":\"", key);
    const char *p = strstr(json, needle);
    if (!p) return 0;
    p += strlen(needle);
    const char *end = strchr(p, '"');
    if (!end || (size_t)(end - p) >= cap) return 0;
    memcpy(dst, p, (size_t)(end - p));
    dst[end - p] = '\0';
    return 1;
}

/* Runs `op` on the store and returns the result text in a malloc'd string (NULL on failure). */
static char *store_op(const fourx_blueprint_store *s, const char *op, const char *input,
                      fourx_status want) {
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_blueprint_store_call(s, op, u8(input), strlen(input), &out);
    if (st != want) {
        fprintf(stderr, "store %s: status %d, want %d: %s\n", op, (int)st, (int)want, text(&out));
        failures++;
    }
    char *copy = (char *)malloc(out.len + 1);
    memcpy(copy, out.ptr, out.len + 1);
    fourx_buf_free(&out);
    return copy;
}

static const char *SNAPSHOT = "{\"modules\":[\"cmd/tool\",\"internal/store\"],"
                              "\"edges\":[[\"cmd/tool\",\"internal/store\"]]}";

static void commit_input(char *buf, size_t cap, const char *claim, const char *nonce) {
    snprintf(buf, cap,
             "{\"project_id\":\"\",\"items\":[{\"module\":\"internal/store\",\"field\":\"purpose\","
             "\"where\":\"\",\"claim\":\"%s\"}],\"snapshot\":%s,\"evidence\":[\"internal/store\"],"
             "\"now\":\"2026-03-01T12:00:00Z\",\"nonce\":\"%s\"}",
             claim, SNAPSHOT, nonce);
}

static void memory_store(void) {
    fourx_blueprint_store *s = NULL;
    fourx_buf err = {NULL, 0};
    const char *cfg = "{\"store\":{\"kind\":\"memory\"}}";
    CHECK(fourx_blueprint_store_new(u8(cfg), strlen(cfg), &s, &err) == FOURX_STATUS_OK);
    char input[1024];
    commit_input(input, sizeof input, "Stores blueprints with compare-and-swap.", "0a0b0c0d");
    free(store_op(s, "commit", input, FOURX_STATUS_OK));
    char *read = store_op(s, "read", "{}", FOURX_STATUS_OK);
    CHECK(strstr(read, "compare-and-swap") != NULL);
    CHECK(strstr(read, "\"exists\":true") != NULL);
    free(read);
    /* a second commit archives the first file as a revision */
    commit_input(input, sizeof input, "Keeps five revisions of the file.", "0a0b0c0e");
    char *out = store_op(s, "commit", input, FOURX_STATUS_OK);
    CHECK(strstr(out, "\"written\":true") != NULL);
    free(out);
    read = store_op(s, "read", "{}", FOURX_STATUS_OK);
    CHECK(strstr(read, "-0a0b0c0e.md") != NULL);
    free(read);
    char idx[512];
    snprintf(idx, sizeof idx, "{\"snapshot\":%s}", SNAPSHOT);
    out = store_op(s, "render_index", idx, FOURX_STATUS_OK);
    CHECK(strstr(out, "internal/store") != NULL);
    free(out);
    snprintf(idx, sizeof idx, "{\"snapshot\":%s,\"module\":\"internal/store\"}", SNAPSHOT);
    out = store_op(s, "read_module", idx, FOURX_STATUS_OK);
    CHECK(strstr(out, "five revisions") != NULL);
    free(out);
    /* the op input may not re-bind the store */
    fourx_buf b = {NULL, 0};
    EXPECT(fourx_blueprint_store_call(s, "read", u8("{\"store\":{}}"), 12, &b), &b,
           FOURX_STATUS_ERROR, "invalid_input");
    /* a bad time is the blueprint's kind */
    commit_input(input, sizeof input, "Whatever claim is here.", "0a0b0c0f");
    char *bad = strstr(input, "2026-03-01T12");
    if (bad) bad[10] = 't';
    EXPECT(fourx_blueprint_store_call(s, "commit", u8(input), strlen(input), &b), &b,
           FOURX_STATUS_ERROR, "invalid_time");
    fourx_blueprint_store_free(s);
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void fs_store(void) {
    char base[] = "/tmp/fourx-c-test-XXXXXX";
    if (!mkdtemp(base)) {
        fprintf(stderr, "mkdtemp failed\n");
        failures++;
        return;
    }
    char repo[128], git[160], home[128], buf[1024], pid[64], dir[256];
    snprintf(repo, sizeof repo, "%s/repo", base);
    snprintf(git, sizeof git, "%s/.git", repo);
    snprintf(home, sizeof home, "%s/home", base);
    CHECK(mkdir(repo, 0700) == 0 && mkdir(git, 0700) == 0 && mkdir(home, 0700) == 0);

    fourx_buf out = {NULL, 0};
    snprintf(buf, sizeof buf, "{\"root\":\"%s\"}", repo);
    CHECK(fourx_call("blueprint.project_id", u8(buf), strlen(buf), &out) == FOURX_STATUS_OK);
    CHECK(json_str(text(&out), "project_id", pid, sizeof pid));
    fourx_buf_free(&out);
    snprintf(buf, sizeof buf, "{\"home\":\"%s\",\"project_id\":\"%s\"}", home, pid);
    CHECK(fourx_call("blueprint.storage_paths", u8(buf), strlen(buf), &out) == FOURX_STATUS_OK);
    CHECK(json_str(text(&out), "dir", dir, sizeof dir));
    fourx_buf_free(&out);

    /* the root guard runs when the handle is made: the home directory is not a project */
    fourx_blueprint_store *s = NULL;
    snprintf(buf, sizeof buf,
             "{\"store\":{\"kind\":\"fs\",\"dir\":\"%s\"},\"home\":\"%s\",\"repo_root\":\"%s\"}",
             dir, home, home);
    EXPECT(fourx_blueprint_store_new(u8(buf), strlen(buf), &s, &out), &out, FOURX_STATUS_ERROR,
           "root_is_home");
    CHECK(s == NULL);

    snprintf(buf, sizeof buf,
             "{\"store\":{\"kind\":\"fs\",\"dir\":\"%s\"},\"home\":\"%s\",\"repo_root\":\"%s\"}",
             dir, home, repo);
    CHECK(fourx_blueprint_store_new(u8(buf), strlen(buf), &s, &out) == FOURX_STATUS_OK);
    fourx_buf_free(&out);
    char *read = store_op(s, "read", "{}", FOURX_STATUS_OK);
    CHECK(strstr(read, "\"exists\":false") != NULL);
    free(read);
    char input[1024];
    commit_input(input, sizeof input, "Written to disk atomically.", "1a2b3c4d");
    char *res = store_op(s, "commit", input, FOURX_STATUS_OK);
    CHECK(strstr(res, "\"written\":true") != NULL);
    free(res);
    read = store_op(s, "read", "{}", FOURX_STATUS_OK);
    CHECK(strstr(read, "Written to disk atomically.") != NULL);
    free(read);
    char file[320];
    snprintf(file, sizeof file, "%s/blueprint.md", dir);
    CHECK(access(file, R_OK) == 0);
    fourx_blueprint_store_free(s);
    nftw(base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Polls `load` until no rescan holds the writer token (at most ~10 s); returns the load text. */
static char *load_settled(const fourx_snapshot_cell *c) {
    for (int i = 0; i < 1000; i++) {
        fourx_buf out = {NULL, 0};
        CHECK(fourx_snapshot_cell_call(c, "load", NULL, 0, &out) == FOURX_STATUS_OK);
        if (strstr(text(&out), "\"scanning\":false")) {
            char *copy = (char *)malloc(out.len + 1);
            memcpy(copy, out.ptr, out.len + 1);
            fourx_buf_free(&out);
            return copy;
        }
        fourx_buf_free(&out);
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    fprintf(stderr, "the rescan never finished\n");
    failures++;
    return NULL;
}

static void snapshot_cell(void) {
    char base[] = "/tmp/fourx-c-cell-XXXXXX";
    if (!mkdtemp(base)) {
        failures++;
        return;
    }
    char cfg[256];
    snprintf(cfg, sizeof cfg, "{\"root\":\"%s\",\"snapshot\":{\"modules\":[\"a\"],\"repo_token\":\"t0\"}}",
             base);
    fourx_snapshot_cell *c = NULL;
    fourx_buf out = {NULL, 0};
    CHECK(fourx_snapshot_cell_new(u8(cfg), strlen(cfg), &c, &out) == FOURX_STATUS_OK);
    fourx_buf_free(&out);

    CHECK(fourx_snapshot_cell_call(c, "load", NULL, 0, &out) == FOURX_STATUS_OK);
    CHECK(strstr(text(&out), "\"repo_token\":\"t0\"") && strstr(text(&out), "\"path\":\"a\""));
    fourx_buf_free(&out);

    /* same token: no rescan */
    const char *same = "{\"repo_token\":\"t0\",\"now\":\"2026-03-01T12:00:00Z\"}";
    CHECK(fourx_snapshot_cell_call(c, "request", u8(same), strlen(same), &out) == FOURX_STATUS_OK);
    CHECK(strstr(text(&out), "\"scanning\":false") != NULL);
    fourx_buf_free(&out);

    const char *pub = "{\"snapshot\":{\"modules\":[\"b\"],\"repo_token\":\"t1\"}}";
    CHECK(fourx_snapshot_cell_call(c, "publish", u8(pub), strlen(pub), &out) == FOURX_STATUS_OK);
    CHECK(strstr(text(&out), "\"published\":true") != NULL);
    fourx_buf_free(&out);

    /* a new token: request answers at once with the published snapshot; the rescan runs on the
     * handle's thread and either publishes (token t2) or fails and keeps "b" with last_error */
    const char *next = "{\"repo_token\":\"t2\",\"now\":\"2026-03-01T12:00:00Z\"}";
    CHECK(fourx_snapshot_cell_call(c, "request", u8(next), strlen(next), &out) == FOURX_STATUS_OK);
    CHECK(strstr(text(&out), "\"path\":\"b\"") != NULL);
    fourx_buf_free(&out);
    char *settled = load_settled(c);
    if (settled) {
        int published = strstr(settled, "\"repo_token\":\"t2\"") != NULL;
        int failed_kept = strstr(settled, "\"path\":\"b\"") && !strstr(settled, "\"last_error\":null");
        CHECK(published || failed_kept);
        /* the scan's duration was sampled; cheap or costly depends on the machine (valgrind
         * slows a real scan of even an empty root past the 150 ms boundary) */
        CHECK(strstr(settled, "\"cost\":{\"mode\":\"") != NULL);
        free(settled);
    }

    const char *noon = "{\"repo_token\":\"t\",\"now\":\"noon\"}";
    EXPECT(fourx_snapshot_cell_call(c, "request", u8(noon), strlen(noon), &out), &out,
           FOURX_STATUS_ERROR, "invalid_time");
    const char *escape = "{\"snapshot\":{\"modules\":[\"../x\"]}}";
    EXPECT(fourx_snapshot_cell_call(c, "publish", u8(escape), strlen(escape), &out), &out,
           FOURX_STATUS_ERROR, "invalid_snapshot");

    /* free while a rescan may be running: it is joined, nothing leaks */
    const char *again = "{\"repo_token\":\"t3\",\"now\":\"2026-03-01T12:00:00Z\"}";
    CHECK(fourx_snapshot_cell_call(c, "request", u8(again), strlen(again), &out) == FOURX_STATUS_OK);
    fourx_buf_free(&out);
    fourx_snapshot_cell_free(c);

    /* a relative root is refused */
    const char *rel = "{\"root\":\"repo\"}";
    EXPECT(fourx_snapshot_cell_new(u8(rel), strlen(rel), &c, &out), &out, FOURX_STATUS_ERROR,
           "invalid_path");
    CHECK(c == NULL);
    rmdir(base);
}

int main(void) {
    hostile hz = hostile_make();
    HOSTILE_HANDLE(fourx_blueprint_store, "{\"store\":{}}", "read", "invalid_input");
    HOSTILE_HANDLE(fourx_snapshot_cell, "{\"root\":\"/nonexistent\"}", "load", "invalid_input");
    hostile_free(&hz);
    memory_store();
    fs_store();
    snapshot_cell();
    return finish("test_handles");
}
