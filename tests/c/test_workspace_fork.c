/* fork after using PostgreSQL: a fourx_workspace handle whose pooled connection is open is used
 * by both sides of a fork(2) at once. The child must never talk over (or close) the parent's
 * connection: both sides' calls succeed and every line either side appended is in the log.
 * Without FOURX_PG_URL (make test starts a server) this skips loudly (and fails when
 * FOURX_REQUIRE_PG is set). Run from the repository root. */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700 /* mkdtemp */
#endif
#include "check.h"

#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const uint8_t *u8(const char *s) { return (const uint8_t *)s; }

static const char *ID_IN = "{\"feature_id\":\"F001-fork\"}";

/* `rounds` appends plus a read of the log; 1 when every call succeeded. */
static int work(const fourx_workspace *h, const char *who, int rounds) {
    char in[256];
    int ok = 1;
    for (int i = 0; i < rounds; i++) {
        fourx_buf out = {NULL, 0};
        snprintf(in, sizeof in,
                 "{\"feature_id\":\"F001-fork\",\"event\":{\"type\":\"note\",\"detail\":\"%s %d\"},"
                 "\"now\":\"2026-11-29T10:00:00Z\"}",
                 who, i);
        if (fourx_workspace_call(h, "workspace.append_event", u8(in), strlen(in), &out) !=
            FOURX_STATUS_OK) {
            fprintf(stderr, "%s: append failed: %s\n", who, text(&out));
            ok = 0;
        }
        fourx_buf_free(&out);
        if (fourx_workspace_call(h, "workspace.check_events", u8(ID_IN), strlen(ID_IN), &out) !=
            FOURX_STATUS_OK) {
            fprintf(stderr, "%s: check_events failed: %s\n", who, text(&out));
            ok = 0;
        }
        fourx_buf_free(&out);
    }
    return ok;
}

int main(void) {
    const char *url = getenv("FOURX_PG_URL");
    if (!url || !*url) {
        if (getenv("FOURX_REQUIRE_PG")) {
            fprintf(stderr, "FOURX_REQUIRE_PG is set but FOURX_PG_URL is not\n");
            return 1;
        }
        fprintf(stderr, "######## SKIPPED: FOURX_PG_URL is not set; fork with a PostgreSQL "
                        "fourx_workspace is NOT tested\n");
        return 0;
    }
    char cfg[1024];
    snprintf(cfg, sizeof cfg,
             "{\"root\":\"/tmp\",\"store\":{\"kind\":\"postgres\",\"url\":\"%s\","
             "\"schema\":\"cfork_%ld_%ld\",\"connect_timeout_ms\":120000}}",
             url, (long)getpid(), (long)time(NULL));
    fourx_workspace *h = NULL;
    fourx_buf err = {NULL, 0};
    if (fourx_workspace_new(u8(cfg), strlen(cfg), &h, &err) != FOURX_STATUS_OK) {
        fprintf(stderr, "open failed: %s\n", text(&err));
        fourx_buf_free(&err);
        return 1;
    }
    CHECK(work(h, "parent", 1)); /* the pooled connection is open now */
    fflush(NULL);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        int ok = work(h, "child", 10);
        fourx_workspace_free(h);
        exit(ok ? 0 : 3);
    }
    CHECK(work(h, "parent", 10));
    int status = 0;
    for (int waited = 0;; waited++) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid) {
            break;
        }
        if (waited > 1200) { /* 120 s: stuck, not slow */
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            fprintf(stderr, "the forked child hung\n");
            failures++;
            break;
        }
        struct timespec ts = {0, 100 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    /* 1 + 10 parent lines and 10 child lines, every one acknowledged */
    fourx_buf out = {NULL, 0};
    CHECK(fourx_workspace_call(h, "workspace.check_events", u8(ID_IN), strlen(ID_IN), &out) ==
          FOURX_STATUS_OK);
    CHECK(strstr(text(&out), "\"lines\":21") != NULL);
    fourx_buf_free(&out);
    fourx_workspace_free(h);
    return finish("test_workspace_fork");
}
