/* A harness loop in C, ready to copy: resolve a feature's pipeline, drive the feature through
 * its phases with the state machine, validate an agent's output with the router contract, and
 * run a whole feature through the conductor -- fourx decides every step, the loop only executes
 * the decisions (scripted agents here) and writes state.json / events.jsonl with the workspace ops.
 * Build it against an installed fourx:
 *   cc -std=c11 pipeline.c $(pkg-config --cflags --libs fourx) -o pipeline
 * Every fourx_buf the library writes is the caller's to free with fourx_buf_free. */
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw */
#include <fourx.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Runs `op` on the JSON `input`; prints the error document and returns NULL on failure, else a
 * malloc'd copy of the result JSON (the caller frees it). */
static char *run(const char *op, const char *input) {
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_call(op, (const uint8_t *)input, strlen(input), &out);
    char *result = NULL;
    if (st == FOURX_STATUS_OK) {
        result = (char *)malloc(out.len + 1);
        if (result) memcpy(result, out.ptr, out.len + 1); /* out.ptr[out.len] is a NUL */
    } else {
        fprintf(stderr, "%s failed (status %d): %s\n", op, (int)st, (const char *)out.ptr);
    }
    fourx_buf_free(&out);
    return result;
}

/* The phases named in a pipeline.resolve result, in order: {"phases":[{"phase":"coding",...},...]}.
 * A real harness uses its JSON library; this example keeps to the C standard library. */
static int phases_of(const char *pipeline, char names[][32], int max) {
    int n = 0;
    const char *p = pipeline;
    while (n < max && (p = strstr(p, "\"phase\":\"")) != NULL) {
        p += strlen("\"phase\":\"");
        size_t len = strcspn(p, "\"");
        if (len >= 32) break;
        memcpy(names[n], p, len);
        names[n][len] = '\0';
        n++;
    }
    return n;
}

static const char *CONFIG =
    "{\"default_runner\":\"claude\","
    "\"runners\":{\"claude\":{\"command\":\"claude\",\"tiers\":{\"opus\":\"opus\",\"sonnet\":\"sonnet\"}}},"
    "\"roles\":{\"coder\":{\"model\":\"sonnet\"}},"
    "\"profiles\":{\"normal\":{\"phases\":[{\"phase\":\"designing\"},{\"phase\":\"design-reviewing\"},"
    "{\"phase\":\"coding\"},{\"phase\":\"reviewing\"},{\"phase\":\"testing\"}]}}}";

static const char *DOC_SYNC_OUTPUT =
    "## Doc Sync: useOrderStatus hook\n\n"
    "- Impact: none (test-only diff)\n\n"
    "### Router Contract (MACHINE-READABLE)\n"
    "```yaml\n"
    "STATUS: SKIPPED\n"
    "IMPACT_LEVEL: none\n"
    "DOC_LAYERS_EVALUATED: []\n"
    "DOC_FILES_UPDATED: []\n"
    "DOC_FILES_SKIPPED: []\n"
    "SKIP_REASON: \"Diff contains only test additions with no new patterns; no doc layers triggered\"\n"
    "AUDIT_DOCS_CREATED: []\n"
    "AUDIT_DOCS_UPDATED: []\n"
    "MEMORY_NOTES:\n"
    "  learnings: [\"Test-only diffs need no doc sync\"]\n"
    "  patterns: []\n"
    "  verification: [\"doc-syncer STATUS=SKIPPED\"]\n"
    "  deferred: []\n"
    "```\n";

/* JSON-quotes `s` into `dst` (enough for this example's ASCII text). */
static void quote(const char *s, char *dst, size_t cap) {
    size_t j = 0;
    dst[j++] = '"';
    for (; *s && j + 3 < cap; s++) {
        if (*s == '\n') {
            dst[j++] = '\\';
            dst[j++] = 'n';
        } else {
            if (*s == '"' || *s == '\\') dst[j++] = '\\';
            dst[j++] = *s;
        }
    }
    dst[j++] = '"';
    dst[j] = '\0';
}


/* --- 4. The conductor ------------------------------------------------------------------------ */

/* The length of the JSON value at `p` (fourx writes compact JSON: no whitespace to skip). */
static size_t value_len(const char *p) {
    size_t i = 0;
    int depth = 0, in_string = 0;
    for (; p[i]; i++) {
        char c = p[i];
        if (in_string) {
            if (c == '\\' && p[i + 1]) {
                i++;
            } else if (c == '"') {
                in_string = 0;
                if (depth == 0) return i + 1;
            }
        } else if (c == '"') {
            in_string = 1;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (depth == 0) return i;
            if (--depth == 0) return i + 1;
        } else if (c == ',' && depth == 0) {
            return i;
        }
    }
    return i;
}

/* A malloc'd copy of the value of `key` in the JSON object `obj` (top-level keys only), or NULL. */
static char *member(const char *obj, const char *key) {
    const char *p = obj + 1; /* past '{' */
    size_t klen = strlen(key);
    while (*p == '"') {
        size_t nlen = value_len(p); /* the quoted key */
        const char *value = p + nlen + 1; /* past ':' */
        size_t vlen = value_len(value);
        if (nlen == klen + 2 && strncmp(p + 1, key, klen) == 0) {
            char *copy = (char *)malloc(vlen + 1);
            if (copy) {
                memcpy(copy, value, vlen);
                copy[vlen] = '\0';
            }
            return copy;
        }
        p = value + vlen;
        if (*p == ',') p++;
    }
    return NULL;
}

/* Whether the string member `key` of `obj` equals `want`. */
static int member_is(const char *obj, const char *key, const char *want) {
    char *v = member(obj, key);
    int same = v && strlen(v) == strlen(want) + 2 && strncmp(v + 1, want, strlen(want)) == 0;
    free(v);
    return same;
}

/* printf into a malloc'd string. */
static char *format(const char *fmt, ...) {
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? (char *)malloc((size_t)n + 1) : NULL;
    if (s) vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

/* Runs `op` on a formatted input; frees the input; returns the result (or NULL). */
static char *runf(const char *op, char *input) {
    char *result = input ? run(op, input) : NULL;
    free(input);
    return result;
}

#define CODER_FILES                                                                        \
    "\"round_files\":{\"coder-report.md\":\"# Report\\n\\n## Verification\\nall green\\n\"," \
    "\"build-gate.json\":\"{\\\"passed\\\": true}\"},\"guard\":{\"pass\":true,\"errors\":[]}"

/* The scripted world: what executing `decision` produced, as a conductor outcome. */
static const char *execute(const char *decision) {
    if (member_is(decision, "kind", "capture_baseline"))
        return "{\"kind\":\"baseline\",\"ok\":true,\"base_commit\":\"abc123\"}";
    if (member_is(decision, "role", "coder"))
        return "{\"kind\":\"agent_exit\",\"exit_code\":0," CODER_FILES "}";
    if (member_is(decision, "role", "reviewer"))
        return "{\"kind\":\"agent_exit\",\"exit_code\":0,"
               "\"round_files\":{\"review-report.md\":\"# Review\\n\\n## Verdict\\nPASS\\n\"}}";
    return NULL; /* a decision this scripted world cannot execute */
}

static const char *NOW = "\"2026-11-29T10:00:00Z\"";

/* Persists one step with the workspace ops: state.json, then every event of the step. */
static int persist(const char *root, const char *step) {
    char *state = member(step, "state"), *events = member(step, "events");
    char *done = runf("workspace.write_state",
                      format("{\"root\":\"%s\",\"feature_id\":\"F001-demo\",\"state\":%s,\"now\":%s}",
                             root, state, NOW));
    int ok = done != NULL;
    free(done);
    for (const char *e = events + 1; ok && *e == '{'; e += value_len(e) + (e[value_len(e)] == ',')) {
        char *event = strndup(e, value_len(e));
        done = runf("workspace.append_event",
                    format("{\"root\":\"%s\",\"feature_id\":\"F001-demo\",\"event\":%s,\"now\":%s}",
                           root, event, NOW));
        ok = done != NULL;
        free(done);
        free(event);
    }
    free(state);
    free(events);
    return ok;
}

/* The harness loop: start, then execute each decision and apply its outcome, until stop/finish. */
static int conduct(const char *root, const char *config, const char *feature) {
    char *step = runf("conductor.start",
                      format("{\"config\":%s,\"feature\":%s,\"now\":%s,\"pid\":%d,\"profile_name\":\"quick\"}",
                             config, feature, NOW, (int)getpid()));
    int finished = 0;
    while (step && persist(root, step)) {
        char *decision = member(step, "decision"), *kind = member(decision, "kind");
        char *phase = member(decision, "phase");
        printf("decision %-18s phase %s\n", kind, phase ? phase : "-");
        char *prepare = member(decision, "prepare"); /* runs before the decision, in order */
        if (prepare && strstr(prepare, "{\"action\":\"clear_stop_signal\"}"))
            free(runf("workspace.clear_stop", format("{\"root\":\"%s\",\"feature_id\":\"F001-demo\"}", root)));
        free(prepare);
        finished = member_is(decision, "kind", "finish");
        const char *outcome = member_is(decision, "kind", "stop") || finished ? NULL : execute(decision);
        char *state = member(step, "state"), *loop = member(step, "loop");
        free(step);
        step = outcome ? runf("conductor.apply",
                              format("{\"config\":%s,\"feature\":%s,\"state\":%s,\"loop\":%s,\"outcome\":%s}",
                                     config, feature, state, loop, outcome))
                       : NULL;
        free(decision);
        free(kind);
        free(phase);
        free(state);
        free(loop);
    }
    free(step);
    return finished;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

int main(void) {
    /* 1. Resolve the pipeline: which phases run, with which role, runner and model. */
    char input[4096];
    snprintf(input, sizeof input, "{\"config\":%s,\"profile_name\":\"normal\"}", CONFIG);
    char *pipeline = run("pipeline.resolve", input);
    if (!pipeline) return 1;
    printf("pipeline: %s\n", pipeline);
    char phases[17][32];
    int n = phases_of(pipeline, phases, 16);
    free(pipeline);
    strcpy(phases[n++], "done"); /* the end of every pipeline */

    /* 2. Drive the feature: the typed fast path answers "may I?" without JSON; state.transition
     *    applies the move (phase, role, round) and returns the new state. */
    char *state = (char *)malloc(64);
    if (!state) return 1;
    strcpy(state, "{\"featureId\":\"F001-demo\",\"phase\":\"init\"}");
    uint32_t current = FOURX_PHASE_INIT;
    for (int i = 0; i < n; i++) {
        uint32_t next = fourx_phase_from_str(phases[i], strlen(phases[i]));
        if (!fourx_can_transition(current, next)) {
            fprintf(stderr, "%s -> %s is not allowed\n", fourx_phase_name(current), phases[i]);
            free(state);
            return 1;
        }
        char *move = (char *)malloc(strlen(state) + 64);
        if (!move) break;
        sprintf(move, "{\"state\":%s,\"to\":\"%s\"}", state, phases[i]);
        char *result = run("state.transition", move); /* {"state":{...}} */
        free(move);
        free(state);
        if (!result) return 1;
        size_t len = strlen(result);
        state = (char *)malloc(len);
        if (!state) {
            free(result);
            return 1;
        }
        memcpy(state, result + 9, len - 10); /* the object inside {"state": ... } */
        state[len - 10] = '\0';
        free(result);
        current = next;
        const char *role = fourx_role_name(fourx_phase_to_role(current)); /* static, never freed */
        printf("-> %-16s role %s\n", phases[i], role[0] ? role : "(none)");
    }
    printf("state: %s\n", state);
    free(state);

    /* 3. Validate an agent's output against its router contract. */
    char quoted[2048];
    quote(DOC_SYNC_OUTPUT, quoted, sizeof quoted);
    snprintf(input, sizeof input, "{\"agent\":\"doc-syncer\",\"output\":%s}", quoted);
    char *verdict = run("router.parse_output", input);
    if (!verdict) return 1;
    int passed = strstr(verdict, "\"passed\":true") != NULL;
    printf("doc-syncer output: %s\n", passed ? "contract passed" : verdict);
    free(verdict);
    if (!passed) return 1;

    /* 4. The conductor drives a feature through the `quick` profile (coding, reviewing) into a
     *    temporary .4x workspace: every decision is fourx's, the loop only executes them. */
    char root[] = "/tmp/fourx-pipeline-XXXXXX";
    if (!mkdtemp(root)) return 1;
    snprintf(input, sizeof input, "{\"root\":\"%s\",\"feature_id\":\"F001-demo\"}", root);
    char *dir = run("workspace.init_feature_dir", input);
    int finished = dir && conduct(root, CONFIG, "{\"id\":\"F001-demo\",\"name\":\"Demo\"}");
    free(dir);
    char *written = run("workspace.read_state", input);
    printf("conductor: %s; state.json %s\n", finished ? "finished" : "stopped", written ? written : "?");
    free(written);
    nftw(root, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
    return finished ? 0 : 1;
}
