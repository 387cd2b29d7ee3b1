/*
 * runtime.c - "runtime": work until the wall clock says the requested µs
 * have passed, whatever the CPU speed or preemption (rt-app's runtime).
 */
#include "../dump.h"
#include "../event.h"
#include "../parse.h"
#include "../thread.h"
#include "../timeutil.h"
#include "../work.h"

#include <json-c/json.h>

static int runtime_parse(struct parser *p, const char *path,
			 const struct jnode *v, struct event *ev)
{
	return parser_time_us(p, path, v, &ev->duration_ns);
}

static void runtime_exec(struct thread *t, const struct event *ev)
{
	/* Look at the clock about every microsecond of work. */
	uint64_t chunk = (uint64_t)(1000.0 / thread_ns_per_loop(t)) + 1;
	int64_t t0 = time_now_ns(), end = t0 + ev->duration_ns, now = t0;

	while (now < end && !thread_should_stop(t)) {
		t->it.loops += work_loops(chunk, NULL);
		now = time_now_ns();
	}
	t->it.run_ns += now - t0;
	t->it.c_duration_ns += ev->duration_ns;
}

static void runtime_dump(const struct workload *w, const struct event *ev,
			 struct json_object *out)
{
	(void)w;
	json_object_object_add(out, "duration_us",
			       dump_us(ev->duration_ns));
}

const struct event_kind event_runtime = {
	.key = "runtime",
	.ftrace_type = 19,
	.parse = runtime_parse,
	.exec = runtime_exec,
	.dump = runtime_dump,
};
