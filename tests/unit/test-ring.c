/*
 * test-ring.c - the log ring keeps rows in order, counts what it drops
 * when full instead of blocking the thread, starts again at its home (its
 * last row, ring_home) when drained (its footprint is what is pending, not
 * its capacity), and
 * is safe with one producer and one consumer running at once.
 */
#include "record/ring.h"
#include "tap.h"

#include <pthread.h>
#include <stdlib.h>

static void capacity_is_a_power_of_two_of_at_least_64(void)
{
	size_t small = ring_capacity(0), big = ring_capacity(1 << 20);

	TAP_OK(small == 64, "a tiny budget still gets 64 rows (got %zu)", small);
	TAP_OK((big & (big - 1)) == 0 && big * sizeof(struct log_row) <= 1 << 20,
	       "1 MiB gives a power of two of rows that fits in it (got %zu)",
	       big);
}

static void rows_come_out_in_order(void)
{
	struct log_row rows[64], out[64];
	struct log_ring r;
	bool in_order = true;
	size_t n;

	ring_init(&r, rows, 64);
	for (int i = 0; i < 40; i++)
		ring_push(&r, &(struct log_row){ .perf = (uint64_t)i });
	n = ring_pop(&r, out, 64);
	for (size_t i = 0; i < n; i++)
		in_order &= out[i].perf == i;
	TAP_OK(n == 40 && in_order, "40 rows pushed come out as pushed (got %zu)",
	       n);
	TAP_OK(ring_pop(&r, out, 64) == 0, "an empty ring pops nothing");
}

static void a_full_ring_drops_and_counts(void)
{
	struct log_row rows[64], out[64];
	struct log_ring r;
	int accepted = 0;

	ring_init(&r, rows, 64);
	for (int i = 0; i < 100; i++)
		accepted += ring_push(&r, &(struct log_row){ .perf = (uint64_t)i });
	TAP_OK(accepted == 64, "a full ring refuses rows (accepted %d of 100)",
	       accepted);
	TAP_OK(atomic_load(&r.dropped) == 36, "and counts the 36 it dropped");
	TAP_OK(ring_pop(&r, out, 64) == 64 && out[63].perf == 63,
	       "the rows kept are the first 64");
	TAP_OK(ring_push(&r, &(struct log_row){ .perf = 1000 }),
	       "once drained it accepts rows again");
}

static void a_drained_ring_starts_again_at_its_home(void)
{
	struct log_row rows[64] = { 0 }, out[64];
	struct log_ring r;
	bool home = true;
	size_t n;

	ring_init(&r, rows, 64);
	TAP_OK(ring_home(&r) == &rows[63], "a ring's home is its last row");
	for (int round = 0; round < 10; round++) {
		for (int i = 0; i < 3; i++)
			ring_push(&r, &(struct log_row){ .perf = (uint64_t)(100 * round + i) });
		home &= rows[63].perf == (uint64_t)(100 * round) &&
			rows[1].perf == (uint64_t)(100 * round + 2);
		n = ring_pop(&r, out, 64);
		home &= n == 3 && out[0].perf == (uint64_t)(100 * round) &&
			out[2].perf == (uint64_t)(100 * round + 2);
	}
	TAP_OK(home, "10 rounds of 3 rows drained each time all use rows 63, 0 and 1, in order");
	TAP_OK(ring_pop(&r, out, 64) == 0, "the drained ring is empty");
	for (int i = 0; i < 64; i++)
		ring_push(&r, &(struct log_row){ .perf = (uint64_t)i });
	TAP_OK(!ring_push(&r, &(struct log_row){ .perf = 64 }) &&
	       ring_pop(&r, out, 64) == 64 && out[63].perf == 63,
	       "after rewinds it still holds cap rows, no more");
}

#define CONCURRENT_ROWS 200000
static struct log_ring shared;

static void *produce(void *arg)
{
	(void)arg;
	for (uint64_t i = 0; i < CONCURRENT_ROWS; i++)
		while (!ring_push(&shared, &(struct log_row){ .perf = i }))
			;
	return NULL;
}

static void one_producer_one_consumer_lose_nothing(void)
{
	struct log_row *rows = calloc(256, sizeof(*rows)), out[64];
	uint64_t next = 0;
	bool in_order = true;
	pthread_t t;

	ring_init(&shared, rows, 256);
	pthread_create(&t, NULL, produce, NULL);
	/* Popping as fast as rows come empties the ring often: the
	 * producer rewinds it many times under the consumer. */
	while (next < CONCURRENT_ROWS) {
		size_t n = ring_pop(&shared, out, 64);

		for (size_t i = 0; i < n; i++)
			in_order &= out[i].perf == next++;
	}
	pthread_join(t, NULL);
	/* The producer retries a refused push: drops are counted, not lost. */
	TAP_OK(in_order, "200000 rows cross between two threads in order");
	free(rows);
}

int main(void)
{
	capacity_is_a_power_of_two_of_at_least_64();
	rows_come_out_in_order();
	a_full_ring_drops_and_counts();
	a_drained_ring_starts_again_at_its_home();
	one_producer_one_consumer_lose_nothing();
	return tap_done();
}
