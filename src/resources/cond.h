/* cond.h - what events see of a condition resource. */
#ifndef MIMIC_RESOURCES_COND_H
#define MIMIC_RESOURCES_COND_H

#include "resource.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* A condition variable and when it was last signalled. */
struct live_cond {
	pthread_cond_t cond;
	_Atomic int64_t stamp;    /* CLOCK_MONOTONIC ns of the last signal */
};

static inline struct live_cond *cond_live(const struct live_resource *l)
{
	return l->state;
}

#endif
