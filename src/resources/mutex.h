/* mutex.h - what events see of a mutex resource: a pthread mutex. */
#ifndef MIMIC_RESOURCES_MUTEX_H
#define MIMIC_RESOURCES_MUTEX_H

#include "resource.h"

#include <pthread.h>

static inline pthread_mutex_t *mutex_live(const struct live_resource *l)
{
	return l->state;
}

#endif
