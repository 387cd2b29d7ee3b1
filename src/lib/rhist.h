/*
 * rhist.h - a thread's recording histogram: hist.h's buckets, min, max,
 * sum and last, but its counts kept in 1 KiB chunks (256 buckets each)
 * handed out on first use from a pool the thread owns. A thread's few
 * histograms then touch a few adjacent pages instead of 19 KiB each, and
 * the pool's first pages can be made resident before time zero. Merged
 * into a struct hist (hist.h) to be reported: the same statistics.
 *
 * One writer (the owning thread); rhist_merge_live may run meanwhile.
 */
#ifndef MIMIC_RHIST_H
#define MIMIC_RHIST_H

#include "lib/hist.h"

#include <stddef.h>
#include <stdint.h>

#define RHIST_CHUNKS (HIST_BUCKETS / HIST_SUB) /* 19 per histogram */

struct rhist_pool {
	uint32_t used, cap;       /* chunks handed out, chunks there are */
	uint32_t chunks[][HIST_SUB];
};

/* A line of its own, each (the allocator's lines, shm.c): what an add
 * writes, the counts' first four chunk indexes (values under 2048) with
 * them, is then one line, not two straddled, cold after every sleep. */
struct rhist {
	_Alignas(64) uint64_t n;
	uint64_t min, max, last, min_above0; /* min: UINT64_MAX when n 0 */
	uint64_t sum;             /* exact; a double only when merged */
	struct rhist_pool *pool;
	uint16_t chunk[RHIST_CHUNKS]; /* pool index + 1; 0: none yet */
};

/* A signed quantity, as shist. */
struct rshist {
	struct rhist neg, pos;
};

/* A pool that can never run out for n histograms (rshist: 2). */
size_t rhist_pool_bytes(unsigned n);
void rhist_pool_init(struct rhist_pool *p, unsigned n);
/* Bytes of the pool that hold its first chunks, for making them resident. */
size_t rhist_pool_head_bytes(unsigned chunks);

void rhist_init(struct rhist *h, struct rhist_pool *p);
/* The chunk of a group that has none yet, taken from the pool. */
uint32_t *rhist_chunk_new(struct rhist *h, unsigned group);

/* Inline: every message's latency goes through it, and a call cost
 * about as much as the add. */
static inline void rhist_add(struct rhist *h, uint64_t v)
{
	unsigned b = hist_bucket(v);
	uint16_t c = h->chunk[b / HIST_SUB];
	uint32_t *counts = c ? h->pool->chunks[c - 1]
			     : rhist_chunk_new(h, b / HIST_SUB);

	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->last = v;
	/* One compare, unsigned: v - 1 wraps for 0 (never the least above
	 * zero), min_above0 - 1 while there is none yet (any v > 0 is). */
	if (v - 1 < h->min_above0 - 1)
		h->min_above0 = v;
	h->n++;
	h->sum += v;
	counts[b % HIST_SUB]++;
}
/* Adds src to dst as hist_merge would. */
void rhist_merge(struct hist *dst, const struct rhist *src);
/* Adds src while its thread may still add to it: as hist_merge_live. */
void rhist_merge_live(struct hist *dst, const struct rhist *src);

void rshist_init(struct rshist *h, struct rhist_pool *p);
void rshist_add(struct rshist *h, int64_t v);
void rshist_merge(struct shist *dst, const struct rshist *src);

#endif
