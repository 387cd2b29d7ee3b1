/*
 * latency_break.c - --break-us N: the compare on every wake-up is in
 * event_ctx_record_wake (one compare with the thread's break_at_ns); what
 * happens past it is here. As cyclictest's -b: the first thread over the
 * limit wins, writes a marker, stops tracing and stops the run; the run
 * then ends as any other (logs, summaries), with exit status 0.
 */
#include "engine/latency_break.h"

#include "engine/engine_ctx.h"
#include "engine/thread.h"
#include "record/ftrace.h"
#include "lib/timeutil.h"

#include <stdio.h>

void latency_break_arm(struct engine *e)
{
	atomic_store(&e->break_idx, -1);
	atomic_store(&e->break_seen, false);
	e->brk = (struct run_break){ .limit_us = (uint64_t)e->w->g.break_us };
	if (e->w->g.break_us > 0)
		e->brk.trace_dir = ftrace_break_arm();
}

int64_t latency_break_at_ns(const struct engine *e)
{
	int64_t us = e->w->g.break_us;

	/* The histograms' µs are truncated: over N µs is N + 1 µs or more. */
	return us > 0 ? (us + 1) * 1000 : INT64_MAX;
}

void latency_break_hit(struct thread *t, enum wake_path path, int64_t ns)
{
	struct engine *e = t->eng;
	int none = -1;

	if (thread_should_stop(t) ||
	    !atomic_compare_exchange_strong(&e->break_idx, &none, t->idx))
		return;
	e->brk.hit = true;
	e->brk.thread = t->idx;
	e->brk.tid = atomic_load(&t->tid);
	e->brk.path = path;
	e->brk.latency_us = (uint64_t)ns / 1000;
	e->brk.iteration = t->stats.rows;
	e->brk.at_ns = time_now_ns();
	/* Frozen first: every event after this one is noise in the trace. */
	e->brk.trace_frozen = ftrace_break(t->name, e->brk.tid,
					   wake_path_name(path),
					   e->brk.latency_us, e->brk.limit_us,
					   e->brk.iteration);
	atomic_store_explicit(&e->break_seen, true, memory_order_release);
	engine_wake_main(e);
}

bool latency_break_seen(const struct engine *e)
{
	return atomic_load_explicit(&e->break_seen, memory_order_acquire);
}

void latency_break_print(const struct engine *e)
{
	const struct run_break *b = &e->brk;
	const struct thread *t = &e->threads[b->thread];

	if (e->opt->quiet)
		return;
	fprintf(stderr, "mimic: break: %s (tid %d) woke %llu us late on %s "
		"(over --break-us %llu) in its iteration %llu, %.3f s after "
		"time zero; stopping", t->name, b->tid,
		(unsigned long long)b->latency_us, wake_path_name(b->path),
		(unsigned long long)b->limit_us,
		(unsigned long long)b->iteration,
		(double)(b->at_ns - e->t_zero_ns) / 1e9);
	if (b->trace_frozen)
		fprintf(stderr, "; tracing stopped (%s/tracing_on = 0)\n",
			b->trace_dir);
	else if (b->trace_dir)
		fprintf(stderr, "; could not stop tracing in %s\n",
			b->trace_dir);
	else
		fprintf(stderr, "\n");
}
