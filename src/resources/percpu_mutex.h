/* percpu_mutex.h - what percpu_lock sees of its per-CPU mutexes. */
#ifndef MIMIC_RESOURCES_PERCPU_MUTEX_H
#define MIMIC_RESOURCES_PERCPU_MUTEX_H

#include "resource.h"

#include <pthread.h>
#include <stddef.h>

/* One mutex per configured CPU. */
struct live_cpu_mutex {
	pthread_mutex_t *m;       /* n mutexes in a shared mapping */
	int n;
	size_t bytes;
};

/* Each mutex on a cache line of its own (as schbench's calloc'd array
 * mostly has them): spinners on one CPU do not slow the lock of another. */
#define PERCPU_MUTEX_STRIDE 64

static inline pthread_mutex_t *percpu_mutex_at(const struct live_cpu_mutex *c,
					       int k)
{
	return (pthread_mutex_t *)((char *)c->m +
				   (size_t)k * PERCPU_MUTEX_STRIDE);
}

static inline struct live_cpu_mutex *
percpu_mutex_live(const struct live_resource *l)
{
	return l->state;
}

#endif
