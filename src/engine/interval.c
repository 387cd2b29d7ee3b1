/*
 * interval.c - --interval S (global "interval"): while the run goes on,
 * every S seconds a block of lines per task with its loops and its
 * wake-up latency, as schbench's -i reports: cumulative, since time zero
 * (schbench sums its threads' statistics anew at every report and zeroes
 * them only on -z; mimic has no -z). Read from the threads' live counters
 * as the progress line reads them; main thread only.
 */
#include "engine/interval.h"

#include "engine/engine_ctx.h"
#include "engine/progress.h"
#include "engine/thread.h"
#include "lib/hist.h"
#include "lib/timeutil.h"

#include <stdlib.h>

void interval_start(struct interval *iv, const struct engine *e)
{
	double s = e->w->g.interval_s;

	*iv = (struct interval){ .next_ns = INT64_MAX };
	if (!(s > 0))
		return;
	iv->wake = malloc(WAKE_PATHS * sizeof(*iv->wake));
	if (!iv->wake) {
		fprintf(stderr, "mimic: out of memory: no interval blocks\n");
		return;
	}
	iv->out = e->opt->interval_out ? e->opt->interval_out : stdout;
	iv->period_ns = (int64_t)(s * 1e9);
	iv->next_ns = e->t_zero_ns + iv->period_ns;
}

int64_t interval_next_ns(const struct interval *iv)
{
	return iv->next_ns;
}

/* The task's threads so far, and their wake-up histograms merged. */
static int interval_task(struct interval *iv, const struct engine *e,
			 const struct task *task)
{
	int n = atomic_load_explicit(&e->n_threads, memory_order_acquire);
	int threads = 0;

	for (int w = 0; w < WAKE_PATHS; w++)
		hist_init(&iv->wake[w]);
	for (int k = 0; k < n; k++) {
		const struct thread *t = &e->threads[k];

		if (t->task != task)
			continue;
		threads++;
		for (int w = 0; w < WAKE_PATHS; w++)
			if (t->stats.wake_us[w])
				rhist_merge_live(&iv->wake[w], t->stats.wake_us[w]);
	}
	return threads;
}

static void interval_line(FILE *f, const struct task *task, int threads,
			  uint64_t loops, int path, const struct hist *h)
{
	if (task)
		fprintf(f, "%-16.16s %4d %9llu |", task->name, threads,
			(unsigned long long)loops);
	else
		fprintf(f, "%-16s %4s %9s |", "", "", "");
	if (!h) {
		fprintf(f, " %-6s %9d %8s %8s %8s\n", "-", 0, "-", "-", "-");
		return;
	}
	fprintf(f, " %-6s %9llu %8llu %8llu %8llu\n",
		wake_path_name((enum wake_path)path),
		(unsigned long long)h->n,
		(unsigned long long)hist_percentile(h, 50),
		(unsigned long long)hist_percentile(h, 99),
		(unsigned long long)h->max);
}

static void interval_print(struct interval *iv, const struct engine *e,
			   int64_t now)
{
	const struct workload *w = e->w;
	FILE *f = iv->out;

	fprintf(f, "mimic: interval %u at %.3f s: loops and wake-up latency "
		"since time zero\n", ++iv->n,
		(double)(now - e->t_zero_ns) / 1e9);
	fprintf(f, "%-16s %4s %9s | %-6s %9s %8s %8s %8s\n", "task", "thr",
		"loops", "path", "wakeups", "p50 us", "p99 us", "max us");
	for (size_t k = 0; k < w->n_tasks; k++) {
		const struct task *task = &w->tasks[k];
		int threads = interval_task(iv, e, task);
		uint64_t loops = progress_loops(e, task);
		bool first = true;

		if (!threads)
			continue; /* as the summary: never instantiated */
		for (int p = 0; p < WAKE_PATHS; p++) {
			if (!iv->wake[p].n)
				continue;
			interval_line(f, first ? task : NULL, threads, loops, p,
				      &iv->wake[p]);
			first = false;
		}
		if (first)
			interval_line(f, task, threads, loops, 0, NULL);
	}
	fflush(f);
}

void interval_update(struct interval *iv, const struct engine *e)
{
	int64_t now = time_now_ns();

	if (!iv->out || now < iv->next_ns)
		return;
	/* On the grid from time zero; a late wake-up skips, never bunches. */
	while (iv->next_ns <= now)
		iv->next_ns += iv->period_ns;
	interval_print(iv, e, now);
}

void interval_end(struct interval *iv)
{
	free(iv->wake);
	iv->wake = NULL;
	iv->next_ns = INT64_MAX;
}
