/*
 * sleep.c - "sleep": a relative clock_nanosleep, with the default timer
 * slack, as the benchmarks that mimic models do.
 */
#include "../dump.h"
#include "../event.h"
#include "../parse.h"
#include "../thread.h"
#include "../timeutil.h"

#include <errno.h>
#include <json-c/json.h>

static int sleep_parse(struct parser *p, const char *path,
		       const struct jnode *v, struct event *ev)
{
	return parser_time_us(p, path, v, &ev->duration_ns);
}

static void sleep_exec(struct thread *t, const struct event *ev)
{
	struct timespec left = time_ts(ev->duration_ns);

	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &left, &left) == EINTR &&
	       !thread_should_stop(t))
		;
}

static void sleep_dump(const struct workload *w, const struct event *ev,
		       struct json_object *out)
{
	(void)w;
	json_object_object_add(out, "duration_us",
			       dump_us(ev->duration_ns));
}

const struct event_kind event_sleep = {
	.key = "sleep",
	.ftrace_type = 5,
	.parse = sleep_parse,
	.exec = sleep_exec,
	.dump = sleep_dump,
};
