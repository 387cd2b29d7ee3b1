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

static inline struct live_cpu_mutex *
percpu_mutex_live(const struct live_resource *l)
{
	return l->state;
}

#endif
