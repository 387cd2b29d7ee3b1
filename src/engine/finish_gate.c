/* finish_gate.c - the finish gate on one futex word (finish_gate.h). */
#define _GNU_SOURCE
#include "engine/finish_gate.h"

#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

void finish_gate_init(struct finish_gate *g)
{
	atomic_store(&g->open, 0);
}

void finish_gate_park(struct finish_gate *g)
{
	/* Shared (not FUTEX_PRIVATE): process instances park here too;
	 * EINTR and spurious wake-ups just look again. */
	while (!atomic_load_explicit(&g->open, memory_order_acquire))
		syscall(SYS_futex, (uint32_t *)&g->open, FUTEX_WAIT, 0, NULL,
			NULL, 0);
}

void finish_gate_open(struct finish_gate *g)
{
	atomic_store_explicit(&g->open, 1, memory_order_release);
	syscall(SYS_futex, (uint32_t *)&g->open, FUTEX_WAKE, INT_MAX, NULL,
		NULL, 0);
}
