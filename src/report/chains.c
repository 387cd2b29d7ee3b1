/*
 * chains.c - the text summary's end-to-end block: per task whose threads
 * received a chain or have a budget, the latency from each iteration's
 * chain origin to its end (p50 p90 p99 p99.9 max, µs), the budget and
 * the iterations over it; and the request block: per task with request
 * or rate events, the request latency (last wake-up -> request event)
 * and the requests per second (average, and the rate samples).
 */
#include "report/chains.h"

#include "lib/hist.h"

#include <stdio.h>

static const double chains_pct[] = { 50, 90, 99, 99.9 };
#define CHAINS_NPCT (sizeof(chains_pct) / sizeof(chains_pct[0]))

/* p50 p90 p99 p99.9 max, or dashes. */
static void chains_print_hist(const struct hist *h)
{
	for (size_t k = 0; k <= CHAINS_NPCT; k++) {
		if (!h->n)
			printf(" %7s", "-");
		else if (k < CHAINS_NPCT)
			printf(" %7llu", (unsigned long long)hist_percentile(
						 h, chains_pct[k]));
		else
			printf(" %7llu", (unsigned long long)h->max);
	}
}

double chains_miss_pct(const struct e2e_stats *e)
{
	return e->budgeted ? 100.0 * (double)e->misses / (double)e->budgeted
			   : 0.0;
}

void chains_print(const struct run_result *r, struct run_task_stats *s)
{
	const struct workload *w = r->w;
	bool header = false;

	for (size_t k = 0; k < w->n_tasks; k++) {
		const struct task *task = &w->tasks[k];
		int64_t budget = run_stats_budget(task);

		run_stats_task(r, task, s);
		if (!s->threads || !s->has_e2e || !s->e2e.latency_us.n)
			continue;
		if (!header)
			printf("\n%-16s | %-47s | %s\n"
			       "%-16s | %8s %7s %7s %7s %7s %7s | %8s %8s %7s\n",
			       "", "end-to-end: chain origin -> iteration end (us)",
			       "budget misses", "task", "iters", "p50", "p90",
			       "p99", "p99.9", "max", "budget", "misses",
			       "miss%");
		header = true;
		printf("%-16.16s | %8llu", task->name,
		       (unsigned long long)s->e2e.latency_us.n);
		chains_print_hist(&s->e2e.latency_us);
		if (budget > 0)
			printf(" | %8lld", (long long)(budget / 1000));
		else
			printf(" | %8s", budget < 0 ? "phases" : "-");
		if (s->e2e.budgeted)
			printf(" %8llu %7.2f\n",
			       (unsigned long long)s->e2e.misses,
			       chains_miss_pct(&s->e2e));
		else
			printf(" %8s %7s\n", "-", "-");
	}
}

void chains_print_requests(const struct run_result *r,
			   struct run_task_stats *s)
{
	const struct workload *w = r->w;
	double secs = run_result_seconds(r);
	bool header = false;

	for (size_t k = 0; k < w->n_tasks; k++) {
		run_stats_task(r, &w->tasks[k], s);
		if (!s->threads || (!s->has_requests && !s->has_rate))
			continue;
		if (!header)
			printf("\n%-16s | %-56s | %s\n"
			       "%-16s | %8s %7s %7s %7s %7s %7s %7s | %8s %7s %7s %7s %7s\n",
			       "", "request latency: last wake-up -> request (us)",
			       "requests per second", "task", "requests",
			       "rps", "p50", "p90", "p99", "p99.9", "max",
			       "samples", "p50", "p90", "p99", "max");
		header = true;
		printf("%-16.16s | %8llu %7.0f", w->tasks[k].name,
		       (unsigned long long)s->requests,
		       secs > 0 ? (double)s->requests / secs : 0.0);
		chains_print_hist(&s->request_us);
		printf(" | %8llu", (unsigned long long)s->rate.n);
		if (!s->rate.n)
			printf(" %7s %7s %7s %7s\n", "-", "-", "-", "-");
		else
			printf(" %7llu %7llu %7llu %7llu\n",
			       (unsigned long long)hist_percentile(&s->rate, 50),
			       (unsigned long long)hist_percentile(&s->rate, 90),
			       (unsigned long long)hist_percentile(&s->rate, 99),
			       (unsigned long long)s->rate.max);
	}
}
