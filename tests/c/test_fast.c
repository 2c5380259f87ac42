/* The typed fast paths: phase/role/status codes, can_transition and the role tables, checked
 * against the string API through fourx_call for every pair of phases. */
#include "fourx.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                          \
        }                                                                        \
    } while (0)

static uint32_t phase(const char *s) { return fourx_phase_from_str(s, strlen(s)); }

/* state.can_transition through the JSON surface. */
static int can_transition_json(const char *from, const char *to) {
    char input[256];
    snprintf(input, sizeof input, "{\"from\":\"%s\",\"to\":\"%s\"}", from, to);
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_call("state.can_transition", (const uint8_t *)input, strlen(input), &out);
    int allowed = st == FOURX_STATUS_OK && strstr((const char *)out.ptr, "true") != NULL;
    fourx_buf_free(&out);
    return allowed;
}

int main(void) {
    const char *names[16];
    uint32_t n = 0;
    for (uint32_t code = 0; fourx_phase_name(code) != NULL; code++) {
        names[n++] = fourx_phase_name(code);
        CHECK(phase(names[code]) == code);
    }
    CHECK(n == 15);
    CHECK(phase("coding") == FOURX_PHASE_CODING);
    CHECK(phase("Coding") == FOURX_PHASE_UNKNOWN);
    CHECK(fourx_phase_from_str(NULL, 3) == FOURX_PHASE_UNKNOWN);
    CHECK(fourx_phase_from_str("coding!", 6) == FOURX_PHASE_CODING); /* (ptr, len), not NUL-scanned */
    CHECK(fourx_phase_name(FOURX_PHASE_UNKNOWN) == NULL);

    names[n] = "no-such-phase";
    for (uint32_t f = 0; f <= n; f++) {
        for (uint32_t t = 0; t <= n; t++) {
            uint32_t fc = f == n ? FOURX_PHASE_UNKNOWN : f, tc = t == n ? FOURX_PHASE_UNKNOWN : t;
            if ((int)fourx_can_transition(fc, tc) != can_transition_json(names[f], names[t])) {
                fprintf(stderr, "can_transition(%s, %s) disagrees with the JSON op\n", names[f], names[t]);
                failures++;
            }
        }
    }
    CHECK(fourx_can_transition(FOURX_PHASE_CODING, FOURX_PHASE_REVIEWING));
    CHECK(!fourx_can_transition(FOURX_PHASE_DONE, FOURX_PHASE_CODING));
    CHECK(fourx_can_transition(FOURX_PHASE_UNKNOWN, FOURX_PHASE_BLOCKED));
    CHECK(!fourx_can_transition(0xdeadbeefu, FOURX_PHASE_CODING)); /* any out-of-range code is unknown */

    CHECK(fourx_phase_to_role(FOURX_PHASE_CODING) == FOURX_ROLE_CODER);
    CHECK(strcmp(fourx_role_name(fourx_phase_to_role(FOURX_PHASE_CODING)), "coder") == 0);
    CHECK(fourx_phase_to_role(FOURX_PHASE_UNKNOWN) == FOURX_ROLE_NONE);
    CHECK(strcmp(fourx_role_name(FOURX_ROLE_NONE), "") == 0);
    CHECK(fourx_role_name(FOURX_ROLE_UNKNOWN) == NULL);
    CHECK(fourx_role_from_str("tester", 6) == FOURX_ROLE_TESTER);
    CHECK(fourx_phase_role(FOURX_PHASE_AMENDING) == FOURX_ROLE_NONE);
    CHECK(fourx_phase_to_status(FOURX_PHASE_DONE) == FOURX_FEATURE_STATUS_DONE);
    CHECK(fourx_phase_to_status(FOURX_PHASE_UNKNOWN) == FOURX_FEATURE_STATUS_IN_PROGRESS);
    CHECK(strcmp(fourx_feature_status_name(FOURX_FEATURE_STATUS_READY_FOR_REVIEW), "ready-for-review") == 0);

    /* hostile input: NULL pointers, invalid UTF-8, lengths past the text, codes out of range */
    CHECK(fourx_role_from_str(NULL, 5) == FOURX_ROLE_UNKNOWN);
    CHECK(fourx_role_from_str(NULL, 0) == FOURX_ROLE_UNKNOWN);
    CHECK(fourx_phase_from_str(NULL, 0) == FOURX_PHASE_UNKNOWN);
    CHECK(fourx_phase_from_str("cod\xffing", 7) == FOURX_PHASE_UNKNOWN);
    CHECK(fourx_role_from_str("cod\xc3r", 5) == FOURX_ROLE_UNKNOWN);
    CHECK(fourx_phase_from_str("coding", 0) == FOURX_PHASE_UNKNOWN);
    CHECK(fourx_role_from_str("", 0) == FOURX_ROLE_UNKNOWN);
    CHECK(fourx_feature_status_name(UINT32_MAX) == NULL);
    CHECK(fourx_feature_status_name(8) == NULL);
    CHECK(fourx_role_name(14) == NULL);
    CHECK(fourx_phase_name(15) == NULL);
    CHECK(fourx_phase_role(0xdeadbeefu) == FOURX_ROLE_NONE);
    CHECK(fourx_phase_to_role(0xdeadbeefu) == FOURX_ROLE_NONE);
    CHECK(fourx_phase_role(FOURX_PHASE_CODING) == FOURX_ROLE_CODER);
    CHECK(fourx_phase_to_status(0xdeadbeefu) == FOURX_FEATURE_STATUS_IN_PROGRESS);
    CHECK(!fourx_can_transition(FOURX_PHASE_DONE, 0xdeadbeefu));

    if (failures) {
        fprintf(stderr, "test_fast: %d check(s) failed\n", failures);
        return 1;
    }
    printf("test_fast: all checks passed\n");
    return 0;
}
