/* Resolution through the C ABI: pipeline.resolve as the README shows it, its error kinds, and a
 * settings config merged and validated. Compiled and run like every tests/c program by `make test`
 * (C, C++, ASan, valgrind). */
#include "fourx.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

/* Calls `op` on `input`; checks the status and that the output contains `needle`. */
static void expect(const char *op, const char *input, fourx_status want, const char *needle) {
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_call(op, (const uint8_t *)input, strlen(input), &out);
    const char *text = out.ptr ? (const char *)out.ptr : "";
    if (st != want || !strstr(text, needle)) {
        fprintf(stderr, "%s: status %d (want %d), output %s lacks %s\n", op, (int)st, (int)want,
                text, needle);
        failures++;
    }
    fourx_buf_free(&out);
}

#define CONFIG                                                                              \
    "{\"default_runner\": \"claude\", \"runners\": {"                                       \
    "\"claude\": {\"command\": \"claude\", \"tiers\": {\"opus\": \"O\", \"sonnet\": \"S\"}}," \
    "\"codex\": {\"command\": \"codex\", \"tiers\": {\"sonnet\": \"gpt-mini\"}}}}"

int main(void) {
    expect("pipeline.resolve",
           "{\"config\": " CONFIG ", \"profile_name\": \"quick\", \"feature\": "
           "{\"phaseOverrides\": {\"reviewing\": {\"runner\": \"codex\"}}}}",
           FOURX_STATUS_OK,
           "{\"phases\":[{\"phase\":\"coding\",\"role\":\"coder\",\"runner\":\"claude\",\"model\":\"S\"},"
           "{\"phase\":\"reviewing\",\"role\":\"reviewer\",\"runner\":\"codex\",\"model\":\"gpt-mini\"}]}");
    expect("pipeline.resolve", "{\"config\": " CONFIG ", \"profile_name\": \"ghost\"}",
           FOURX_STATUS_ERROR, "\"kind\":\"unknown_profile\"");
    expect("pipeline.resolve", "{\"config\": " CONFIG ", \"manual_runner\": \"ghost\"}",
           FOURX_STATUS_ERROR, "\"kind\":\"unknown_runner\"");
    expect("pipeline.resolve", "{\"config\": {\"runners\": {\"x\": {}}}}", FOURX_STATUS_ERROR,
           "\"kind\":\"unresolved_runner\"");
    expect("config.merge", "{\"user\": {\"default_runner\": \"claude\"}}", FOURX_STATUS_OK,
           "\"runners\":{},\"default_runner\":\"claude\",\"workspace\":{}");
    expect("config.validate", "{\"config\": {\"commit\": \"always\"}}", FOURX_STATUS_OK,
           "\"valid\":false");
    expect("similarity.is_similar",
           "{\"a\": \"\xe6\x96\xb0\xe5\xa2\x9e\", \"b\": \"\xe6\x96\xb0\xe5\xa2\x9e\", \"cjk\": true}",
           FOURX_STATUS_OK, "\"similar\":true");
    if (failures) {
        fprintf(stderr, "test_resolve: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_resolve: all checks passed\n");
    return 0;
}
