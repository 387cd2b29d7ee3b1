/* event.c - the table of event kinds, in rt-app's prefix-matching order. */
#include "event.h"

#include <string.h>

extern const struct event_kind event_runtime, event_run, event_sleep,
	event_timer;

/*
 * Kinds rt-app knows that mimic does not run yet: matched (so their keys are
 * never mistaken for something else) and rejected with a clear message.
 */
#define EVENT_NOT_YET(name, type) \
	static const struct event_kind event_##name = { .key = #name, \
							.ftrace_type = type }

EVENT_NOT_YET(memrun, 16);
EVENT_NOT_YET(mem, 14);
EVENT_NOT_YET(iorun, 18);
EVENT_NOT_YET(lock, 8);
EVENT_NOT_YET(unlock, 9);
EVENT_NOT_YET(signal, 3);
EVENT_NOT_YET(broad, 4);
EVENT_NOT_YET(wait, 2);
EVENT_NOT_YET(sync, 7);
EVENT_NOT_YET(barrier, 21);
EVENT_NOT_YET(resume, 13);
EVENT_NOT_YET(suspend, 12);
EVENT_NOT_YET(yield, 20);
EVENT_NOT_YET(fork, 22);
EVENT_NOT_YET(sem_post, 24);
EVENT_NOT_YET(sem_wait, 23);

const struct event_kind *const event_kinds[] = {
	&event_runtime, &event_run, &event_sleep, &event_memrun, &event_mem,
	&event_iorun, &event_lock, &event_unlock, &event_signal, &event_broad,
	&event_wait, &event_sync, &event_barrier, &event_timer, &event_resume,
	&event_suspend, &event_yield, &event_fork, &event_sem_post,
	&event_sem_wait, NULL,
};

const struct event_kind *event_kind_find(const char *key)
{
	for (const struct event_kind *const *k = event_kinds; *k; k++)
		if (!strncmp(key, (*k)->key, strlen((*k)->key)))
			return *k;
	return NULL;
}
