/*
 * sleep.c - "sleep": a relative clock_nanosleep, with the default timer
 * slack, as the benchmarks that mimic models do.
 */
#include "../event.h"
#include "../thread.h"
#include "../timeutil.h"
#include "duration.h"

#include <errno.h>

static void sleep_exec(struct thread *t, const struct event *ev)
{
	struct timespec left = time_ts(ev->duration_ns);

	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &left, &left) == EINTR &&
	       !thread_should_stop(t))
		;
}

const struct event_kind event_sleep = {
	.key = "sleep",
	.ftrace_type = 5,
	.parse = duration_parse,
	.exec = sleep_exec,
	.dump = duration_dump,
};
