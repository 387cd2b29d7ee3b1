/*
 * run_stats.c - sums the threads' counters and histograms of the run
 * result per task, and their lock statistics per mutex and per task
 * (after the join: nothing here is safe while they run).
 */
#include "report/run_stats.h"

#include <string.h>

void run_stats_thread_kernel(const struct run_thread *t, struct kstat *k)
{
	if (t->came_home)
		*k = t->stats->kernel;
	else
		*k = (struct kstat){ .have = 0 };
}

/* Adds t's kernel values into s: a sum has a field only if all have it. */
static void run_stats_add_kernel(struct run_task_stats *s,
				 const struct run_thread *t)
{
	struct kstat k;

	run_stats_thread_kernel(t, &k);
	if (!k.have)
		s->kernel_missing++;
	kstat_add(&s->kernel, &k);
}

/* The requests every thread of the run did (what "rate" counts). */
static uint64_t run_stats_all_requests(const struct run_result *r)
{
	uint64_t n = 0;

	for (int k = 0; k < r->n_threads; k++)
		n += atomic_load(&r->threads[k].stats->requests);
	return n;
}

/* Adds a thread's request latencies and rate samples, and the rate of its
 * last interval, from its last sample to the end, as schbench does. */
static void run_stats_add_requests(const struct run_result *r,
				   struct run_task_stats *s,
				   const struct thread_stats *ts)
{
	s->requests += atomic_load(&ts->requests);
	if (ts->request_us) {
		s->has_requests = true;
		hist_merge(&s->request_us, ts->request_us);
	}
	if (!ts->rate)
		return;
	s->has_rate = true;
	hist_merge(&s->rate, ts->rate);
	if (ts->rate_last_ns) {
		int64_t us = r->t_end_ns / 1000 - ts->rate_last_ns / 1000;
		uint64_t done = run_stats_all_requests(r) - ts->rate_last;

		hist_add(&s->rate, us > 0 ? done * 1000000 / (uint64_t)us : 0);
	}
}

int64_t run_stats_budget(const struct task *task)
{
	int64_t b = 0;

	for (size_t p = 0; p < task->n_phases; p++) {
		int64_t pb = task->phases[p].budget_ns;

		if (pb && b && pb != b)
			return -1;
		if (pb)
			b = pb;
	}
	return b;
}

void run_stats_task(const struct run_result *r, const struct task *task,
		    struct run_task_stats *s)
{
	memset(s, 0, sizeof(*s));
	s->kernel.have = KSTAT_ALL;
	for (int k = 0; k < r->n_threads; k++) {
		const struct run_thread *t = &r->threads[k];
		const struct thread_stats *ts = t->stats;

		if (t->task != task)
			continue;
		s->threads++;
		s->rows += ts->rows;
		s->overruns += ts->timer_overruns;
		s->sent += ts->sent;
		s->received += ts->received;
		s->sent_bytes += ts->sent_bytes;
		s->received_bytes += ts->received_bytes;
		s->damaged += ts->damaged;
		if (ts->attr_failures && !s->attr_failures)
			s->attr_msg = t->attr_msg;
		s->attr_failures += ts->attr_failures;
		s->dropped += t->log_rows_dropped;
		for (int w = 0; w < WAKE_PATHS; w++)
			if (ts->wake_us[w])
				hist_merge(&s->wake[w], ts->wake_us[w]);
		for (int w = 0; w < WAKE_PATHS; w++)
			if (ts->message_us[w])
				hist_merge(&s->message[w], ts->message_us[w]);
		if (ts->run_err_bp)
			shist_merge(&s->err, ts->run_err_bp);
		if (ts->slack_us)
			shist_merge(&s->slack_us, ts->slack_us);
		if (ts->run_us)
			hist_merge(&s->run_us, ts->run_us);
		if (ts->e2e) {
			s->has_e2e = true;
			e2e_merge(&s->e2e, ts->e2e);
		}
		run_stats_add_requests(r, s, ts);
		run_stats_add_kernel(s, t);
	}
}

bool run_stats_any_locks(const struct run_result *r)
{
	for (int k = 0; k < r->n_threads; k++)
		if (r->threads[k].stats->n_locks)
			return true;
	return false;
}

/* resource < 0: every mutex; task NULL: every task. */
static bool run_stats_locks(const struct run_result *r, int resource,
			    const struct task *task, struct lock_stats *s)
{
	bool any = false;

	memset(s, 0, sizeof(*s));
	s->resource = resource;
	for (int k = 0; k < r->n_threads; k++) {
		const struct thread_stats *ts = r->threads[k].stats;

		if (task && r->threads[k].task != task)
			continue;
		for (size_t m = 0; m < ts->n_locks; m++) {
			if (resource >= 0 && ts->locks[m].resource != resource)
				continue;
			lock_stats_merge(s, &ts->locks[m]);
			any = true;
		}
	}
	return any;
}

bool run_stats_mutex_locks(const struct run_result *r, int resource,
			   struct lock_stats *s)
{
	return run_stats_locks(r, resource, NULL, s);
}

bool run_stats_task_locks(const struct run_result *r, const struct task *task,
			  struct lock_stats *s)
{
	return run_stats_locks(r, -1, task, s);
}
