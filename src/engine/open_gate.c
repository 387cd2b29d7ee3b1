/* open_gate.c - a gate that opens once, on one futex word (open_gate.h). */
#define _GNU_SOURCE
#include "engine/open_gate.h"

#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

void open_gate_init(struct open_gate *g)
{
	atomic_store(&g->open, 0);
}

void open_gate_wait(struct open_gate *g)
{
	/* Shared (not FUTEX_PRIVATE); EINTR and spurious wake-ups just
	 * look again. */
	while (!atomic_load_explicit(&g->open, memory_order_acquire))
		syscall(SYS_futex, (uint32_t *)&g->open, FUTEX_WAIT, 0, NULL,
			NULL, 0);
}

void open_gate_open(struct open_gate *g)
{
	atomic_store_explicit(&g->open, 1, memory_order_release);
	syscall(SYS_futex, (uint32_t *)&g->open, FUTEX_WAKE, INT_MAX, NULL,
		NULL, 0);
}
