/* barrier.h - what events see of a barrier resource. */
#ifndef MIMIC_RESOURCES_BARRIER_H
#define MIMIC_RESOURCES_BARRIER_H

#include "resource.h"

#include <pthread.h>
#include <stdint.h>

struct live_barrier {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int arrived;
	uint64_t generation;      /* bumped when all have arrived */
};

static inline struct live_barrier *barrier_live(const struct live_resource *l)
{
	return l->state;
}

#endif
