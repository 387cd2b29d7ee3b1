/* futex.h - what the futex events see of a futex word resource. */
#ifndef MIMIC_RESOURCES_FUTEX_H
#define MIMIC_RESOURCES_FUTEX_H

#include "resource.h"

#include <stdatomic.h>
#include <stdint.h>

/* A futex word counting posted wake-ups, and who waits on it. */
struct live_futex {
	_Atomic uint32_t word;
	atomic_int waiters;
	_Atomic int64_t stamp;    /* the waker's CLOCK_MONOTONIC ns */
	_Atomic int64_t wake_stamp; /* ... just before its FUTEX_WAKE */
	_Atomic int64_t origin;   /* the last post's chain origin */
};

static inline struct live_futex *futex_live(const struct live_resource *l)
{
	return l->state;
}

/* FUTEX_WAIT/WAKE on the word, private to the process unless l is shared. */
long futex_syscall(struct live_resource *l, int op, uint32_t val);

#endif
