/* fourx_run: the runner with a C agent callback. Every profile to pending-review (a git repository
 * in a temp dir, scripted agents that write what each role writes, no JSON parsing in C); an
 * agent that cannot run (NULL) stops the run with runner-error; an answer that is no JSON object
 * is an error; NULL arguments are null_arg; the run options are checked. */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw, setenv */
#endif
#include "check.h"

#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void put(const char *dir, const char *name, const char *body) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "cannot write %s\n", path);
        failures++;
        return;
    }
    fputs(body, f);
    fclose(f);
}

#define PASS "# Report\n\n## Verdict\nPASS\n"

/* The scripted agents: `user` is the repository root (the coder changes src/profile.py). */
static const char *scripted(void *user, const fourx_agent_call *c) {
    const char *role = c->role, *f = c->feature_dir, *r = c->round_dir;
    if (strcmp(role, "designer") == 0) {
        put(f, "task-brief.md", "# Brief\n");
        put(f, "acceptance-criteria.md", "# AC\n- AC-1\n");
    } else if (strcmp(role, "design-reviewer") == 0) {
        put(f, "design-review-report.md", PASS);
    } else if (strcmp(role, "coder") == 0 || strcmp(role, "mini-coder") == 0) {
        char src[4096];
        snprintf(src, sizeof src, "%s/src", (const char *)user);
        put(src, "profile.py", "def render():\n    return 1\n");
        put(r, "coder-report.md", "# Coder\n\n## Verification\n- ok\n");
        put(r, "build-gate.json", "{\"passed\": true}");
    } else if (strcmp(role, "reviewer") == 0 || strcmp(role, "re-verifier") == 0) {
        put(r, "review-report.md", PASS);
    } else if (strcmp(role, "tester") == 0) {
        put(r, "test-report.md", PASS);
        put(f, "final-report.md", "# Final\n\n## Status\nready-for-review\n");
        put(r, "verify.json",
            "{\"passed\": true, \"commands\": [{\"cmd\": \"t\", \"exit_code\": 0}], \"ac_results\": "
            "[{\"id\": \"AC-1\", \"passed\": true, \"evidence\": [\"$ make test: ok 0.1s\"]}]}");
    } else if (strcmp(role, "deep-reviewer") == 0 || strcmp(role, "synthesizer") == 0) {
        if (c->partial[0] != '\0') {
            put(r, c->partial, "# Partial\n\n## Statistics\n- findings: 0\n");
        } else {
            put(r, "deep-review-report.md", PASS);
        }
    } else if (strcmp(role, "fixer") == 0) {
        put(r, "fixer-report.md", "# Fixer\n\n## Verification\n- ok\n");
    } else if (strcmp(role, "acceptor") == 0) {
        put(f, "final-report.md", "# Final\n\n## Status\nready-for-review\n");
    } else if (strcmp(role, "round-summarizer") == 0) {
        put(f, "rounds-summary.md", "# Rounds\n");
    } else {
        return "{\"exit_code\": 2}";
    }
    CHECK(strstr(c->json, "\"role\":\"") != NULL);
    CHECK(c->attempt >= 1 && c->iteration >= 1);
    return "{\"exit_code\": 0, \"stats\": {\"tokens_used\": 10, \"cost_usd\": 0.01}}";
}

static const char *cannot_run(void *user, const fourx_agent_call *c) {
    (void)user;
    (void)c;
    return NULL;
}

static const char *not_json(void *user, const fourx_agent_call *c) {
    (void)user;
    (void)c;
    return "exit 0";
}

static void call_ok(const char *op, const char *input) {
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_call(op, (const uint8_t *)input, strlen(input), &out);
    if (st != FOURX_STATUS_OK) {
        fprintf(stderr, "%s: %s\n", op, text(&out));
        failures++;
    }
    fourx_buf_free(&out);
}

/* A fresh repository (one commit, .4x/ initialised) holding feature F001-demo with `profile`. */
static void make_repo(char *dir, size_t cap, const char *profile) {
    snprintf(dir, cap, "/tmp/fourx-c-run-XXXXXX");
    if (mkdtemp(dir) == NULL) {
        failures++;
        return;
    }
    char cmd[8192], input[8192];
    snprintf(cmd, sizeof cmd,
             "cd %s && mkdir -p src && echo 'print(1)' > src/app.py && git init -q -b main", dir);
    CHECK(system(cmd) == 0);
    snprintf(input, sizeof input,
             "{\"root\":\"%s\",\"config\":{\"project\":{\"name\":\"demo\"},\"default_runner\":"
             "\"claude\",\"runners\":{\"claude\":{\"command\":\"claude\",\"tiers\":{\"sonnet\":"
             "\"sonnet\"}}}}}",
             dir);
    call_ok("workspace.init", input);
    snprintf(cmd, sizeof cmd, "cd %s && git add -A && git commit -q -m init", dir);
    CHECK(system(cmd) == 0);
    snprintf(input, sizeof input,
             "{\"root\":\"%s\",\"feature\":{\"id\":\"F001-demo\",\"name\":\"Demo\","
             "\"status\":\"not-started\",\"profile\":\"%s\"}}",
             dir, profile);
    call_ok("workspace.save_feature", input);
}

int main(void) {
    setenv("GIT_AUTHOR_NAME", "t", 1);
    setenv("GIT_AUTHOR_EMAIL", "t@e", 1);
    setenv("GIT_COMMITTER_NAME", "t", 1);
    setenv("GIT_COMMITTER_EMAIL", "t@e", 1);
    const char *profiles[] = {"full", "normal", "quick", "lite"};
    char dir[256], opts[1024];
    for (size_t i = 0; i < sizeof profiles / sizeof *profiles; i++) {
        make_repo(dir, sizeof dir, profiles[i]);
        snprintf(opts, sizeof opts, "{\"root\":\"%s\",\"feature_id\":\"F001-demo\"}", dir);
        fourx_buf out = {NULL, 0};
        fourx_status st = fourx_run(opts, scripted, dir, &out);
        if (st != FOURX_STATUS_OK || !strstr(text(&out), "\"phase\":\"pending-review\"")) {
            fprintf(stderr, "profile %s: status %d: %.400s\n", profiles[i], (int)st, text(&out));
            failures++;
        }
        fourx_buf_free(&out);
        nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    }

    /* An agent that cannot run: the run stops with runner-error (a result, not an error). */
    make_repo(dir, sizeof dir, "quick");
    snprintf(opts, sizeof opts, "{\"root\":\"%s\",\"feature_id\":\"F001-demo\"}", dir);
    fourx_buf out = {NULL, 0};
    fourx_status st = fourx_run(opts, cannot_run, NULL, &out);
    CHECK(st == FOURX_STATUS_OK);
    CHECK(strstr(text(&out), "\"stop_reason\":\"runner-error\"") != NULL);
    fourx_buf_free(&out);
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);

    /* An answer that is no JSON object ends the run with an error document. */
    make_repo(dir, sizeof dir, "quick");
    snprintf(opts, sizeof opts, "{\"root\":\"%s\",\"feature_id\":\"F001-demo\"}", dir);
    st = fourx_run(opts, not_json, NULL, &out);
    EXPECT(st, &out, FOURX_STATUS_ERROR, "invalid_input");
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);

    /* NULL arguments and bad options. */
    CHECK(fourx_run(opts, scripted, NULL, NULL) == FOURX_STATUS_NULL_ARG);
    st = fourx_run(NULL, scripted, NULL, &out);
    EXPECT(st, &out, FOURX_STATUS_NULL_ARG, "null_arg");
    st = fourx_run(opts, NULL, NULL, &out);
    EXPECT(st, &out, FOURX_STATUS_NULL_ARG, "null_arg");
    st = fourx_run("[1]", scripted, NULL, &out);
    EXPECT(st, &out, FOURX_STATUS_ERROR, "invalid_input");
    st = fourx_run("{\"root\":\"/nonexistent-fourx\",\"feature_id\":\"F1\",\"color\":1}", scripted,
                   NULL, &out);
    EXPECT(st, &out, FOURX_STATUS_ERROR, "invalid_input");
    st = fourx_run("{\"root\":\"/nonexistent-fourx\",\"feature_id\":\"F1\"}", scripted, NULL, &out);
    EXPECT(st, &out, FOURX_STATUS_ERROR, "not_found");

    if (failures) {
        fprintf(stderr, "test_run: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_run: ok\n");
    return 0;
}
