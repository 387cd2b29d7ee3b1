/*
 * sem.c - the semaphore resource of sem_post/sem_wait, starting at 0.
 * No kick: sem_wait returns EINTR on the stop signal.
 */
#include "resources/sem.h"

#include <errno.h>

static int sem_create(struct live_resource *l, const struct globals *g)
{
	(void)g;
	return sem_init(sem_live(l), l->shared, 0) ? errno : 0;
}

static void sem_destroy_live(struct live_resource *l)
{
	sem_destroy(sem_live(l));
}

const struct resource_kind resource_sem = {
	.name = "semaphore",
	.live_size = sizeof(sem_t),
	.create = sem_create,
	.destroy = sem_destroy_live,
};
