/*
 * barrier.c - the barrier resource: a mutex, a condition and an arrival
 * count; the parser counts its participants (resource.participants).
 */
#include "resources/barrier.h"

static int barrier_create(struct live_resource *l, const struct globals *g)
{
	struct live_barrier *b = barrier_live(l);
	int rc = resource_mutex_init(&b->lock, g, l->shared);

	if (rc)
		return rc;
	rc = resource_cond_init(&b->cond, l->shared);
	if (rc)
		pthread_mutex_destroy(&b->lock);
	return rc;
}

static void barrier_kick(struct live_resource *l)
{
	pthread_cond_broadcast(&barrier_live(l)->cond);
}

static void barrier_destroy(struct live_resource *l)
{
	pthread_mutex_destroy(&barrier_live(l)->lock);
	pthread_cond_destroy(&barrier_live(l)->cond);
}

const struct resource_kind resource_barrier = {
	.name = "barrier",
	.live_size = sizeof(struct live_barrier),
	.create = barrier_create,
	.kick = barrier_kick,
	.destroy = barrier_destroy,
};
