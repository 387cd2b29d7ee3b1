/*
 * ring.h - per-thread single-producer single-consumer ring of log rows.
 * The thread pushes one row per phase iteration without locking or
 * allocating; the main thread drains rows to the files off the hot path.
 */
#ifndef MIMIC_RING_H
#define MIMIC_RING_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One phase iteration, in ns (µs conversion happens when written). */
struct log_row {
	uint64_t perf;            /* thousands of work loops done */
	int64_t run_ns;
	int64_t start_ns, end_ns;
	int64_t slack_ns;
	int64_t c_duration_ns, c_period_ns;
	int64_t wu_lat_ns;
};

struct log_ring {
	struct log_row *rows;
	size_t cap;               /* a power of two */
	_Atomic uint64_t head;    /* written by the producer only */
	_Atomic uint64_t tail;    /* written by the consumer only */
	_Atomic uint64_t dropped; /* rows lost because the ring was full */
};

/* Rows (a power of two) that fit in about bytes, at least 64. */
size_t ring_capacity(size_t bytes);
/* rows: cap rows owned by the caller (the engine's shared region). */
void ring_init(struct log_ring *r, struct log_row *rows, size_t cap);
/* The row written first, and first again each time the ring was drained
 * empty: its last (the rows go on from its first). */
struct log_row *ring_home(const struct log_ring *r);
bool ring_push(struct log_ring *r, const struct log_row *row);
/* Copies out up to max rows; returns how many. */
size_t ring_pop(struct log_ring *r, struct log_row *out, size_t max);

#endif
