/* thread_extra.c - optional per-thread state, sized from the task. */
#include "engine/thread_extra.h"

#include "engine/engine.h"
#include "events/matmul.h"
#include "engine/thread.h"

#include <stdlib.h>

int thread_extra_init(struct thread *t)
{
	const struct task *task = t->task;

	/* Statistics main reads: in the shared region (process instances). */
	if (task->request_hist &&
	    !(t->stats.request_us = engine_shm_alloc(t->eng, sizeof(struct hist))))
		return -1;
	if (task->rate_hist &&
	    !(t->stats.rate = engine_shm_alloc(t->eng, sizeof(struct hist))))
		return -1;
	if (task->matmul_n_max &&
	    !(t->matmul = matmul_buffer_create(task->matmul_n_max,
					       task->matmul_fill)))
		return -1;
	return 0;
}

void thread_extra_free(struct thread *t)
{
	if (t->matmul)
		matmul_buffer_free(t->matmul, t->task->matmul_n_max);
	t->stats.request_us = t->stats.rate = NULL;
	t->matmul = NULL;
}

uint64_t thread_extra_requests(const struct engine *e)
{
	int n = atomic_load_explicit(&e->n_threads, memory_order_acquire);
	uint64_t sum = 0;

	for (int k = 0; k < n; k++)
		sum += atomic_load_explicit(&e->threads[k].stats.requests,
					    memory_order_relaxed);
	return sum;
}
