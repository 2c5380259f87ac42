/* C programs against include/fourx.h: the status codes, the buffer ownership rules and a few
 * representative ops. Compiled -std=c11 -Wall -Wextra -Werror, and once as C++; run plain, under
 * valgrind and under ASan by `make test`. */
#include "fourx.h"
#include "fourx.h" /* double inclusion is harmless */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                          \
        }                                                                        \
    } while (0)

/* Calls `op` on the NUL-terminated JSON `input` and checks the status and that the output
 * contains `needle`. */
static void expect(const char *op, const char *input, fourx_status want, const char *needle) {
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_call(op, (const uint8_t *)input, input ? strlen(input) : 0, &out);
    if (st != want) {
        fprintf(stderr, "%s: status %d, want %d: %.*s\n", op, (int)st, (int)want, (int)out.len,
                out.ptr ? (const char *)out.ptr : "");
        failures++;
    }
    CHECK(out.ptr != NULL);
    CHECK(out.ptr[out.len] == '\0');
    if (needle && (!out.ptr || !strstr((const char *)out.ptr, needle))) {
        fprintf(stderr, "%s: output lacks %s: %s\n", op, needle, out.ptr ? (const char *)out.ptr : "");
        failures++;
    }
    fourx_buf_free(&out);
    CHECK(out.ptr == NULL && out.len == 0);
    fourx_buf_free(&out); /* double free of the same struct is a no-op */
}

int main(void) {
    /* version */
    CHECK(fourx_version_number() == FOURX_VERSION_NUMBER);
    CHECK(FOURX_VERSION_NUMBER ==
          FOURX_VERSION_MAJOR * 1000000 + FOURX_VERSION_MINOR * 1000 + FOURX_VERSION_PATCH);
    CHECK(strlen(fourx_version()) >= 5);

    /* successful calls */
    expect("meta.version", "{}", FOURX_STATUS_OK, "\"version\"");
    expect("meta.version", NULL, FOURX_STATUS_OK, "\"version_number\"");
    expect("meta.catalog", "{}", FOURX_STATUS_OK, "meta.version");

    /* errors carry their kind */
    expect("no.such", "{}", FOURX_STATUS_ERROR, "\"unknown_op\"");
    expect("meta.version", "[]", FOURX_STATUS_ERROR, "\"invalid_input\"");
    expect("meta.version", "{", FOURX_STATUS_ERROR, "\"invalid_input\"");
    expect("meta.version", "\"a string\"", FOURX_STATUS_ERROR, "\"invalid_input\"");
    expect("meta.version", "null", FOURX_STATUS_ERROR, "\"invalid_input\"");
    expect("meta.version", "{\"a\":\"\xed\xa0\x80\"}", FOURX_STATUS_INVALID_UTF8, "\"invalid_utf8\"");
    expect("state.can_transition", "{\"from\":\"coding\",\"to\":1}", FOURX_STATUS_ERROR, "\"invalid_input\"");
    expect("meta.\xff", "{}", FOURX_STATUS_INVALID_UTF8, "\"invalid_utf8\"");
    expect("meta.version", "{\"a\":\"\xc3\"}", FOURX_STATUS_INVALID_UTF8, "\"invalid_utf8\"");
    expect(NULL, "{}", FOURX_STATUS_NULL_ARG, "\"null_arg\"");

    /* a contract missing several required fields names every one of them in `fields` */
    expect("router.parse_write_contract",
           "{\"agent\":\"doc-syncer\",\"output\":\"### Router Contract (MACHINE-READABLE)\\n"
           "```yaml\\nSTATUS: COMPLETE\\n```\\n\"}",
           FOURX_STATUS_ERROR, "\"fields\":[\"");
    expect("router.parse_write_contract",
           "{\"agent\":\"doc-syncer\",\"output\":\"### Router Contract (MACHINE-READABLE)\\n"
           "```yaml\\nSTATUS: COMPLETE\\n```\\n\"}",
           FOURX_STATUS_ERROR, "\"MEMORY_NOTES\"]");

    /* NULL input with a length, NULL out */
    {
        fourx_buf out = {NULL, 0};
        CHECK(fourx_call("meta.version", NULL, 3, &out) == FOURX_STATUS_NULL_ARG);
        CHECK(out.ptr && strstr((const char *)out.ptr, "null_arg"));
        fourx_buf_free(&out);
        CHECK(fourx_call("meta.version", NULL, 0, NULL) == FOURX_STATUS_NULL_ARG);
    }

    /* JSON nested 10,000 deep is refused, not a stack overflow */
    {
        size_t n = 10000;
        char *deep = (char *)malloc(2 * n + 1);
        memset(deep, '[', n);
        memset(deep + n, ']', n);
        deep[2 * n] = '\0';
        expect("meta.version", deep, FOURX_STATUS_ERROR, "\"invalid_input\"");
        free(deep);
    }

    /* a 64 MiB input is refused by size before parsing */
    {
        size_t n = (size_t)64 * 1024 * 1024;
        uint8_t *big = (uint8_t *)malloc(n);
        memset(big, ' ', n);
        fourx_buf out = {NULL, 0};
        CHECK(fourx_call("meta.version", big, n, &out) == FOURX_STATUS_ERROR);
        CHECK(out.ptr && strstr((const char *)out.ptr, "input_too_large"));
        fourx_buf_free(&out);
        free(big);
    }

    /* freeing NULL and a zeroed buffer */
    fourx_buf_free(NULL);
    {
        fourx_buf zero = {NULL, 0};
        fourx_buf_free(&zero);
    }

#ifdef FOURX_TEST_PANIC
    {
        fourx_buf out = {NULL, 0};
        CHECK(fourx_test_panic(&out) == FOURX_STATUS_PANIC);
        CHECK(out.ptr && strstr((const char *)out.ptr, "\"panic\""));
        fourx_buf_free(&out);
    }
#endif

    if (failures) {
        fprintf(stderr, "test_call: %d check(s) failed\n", failures);
        return 1;
    }
    printf("test_call: all checks passed\n");
    return 0;
}
