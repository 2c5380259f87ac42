/* The caller's token counter across the C ABI: fourx_call_counted and
 * fourx_blueprint_store_call_counted with a fourx_count_fn callback (blueprint.md §10.3: the
 * index cap holds under the caller's counter, for its lines and for the whole text), its
 * failure, and the hostile pointers. Compiled -std=c11 -Wall -Wextra -Werror and as C++; run
 * plain, under ASan and valgrind. */
#include "check.h"

static const uint8_t *u8(const char *s) { return (const uint8_t *)s; }

/* One token per byte; counts its calls and remembers the longest text it saw in ctx. */
typedef struct tally {
    int calls;
    size_t longest;
} tally;

static int64_t per_byte(void *ctx, const uint8_t *text, size_t len) {
    tally *t = (tally *)ctx;
    (void)text;
    t->calls++;
    if (len > t->longest) t->longest = len;
    return (int64_t)len;
}

/* A deliberately odd counter: quadratic in the bytes, so a text costs more than its lines. */
static int64_t quadratic(void *ctx, const uint8_t *text, size_t len) {
    (void)ctx;
    (void)text;
    return (int64_t)(len * len / 300);
}

static int64_t refuses(void *ctx, const uint8_t *text, size_t len) {
    (void)ctx;
    (void)text;
    (void)len;
    return -1;
}

/* The integer after `"key":` in a JSON document, or -1. */
static long json_int(const char *json, const char *key) {
    char needle[64];
    snprintf(needle, sizeof needle, "\"%s\":", key);
    const char *p = strstr(json, needle);
    return p ? strtol(p + strlen(needle), NULL, 10) : -1;
}

/* The length of the "text" string value, escapes counted as one byte each (none expected). */
static long text_len(const char *json) {
    const char *p = strstr(json, "\"text\":\"");
    if (!p) return -1;
    p += 8;
    long n = 0;
    for (; *p && *p != '"'; p++, n++)
        if (*p == '\\') p++;
    return n;
}

static const char *INDEX =
    "{\"doc\":\"\",\"snapshot\":{\"modules\":[\"api\",\"core\",\"db\",\"util\"],"
    "\"edges\":[[\"api\",\"core\"],[\"core\",\"db\"],[\"api\",\"util\"]]},\"max_tokens\":420}";

int main(void) {
    fourx_buf out = {NULL, 0};
    tally t = {0, 0};

    /* the index under a per-byte counter: tokens and the whole text within 420 */
    CHECK(fourx_call_counted("blueprint.render_index", u8(INDEX), strlen(INDEX), per_byte, &t,
                             &out) == FOURX_STATUS_OK);
    long tokens = json_int(text(&out), "tokens");
    CHECK(tokens > 0 && tokens <= 420);
    CHECK(text_len(text(&out)) > 0 && text_len(text(&out)) <= 420);
    CHECK(t.calls > 0);
    fourx_buf_free(&out);

    /* a quadratic counter: the whole text stays under the cap though its lines sum lower */
    CHECK(fourx_call_counted("blueprint.render_index", u8(INDEX), strlen(INDEX), quadratic, NULL,
                             &out) == FOURX_STATUS_OK);
    long whole = text_len(text(&out));
    CHECK(whole > 0 && whole * whole / 300 <= 420);
    fourx_buf_free(&out);

    /* count_tokens with the caller's counter */
    CHECK(fourx_call_counted("blueprint.count_tokens", u8("{\"text\":\"abcdef\"}"), 17, per_byte,
                             &t, &out) == FOURX_STATUS_OK);
    CHECK(json_int(text(&out), "tokens") == 6);
    fourx_buf_free(&out);

    /* a failing counter fails the call with invalid_input on `counter` */
    EXPECT(fourx_call_counted("blueprint.render_index", u8(INDEX), strlen(INDEX), refuses, NULL,
                              &out),
           &out, FOURX_STATUS_ERROR, "invalid_input");
    /* ops without a counter, a named counter beside the callback, unknown ops */
    EXPECT(fourx_call_counted("meta.version", NULL, 0, per_byte, &t, &out), &out,
           FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_call_counted("blueprint.count_tokens", u8("{\"text\":\"a\",\"counter\":\"approx\"}"),
                              32, per_byte, &t, &out),
           &out, FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_call_counted("no.such", NULL, 0, per_byte, &t, &out), &out, FOURX_STATUS_ERROR,
           "unknown_op");
    /* hostile pointers */
    EXPECT(fourx_call_counted("blueprint.count_tokens", u8("{\"text\":\"a\"}"), 12, NULL, NULL,
                              &out),
           &out, FOURX_STATUS_NULL_ARG, "null_arg");
    EXPECT(fourx_call_counted(NULL, NULL, 0, per_byte, &t, &out), &out, FOURX_STATUS_NULL_ARG,
           "null_arg");
    EXPECT(fourx_call_counted("blueprint.count_tokens", NULL, 3, per_byte, &t, &out), &out,
           FOURX_STATUS_NULL_ARG, "null_arg");
    CHECK(fourx_call_counted("blueprint.count_tokens", NULL, 0, per_byte, &t, NULL) ==
          FOURX_STATUS_NULL_ARG);
    EXPECT(fourx_call_counted("blueprint.count_tokens", u8("{\"text\":\"\xff\"}"), 11, per_byte,
                              &t, &out),
           &out, FOURX_STATUS_INVALID_UTF8, "invalid_utf8");

    /* the held store's index under the caller's counter */
    fourx_blueprint_store *store = NULL;
    fourx_buf err = {NULL, 0};
    const char *cfg = "{\"store\":{}}";
    CHECK(fourx_blueprint_store_new(u8(cfg), strlen(cfg), &store, &err) == FOURX_STATUS_OK);
    fourx_buf_free(&err);
    const char *in = "{\"snapshot\":{\"modules\":[\"a\",\"b\"]},\"max_tokens\":380}";
    CHECK(fourx_blueprint_store_call_counted(store, "render_index", u8(in), strlen(in), quadratic,
                                             NULL, &out) == FOURX_STATUS_OK);
    whole = text_len(text(&out));
    CHECK(whole > 0 && whole * whole / 300 <= 380);
    fourx_buf_free(&out);
    EXPECT(fourx_blueprint_store_call_counted(store, "read", NULL, 0, per_byte, &t, &out), &out,
           FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_blueprint_store_call_counted(store, "render_index", u8(in), strlen(in), refuses,
                                              NULL, &out),
           &out, FOURX_STATUS_ERROR, "invalid_input");
    EXPECT(fourx_blueprint_store_call_counted(store, "render_index", u8(in), strlen(in), NULL,
                                              NULL, &out),
           &out, FOURX_STATUS_NULL_ARG, "null_arg");
    EXPECT(fourx_blueprint_store_call_counted(NULL, "render_index", u8(in), strlen(in), per_byte,
                                              &t, &out),
           &out, FOURX_STATUS_NULL_ARG, "null_arg");
    EXPECT(fourx_blueprint_store_call_counted(store, NULL, u8(in), strlen(in), per_byte, &t, &out),
           &out, FOURX_STATUS_NULL_ARG, "null_arg");
    CHECK(fourx_blueprint_store_call_counted(store, "render_index", u8(in), strlen(in), per_byte,
                                             &t, NULL) == FOURX_STATUS_NULL_ARG);
    EXPECT(fourx_blueprint_store_call_counted(store, "no.such", NULL, 0, per_byte, &t, &out), &out,
           FOURX_STATUS_ERROR, "unknown_op");
    fourx_blueprint_store_free(store);
    return finish("test_counter");
}
