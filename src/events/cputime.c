/*
 * cputime.c - "cputime": work until the thread has used the requested µs
 * of CPU time. Unlike "run" (an amount of calibrated work) and "runtime"
 * (wall time), it needs no calibration and is not cut short or stretched
 * by preemption: a thread that shares its CPU takes longer on the wall
 * clock but burns exactly what was asked. For budgets stated as CPU time
 * (a DL runtime, a cgroup quota) and for checking what the kernel charged.
 */
#include "event.h"
#include "event_ctx.h"
#include "lib/timeutil.h"
#include "events/duration.h"

static void cputime_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct duration_args *a = ev->args;
	/* Look at the thread's clock about every microsecond of work. */
	uint64_t chunk = (uint64_t)(1000.0 / event_ctx_ns_per_loop(ctx)) + 1;
	int64_t ns = dist_get(&a->ns, event_ctx_rng(ctx));
	int64_t cpu0 = time_thread_cpu_ns(), end = cpu0 + ns;
	int64_t t0 = time_now_ns();
	uint64_t loops = 0;

	while (time_thread_cpu_ns() < end && !event_ctx_stopping(ctx))
		loops += event_ctx_work(ctx, chunk, false);
	event_ctx_add_work(ctx, loops, time_now_ns() - t0, ns, false);
}

const struct event_kind event_cputime = {
	.key = "cputime",
	.ftrace_type = RTAPP_TYPE_NONE,
	.help = "us of the thread's own CPU time, whatever the preemption",
	.args_size = sizeof(struct duration_args),
	.parse = duration_parse,
	.exec = cputime_exec,
	.dump = duration_dump,
};
