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
	atomic_init(&r->head, cap - 1);
	atomic_init(&r->tail, cap - 1);
	atomic_init(&r->dropped, 0);
}

struct log_row *ring_home(const struct log_ring *r)
{
	return &r->rows[r->cap - 1];
}

/*
 * An empty ring starts again at its home, its last row (both positions
 * moved to the next that is cap - 1 modulo cap): rows drained as fast as
 * they come then stay in its last row and first page instead of walking
 * over, and making resident, all of it (256 KiB per thread by default);
 * the engine places the thread's statistics right after that last row
 * (engine.c), so that one is already resident. Only the producer moves
 * head; the consumer stores tail only after seeing rows, so while the
 * ring is empty this compare-and-swap is the only writer of tail.
 */
static void ring_rewind(struct log_ring *r, uint64_t *head, uint64_t *tail)
{
	uint64_t home = *head | (r->cap - 1);

	if (*head != *tail || *head == home)
		return;
	if (atomic_compare_exchange_strong_explicit(&r->tail, tail, home,
						    memory_order_acquire,
						    memory_order_acquire))
		*head = *tail = home;
}

bool ring_push(struct log_ring *r, const struct log_row *row)
{
	uint64_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
	uint64_t tail = atomic_load_explicit(&r->tail, memory_order_acquire);

	ring_rewind(r, &head, &tail);
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
	/* head first: a head that shows a rewind's rows was stored after the
	 * rewind's tail, so this tail is at least the rewound one. A tail
	 * rewound after head was read is past it: empty, not a wrap. */
	uint64_t head = atomic_load_explicit(&r->head, memory_order_acquire);
	uint64_t tail = atomic_load_explicit(&r->tail, memory_order_relaxed);
	size_t n = 0;

	if ((int64_t)(head - tail) <= 0)
		return 0;
	while (tail + n < head && n < max) {
		out[n] = r->rows[(tail + n) & (r->cap - 1)];
		n++;
	}
	atomic_store_explicit(&r->tail, tail + n, memory_order_release);
	return n;
}
