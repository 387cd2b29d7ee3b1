/*
 * trace_json.c - --trace-json: writes the slices the threads recorded as a
 * Chrome Trace Event file (the JSON object form), one track per thread,
 * one complete ("X") slice per executed event, plus a "held" slice from
 * each lock to its unlock, and an async "e2e" span per iteration that
 * recorded its end-to-end latency. Format: doc/trace-format.md.
 */
#define _GNU_SOURCE
#include "config.h"

#include "lib/safe_file.h"
#include "report/trace_json.h"

#include "event.h"
#include "lib/atomic_file.h"
#include "lib/json_str.h"
#include "record/result.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ns as µs with three decimals, exactly (no floating point). */
static void put_us(FILE *f, int64_t ns)
{
	if (ns < 0) {
		fputc('-', f);
		ns = -ns;
	}
	fprintf(f, "%lld.%03lld", (long long)(ns / 1000),
		(long long)(ns % 1000));
}

/* Locks open at once that a held slice is matched for (a thread holds
 * at most 64 mutexes). */
#define TRACE_MAX_OPEN 64

struct writer {
	FILE *f;
	int64_t t0;
	bool first;
};

/* A track: the process the thread ran in (main's, or its own in process
 * mode) and its kernel tid; 0 for a thread that never started. */
struct track {
	int pid, tid;
};

static struct track thread_track(const struct run_thread *t)
{
	struct track k = { t->pid, t->tid };

	if (!k.pid)
		k.pid = getpid();
	return k;
}

static void begin_event(struct writer *wr)
{
	fputs(wr->first ? "\n" : ",\n", wr->f);
	wr->first = false;
}

static void put_meta(struct writer *wr, struct track k, const char *what,
		     const char *key, const char *str, long num)
{
	begin_event(wr);
	fprintf(wr->f, "{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"%s\","
		       "\"args\":{\"%s\":", k.pid, k.tid, what, key);
	if (str)
		json_str_put(wr->f, str);
	else
		fprintf(wr->f, "%ld", num);
	fputs("}}", wr->f);
}

static void put_slice(struct writer *wr, struct track k, const char *name,
		      const char *cat, int64_t start, int64_t end,
		      const struct trace_slice *s, const char *phase_name)
{
	FILE *f = wr->f;

	begin_event(wr);
	fputs("{\"ph\":\"X\",\"name\":", f);
	json_str_put(f, name);
	fputs(",\"cat\":", f);
	json_str_put(f, cat);
	fprintf(f, ",\"pid\":%d,\"tid\":%d,\"ts\":", k.pid, k.tid);
	put_us(f, start - wr->t0);
	fputs(",\"dur\":", f);
	put_us(f, end > start ? end - start : 0);
	fprintf(f, ",\"args\":{\"phase\":%u,\"phase_name\":", s->phase);
	json_str_put(f, phase_name);
	fprintf(f, ",\"phase_loop\":%u,\"thread_loop\":%u,\"event\":%u}}",
		s->phase_loop, s->thread_loop, s->event);
}

/*
 * An iteration's end-to-end span (record/e2e.h): an async pair "b"/"e"
 * in category "e2e" from its chain's origin to the iteration's end, as
 * spans of one thread overlap when they are late; the id is unique in
 * the file.
 */
static void put_e2e(struct writer *wr, struct track k,
		    const struct trace_slice *s, const struct phase *ph,
		    uint64_t id)
{
	FILE *f = wr->f;

	begin_event(wr);
	fprintf(f, "{\"ph\":\"b\",\"name\":\"e2e\",\"cat\":\"e2e\","
		   "\"id\":%llu,\"pid\":%d,\"tid\":%d,\"ts\":",
		(unsigned long long)id, k.pid, k.tid);
	put_us(f, s->start_ns - wr->t0);
	fputs(",\"args\":{\"phase_name\":", f);
	json_str_put(f, ph->name);
	fprintf(f, ",\"phase\":%u,\"phase_loop\":%u,\"thread_loop\":%u,"
		   "\"e2e_us\":", s->phase, s->phase_loop, s->thread_loop);
	put_us(f, s->end_ns - s->start_ns);
	fputs(",\"budget_us\":", f);
	if (ph->budget_ns)
		fprintf(f, "%lld", (long long)(ph->budget_ns / 1000));
	else
		fputs("null", f);
	fprintf(f, ",\"late\":%s}}",
		s->event == TRACE_EVENT_LATE ? "true" : "false");
	begin_event(wr);
	fprintf(f, "{\"ph\":\"e\",\"name\":\"e2e\",\"cat\":\"e2e\","
		   "\"id\":%llu,\"pid\":%d,\"tid\":%d,\"ts\":",
		(unsigned long long)id, k.pid, k.tid);
	put_us(f, s->end_ns - wr->t0);
	fputs("}", f);
}

static const struct event *slice_event(const struct run_thread *t,
				       const struct trace_slice *s)
{
	const struct task *task = t->task;

	if (s->phase >= task->n_phases ||
	    s->event >= task->phases[s->phase].n_events)
		return NULL;
	return &task->phases[s->phase].events[s->event];
}

static bool kind_is(const struct event *ev, const char *key)
{
	return ev && !strcmp(ev->kind->key, key);
}

/*
 * For every lock slice, the end of the held slice it opens: the end of the
 * matching unlock (innermost open lock of the same mutex), the thread's
 * last slice if never unlocked, or 0 (not taken: the lock was the last
 * slice, cut by the stop). held[] is indexed like the kept slices.
 */
static void match_locks(const struct run_thread *t,
			const struct trace_slice *s, uint64_t n, int64_t *held)
{
	uint64_t open[TRACE_MAX_OPEN];
	int n_open = 0;

	for (uint64_t k = 0; k < n; k++) {
		const struct event *ev = slice_event(t, &s[k]);

		held[k] = 0;
		if (kind_is(ev, "lock") && n_open < TRACE_MAX_OPEN) {
			open[n_open++] = k;
		} else if (kind_is(ev, "unlock")) {
			for (int j = n_open - 1; j >= 0; j--) {
				const struct event *l = slice_event(t, &s[open[j]]);

				if (l->resource != ev->resource)
					continue;
				held[open[j]] = s[k].end_ns;
				memmove(&open[j], &open[j + 1],
					(size_t)(n_open - j - 1) * sizeof(open[0]));
				n_open--;
				break;
			}
		}
	}
	for (int j = 0; j < n_open; j++)
		if (open[j] + 1 < n)
			held[open[j]] = s[n - 1].end_ns;
}

static int write_thread(struct writer *wr, const struct run_result *r,
			const struct run_thread *t, struct trace_slice *buf,
			int64_t *held, uint64_t *e2e_id)
{
	uint64_t n = trace_ring_ordered(t->trace, buf);
	struct track tk = thread_track(t);

	match_locks(t, buf, n, held);
	for (uint64_t k = 0; k < n; k++) {
		const struct event *ev = slice_event(t, &buf[k]);
		const char *ph = t->task->phases[buf[k].phase].name;

		if (buf[k].event >= TRACE_EVENT_LATE &&
		    buf[k].phase < t->task->n_phases) {
			put_e2e(wr, tk, &buf[k], &t->task->phases[buf[k].phase],
				(*e2e_id)++);
			continue;
		}
		if (!ev)
			continue;
		put_slice(wr, tk, ev->key, ev->kind->key, buf[k].start_ns,
			  buf[k].end_ns, &buf[k], ph ? ph : "");
		if (held[k]) {
			const char *mutex =
				r->w->resources[ev->resource].name;
			char name[160];

			/* After its lock slice, before the slices it
			 * contains: viewers nest by file order on ties. */
			snprintf(name, sizeof(name), "held %s", mutex);
			put_slice(wr, tk, name, "lock_held", buf[k].end_ns,
				  held[k], &buf[k], ph ? ph : "");
		}
	}
	return ferror(wr->f) ? -1 : 0;
}

static void write_other_data(FILE *f, const struct run_result *r,
			     int n_threads)
{
	uint64_t recorded = 0, dropped = 0, cap = 0;
	bool any = false;

	for (int k = 0; k < n_threads; k++) {
		const struct trace_ring *ring = r->threads[k].trace;

		if (!ring)
			continue;
		cap = ring->cap;
		recorded += ring->n;
		dropped += ring->n > ring->cap ? ring->n - ring->cap : 0;
	}
	fputs("\"otherData\":{\"tool\":\"mimic " PACKAGE_VERSION "\",", f);
	fputs("\"workload\":", f);
	json_str_put(f, r->w->file);
	fprintf(f, ",\"clock\":\"CLOCK_MONOTONIC\",\"time_zero_ns\":%lld,"
		   "\"ts_origin\":\"time zero\",\"threads\":%d,"
		   "\"slices_per_thread\":%llu,\"slices_recorded\":%llu,"
		   "\"slices_dropped\":%llu,\"dropped_per_thread\":{",
		(long long)r->t_zero_ns, n_threads, (unsigned long long)cap,
		(unsigned long long)recorded, (unsigned long long)dropped);
	for (int k = 0; k < n_threads; k++) {
		const struct trace_ring *ring = r->threads[k].trace;

		if (!ring || ring->n <= ring->cap)
			continue;
		fputs(any ? "," : "", f);
		json_str_put(f, r->threads[k].name);
		fprintf(f, ":%llu", (unsigned long long)(ring->n - ring->cap));
		any = true;
	}
	fputs("}},\n", f);
}

int trace_json_write(const struct run_result *r, const char *path)
{
	int n_threads = r->n_threads;
	struct writer wr = { .t0 = r->t_zero_ns, .first = true };
	char tmp[4096];
	uint64_t cap = 0;
	struct trace_slice *buf;
	int64_t *held;
	uint64_t e2e_id = 1;
	int rc = 0;

	for (int k = 0; k < n_threads; k++)
		if (r->threads[k].trace && r->threads[k].trace->cap > cap)
			cap = r->threads[k].trace->cap;
	buf = malloc((cap + 1) * sizeof(*buf));
	held = malloc((cap + 1) * sizeof(*held));
	wr.f = buf && held ? atomic_file_open(path, tmp, sizeof(tmp)) : NULL;
	if (!wr.f) {
		fprintf(stderr, "mimic: cannot write %s: %s\n", path,
			buf && held ? safe_file_strerror(path, errno)
				    : "out of memory");
		free(buf);
		free(held);
		return -1;
	}
	fputs("{\"displayTimeUnit\":\"ns\",\n", wr.f);
	write_other_data(wr.f, r, n_threads);
	fputs("\"traceEvents\":[", wr.f);
	for (int k = 0; k < n_threads; k++) {
		const struct run_thread *t = &r->threads[k];
		struct track tk = thread_track(t);
		bool named = false;

		if (!tk.tid)
			continue; /* never started */
		for (int j = 0; j < k && !named; j++)
			named = thread_track(&r->threads[j]).pid == tk.pid;
		if (!named) {
			char name[64];

			/* A process instance is named after its thread. */
			snprintf(name, sizeof(name), "mimic%s%s",
				 tk.pid == getpid() ? "" : " ",
				 tk.pid == getpid() ? "" : t->name);
			put_meta(&wr, (struct track){ tk.pid, 0 },
				 "process_name", "name", name, 0);
		}
		put_meta(&wr, tk, "thread_name", "name", t->name, 0);
		put_meta(&wr, tk, "thread_sort_index", "sort_index", NULL,
			 t->idx);
	}
	for (int k = 0; k < n_threads && !rc; k++)
		if (thread_track(&r->threads[k]).tid && r->threads[k].trace)
			rc = write_thread(&wr, r, &r->threads[k], buf, held,
					  &e2e_id);
	fputs("\n]}\n", wr.f);
	if (rc)
		atomic_file_abort(wr.f, tmp);
	else if (atomic_file_commit(wr.f, tmp, path))
		rc = -1;
	if (rc)
		fprintf(stderr, "mimic: cannot write %s: %s\n", path,
			strerror(errno));
	free(buf);
	free(held);
	return rc;
}
