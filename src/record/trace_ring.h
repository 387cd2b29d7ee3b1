/*
 * trace_ring.h - per-thread ring of the last slices (executed events) a
 * thread ran, for --trace-json: the thread records without locks or
 * allocation; the report (report/trace_json.c) writes them after the join.
 */
#ifndef MIMIC_TRACE_RING_H
#define MIMIC_TRACE_RING_H

#include "lib/timeutil.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TRACE_SLICES_DEFAULT 100000 /* per thread, the last ones kept */

/* A slice's event for an iteration's end-to-end span (record/e2e.h):
 * start_ns its chain's origin, end_ns the iteration's end. */
#define TRACE_EVENT_E2E   UINT32_MAX
#define TRACE_EVENT_LATE  (UINT32_MAX - 1) /* ... over its budget */

/* One executed event, 32 bytes. */
struct trace_slice {
	int64_t start_ns, end_ns;     /* CLOCK_MONOTONIC */
	uint32_t thread_loop, phase_loop; /* low 32 bits */
	uint32_t phase, event;        /* indexes into the task's model */
};

/*
 * Written by its thread only, without locks; read by main after the join
 * (which orders the two). Lives in the engine's shared region, so a
 * process instance's slices are seen by main too.
 */
struct trace_ring {
	struct trace_slice *slices;
	uint64_t cap;
	uint64_t pos;                 /* next slot to write */
	uint64_t n;                   /* slices ever recorded */
};

/* The bound for --trace-slices n (0: the default). */
static inline uint64_t trace_slices(uint64_t n)
{
	return n ? n : TRACE_SLICES_DEFAULT;
}

/* Bytes of a ring of cap slices, alignment slack included. */
size_t trace_ring_bytes(uint64_t cap);
/* Lays a ring out in mem, zeroed memory of trace_ring_bytes(cap). */
struct trace_ring *trace_ring_init(void *mem, uint64_t cap);

/*
 * Records an event that ran from start_ns to now and returns now, which is
 * where the next event of the thread starts: one clock read per event.
 */
static inline int64_t trace_record(struct trace_ring *r, int64_t start_ns,
				   uint64_t thread_loop, uint64_t phase_loop,
				   size_t phase, size_t event)
{
	struct trace_slice *s = &r->slices[r->pos];
	int64_t now = time_now_ns();

	s->start_ns = start_ns;
	s->end_ns = now;
	s->thread_loop = (uint32_t)thread_loop;
	s->phase_loop = (uint32_t)phase_loop;
	s->phase = (uint32_t)phase;
	s->event = (uint32_t)event;
	if (++r->pos == r->cap)
		r->pos = 0;
	r->n++;
	return now;
}

/* An iteration's end-to-end span (event TRACE_EVENT_E2E or _LATE). */
static inline void trace_record_e2e(struct trace_ring *r, int64_t origin_ns,
				    int64_t end_ns, uint64_t thread_loop,
				    uint64_t phase_loop, size_t phase, bool late)
{
	struct trace_slice *s = &r->slices[r->pos];

	s->start_ns = origin_ns;
	s->end_ns = end_ns;
	s->thread_loop = (uint32_t)thread_loop;
	s->phase_loop = (uint32_t)phase_loop;
	s->phase = (uint32_t)phase;
	s->event = late ? TRACE_EVENT_LATE : TRACE_EVENT_E2E;
	if (++r->pos == r->cap)
		r->pos = 0;
	r->n++;
}

/* The kept slices, oldest first, into out (room for cap); how many. */
uint64_t trace_ring_ordered(const struct trace_ring *r,
			    struct trace_slice *out);

#endif
