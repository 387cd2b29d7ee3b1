/*
 * runtime.c - "runtime": work until the wall clock says the requested µs
 * have passed, whatever the CPU speed or preemption (rt-app's runtime).
 */
#include "event.h"
#include "event_ctx.h"
#include "lib/timeutil.h"
#include "events/duration.h"

static void runtime_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct duration_args *a = ev->args;
	/* Look at the clock about every microsecond of work. */
	uint64_t chunk = (uint64_t)(1000.0 / event_ctx_ns_per_loop(ctx)) + 1;
	int64_t ns = dist_get(&a->ns, event_ctx_rng(ctx));
	int64_t t0 = time_now_ns(), end = t0 + ns, now = t0;
	uint64_t loops = 0;

	while (now < end && !event_ctx_stopping(ctx)) {
		loops += event_ctx_work(ctx, chunk, false);
		now = time_now_ns();
	}
	event_ctx_add_work(ctx, loops, now - t0, ns, false);
}

const struct event_kind event_runtime = {
	.key = "runtime",
	.ftrace_type = RTAPP_TYPE_RUNTIME,
	.help = "us of wall-clock busy time",
	.args_size = sizeof(struct duration_args),
	.parse = duration_parse,
	.exec = runtime_exec,
	.dump = duration_dump,
};
