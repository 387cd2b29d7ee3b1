/*
 * thread_extra.h - the per-thread buffers and histograms that only some
 * events need (matmul's matrices, request's and rate's histograms),
 * allocated with the thread before time zero, only for the tasks that use
 * them.
 */
#ifndef MIMIC_THREAD_EXTRA_H
#define MIMIC_THREAD_EXTRA_H

#include <stdint.h>

struct engine;
struct thread;

/* 0, or -1 when out of memory. */
int thread_extra_init(struct thread *t);
void thread_extra_free(struct thread *t);

/* request events done so far by every thread of the run. */
uint64_t thread_extra_requests(const struct engine *e);

#endif
