/* wakeup.h - what suspend and resume see of a task's wake-up resource. */
#ifndef MIMIC_RESOURCES_WAKEUP_H
#define MIMIC_RESOURCES_WAKEUP_H

#include "resource.h"

#include <pthread.h>
#include <stdint.h>

/* suspend/resume: a resume is remembered until the next suspend. */
struct live_wakeup {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	uint64_t generation;      /* bumped by every resume */
};

static inline struct live_wakeup *wakeup_live(const struct live_resource *l)
{
	return l->state;
}

#endif
