/*
 * timer.c - the timer resource: a name the timer events share. Its state
 * (the next expiry) lives with the engine's shared timers or the thread's
 * unique ones, at the resource's slot; nothing is created here.
 */
#include "resource.h"

/* Its slot among the shared timers, or among each thread's unique ones. */
static void timer_added(struct workload *w, struct resource *r)
{
	r->slot = r->unique ? w->n_unique_timers++ : w->n_shared_timers++;
}

const struct resource_kind resource_timer = {
	.name = "timer",
	.added = timer_added,
	/* rt-app's timers have their own namespace. */
	.shares_names = ~0u,
};
