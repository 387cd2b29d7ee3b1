/* event.c - the table of event kinds, in rt-app's prefix-matching order. */
#include "event.h"

#include <string.h>

extern const struct event_kind event_runtime, event_run, event_sleep,
	event_memrun, event_mem, event_iorun, event_lock, event_unlock,
	event_signal, event_broad, event_wait, event_sync, event_barrier,
	event_timer, event_resume, event_suspend, event_yield, event_fork,
	event_sem_post, event_sem_wait, event_send, event_recv,
	event_futex_wait, event_futex_wake, event_futex_reset, event_matmul,
	event_percpu_lock, event_percpu_unlock, event_request, event_rate;

const struct event_kind *const event_kinds[] = {
	&event_runtime, &event_run, &event_sleep, &event_memrun, &event_mem,
	&event_iorun, &event_lock, &event_unlock, &event_signal, &event_broad,
	&event_wait, &event_sync, &event_barrier, &event_timer, &event_resume,
	&event_suspend, &event_yield, &event_fork, &event_sem_post,
	&event_sem_wait,
	/* mimic's own, after rt-app's so its prefixes win first. */
	&event_send, &event_recv, &event_futex_wait, &event_futex_wake,
	&event_futex_reset, &event_matmul, &event_percpu_lock,
	&event_percpu_unlock, &event_request, &event_rate,
	NULL,
};

const struct event_kind *event_kind_find(const char *key)
{
	for (const struct event_kind *const *k = event_kinds; *k; k++)
		if (!strncmp(key, (*k)->key, strlen((*k)->key)))
			return *k;
	return NULL;
}
