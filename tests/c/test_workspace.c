/* fourx_workspace: a workspace bound to its run-state store — every export fed hostile input,
 * the run loop's I/O through the filesystem run store (the same bytes as the plain ops), and,
 * when FOURX_PG_URL names a server (make test starts one), the same calls on PostgreSQL with a
 * lease whose stale holder is refused. Without a server the PostgreSQL part skips loudly (and
 * fails when FOURX_REQUIRE_PG is set). Run from the repository root. */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw */
#endif
#include "check.h"
#include "fourx.h" /* double inclusion is harmless */

#include <ftw.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const uint8_t *u8(const char *s) { return (const uint8_t *)s; }

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Runs `op` on `h` with `input`; checks the status and that the output contains `needle`. */
static void expect_call(int line, const fourx_workspace *h, const char *op, const char *input,
                        fourx_status want, const char *needle) {
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_workspace_call(h, op, u8(input), strlen(input), &out);
    if (st != want || (needle && !strstr(text(&out), needle))) {
        fprintf(stderr, "%s:%d: %s -> status %d, want %d with %s: %s\n", __FILE__, line, op,
                (int)st, (int)want, needle ? needle : "-", text(&out));
        failures++;
    }
    fourx_buf_free(&out);
}
#define CALL(h, op, in, want, needle) expect_call(__LINE__, (h), (op), (in), (want), (needle))

/* Every `_new` / `_call` / `_free` against the hostile inputs of CONVENTIONS.md §C ABI. */
static void hostile_input(void) {
    hostile hz = hostile_make();
    const char *config = "{\"root\":\"/tmp\"}", *op = "workspace.stop_requested";
    size_t clen = strlen(config);
    fourx_buf err = {NULL, 0}, out = {NULL, 0};
    fourx_workspace *h = (fourx_workspace *)(uintptr_t)1;

    EXPECT(fourx_workspace_new(u8(config), clen, NULL, &err), &err, FOURX_STATUS_NULL_ARG, "null_arg");
    CHECK(fourx_workspace_new(u8(config), clen, &h, NULL) == FOURX_STATUS_NULL_ARG);
    CHECK(h == NULL);
    EXPECT(fourx_workspace_new(NULL, 3, &h, &err), &err, FOURX_STATUS_NULL_ARG, "null_arg");
    EXPECT(fourx_workspace_new(NULL, 0, &h, &err), &err, FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_workspace_new(u8("{\"root\":\"\xff\"}"), 11, &h, &err), &err,
           FOURX_STATUS_INVALID_UTF8, "invalid_utf8");
    EXPECT(fourx_workspace_new(u8("[1]"), 3, &h, &err), &err, FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_workspace_new(u8(hz.deep), strlen(hz.deep), &h, &err), &err, FOURX_STATUS_ERROR,
           "invalid_input");
    EXPECT(fourx_workspace_new(hz.big, hz.big_len, &h, &err), &err, FOURX_STATUS_ERROR,
           "input_too_large");
    const char *bad_key = "{\"root\":\"/tmp\",\"home\":\"/x\"}";
    EXPECT(fourx_workspace_new(u8(bad_key), strlen(bad_key), &h, &err), &err, FOURX_STATUS_ERROR,
           "invalid_input");
    const char *memory = "{\"root\":\"/tmp\",\"store\":{\"kind\":\"memory\"}}";
    EXPECT(fourx_workspace_new(u8(memory), strlen(memory), &h, &err), &err, FOURX_STATUS_ERROR,
           "invalid_input");
    const char *bad_pg = "{\"root\":\"/tmp\",\"store\":{\"kind\":\"postgres\",\"url\":7}}";
    EXPECT(fourx_workspace_new(u8(bad_pg), strlen(bad_pg), &h, &err), &err, FOURX_STATUS_ERROR,
           "invalid_config");
    CHECK(h == NULL);

    CHECK(fourx_workspace_new(u8(config), clen, &h, &err) == FOURX_STATUS_OK);
    CHECK(h != NULL && err.ptr == NULL && err.len == 0);
    CHECK(fourx_workspace_call(h, op, NULL, 0, NULL) == FOURX_STATUS_NULL_ARG);
    EXPECT(fourx_workspace_call(NULL, op, NULL, 0, &out), &out, FOURX_STATUS_NULL_ARG, "null_arg");
    EXPECT(fourx_workspace_call(h, NULL, NULL, 0, &out), &out, FOURX_STATUS_NULL_ARG, "null_arg");
    EXPECT(fourx_workspace_call(h, op, NULL, 1, &out), &out, FOURX_STATUS_NULL_ARG, "null_arg");
    EXPECT(fourx_workspace_call(h, "workspace.\xc0", NULL, 0, &out), &out,
           FOURX_STATUS_INVALID_UTF8, "invalid_utf8");
    EXPECT(fourx_workspace_call(h, op, u8("42"), 2, &out), &out, FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_workspace_call(h, op, u8(hz.deep), strlen(hz.deep), &out), &out,
           FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_workspace_call(h, op, hz.big, hz.big_len, &out), &out, FOURX_STATUS_ERROR,
           "input_too_large");
    EXPECT(fourx_workspace_call(h, op, NULL, 0, &out), &out, FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_workspace_call(h, "workspace.save_feature", NULL, 0, &out), &out,
           FOURX_STATUS_ERROR, "unknown_op");
    const char *rebind = "{\"feature_id\":\"F1\",\"root\":\"/etc\"}";
    EXPECT(fourx_workspace_call(h, op, u8(rebind), strlen(rebind), &out), &out, FOURX_STATUS_ERROR,
           "invalid_input");
    fourx_workspace_free(h);
    fourx_workspace_free(NULL);
    hostile_free(&hz);
}

/* The contents of `path` (at most 64 KiB), NUL-terminated, or "" when it cannot be read. */
static void slurp(const char *path, char *buf, size_t cap) {
    buf[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (!f) return;
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
}

static const char *STATE_IN =
    "{\"feature_id\":\"F001-demo\",\"state\":{\"featureId\":\"F001-demo\",\"phase\":\"coding\"},"
    "\"now\":\"2026-11-29T10:00:00Z\"}";
static const char *EVENT_IN =
    "{\"feature_id\":\"F001-demo\",\"event\":{\"type\":\"run-start\",\"phase\":\"coding\"},"
    "\"now\":\"2026-11-29T10:00:01Z\"}";
static const char *ID_IN = "{\"feature_id\":\"F001-demo\"}";

/* The filesystem run store writes the bytes the plain ops write. */
static void fs_store_is_byte_compatible(void) {
    char plain[] = "/tmp/fourx-c-ws-plain-XXXXXX", viastore[] = "/tmp/fourx-c-ws-store-XXXXXX";
    if (!mkdtemp(plain) || !mkdtemp(viastore)) {
        failures++;
        return;
    }
    char cfg[256];
    fourx_buf err = {NULL, 0};
    fourx_workspace *a = NULL, *b = NULL;
    snprintf(cfg, sizeof cfg, "{\"root\":\"%s\"}", plain);
    CHECK(fourx_workspace_new(u8(cfg), strlen(cfg), &a, &err) == FOURX_STATUS_OK);
    snprintf(cfg, sizeof cfg, "{\"root\":\"%s\",\"store\":{\"kind\":\"fs\"}}", viastore);
    CHECK(fourx_workspace_new(u8(cfg), strlen(cfg), &b, &err) == FOURX_STATUS_OK);
    if (!a || !b) return;
    char in[256];
    snprintf(in, sizeof in, "{\"root\":\"%s\",\"feature_id\":\"F001-demo\"}", plain);
    fourx_buf out = {NULL, 0};
    CHECK(fourx_call("workspace.init_feature_dir", u8(in), strlen(in), &out) == FOURX_STATUS_OK);
    fourx_buf_free(&out);
    const fourx_workspace *both[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        CALL(both[i], "workspace.claim",
             "{\"feature_id\":\"F001-demo\",\"holder\":\"c-test\",\"ttl_ms\":1000}", FOURX_STATUS_OK,
             "\"granted\":true");
        CALL(both[i], "workspace.write_state", STATE_IN, FOURX_STATUS_OK, "\"updatedAt\":\"2026-11-29T10:00:00Z\"");
        CALL(both[i], "workspace.append_event", EVENT_IN, FOURX_STATUS_OK, "\"ts\":\"2026-11-29T10:00:01Z\"");
        CALL(both[i], "workspace.read_state", ID_IN, FOURX_STATUS_OK, "\"phase\":\"coding\"");
        CALL(both[i], "workspace.stop_requested", ID_IN, FOURX_STATUS_OK, "\"requested\":false");
        CALL(both[i], "workspace.request_stop", ID_IN, FOURX_STATUS_OK, "{}");
        CALL(both[i], "workspace.stop_requested", ID_IN, FOURX_STATUS_OK, "\"requested\":true");
        CALL(both[i], "workspace.total_cost", ID_IN, FOURX_STATUS_OK, "\"total_cost_usd\":0");
    }
    const char *names[3] = {"state.json", "events.jsonl", "stop"};
    for (int i = 0; i < 3; i++) {
        char pa[512], pb[512], ba[4096], bb[4096];
        snprintf(pa, sizeof pa, "%s/.4x/run/F001-demo/%s", plain, names[i]);
        snprintf(pb, sizeof pb, "%s/.4x/run/F001-demo/%s", viastore, names[i]);
        slurp(pa, ba, sizeof ba);
        slurp(pb, bb, sizeof bb);
        CHECK(ba[0] != '\0');
        CHECK(strcmp(ba, bb) == 0);
    }
    /* the filesystem has no leases: presenting one is refused */
    CALL(b, "workspace.write_state",
         "{\"feature_id\":\"F001-demo\",\"state\":{},\"now\":\"2026-11-29T10:00:00Z\","
         "\"lease\":{\"feature\":\"F001-demo\",\"holder\":\"x\",\"token\":1,\"ttl_ms\":5}}",
         FOURX_STATUS_ERROR, "\"kind\":\"invalid_input\"");
    fourx_workspace_free(a);
    fourx_workspace_free(b);
    nftw(plain, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    nftw(viastore, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The same run-state calls on PostgreSQL, with leases. */
static void postgres_store(void) {
    const char *url = getenv("FOURX_PG_URL");
    if (!url || !*url) {
        if (getenv("FOURX_REQUIRE_PG")) {
            fprintf(stderr, "FOURX_REQUIRE_PG is set but FOURX_PG_URL is not\n");
            failures++;
            return;
        }
        fprintf(stderr, "######## SKIPPED: FOURX_PG_URL is not set; fourx_workspace on "
                        "PostgreSQL is NOT tested\n");
        return;
    }
    char cfg[1024], root[] = "/tmp/fourx-c-ws-pg-XXXXXX";
    if (!mkdtemp(root)) {
        failures++;
        return;
    }
    snprintf(cfg, sizeof cfg,
             "{\"root\":\"%s\",\"store\":{\"kind\":\"postgres\",\"url\":\"%s\",\"schema\":\"c_%ld_%ld\","
             /* generous: SCRAM in a debug build under valgrind takes seconds */
             "\"connect_timeout_ms\":120000}}",
             root, url, (long)getpid(), (long)time(NULL));
    fourx_workspace *one = NULL, *two = NULL;
    fourx_buf err = {NULL, 0};
    CHECK(fourx_workspace_new(u8(cfg), strlen(cfg), &one, &err) == FOURX_STATUS_OK);
    CHECK(fourx_workspace_new(u8(cfg), strlen(cfg), &two, &err) == FOURX_STATUS_OK);
    if (!one || !two) {
        fprintf(stderr, "open failed: %s\n", text(&err));
        fourx_buf_free(&err);
        return;
    }
    fourx_buf out = {NULL, 0};
    const char *claim1 = "{\"feature_id\":\"F001-demo\",\"holder\":\"machine-1\",\"ttl_ms\":60000}";
    CHECK(fourx_workspace_call(one, "workspace.claim", u8(claim1), strlen(claim1), &out) ==
          FOURX_STATUS_OK);
    /* the lease object as returned: {"feature":...,"holder":...,"token":N,"ttl_ms":60000} */
    char lease[256] = "";
    const char *at = strstr(text(&out), "\"lease\":");
    const char *end = at ? strchr(at, '}') : NULL;
    if (at && end && (size_t)(end - at) < sizeof lease - 1) {
        memcpy(lease, at, (size_t)(end - at + 1));
        lease[end - at + 1] = '\0';
    }
    CHECK(strstr(text(&out), "\"granted\":true") != NULL && lease[0] != '\0');
    fourx_buf_free(&out);
    char in[1024];
    snprintf(in, sizeof in,
             "{\"feature_id\":\"F001-demo\",\"state\":{\"featureId\":\"F001-demo\",\"phase\":\"coding\"},"
             "\"now\":\"2026-11-29T10:00:00Z\",%s}",
             lease);
    CALL(one, "workspace.write_state", in, FOURX_STATUS_OK, "\"phase\":\"coding\"");
    CALL(two, "workspace.read_state", ID_IN, FOURX_STATUS_OK, "\"phase\":\"coding\"");
    CALL(two, "workspace.claim", "{\"feature_id\":\"F001-demo\",\"holder\":\"machine-2\",\"ttl_ms\":60000}",
         FOURX_STATUS_OK, "\"holder\":\"machine-1\"");
    /* machine-1 gives the feature up; machine-2 takes it with a newer token */
    char release[512];
    snprintf(release, sizeof release, "{\"feature_id\":\"F001-demo\",%s}", lease);
    CALL(one, "workspace.release", release, FOURX_STATUS_OK, "{}");
    CALL(two, "workspace.claim", "{\"feature_id\":\"F001-demo\",\"holder\":\"machine-2\",\"ttl_ms\":60000}",
         FOURX_STATUS_OK, "\"granted\":true");
    /* the old owner's lease is stale: its write and a second release are refused */
    CALL(one, "workspace.write_state", in, FOURX_STATUS_ERROR, "\"kind\":\"lease_lost\"");
    CALL(one, "workspace.release", release, FOURX_STATUS_ERROR, "\"kind\":\"lease_lost\"");
    CALL(one, "workspace.append_event", EVENT_IN, FOURX_STATUS_OK, "\"type\":\"run-start\"");
    CALL(two, "workspace.check_events", ID_IN, FOURX_STATUS_OK, "\"lines\":1");
    CALL(one, "workspace.export", "{}", FOURX_STATUS_OK, "\"events\":1");
    char path[512], bytes[4096];
    snprintf(path, sizeof path, "%s/.4x/run/F001-demo/state.json", root);
    slurp(path, bytes, sizeof bytes);
    CHECK(strstr(bytes, "\"phase\": \"coding\"") != NULL);
    fourx_workspace_free(one);
    fourx_workspace_free(two);
    nftw(root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);

    /* an unreachable server is an error at open that never shows the password */
    const char *dead =
        "{\"root\":\"/tmp\",\"store\":{\"kind\":\"postgres\",\"url\":"
        "\"postgresql://fourx:pw-never-shown@127.0.0.1:1/x\"}}";
    fourx_workspace *h = NULL;
    CHECK(fourx_workspace_new(u8(dead), strlen(dead), &h, &err) == FOURX_STATUS_ERROR);
    CHECK(h == NULL);
    CHECK(strstr(text(&err), "\"kind\":\"io_error\"") != NULL);
    CHECK(strstr(text(&err), "pw-never-shown") == NULL);
    fourx_buf_free(&err);
}

int main(void) {
    hostile_input();
    fs_store_is_byte_compatible();
    postgres_store();
    return finish("test_workspace");
}
