/* event.c - the table of event kinds, in rt-app's prefix-matching order. */
#include "event.h"

#include <string.h>

extern const struct event_kind event_runtime, event_run, event_sleep,
	event_memrun, event_mem, event_iorun, event_lock, event_unlock,
	event_signal, event_broad, event_wait, event_sync, event_barrier,
	event_timer, event_resume, event_suspend, event_yield, event_fork,
	event_sem_post, event_sem_wait, event_send, event_recv,
	event_futex_wait, event_futex_wake_list, event_futex_wake,
	event_futex_reset, event_matmul,
	event_percpu_lock, event_percpu_unlock, event_request, event_rate,
	event_cputime;

const struct event_kind *const event_kinds[] = {
	&event_runtime, &event_run, &event_sleep, &event_memrun, &event_mem,
	&event_iorun, &event_lock, &event_unlock, &event_signal, &event_broad,
	&event_wait, &event_sync, &event_barrier, &event_timer, &event_resume,
	&event_suspend, &event_yield, &event_fork, &event_sem_post,
	&event_sem_wait,
	/* mimic's own, after rt-app's so its prefixes win first. */
	/* futex_wake_list before futex_wake, whose prefix it is. */
	&event_send, &event_recv, &event_futex_wait, &event_futex_wake_list,
	&event_futex_wake, &event_futex_reset, &event_matmul, &event_percpu_lock,
	&event_percpu_unlock, &event_request, &event_rate, &event_cputime,
	NULL,
};

const struct event_kind *event_kind_find(const char *key)
{
	for (const struct event_kind *const *k = event_kinds; *k; k++)
		if (!strncmp(key, (*k)->key, strlen((*k)->key)))
			return *k;
	return NULL;
}

int event_state_slot(const struct event_kind *kind)
{
	if (!kind->state)
		return -1;
	for (int k = 0; event_kinds[k]; k++)
		if (event_kinds[k]->state == kind->state)
			return k;
	return -1;
}

size_t event_state_slots(void)
{
	size_t n = 0;

	while (event_kinds[n])
		n++;
	return n;
}
