/*
 * run_stats.c - sums the threads' counters and histograms per task, once
 * every thread has been joined (nothing here is safe while they run).
 */
#include "report/run_stats.h"

#include "engine/engine.h"

#include <string.h>

const char *const run_stats_wake_names[WAKE_PATHS] = {
	"timer", "pipe", "socket", "futex", "cond",
};

void run_stats_task(const struct engine *e, const struct task *task,
		    struct run_task_stats *s)
{
	int n = atomic_load(&e->n_threads);

	memset(s, 0, sizeof(*s));
	for (int k = 0; k < n; k++) {
		const struct thread *t = &e->threads[k];
		const struct thread_stats *ts = &t->stats;

		if (t->task != task)
			continue;
		s->threads++;
		s->rows += ts->rows;
		s->overruns += ts->timer_overruns;
		s->sent += ts->sent;
		s->received += ts->received;
		s->damaged += ts->damaged;
		if (ts->attr_failures && !s->attr_failures)
			s->attr_msg = t->attr_msg;
		s->attr_failures += ts->attr_failures;
		s->dropped += t->ring.rows ? atomic_load(&t->ring.dropped) : 0;
		for (int w = 0; w < WAKE_PATHS; w++)
			if (ts->wake_us[w])
				hist_merge(&s->wake[w], ts->wake_us[w]);
		if (ts->run_err_bp)
			shist_merge(&s->err, ts->run_err_bp);
		if (ts->slack_us)
			shist_merge(&s->slack_us, ts->slack_us);
		if (ts->run_us)
			hist_merge(&s->run_us, ts->run_us);
	}
}

double run_stats_seconds(const struct engine *e)
{
	return (double)(e->t_end_ns - e->t_zero_ns) / 1e9;
}

enum run_stop run_stats_stop(const struct engine *e)
{
	double dur = e->w->g.duration_s;

	if (e->stop_signal)
		return RUN_STOP_SIGNAL;
	/* Stopped at the deadline; 1 ms absorbs the rounding. */
	if (dur > 0 && run_stats_seconds(e) >= dur - 0.001)
		return RUN_STOP_DURATION;
	return RUN_STOP_LOOPS;
}
