/* sem.h - what events see of a semaphore resource: a POSIX semaphore. */
#ifndef MIMIC_RESOURCES_SEM_H
#define MIMIC_RESOURCES_SEM_H

#include "resource.h"

#include <semaphore.h>

static inline sem_t *sem_live(const struct live_resource *l)
{
	return l->state;
}

#endif
