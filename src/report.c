/*
 * report.c - the end-of-run summary: per task, the loops done, the
 * percentiles of wake-up latency for each wake path (timer, pipe, socket,
 * futex) and of run-duration error.
 */
#include "report.h"

#include "engine.h"
#include "hist.h"
#include "report_style.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const wake_names[WAKE_PATHS] = {
	"timer", "pipe", "socket", "futex", "cond",
};

struct task_summary {
	int threads;
	uint64_t rows, overruns, dropped, damaged, attr_failures;
	const char *attr_msg;
	struct hist wake[WAKE_PATHS];
	struct shist err;
};

static void report_task(const struct engine *e, const struct task *task,
			struct task_summary *s)
{
	int n = atomic_load(&e->n_threads);

	memset(s, 0, sizeof(*s));
	for (int k = 0; k < n; k++) {
		const struct thread *t = &e->threads[k];

		if (t->task != task)
			continue;
		s->threads++;
		s->rows += t->stats.rows;
		s->overruns += t->stats.timer_overruns;
		s->damaged += t->stats.damaged;
		if (t->stats.attr_failures && !s->attr_failures)
			s->attr_msg = t->attr_msg;
		s->attr_failures += t->stats.attr_failures;
		s->dropped += t->ring.rows ? atomic_load(&t->ring.dropped) : 0;
		for (int w = 0; w < WAKE_PATHS; w++)
			if (t->stats.wake_us[w])
				hist_merge(&s->wake[w], t->stats.wake_us[w]);
		shist_merge(&s->err, t->stats.run_err_bp);
	}
}

static void print_lat(const struct hist *h)
{
	static const double pct[] = { 50, 90, 99, 99.9 };

	if (!h || !h->n) {
		printf(" %7s %7s %7s %7s %7s", "-", "-", "-", "-", "-");
		return;
	}
	for (size_t k = 0; k < 4; k++)
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

/* One line per wake path that has samples (at least one line). */
static void report_line(const struct task *task, const struct task_summary *s)
{
	int paths[WAKE_PATHS], np = 0;

	for (int w = 0; w < WAKE_PATHS; w++)
		if (s->wake[w].n)
			paths[np++] = w;
	for (int i = 0; i < (np ? np : 1); i++) {
		const struct hist *h = np ? &s->wake[paths[i]] : NULL;

		if (i == 0)
			printf("%-16.16s %4d %8llu %7llu |", task->name,
			       s->threads, (unsigned long long)s->rows,
			       (unsigned long long)s->overruns);
		else
			printf("%-16s %4s %8s %7s |", "", "", "", "");
		printf(" %-6s %9llu", h ? wake_names[paths[i]] : "-",
		       h ? (unsigned long long)h->n : 0ULL);
		print_lat(h);
		printf(" |");
		if (i == 0)
			print_err(&s->err);
		printf("\n");
	}
}

/* What went wrong during the run: on stderr, even with --quiet. */
static void report_warnings(const struct engine *e, struct task_summary *s)
{
	const struct workload *w = e->w;
	uint64_t dropped = 0;

	for (size_t k = 0; k < w->n_tasks; k++) {
		report_task(e, &w->tasks[k], s);
		dropped += s->dropped;
		if (s->damaged)
			fprintf(stderr, "mimic: warning: tasks.%s: %llu messages "
				"arrived damaged\n", w->tasks[k].name,
				(unsigned long long)s->damaged);
		if (s->attr_failures)
			fprintf(stderr, "mimic: warning: tasks.%s: %llu phase "
				"attribute changes failed, first: %s\n",
				w->tasks[k].name,
				(unsigned long long)s->attr_failures, s->attr_msg);
	}
	if (dropped)
		fprintf(stderr, "mimic: warning: %llu log rows dropped: the log "
			"writer fell behind (raise global.log_size)\n",
			(unsigned long long)dropped);
}

/*
 * %{WORD|a=x|b=y}: x when WORD is a, y when b, else WORD itself, so a
 * template parameter (${mode}) can pick the tool's own wording.
 */
static void report_lookup(const char *p, size_t len)
{
	const char *bar = memchr(p, '|', len), *end = p + len;
	size_t wlen = (size_t)(bar - p);

	for (const char *q = bar + 1; q < end;) {
		const char *next = memchr(q, '|', (size_t)(end - q));
		const char *eq;

		if (!next)
			next = end;
		eq = memchr(q, '=', (size_t)(next - q));
		if (eq && (size_t)(eq - q) == wlen && !strncmp(q, p, wlen)) {
			fwrite(eq + 1, 1, (size_t)(next - eq - 1), stdout);
			return;
		}
		q = next + 1;
	}
	fwrite(p, 1, wlen, stdout);
}

void report_lines(const struct engine *e, const char *const *lines, size_t n)
{
	int64_t us = (e->t_end_ns - e->t_zero_ns) / 1000;

	if (e->opt->quiet)
		return;
	for (size_t k = 0; k < n; k++) {
		for (const char *p = lines[k]; *p; p++) {
			const char *close = strncmp(p, "%{", 2) ? NULL
								: strchr(p, '}');
			size_t len = close ? (size_t)(close - p - 2) : 0;

			if (close && len == 4 && !strncmp(p + 2, "time", 4)) {
				/* As hackbench and perf print it: ms truncated. */
				printf("%lld.%03lld", (long long)(us / 1000000),
				       (long long)(us / 1000 % 1000));
			} else if (close && len == 7 &&
				   !strncmp(p + 2, "time_us", 7)) {
				printf("%lld", (long long)us);
			} else if (close && memchr(p + 2, '|', len)) {
				report_lookup(p + 2, len);
			} else {
				putchar(*p);
				continue;
			}
			p = close;
		}
		putchar('\n');
	}
	fflush(stdout);
}

void report_print(const struct engine *e)
{
	const struct workload *w = e->w;
	double secs = (double)(e->t_end_ns - e->t_zero_ns) / 1e9;
	struct task_summary *s;
	int n = atomic_load(&e->n_threads);

	s = malloc(sizeof(*s));
	if (!s)
		return;
	if (e->opt->quiet) {
		report_warnings(e, s);
		free(s);
		return;
	}
	printf("mimic: ran %.3f s, %d thread%s, ", secs, n, n == 1 ? "" : "s");
	if (e->stop_signal)
		printf("stopped by %s\n", strsignal(e->stop_signal));
	else if (w->g.duration_s > 0 && secs >= w->g.duration_s - 0.001)
		printf("stopped at the duration\n");
	else
		printf("all loops done\n");
	printf("%-16s %4s %8s %7s | %-6s %9s %-39s | %s\n", "", "", "", "",
	       "wake", "", "wake-up latency (us)", "run error (%)");
	printf("%-16s %4s %8s %7s | %-6s %9s %7s %7s %7s %7s %7s | %7s %7s %7s %7s\n",
	       "task", "thr", "loops", "overrun", "path", "wakeups", "p50", "p90",
	       "p99", "p99.9", "max", "p50", "p90", "p99", "max");
	for (size_t k = 0; k < w->n_tasks; k++) {
		report_task(e, &w->tasks[k], s);
		if (!s->threads)
			continue;
		report_line(&w->tasks[k], s);
	}
	fflush(stdout);
	report_warnings(e, s);
	free(s);
	fflush(stdout);
}

void report_styles_print(const struct engine *e)
{
	if (e->opt->quiet)
		return;
	for (size_t k = 0; k < e->w->g.n_reports; k++)
		e->w->g.reports[k]->print(e, stdout);
	fflush(stdout);
}
