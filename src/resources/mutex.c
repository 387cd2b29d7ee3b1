/* mutex.c - the mutex resource of lock/unlock and of wait's mutex. */
#include "resources/mutex.h"

static int mutex_create(struct live_resource *l, const struct globals *g)
{
	return resource_mutex_init(mutex_live(l), g, l->shared);
}

static void mutex_destroy(struct live_resource *l)
{
	pthread_mutex_destroy(mutex_live(l));
}

const struct resource_kind resource_mutex = {
	.name = "mutex",
	.live_size = sizeof(pthread_mutex_t),
	.create = mutex_create,
	.destroy = mutex_destroy,
};
