/* wakeup.c - the wake-up resource of suspend/resume: one per task name. */
#include "resources/wakeup.h"

static int wakeup_create(struct live_resource *l, const struct globals *g)
{
	struct live_wakeup *w = wakeup_live(l);
	int rc = resource_mutex_init(&w->lock, g, l->shared);

	if (rc)
		return rc;
	rc = resource_cond_init(&w->cond, l->shared);
	if (rc)
		pthread_mutex_destroy(&w->lock);
	return rc;
}

static void wakeup_kick(struct live_resource *l)
{
	pthread_cond_broadcast(&wakeup_live(l)->cond);
}

static void wakeup_destroy(struct live_resource *l)
{
	pthread_mutex_destroy(&wakeup_live(l)->lock);
	pthread_cond_destroy(&wakeup_live(l)->cond);
}

const struct resource_kind resource_wakeup = {
	.name = "wake-up",
	.live_size = sizeof(struct live_wakeup),
	.create = wakeup_create,
	.kick = wakeup_kick,
	.destroy = wakeup_destroy,
};
