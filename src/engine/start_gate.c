/* start_gate.c - the start gate on two futex words (start_gate.h). */
#define _GNU_SOURCE
#include "engine/start_gate.h"

#include "lib/timeutil.h"

#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Shared (not FUTEX_PRIVATE): process instances wait here too. */
static void gate_futex_wait(_Atomic uint32_t *word, uint32_t seen,
			    const struct timespec *timeout)
{
	syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT, seen, timeout, NULL,
		0);
}

static void gate_futex_wake(_Atomic uint32_t *word, int n)
{
	syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, n, NULL, NULL, 0);
}

void start_gate_init(struct start_gate *g)
{
	atomic_store(&g->arrived, 0);
	atomic_store(&g->expected, UINT32_MAX);
	open_gate_init(&g->go);
	atomic_store(&g->left, 0);
}

/*
 * Sequentially consistent on both sides: either this thread sees main's
 * expected count and wakes it, or main, storing expected before it reads
 * arrived, sees this arrival itself.
 */
void start_gate_arrive(struct start_gate *g)
{
	uint32_t n = atomic_fetch_add(&g->arrived, 1) + 1;

	if (n == atomic_load(&g->expected))
		gate_futex_wake(&g->arrived, 1);
}

void start_gate_wait_open(struct start_gate *g)
{
	open_gate_wait(&g->go);
}

void start_gate_wait_all(struct start_gate *g, uint32_t n)
{
	uint32_t seen;

	atomic_store(&g->expected, n);
	while ((seen = atomic_load(&g->arrived)) < n)
		gate_futex_wait(&g->arrived, seen, NULL);
}

void start_gate_open(struct start_gate *g)
{
	open_gate_open(&g->go);
}

void start_gate_leave(struct start_gate *g)
{
	/* Forks after time zero count past expected: nobody waits for them. */
	if (atomic_fetch_add(&g->left, 1) + 1 == atomic_load(&g->expected))
		gate_futex_wake(&g->left, 1);
}

void start_gate_wait_left(struct start_gate *g, unsigned timeout_ms)
{
	uint32_t n = atomic_load(&g->expected), seen;
	int64_t end = time_now_ns() + (int64_t)timeout_ms * 1000000;

	while ((seen = atomic_load(&g->left)) < n) {
		int64_t rest = end - time_now_ns();
		struct timespec ts;

		if (rest < 0)
			return;
		ts = time_ts(rest);
		gate_futex_wait(&g->left, seen, &ts);
	}
}

uint32_t start_gate_arrived(const struct start_gate *g)
{
	return atomic_load((_Atomic uint32_t *)&g->arrived);
}
