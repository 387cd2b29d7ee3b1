/* ring.c - lock-free SPSC ring of log rows. */
#include "record/ring.h"


size_t ring_capacity(size_t bytes)
{
	size_t cap = 64;

	while (cap * 2 * sizeof(struct log_row) <= bytes)
		cap *= 2;
	return cap;
}

void ring_init(struct log_ring *r, struct log_row *rows, size_t cap)
{
	r->rows = rows;
	r->cap = cap;
	atomic_init(&r->head, 0);
	atomic_init(&r->tail, 0);
	atomic_init(&r->dropped, 0);
}

bool ring_push(struct log_ring *r, const struct log_row *row)
{
	uint64_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
	uint64_t tail = atomic_load_explicit(&r->tail, memory_order_acquire);

	if (head - tail >= r->cap) {
		atomic_fetch_add_explicit(&r->dropped, 1, memory_order_relaxed);
		return false;
	}
	r->rows[head & (r->cap - 1)] = *row;
	atomic_store_explicit(&r->head, head + 1, memory_order_release);
	return true;
}

size_t ring_pop(struct log_ring *r, struct log_row *out, size_t max)
{
	uint64_t tail = atomic_load_explicit(&r->tail, memory_order_relaxed);
	uint64_t head = atomic_load_explicit(&r->head, memory_order_acquire);
	size_t n = 0;

	while (tail + n < head && n < max) {
		out[n] = r->rows[(tail + n) & (r->cap - 1)];
		n++;
	}
	atomic_store_explicit(&r->tail, tail + n, memory_order_release);
	return n;
}
