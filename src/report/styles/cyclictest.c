/*
 * cyclictest.c - report style "cyclictest": one T: line per timer thread
 * (C, Min, Act, Avg, Max of its timer wake-up latency, µs, as cyclictest
 * computes them), and with "cyclictest:N" the histogram dump of
 * cyclictest -h N: rows 0 .. N-1 of per-thread counts, then # Total, Min,
 * Avg and Max Latencies and # Histogram Overflows; with --break-us, the
 * # Thread Ids, # Break thread and # Break value lines of cyclictest -b.
 */
#include "report/styles/cyclictest.h"

#include "record/result.h"
#include "report_style.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#define CT_HIST_MAX 1000000 /* cyclictest's own limit on -h */

extern const struct report_style report_cyclictest;

/* The lowest value bucket b holds. */
static uint64_t bucket_low(unsigned b)
{
	unsigned e;

	if (b < HIST_PLAIN)
		return b;
	e = b / HIST_SUB - 1;
	return ((uint64_t)1 << (e + 8)) + ((uint64_t)(b % HIST_SUB) << e);
}

void cyclictest_stats(const struct hist *h, unsigned rows,
		      uint64_t *rows_out, struct cyclictest_stats *out)
{
	memset(out, 0, sizeof(*out));
	if (rows_out)
		memset(rows_out, 0, rows * sizeof(*rows_out));
	out->cycles = h->n;
	if (!h->n)
		return;
	out->min = h->min;
	out->max = h->max;
	out->act = h->last;
	out->avg = (uint64_t)(h->sum / (double)h->n);
	for (unsigned b = 0; b < HIST_BUCKETS; b++) {
		uint64_t v = bucket_low(b);

		if (!h->counts[b])
			continue;
		if (v < rows) {
			out->total += h->counts[b];
			if (rows_out)
				rows_out[v] += h->counts[b];
		} else {
			out->overflows += h->counts[b];
		}
	}
}

/* The first timer period of the task, µs: cyclictest's I:. */
static long long ct_interval(const struct task *task)
{
	for (size_t p = 0; p < task->n_phases; p++)
		for (size_t e = 0; e < task->phases[p].n_events; e++) {
			const struct event *ev = &task->phases[p].events[e];

			if (ev->period_ns)
				return (long long)(ev->period_ns / 1000);
		}
	return 0;
}

static int ct_priority(const struct run_thread *t)
{
	return t->policy == SCHED_FIFO || t->policy == SCHED_RR ? t->priority
								 : 0;
}

/* cyclictest_stats of a thread's timer wake-ups (its rhist, expanded). */
static void ct_thread_stats(const struct run_thread *t, unsigned rows,
			    uint64_t *rows_out, struct cyclictest_stats *st)
{
	struct hist *h = calloc(1, sizeof(*h));

	memset(st, 0, sizeof(*st));
	if (!h)
		return;
	rhist_merge(h, t->stats->wake_us[WAKE_TIMER]);
	cyclictest_stats(h, rows, rows_out, st);
	free(h);
}

static void ct_histogram(const struct run_thread *const *th, int n,
			 unsigned rows, FILE *out)
{
	uint64_t *cnt = calloc((size_t)n * rows + 1, sizeof(*cnt));
	struct cyclictest_stats *st = calloc((size_t)n + 1, sizeof(*st));

	if (!cnt || !st)
		goto out;
	for (int j = 0; j < n; j++)
		ct_thread_stats(th[j], rows, cnt + (size_t)j * rows, &st[j]);
	fprintf(out, "# Histogram\n");
	for (unsigned i = 0; i < rows; i++) {
		fprintf(out, "%06u ", i);
		for (int j = 0; j < n; j++)
			fprintf(out, "%06llu%s",
				(unsigned long long)cnt[(size_t)j * rows + i],
				j < n - 1 ? "\t" : "");
		fprintf(out, "\n");
	}
	fprintf(out, "# Total:");
	for (int j = 0; j < n; j++)
		fprintf(out, " %09llu", (unsigned long long)st[j].total);
	fprintf(out, "\n# Min Latencies:");
	for (int j = 0; j < n; j++)
		fprintf(out, " %05llu", (unsigned long long)st[j].min);
	fprintf(out, "\n# Avg Latencies:");
	for (int j = 0; j < n; j++)
		fprintf(out, " %05llu", (unsigned long long)st[j].avg);
	fprintf(out, "\n# Max Latencies:");
	for (int j = 0; j < n; j++)
		fprintf(out, " %05llu", (unsigned long long)st[j].max);
	fprintf(out, "\n# Histogram Overflows:");
	for (int j = 0; j < n; j++)
		fprintf(out, " %05llu", (unsigned long long)st[j].overflows);
	/* mimic keeps no cycle numbers: every overflow is an "other". */
	fprintf(out, "\n# Histogram Overflow at cycle number:\n");
	for (int j = 0; j < n; j++) {
		fprintf(out, "# Thread %d:", j);
		if (st[j].overflows)
			fprintf(out, " # %05llu others",
				(unsigned long long)st[j].overflows);
		fprintf(out, "\n");
	}
	fprintf(out, "\n");
out:
	free(cnt);
	free(st);
}

static void ct_print(const struct run_result *r, FILE *out)
{
	const char *arg = report_style_arg(&r->w->g, &report_cyclictest);
	long rows = arg ? strtol(arg, NULL, 10) : 0;
	int n = r->n_threads, nt = 0;
	const struct run_thread **th = calloc((size_t)n + 1, sizeof(*th));
	uint64_t overruns = 0;

	if (!th)
		return;
	for (int k = 0; k < n; k++)
		if (r->threads[k].created &&
		    r->threads[k].stats->wake_us[WAKE_TIMER])
			th[nt++] = &r->threads[k];
	for (int j = 0; j < nt; j++) {
		const struct run_thread *t = th[j];
		struct cyclictest_stats st;

		ct_thread_stats(t, 0, NULL, &st);
		fprintf(out, "T:%2d (%5d) P:%2d I:%lld C:%7llu Min:%7llu "
			"Act:%5llu Avg:%5llu Max:%8llu\n", j, (int)t->tid,
			ct_priority(t), ct_interval(t->task),
			(unsigned long long)st.cycles,
			(unsigned long long)st.min, (unsigned long long)st.act,
			(unsigned long long)st.avg, (unsigned long long)st.max);
		overruns += t->stats->timer_overruns;
	}
	if (rows > 0)
		ct_histogram(th, nt, (unsigned)(rows < CT_HIST_MAX ? rows
							 : CT_HIST_MAX), out);
	/* cyclictest -b's lines: its threads, then the one that broke. */
	if (r->w->g.break_us > 0) {
		fprintf(out, "# Thread Ids:");
		for (int j = 0; j < nt; j++)
			fprintf(out, " %05d", (int)th[j]->tid);
		fprintf(out, "\n");
		if (r->brk.hit) {
			fprintf(out, "# Break thread: %d\n", r->brk.tid);
			fprintf(out, "# Break value: %llu\n",
				(unsigned long long)r->brk.latency_us);
		}
	}
	/* cyclictest would count these as samples of more than a period. */
	if (overruns)
		fprintf(out, "# mimic: %llu timer overruns (woke after the next "
			"deadline; not in the figures above)\n",
			(unsigned long long)overruns);
	free(th);
}

/* The largest Max: of its T: lines. */
static int ct_headline(const struct run_result *r, struct style_figure *out,
		       int max)
{
	uint64_t worst = 0;
	int threads = 0;

	for (int k = 0; k < r->n_threads; k++) {
		const struct run_thread *t = &r->threads[k];
		struct cyclictest_stats st;

		if (!t->created || !t->stats->wake_us[WAKE_TIMER])
			continue;
		ct_thread_stats(t, 0, NULL, &st);
		if (st.max > worst)
			worst = st.max;
		threads++;
	}
	if (!threads || max < 1)
		return 0;
	out[0] = (struct style_figure){ "cyclictest.max_us", (double)worst,
					"us", +1 };
	return 1;
}

const struct report_style report_cyclictest = {
	.name = "cyclictest",
	.help = "cyclictest's T: lines; \"cyclictest:N\" adds its -h N "
		"histogram dump",
	.print = ct_print,
	.headline = ct_headline,
};
