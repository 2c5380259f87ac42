/* fourx_cached_workspace: the cached reader of one .4x workspace (features.md §13) — every
 * export fed hostile input, reads of the committed fixture workspace, a write seen through the
 * cache, and several threads sharing one const handle. Run from the repository root. */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw */
#endif
#include "check.h"
#include "fourx.h" /* double inclusion is harmless */

#include <ftw.h>
#include <pthread.h>
#include <sys/stat.h>

static const uint8_t *u8(const char *s) { return (const uint8_t *)s; }

static const char *FIXTURE = "{\"root\":\"tests/fixtures/workspace\"}";

/* Every `_new` / `_call` / `_free` against the hostile inputs of CONVENTIONS.md §C ABI. */
static void hostile_input(void) {
    hostile hz = hostile_make();
    const char *config = FIXTURE, *op = "workspace.list_features";
    size_t clen = strlen(config);
    fourx_buf err = {NULL, 0}, out = {NULL, 0};
    fourx_cached_workspace *h = (fourx_cached_workspace *)(uintptr_t)1;

    EXPECT(fourx_cached_workspace_new(u8(config), clen, NULL, &err), &err, FOURX_STATUS_NULL_ARG,
           "null_arg");
    CHECK(fourx_cached_workspace_new(u8(config), clen, &h, NULL) == FOURX_STATUS_NULL_ARG);
    CHECK(h == NULL);
    CHECK(fourx_cached_workspace_new(u8(config), clen, NULL, NULL) == FOURX_STATUS_NULL_ARG);
    EXPECT(fourx_cached_workspace_new(NULL, 3, &h, &err), &err, FOURX_STATUS_NULL_ARG, "null_arg");
    EXPECT(fourx_cached_workspace_new(NULL, 0, &h, &err), &err, FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_cached_workspace_new(u8("{\"root\":\"\xff\"}"), 11, &h, &err), &err,
           FOURX_STATUS_INVALID_UTF8, "invalid_utf8");
    EXPECT(fourx_cached_workspace_new(u8("[\"root\"]"), 8, &h, &err), &err, FOURX_STATUS_ERROR,
           "invalid_input");
    EXPECT(fourx_cached_workspace_new(u8("{\"root\":"), 8, &h, &err), &err, FOURX_STATUS_ERROR,
           "invalid_input");
    EXPECT(fourx_cached_workspace_new(u8(hz.deep), strlen(hz.deep), &h, &err), &err,
           FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_cached_workspace_new(hz.big, hz.big_len, &h, &err), &err, FOURX_STATUS_ERROR,
           "input_too_large");
    CHECK(h == NULL);

    CHECK(fourx_cached_workspace_new(u8(config), clen, &h, &err) == FOURX_STATUS_OK);
    CHECK(h != NULL && err.ptr == NULL && err.len == 0);
    CHECK(fourx_cached_workspace_call(h, op, NULL, 0, NULL) == FOURX_STATUS_NULL_ARG);
    EXPECT(fourx_cached_workspace_call(NULL, op, NULL, 0, &out), &out, FOURX_STATUS_NULL_ARG,
           "null_arg");
    EXPECT(fourx_cached_workspace_call(h, NULL, NULL, 0, &out), &out, FOURX_STATUS_NULL_ARG,
           "null_arg");
    EXPECT(fourx_cached_workspace_call(h, op, NULL, 1, &out), &out, FOURX_STATUS_NULL_ARG,
           "null_arg");
    EXPECT(fourx_cached_workspace_call(h, op, NULL, 0, &out), &out, FOURX_STATUS_OK, NULL);
    EXPECT(fourx_cached_workspace_call(h, "workspace.\xc0", NULL, 0, &out), &out,
           FOURX_STATUS_INVALID_UTF8, "invalid_utf8");
    EXPECT(fourx_cached_workspace_call(h, op, u8("{\"x\":\"\xe2\x82\"}"), 9, &out), &out,
           FOURX_STATUS_INVALID_UTF8, "invalid_utf8");
    EXPECT(fourx_cached_workspace_call(h, op, u8("42"), 2, &out), &out, FOURX_STATUS_ERROR,
           "invalid_input");
    EXPECT(fourx_cached_workspace_call(h, op, u8("{]"), 2, &out), &out, FOURX_STATUS_ERROR,
           "invalid_input");
    EXPECT(fourx_cached_workspace_call(h, op, u8(hz.deep), strlen(hz.deep), &out), &out,
           FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_cached_workspace_call(h, op, hz.big, hz.big_len, &out), &out, FOURX_STATUS_ERROR,
           "input_too_large");
    /* only the read ops: a write op is unknown to the handle */
    EXPECT(fourx_cached_workspace_call(h, "workspace.save_feature", NULL, 0, &out), &out,
           FOURX_STATUS_ERROR, "unknown_op");
    fourx_cached_workspace_free(h);
    fourx_cached_workspace_free(NULL);
    hostile_free(&hz);
}

/* Runs `op` on the handle and checks that the result contains `needle`. */
static void expect_read(const fourx_cached_workspace *h, const char *op, const char *input,
                        const char *needle) {
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_cached_workspace_call(h, op, u8(input), strlen(input), &out);
    if (st != FOURX_STATUS_OK || !strstr(text(&out), needle)) {
        fprintf(stderr, "%s %s: status %d, want %s in %s\n", op, input, (int)st, needle, text(&out));
        failures++;
    }
    fourx_buf_free(&out);
}

static void reads_the_fixture(void) {
    fourx_cached_workspace *h = NULL;
    fourx_buf err = {NULL, 0};
    CHECK(fourx_cached_workspace_new(u8(FIXTURE), strlen(FIXTURE), &h, &err) == FOURX_STATUS_OK);
    if (!h) return;
    for (int i = 0; i < 2; i++) { /* the second round is served from the cache */
        expect_read(h, "workspace.list_features", "{}", "\"id\":\"F003-search\"");
        expect_read(h, "workspace.load_feature", "{\"feature_id\":\"F002-checkout\"}",
                    "\"status\":\"in-progress\"");
        expect_read(h, "workspace.read_state", "{\"feature_id\":\"F002-checkout\"}",
                    "\"phase\":\"needs-attention\"");
        expect_read(h, "config.read", "{}", "\"name\":\"shop\"");
    }
    fourx_buf out = {NULL, 0};
    EXPECT(fourx_cached_workspace_call(h, "workspace.load_feature", u8("{\"feature_id\":\"F404-none\"}"),
                                       26, &out),
           &out, FOURX_STATUS_ERROR, NULL);
    fourx_cached_workspace_free(h);
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* A state written through fourx_call is seen by the next cached read. */
static void sees_writes(void) {
    char root[] = "/tmp/fourx-c-cached-XXXXXX";
    if (!mkdtemp(root)) {
        failures++;
        return;
    }
    char cfg[128], in[512];
    snprintf(cfg, sizeof cfg, "{\"root\":\"%s\"}", root);
    fourx_cached_workspace *h = NULL;
    fourx_buf out = {NULL, 0};
    CHECK(fourx_cached_workspace_new(u8(cfg), strlen(cfg), &h, &out) == FOURX_STATUS_OK);
    expect_read(h, "workspace.list_features", "{}", "\"features\":[]");
    snprintf(in, sizeof in, "{\"root\":\"%s\",\"feature_id\":\"F001-demo\"}", root);
    CHECK(fourx_call("workspace.init_feature_dir", u8(in), strlen(in), &out) == FOURX_STATUS_OK);
    fourx_buf_free(&out);
    const char *phases[2] = {"coding", "reviewing"};
    for (int i = 0; i < 2; i++) {
        snprintf(in, sizeof in,
                 "{\"root\":\"%s\",\"feature_id\":\"F001-demo\",\"state\":{\"featureId\":\"F001-demo\","
                 "\"phase\":\"%s\"},\"now\":\"2026-11-29T10:00:0%dZ\"}",
                 root, phases[i], i);
        CHECK(fourx_call("workspace.write_state", u8(in), strlen(in), &out) == FOURX_STATUS_OK);
        fourx_buf_free(&out);
        char needle[64];
        snprintf(needle, sizeof needle, "\"phase\":\"%s\"", phases[i]);
        expect_read(h, "workspace.read_state", "{\"feature_id\":\"F001-demo\"}", needle);
    }
    fourx_cached_workspace_free(h);
    nftw(root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void *reader(void *arg) {
    const fourx_cached_workspace *h = (const fourx_cached_workspace *)arg;
    for (int i = 0; i < 20; i++) {
        expect_read(h, "workspace.list_features", "{}", "\"id\":\"F001-login\"");
        expect_read(h, "workspace.load_feature", "{\"feature_id\":\"F001-login\"}", "\"id\":\"F001-login\"");
    }
    return NULL;
}

static void shared_between_threads(void) {
    fourx_cached_workspace *h = NULL;
    fourx_buf err = {NULL, 0};
    CHECK(fourx_cached_workspace_new(u8(FIXTURE), strlen(FIXTURE), &h, &err) == FOURX_STATUS_OK);
    if (!h) return;
    pthread_t t[4];
    for (int i = 0; i < 4; i++) CHECK(pthread_create(&t[i], NULL, reader, h) == 0);
    for (int i = 0; i < 4; i++) CHECK(pthread_join(t[i], NULL) == 0);
    fourx_cached_workspace_free(h);
}

int main(void) {
    hostile_input();
    reads_the_fixture();
    sees_writes();
    shared_between_threads();
    return finish("test_cached_workspace");
}
