/*
 * run.c - "run": an amount of CPU work, the calibrated loop run for the
 * requested µs at calibration speed. Its wall time grows when the thread
 * is preempted or the CPU is slower, which is the point (rt-app's run).
 */
#include "event.h"
#include "event_ctx.h"
#include "lib/hot.h"
#include "lib/timeutil.h"
#include "events/duration.h"
#include "parse/parser.h"

HOT static void run_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct duration_args *a = ev->args;
	double *carry = event_ctx_state(ctx); /* a work loop's fraction owed */
	int64_t ns = dist_get(&a->ns, event_ctx_rng(ctx));
	double want = (double)ns / event_ctx_ns_per_loop(ctx) + *carry;
	uint64_t n = (uint64_t)want, done;
	int64_t t0;

	/* Carry the fraction so repeated short runs do not drift. */
	*carry = want - (double)n;
	t0 = time_now_ns();
	done = event_ctx_work(ctx, n, true);
	event_ctx_add_work(ctx, done, time_now_ns() - t0, ns, done == n);
}

/* A run's length is loops of the calibration: the file's number is then
 * worth checking against this machine's (engine/calibration.c). */
static int run_parse(struct parser *p, const char *path,
		     const struct jnode *v, struct event *ev)
{
	p->w->g.calibrated_work = true;
	return duration_parse(p, path, v, ev);
}

static const struct event_state run_state = { .size = sizeof(double) };

const struct event_kind event_run = {
	.key = "run",
	.ftrace_type = RTAPP_TYPE_RUN,
	.help = "us of calibrated CPU work",
	.args_size = sizeof(struct duration_args),
	.parse = run_parse,
	.state = &run_state,
	.exec = run_exec,
	.dump = duration_dump,
};
