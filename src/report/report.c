/*
 * report.c - the end-of-run summary: per task, the loops and timer
 * overruns, the percentiles of wake-up latency for each wake path (timer,
 * pipe, socket, futex, cond) and of run-duration error; then a block with
 * the message latency of the paths that carry messages (pipe, socket,
 * futex), the end-to-end and request blocks (chains.c), one with the
 * percentiles of slack and, with the number of runs,
 * of run duration (blocks of their own, so the first keeps its columns),
 * one with the kernel's view (kstat.h), per task and per thread; then,
 * when the workload takes mutexes, a block of lock statistics.
 */
#include "report/report.h"

#include "report/blocked.h"

#include "lib/hist.h"
#include "record/result.h"
#include "report_style.h"
#include "report/chains.h"
#include "report/run_stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double report_pct[] = { 50, 90, 99, 99.9 };
#define REPORT_NPCT (sizeof(report_pct) / sizeof(report_pct[0]))

static void print_dashes(int n)
{
	for (int k = 0; k < n; k++)
		printf(" %7s", "-");
}

/* p50 p90 p99 p99.9 max */
static void print_lat(const struct hist *h)
{
	if (!h || !h->n) {
		print_dashes(REPORT_NPCT + 1);
		return;
	}
	for (size_t k = 0; k < REPORT_NPCT; k++)
		printf(" %7llu",
		       (unsigned long long)hist_percentile(h, report_pct[k]));
	printf(" %7llu", (unsigned long long)h->max);
}

static void print_err(const struct shist *h)
{
	static const double pct[] = { 50, 90, 99 };

	if (!shist_count(h)) {
		print_dashes(4);
		return;
	}
	for (size_t k = 0; k < 3; k++)
		printf(" %+7.2f", shist_percentile(h, pct[k]) / 100.0);
	printf(" %+7.2f", shist_max(h) / 100.0);
}

/* samples min p50 p90 p99 p99.9 max, of a signed histogram. */
static void print_signed(const struct shist *h)
{
	uint64_t n = shist_count(h);

	printf(" %8llu", (unsigned long long)n);
	if (!n) {
		print_dashes(REPORT_NPCT + 2);
		return;
	}
	printf(" %7lld", h->neg.n ? -(long long)h->neg.max
				  : (long long)h->pos.min);
	for (size_t k = 0; k < REPORT_NPCT; k++)
		printf(" %7lld", (long long)shist_percentile(h, report_pct[k]));
	printf(" %7lld", (long long)shist_max(h));
}

static void print_unsigned(const struct hist *h)
{
	printf(" %8llu", (unsigned long long)h->n);
	if (!h->n) {
		print_dashes(REPORT_NPCT + 2);
		return;
	}
	printf(" %7llu", (unsigned long long)h->min);
	print_lat(h);
}

/* One line per wake path that has samples (at least one line). */
static void report_line(const struct task *task,
			const struct run_task_stats *s)
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
		printf(" %-6s %9llu", h ? wake_path_name(paths[i]) : "-",
		       h ? (unsigned long long)h->n : 0ULL);
		print_lat(h);
		printf(" |");
		if (i == 0)
			print_err(&s->err);
		printf("\n");
	}
}

/*
 * The message latency block: one line per task and path with messages
 * (send stamp -> message taken, queueing included; none if no task has).
 */
static void report_messages(const struct run_result *r,
			    struct run_task_stats *s)
{
	const struct workload *w = r->w;
	bool header = false;

	for (size_t k = 0; k < w->n_tasks; k++) {
		bool first = true;

		run_stats_task(r, &w->tasks[k], s);
		for (int p = 0; s->threads && p < WAKE_PATHS; p++) {
			if (!s->message[p].n)
				continue;
			if (!header)
				printf("\n%-16s | %-16s %s\n"
				       "%-16s | %-6s %9s %7s %7s %7s %7s %7s\n",
				       "", "", "message latency (us)",
				       "task", "path", "messages", "p50", "p90",
				       "p99", "p99.9", "max");
			header = true;
			printf("%-16.16s | %-6s %9llu", first ? w->tasks[k].name
							       : "",
			       wake_path_name(p),
			       (unsigned long long)s->message[p].n);
			print_lat(&s->message[p]);
			printf("\n");
			first = false;
		}
	}
}

static void report_slack_run_header(void)
{
	printf("\n%-16s | %-56s | %s\n", "", "slack (us)",
	       "run duration (us)");
	printf("%-16s | %8s %7s %7s %7s %7s %7s %7s | %8s %7s %7s %7s %7s %7s %7s\n",
	       "task", "samples", "min", "p50", "p90", "p99", "p99.9", "max",
	       "runs", "min", "p50", "p90", "p99", "p99.9", "max");
}

static void report_slack_run_line(const struct task *task,
				  const struct run_task_stats *s)
{
	printf("%-16.16s |", task->name);
	print_signed(&s->slack_us);
	printf(" |");
	print_unsigned(&s->run_us);
	printf("\n");
}

/*
 * Rows lost because a thread's ring was full, with the threads that lost
 * them (the first REPORT_DROP_NAMES): an error (exit 1, main decides)
 * unless global.allow_log_drops says the workload accepts it.
 */
#define REPORT_DROP_NAMES 8
static void report_dropped(const struct run_result *r)
{
	bool ok = r->w->g.allow_log_drops;
	int named = 0, more = 0;

	if (!r->log_rows_dropped)
		return;
	fprintf(stderr, "mimic: %s: %llu log rows dropped, the log writer fell "
		"behind:", ok ? "warning" : "error",
		(unsigned long long)r->log_rows_dropped);
	for (int k = 0; k < r->n_threads; k++) {
		const struct run_thread *t = &r->threads[k];

		if (!t->log_rows_dropped)
			continue;
		if (named++ < REPORT_DROP_NAMES)
			fprintf(stderr, "%s %s %llu", named > 1 ? "," : "",
				t->name, (unsigned long long)t->log_rows_dropped);
		else
			more++;
	}
	if (more)
		fprintf(stderr, " and %d more thread%s", more,
			more == 1 ? "" : "s");
	fprintf(stderr, " (raise global.log_size%s)\n",
		ok ? "" : ", or set global.allow_log_drops to accept drops");
}

/* What went wrong during the run: on stderr, even with --quiet. */
static void report_warnings(const struct run_result *r,
			    struct run_task_stats *s)
{
	const struct workload *w = r->w;

	for (size_t k = 0; k < w->n_tasks; k++) {
		run_stats_task(r, &w->tasks[k], s);
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
	report_dropped(r);
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

void report_lines(const char *const *lines, size_t n, int64_t elapsed_us)
{
	int64_t us = elapsed_us;

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

/* The second block, for the tasks with slack or run samples, if any. */
static void report_slack_run(const struct run_result *r,
			     struct run_task_stats *s)
{
	const struct workload *w = r->w;
	bool header = false;

	for (size_t k = 0; k < w->n_tasks; k++) {
		run_stats_task(r, &w->tasks[k], s);
		if (!s->threads || (!shist_count(&s->slack_us) && !s->run_us.n))
			continue;
		if (!header)
			report_slack_run_header();
		header = true;
		report_slack_run_line(&w->tasks[k], s);
	}
}

/* A task with 2 to this many threads also gets a line per thread. */
#define REPORT_KERNEL_THREADS 8

static void report_kernel_header(void)
{
	printf("\n%-16s | %4s | %s\n", "", "",
	       "kernel, from /proc at each thread's end (ms)");
	printf("%-16s | %4s | %11s %11s %9s %9s %9s\n", "task", "thr",
	       "cpu", "rq wait", "vol sw", "invol sw", "migr");
}

/* The five columns of k; "-" for what /proc did not give. */
static void report_kernel_values(const struct kstat *k)
{
	if (k->have & KSTAT_SCHEDSTAT)
		printf(" %11.3f %11.3f", k->cpu_time_ns / 1e6,
		       k->runqueue_wait_ns / 1e6);
	else
		printf(" %11s %11s", "-", "-");
	if (k->have & KSTAT_SWITCHES)
		printf(" %9llu %9llu",
		       (unsigned long long)k->switches_voluntary,
		       (unsigned long long)k->switches_involuntary);
	else
		printf(" %9s %9s", "-", "-");
	if (k->have & KSTAT_MIGRATIONS)
		printf(" %9llu", (unsigned long long)k->migrations);
	else
		printf(" %9s", "-");
}

/* The task's sum, then its threads when a few, and any missing one. */
static void report_kernel_task(const struct run_result *r,
			       const struct task *task,
			       const struct run_task_stats *s)
{
	bool each = s->threads > 1 && s->threads <= REPORT_KERNEL_THREADS;

	printf("%-16.16s | %4d |", task->name, s->threads);
	report_kernel_values(&s->kernel);
	if (s->kernel_missing)
		printf("  %d missing", s->kernel_missing);
	printf("\n");
	for (int k = 0; k < r->n_threads; k++) {
		const struct run_thread *t = &r->threads[k];
		struct kstat ks;

		if (t->task != task)
			continue;
		run_stats_thread_kernel(t, &ks);
		if (!each && ks.have)
			continue;
		printf("  %-14.14s | %4s |", t->name, "");
		report_kernel_values(&ks);
		printf("%s\n", ks.have ? "" : "  missing");
	}
}

/* The third block: the kernel's view of every task that had threads. */
static void report_kernel(const struct run_result *r,
			  struct run_task_stats *s)
{
	const struct workload *w = r->w;
	bool header = false;

	for (size_t k = 0; k < w->n_tasks; k++) {
		run_stats_task(r, &w->tasks[k], s);
		if (!s->threads)
			continue;
		if (!header)
			report_kernel_header();
		header = true;
		report_kernel_task(r, &w->tasks[k], s);
	}
}

/* acquisitions, contended %, wait and hold p50/p99/max (µs). */
static void report_locks_line(const char *name, const struct lock_stats *s)
{
	const struct hist *h[2] = { &s->wait_us, &s->hold_us };

	printf("%-16.16s | %10llu %8.2f |", name,
	       (unsigned long long)s->acquisitions,
	       s->acquisitions ? 100.0 * (double)s->contended /
					 (double)s->acquisitions : 0.0);
	for (int k = 0; k < 2; k++) {
		if (!h[k]->n)
			print_dashes(3);
		else
			printf(" %7llu %7llu %7llu",
			       (unsigned long long)hist_percentile(h[k], 50),
			       (unsigned long long)hist_percentile(h[k], 99),
			       (unsigned long long)h[k]->max);
		printf(" |");
	}
	printf("\n");
}

/*
 * The lock block, when some thread took a mutex: per mutex (merged over
 * the threads), then per task (over its mutexes).
 */
static void report_locks(const struct run_result *r)
{
	const struct workload *w = r->w;
	struct lock_stats *s;

	if (!run_stats_any_locks(r) || !(s = malloc(sizeof(*s))))
		return;
	printf("\n%-16s | %10s %8s | %-23s | %-23s |\n", "", "", "",
	       "contended wait (us)", "hold (us)");
	printf("%-16s | %10s %8s | %7s %7s %7s | %7s %7s %7s |\n", "mutex",
	       "acquired", "contend%", "p50", "p99", "max", "p50", "p99",
	       "max");
	for (size_t k = 0; k < w->n_resources; k++)
		if (run_stats_mutex_locks(r, (int)k, s))
			report_locks_line(w->resources[k].name, s);
	printf("%-16s |\n", "task");
	for (size_t k = 0; k < w->n_tasks; k++)
		if (run_stats_task_locks(r, &w->tasks[k], s))
			report_locks_line(w->tasks[k].name, s);
	free(s);
}

void report_print(const struct run_result *r, bool quiet)
{
	static const char *const reasons[] = {
		[RUN_STOP_DURATION] = "stopped at the duration",
		[RUN_STOP_LOOPS] = "all loops done",
		[RUN_STOP_ERROR] = "stopped by an error",
		[RUN_STOP_BREAK] = "stopped on a break",
	};
	const struct workload *w = r->w;
	struct run_task_stats *s;
	int n = r->n_threads;

	s = malloc(sizeof(*s));
	if (!s)
		return;
	if (quiet) {
		report_warnings(r, s);
		free(s);
		return;
	}
	printf("mimic: ran %.3f s, %d thread%s, ", run_result_seconds(r), n,
	       n == 1 ? "" : "s");
	if (r->stop == RUN_STOP_SIGNAL)
		printf("stopped by %s\n", strsignal(r->stop_signal));
	else if (r->stop == RUN_STOP_BREAK)
		printf("stopped on a break: %s woke %llu us late on %s (over "
		       "%llu us) in its iteration %llu\n",
		       r->threads[r->brk.thread].name,
		       (unsigned long long)r->brk.latency_us,
		       wake_path_name(r->brk.path),
		       (unsigned long long)r->brk.limit_us,
		       (unsigned long long)r->brk.iteration);
	else
		printf("%s\n", reasons[r->stop]);
	printf("%-16s %4s %8s %7s | %-6s %9s %-39s | %s\n", "", "", "", "",
	       "wake", "", "wake-up latency (us)", "run deviation (%)");
	printf("%-16s %4s %8s %7s | %-6s %9s %7s %7s %7s %7s %7s | %7s %7s %7s %7s\n",
	       "task", "thr", "loops", "overrun", "path", "wakeups", "p50",
	       "p90", "p99", "p99.9", "max", "p50", "p90", "p99", "max");
	for (size_t k = 0; k < w->n_tasks; k++) {
		run_stats_task(r, &w->tasks[k], s);
		if (!s->threads)
			continue;
		report_line(&w->tasks[k], s);
	}
	report_messages(r, s);
	chains_print(r, s);
	chains_print_requests(r, s);
	report_slack_run(r, s);
	report_kernel(r, s);
	report_locks(r);
	blocked_print(r, stdout);
	fflush(stdout);
	report_warnings(r, s);
	free(s);
}

void report_styles_print(const struct run_result *r)
{
	for (size_t k = 0; k < r->w->g.n_reports; k++)
		r->w->g.reports[k]->print(r, stdout);
	fflush(stdout);
}
