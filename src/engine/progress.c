/*
 * progress.c - "\r" progress line on standard error, for people watching
 * a run: only when both standard output and standard error are terminals,
 * not with --quiet, --no-progress or --interval, and for runs expected to
 * last more than PROGRESS_MIN_S (or without a duration). Main thread
 * only; the live loop counts are the interval blocks' too.
 */
#include "engine/progress.h"

#include "engine/engine_ctx.h"
#include "engine/thread.h"
#include "lib/timeutil.h"

#include <stdio.h>
#include <unistd.h>

#define PROGRESS_MIN_S     3.0
#define PROGRESS_PERIOD_NS NSEC_PER_SEC

void progress_start(struct progress *p, const struct engine *e)
{
	double dur = e->w->g.duration_s;

	p->shown = false;
	p->next_ns = e->t_zero_ns + PROGRESS_PERIOD_NS;
	/* The interval blocks say more, on lines of their own. */
	p->on = !e->opt->quiet && !e->opt->no_progress &&
		!(e->w->g.interval_s > 0) &&
		isatty(STDOUT_FILENO) && isatty(STDERR_FILENO) &&
		(dur <= 0 || dur > PROGRESS_MIN_S);
}

/* Threads count theirs without a lock: a value one row behind is fine
 * for a display. */
uint64_t progress_loops(const struct engine *e, const struct task *task)
{
	int n = atomic_load_explicit(&e->n_threads, memory_order_acquire);
	uint64_t loops = 0;

	for (int k = 0; k < n; k++)
		if (!task || e->threads[k].task == task)
			loops += __atomic_load_n(&e->threads[k].stats.rows,
						 __ATOMIC_RELAXED);
	return loops;
}

void progress_update(struct progress *p, const struct engine *e)
{
	int64_t now = time_now_ns();
	double dur = e->w->g.duration_s;
	long elapsed;

	if (!p->on || now < p->next_ns)
		return;
	p->next_ns = now + PROGRESS_PERIOD_NS;
	elapsed = (long)((now - e->t_zero_ns) / NSEC_PER_SEC);
	/* \033[K clears what a longer previous line left. */
	if (dur > 0)
		fprintf(stderr, "\rmimic: %ld / %g s, %llu loops\033[K",
			elapsed, dur, (unsigned long long)progress_loops(e, NULL));
	else
		fprintf(stderr, "\rmimic: %ld s, %llu loops\033[K", elapsed,
			(unsigned long long)progress_loops(e, NULL));
	p->shown = true;
}

void progress_end(struct progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = false;
}
