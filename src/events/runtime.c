/*
 * runtime.c - "runtime": work until the wall clock says the requested µs
 * have passed, whatever the CPU speed or preemption (rt-app's runtime).
 */
#include "event.h"
#include "engine/thread.h"
#include "lib/timeutil.h"
#include "engine/work.h"
#include "events/duration.h"

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

const struct event_kind event_runtime = {
	.key = "runtime",
	.ftrace_type = RTAPP_TYPE_RUNTIME,
	.parse = duration_parse,
	.exec = runtime_exec,
	.dump = duration_dump,
};
