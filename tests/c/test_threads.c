/* Several pthreads share one const fourx_blueprint_store and one const fourx_snapshot_cell, and
 * call fourx_call and the fast paths at the same time. Every commit to the shared memory store is
 * written (its writers take turns; fold_conflict would be a deferral, counted apart); no written
 * claim is lost; nothing crashes, races (ASan/valgrind) or leaks. */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include "check.h"

#include <pthread.h>

#define THREADS 8
#define ROUNDS 12

static const uint8_t *u8(const char *s) { return (const uint8_t *)s; }

typedef struct worker {
    const fourx_blueprint_store *store;
    const fourx_snapshot_cell *cell;
    int id;
    int written;  /* commits that returned written */
    int deferred; /* commits that returned fold_conflict */
    int errors;   /* anything else */
    char last_claim[96];
} worker;

static const char *SNAPSHOT =
    "{\"modules\":[\"m0\",\"m1\",\"m2\",\"m3\",\"m4\",\"m5\",\"m6\",\"m7\"]}";

static void *run(void *arg) {
    worker *w = (worker *)arg;
    char input[1024];
    fourx_buf out = {NULL, 0};
    for (int i = 0; i < ROUNDS; i++) {
        /* each thread owns one (module, field) section, so a written claim can only be replaced
         * by a later claim of the same thread */
        char claim[96];
        snprintf(claim, sizeof claim, "Thread %d wrote round %d of its notes.", w->id, i);
        snprintf(input, sizeof input,
                 "{\"project_id\":\"\",\"items\":[{\"module\":\"m%d\",\"field\":\"purpose\","
                 "\"where\":\"\",\"claim\":\"%s\"}],\"snapshot\":%s,\"evidence\":[\"m%d\"],"
                 "\"now\":\"2026-03-01T12:00:00Z\",\"nonce\":\"%08x\"}",
                 w->id, claim, SNAPSHOT, w->id, (unsigned)(w->id * 1000 + i));
        fourx_status st = fourx_blueprint_store_call(w->store, "commit", u8(input), strlen(input), &out);
        if (st == FOURX_STATUS_OK && strstr(text(&out), "\"written\":true")) {
            w->written++;
            snprintf(w->last_claim, sizeof w->last_claim, "%s", claim);
        } else if (st == FOURX_STATUS_ERROR && strstr(text(&out), "\"kind\":\"fold_conflict\"")) {
            w->deferred++;
        } else {
            fprintf(stderr, "thread %d: %s\n", w->id, text(&out));
            w->errors++;
        }
        fourx_buf_free(&out);

        /* the cell: loads and requests never block; publishes may be refused during a rescan */
        snprintf(input, sizeof input, "{\"repo_token\":\"tok-%d-%d\",\"now\":\"2026-03-01T12:00:00Z\"}",
                 w->id, i);
        if (fourx_snapshot_cell_call(w->cell, "request", u8(input), strlen(input), &out) != FOURX_STATUS_OK)
            w->errors++;
        fourx_buf_free(&out);
        if (fourx_snapshot_cell_call(w->cell, "load", NULL, 0, &out) != FOURX_STATUS_OK) w->errors++;
        fourx_buf_free(&out);
        snprintf(input, sizeof input, "{\"snapshot\":{\"modules\":[\"m%d\"],\"repo_token\":\"p%d\"}}",
                 w->id, i);
        if (fourx_snapshot_cell_call(w->cell, "publish", u8(input), strlen(input), &out) != FOURX_STATUS_OK)
            w->errors++;
        fourx_buf_free(&out);

        /* the stateless surface at the same time */
        const char *ct = "{\"from\":\"coding\",\"to\":\"reviewing\"}";
        if (fourx_call("state.can_transition", u8(ct), strlen(ct), &out) != FOURX_STATUS_OK ||
            !strstr(text(&out), "true"))
            w->errors++;
        fourx_buf_free(&out);
        if (!fourx_can_transition(FOURX_PHASE_CODING, FOURX_PHASE_REVIEWING)) w->errors++;
        if (strcmp(fourx_phase_name(fourx_phase_from_str("testing", 7)), "testing") != 0) w->errors++;
    }
    return NULL;
}

int main(void) {
    fourx_blueprint_store *store = NULL;
    fourx_snapshot_cell *cell = NULL;
    fourx_buf err = {NULL, 0};
    const char *scfg = "{\"store\":{}}";
    const char *ccfg = "{\"root\":\"/nonexistent/fourx-threads\"}";
    CHECK(fourx_blueprint_store_new(u8(scfg), strlen(scfg), &store, &err) == FOURX_STATUS_OK);
    fourx_buf_free(&err);
    CHECK(fourx_snapshot_cell_new(u8(ccfg), strlen(ccfg), &cell, &err) == FOURX_STATUS_OK);
    fourx_buf_free(&err);
    if (!store || !cell) return finish("test_threads");

    pthread_t threads[THREADS];
    worker workers[THREADS];
    for (int t = 0; t < THREADS; t++) {
        memset(&workers[t], 0, sizeof workers[t]);
        workers[t].store = store;
        workers[t].cell = cell;
        workers[t].id = t;
        CHECK(pthread_create(&threads[t], NULL, run, &workers[t]) == 0);
    }
    int written = 0;
    for (int t = 0; t < THREADS; t++) {
        CHECK(pthread_join(threads[t], NULL) == 0);
        CHECK(workers[t].errors == 0);
        CHECK(workers[t].written + workers[t].deferred == ROUNDS);
        CHECK(workers[t].deferred == 0); /* a memory store's writers take turns, never defer */
        written += workers[t].written;
    }
    CHECK(written > 0);

    /* no lost update: each thread's last written claim is in the final file */
    fourx_buf out = {NULL, 0};
    CHECK(fourx_blueprint_store_call(store, "read", NULL, 0, &out) == FOURX_STATUS_OK);
    for (int t = 0; t < THREADS; t++) {
        if (workers[t].written > 0 && !strstr(text(&out), workers[t].last_claim)) {
            fprintf(stderr, "lost update: %s\n", workers[t].last_claim);
            failures++;
        }
    }
    fourx_buf_free(&out);
    fourx_blueprint_store_free(store);
    fourx_snapshot_cell_free(cell);
    return finish("test_threads");
}
