/*
 * run.c - "run": an amount of CPU work, the calibrated loop run for the
 * requested µs at calibration speed. Its wall time grows when the thread
 * is preempted or the CPU is slower, which is the point (rt-app's run).
 */
#include "event.h"
#include "engine/thread.h"
#include "lib/timeutil.h"
#include "engine/work.h"
#include "events/duration.h"

static void run_exec(struct thread *t, const struct event *ev)
{
	double want = (double)ev->duration_ns / thread_ns_per_loop(t) +
		      t->loop_carry;
	uint64_t n = (uint64_t)want, done;
	int64_t t0, took;

	/* Carry the fraction so repeated short runs do not drift. */
	t->loop_carry = want - (double)n;
	t0 = time_now_ns();
	done = work_loops(n, thread_stop_flag(t));
	took = time_now_ns() - t0;
	t->it.loops += done;
	t->it.run_ns += took;
	t->it.c_duration_ns += ev->duration_ns;
	if (done == n && ev->duration_ns > 0 && t->stats.run_err_bp)
		shist_add(t->stats.run_err_bp,
			  (took - ev->duration_ns) * 10000 / ev->duration_ns);
}

const struct event_kind event_run = {
	.key = "run",
	.ftrace_type = RTAPP_TYPE_RUN,
	.parse = duration_parse,
	.exec = run_exec,
	.dump = duration_dump,
};
