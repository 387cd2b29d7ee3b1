/*
 * report.c - the end-of-run summary: per task, the loops done and the
 * percentiles of timer wake-up latency and of run-duration error.
 */
#include "report.h"

#include "engine.h"
#include "hist.h"

#include <stdio.h>
#include <string.h>

struct task_summary {
	int threads;
	uint64_t rows, overruns, dropped;
	struct hist lat;
	struct shist err;
};

static void report_task(const struct engine *e, const struct task *task,
			struct task_summary *s)
{
	memset(s, 0, sizeof(*s));
	int n = atomic_load(&e->n_threads);

	for (int k = 0; k < n; k++) {
		const struct thread *t = &e->threads[k];

		if (t->task != task)
			continue;
		s->threads++;
		s->rows += t->stats.rows;
		s->overruns += t->stats.timer_overruns;
		s->dropped += t->ring.rows ? atomic_load(&t->ring.dropped) : 0;
		hist_merge(&s->lat, t->stats.wake_lat_us);
		shist_merge(&s->err, t->stats.run_err_bp);
	}
}

static void print_lat(const struct hist *h)
{
	static const double pct[] = { 50, 90, 99 };

	if (!h->n) {
		printf(" %7s %7s %7s %7s", "-", "-", "-", "-");
		return;
	}
	for (size_t k = 0; k < 3; k++)
		printf(" %7llu", (unsigned long long)hist_percentile(h, pct[k]));
	printf(" %7llu", (unsigned long long)h->max);
}

static void print_err(const struct shist *h)
{
	static const double pct[] = { 50, 90, 99 };

	if (!shist_count(h)) {
		printf(" %7s %7s %7s %7s", "-", "-", "-", "-");
		return;
	}
	for (size_t k = 0; k < 3; k++)
		printf(" %+7.2f", shist_percentile(h, pct[k]) / 100.0);
	printf(" %+7.2f", shist_max(h) / 100.0);
}

void report_print(const struct engine *e)
{
	const struct workload *w = e->w;
	double secs = (double)(e->t_end_ns - e->t_zero_ns) / 1e9;
	uint64_t dropped = 0;

	if (e->opt->quiet)
		return;
	int n = atomic_load(&e->n_threads);

	printf("mimic: ran %.3f s, %d thread%s, ", secs, n, n == 1 ? "" : "s");
	if (e->stop_signal)
		printf("stopped by %s\n", strsignal(e->stop_signal));
	else if (w->g.duration_s > 0 &&
		 secs >= w->g.duration_s - 0.001)
		printf("stopped at the duration\n");
	else
		printf("all loops done\n");
	printf("%-16s %4s %8s %8s | %-31s | %s\n", "", "", "", "",
	       "timer wake-up latency (us)", "run error (%)");
	printf("%-16s %4s %8s %8s | %7s %7s %7s %7s | %7s %7s %7s %7s\n",
	       "task", "thr", "loops", "overrun", "p50", "p90", "p99", "max",
	       "p50", "p90", "p99", "max");
	for (size_t k = 0; k < w->n_tasks; k++) {
		struct task_summary s;

		report_task(e, &w->tasks[k], &s);
		if (!s.threads)
			continue;
		printf("%-16.16s %4d %8llu %8llu |", w->tasks[k].name,
		       s.threads, (unsigned long long)s.rows,
		       (unsigned long long)s.overruns);
		print_lat(&s.lat);
		printf(" |");
		print_err(&s.err);
		printf("\n");
		dropped += s.dropped;
	}
	if (dropped)
		printf("warning: %llu log rows dropped: the log writer fell "
		       "behind (raise global.log_size)\n",
		       (unsigned long long)dropped);
	fflush(stdout);
}
