/* cond.c - the condition resource of signal, broad, wait and sync. */
#include "resources/cond.h"

static int cond_create(struct live_resource *l, const struct globals *g)
{
	struct live_cond *c = cond_live(l);

	(void)g;
	atomic_init(&c->stamp, 0);
	return resource_cond_init(&c->cond, l->shared);
}

static void cond_kick(struct live_resource *l)
{
	pthread_cond_broadcast(&cond_live(l)->cond);
}

static void cond_destroy(struct live_resource *l)
{
	pthread_cond_destroy(&cond_live(l)->cond);
}

const struct resource_kind resource_cond = {
	.name = "condition",
	.live_size = sizeof(struct live_cond),
	.create = cond_create,
	.kick = cond_kick,
	.destroy = cond_destroy,
};
