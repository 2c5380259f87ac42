/* The state machine through the C ABI, as the README shows it: a feature driven from `init` to
 * `done` with state.transition and state.finalize_done, chaining each result into the next input,
 * then the refusal to leave `done`. Compiled and run like every tests/c program by `make test`
 * (C, C++, ASan, valgrind). */
#include "fourx.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

/* Runs `op` on `in`; copies the output into `res` (size `cap`) and returns the status. */
static fourx_status run(const char *op, const char *in, char *res, size_t cap) {
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_call(op, (const uint8_t *)in, strlen(in), &out);
    snprintf(res, cap, "%s", out.ptr ? (const char *)out.ptr : "");
    fourx_buf_free(&out);
    return st;
}

static void check(int ok, const char *what, const char *got) {
    if (!ok) {
        fprintf(stderr, "test_state: %s, got %s\n", what, got);
        failures++;
    }
}

int main(void) {
    static const char *const path[] = {"designing", "design-reviewing", "coding", "reviewing",
                                       "testing", "deep-reviewing", "accepting", "pending-review"};
    char state[4096], in[4200];
    /* Every result is {"state":{...}}: drop its last '}' and add the next keys. */
    snprintf(state, sizeof state,
             "{\"state\":{\"featureId\":\"F001\",\"phase\":\"init\",\"runner\":\"claude\"}}");
    for (size_t i = 0; i < sizeof path / sizeof path[0]; i++) {
        snprintf(in, sizeof in, "%.*s,\"to\":\"%s\"}", (int)(strlen(state) - 1), state, path[i]);
        fourx_status st = run("state.transition", in, state, sizeof state);
        check(st == FOURX_STATUS_OK, path[i], state);
        if (st != FOURX_STATUS_OK) return 1;
    }
    check(strstr(state, "\"phase\":\"pending-review\"") && strstr(state, "\"round\":1,"),
          "pending-review in round 1", state);
    fourx_status st = run("state.finalize_done", state, state, sizeof state);
    check(st == FOURX_STATUS_OK && strstr(state, "\"phase\":\"done\"") &&
              strstr(state, "\"active\":false") && strstr(state, "\"stopReason\":\"done\""),
          "finalize_done", state);
    char err[512];
    snprintf(in, sizeof in, "%.*s,\"to\":\"blocked\"}", (int)(strlen(state) - 1), state);
    st = run("state.transition", in, err, sizeof err);
    check(st == FOURX_STATUS_ERROR && strstr(err, "\"kind\":\"invalid_transition\""),
          "done is final", err);
    st = run("state.can_transition", "{\"from\":\"testing\",\"to\":\"accepting\"}", err, sizeof err);
    check(st == FOURX_STATUS_OK && strcmp(err, "{\"allowed\":false}") == 0, "testing -> accepting",
          err);
    st = run("workspace.feature_dir", "{\"root\":\"/w\",\"feature_id\":\"../etc\"}", err, sizeof err);
    check(st == FOURX_STATUS_ERROR && strstr(err, "\"kind\":\"invalid_feature_id\""),
          "hostile feature id", err);
    if (failures) {
        fprintf(stderr, "test_state: %d failure(s)\n", failures);
        return 1;
    }
    return 0;
}
