/* A harness in C, ready to copy: resolve a feature's pipeline, drive the feature through its
 * phases with the state machine, validate an agent's output with the router contract, and run a
 * whole feature with fourx_run -- fourx decides and executes every step (state, events, git,
 * guards, resume); the harness supplies only the agent (a scripted one here), no JSON parsing.
 * Build it against an installed fourx:
 *   cc -std=c11 pipeline.c $(pkg-config --cflags --libs fourx) -o pipeline
 * Every fourx_buf the library writes is the caller's to free with fourx_buf_free. */
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw */
#include <fourx.h>
#include <ftw.h>
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


/* --- 4. The runner: the harness is its agent ------------------------------------------------ */

/* Writes `text` to `dir/name`. */
static void put(const char *dir, const char *name, const char *text) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The agent: fourx_run calls it whenever an agent has to run (`call` has the role, the round
 * folder ... as C strings; `call->json` is the whole call). It answers with its exit as JSON. */
static const char *agent(void *user, const fourx_agent_call *call) {
    (void)user;
    if (strcmp(call->role, "coder") == 0) {
        put(call->round_dir, "coder-report.md", "# Report\n\n## Verification\nok\n");
        put(call->round_dir, "build-gate.json", "{\"passed\": true}");
    } else if (strcmp(call->role, "reviewer") == 0) {
        put(call->round_dir, "review-report.md", "# Review\n\n## Verdict\nPASS\n");
    }
    printf("agent %-9s round %lld\n", call->role, (long long)call->round);
    return "{\"exit_code\": 0}";
}

/* The whole harness: one call runs the feature to the end of its run. */
static int harness(const char *root) {
    char options[4096];
    snprintf(options, sizeof options, "{\"root\":\"%s\",\"feature_id\":\"F001-demo\"}", root);
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_run(options, agent, NULL, &out);
    int finished = st == FOURX_STATUS_OK && strstr((const char *)out.ptr, "\"phase\":\"pending-review\"");
    printf("run: %.120s...\n", out.ptr ? (const char *)out.ptr : "");
    fourx_buf_free(&out);
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

    /* 4. The runner drives a feature through the `quick` profile (coding, reviewing) in a
     *    temporary git repository: every decision is fourx's, and fourx executes it. */
    char root[] = "/tmp/fourx-pipeline-XXXXXX";
    if (!mkdtemp(root)) return 1;
    snprintf(input, sizeof input,
             "{\"root\":\"%s\",\"config\":{\"project\":{\"name\":\"demo\"},\"default_runner\":"
             "\"claude\",\"runners\":{\"claude\":{\"command\":\"claude\",\"tiers\":{\"sonnet\":"
             "\"sonnet\"}}}}}",
             root);
    free(run("workspace.init", input));
    char git[4096];
    snprintf(git, sizeof git,
             "cd %s && git init -q && git add -A && git -c user.name=d -c user.email=d@e commit -qm init",
             root);
    int finished = system(git) == 0;
    snprintf(input, sizeof input,
             "{\"root\":\"%s\",\"feature\":{\"id\":\"F001-demo\",\"name\":\"Demo\",\"profile\":\"quick\"}}",
             root);
    free(run("workspace.save_feature", input));
    finished = finished && harness(root);
    nftw(root, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
    return finished ? 0 : 1;
}
