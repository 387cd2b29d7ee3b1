/* rhist.c - histograms whose counts come in chunks from a pool (rhist.h). */
#include "lib/rhist.h"
#include "lib/hot.h"

#include <string.h>

size_t rhist_pool_bytes(unsigned n)
{
	return sizeof(struct rhist_pool) +
	       (size_t)n * RHIST_CHUNKS * sizeof(((struct rhist_pool *)0)->chunks[0]);
}

size_t rhist_pool_head_bytes(unsigned chunks)
{
	return sizeof(struct rhist_pool) +
	       (size_t)chunks * sizeof(((struct rhist_pool *)0)->chunks[0]);
}

/* The memory is zero (fresh shared pages): only the header is written. */
void rhist_pool_init(struct rhist_pool *p, unsigned n)
{
	p->used = 0;
	p->cap = n * RHIST_CHUNKS;
}

void rhist_init(struct rhist *h, struct rhist_pool *p)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX; /* any first value is less: one compare an add */
	h->pool = p;
}

/*
 * The pool holds every chunk of every histogram it serves, so it never
 * runs out; the index is published (release) after the chunk is, for a
 * live reader.
 */
uint32_t *rhist_chunk_new(struct rhist *h, unsigned group)
{
	uint16_t c = (uint16_t)++h->pool->used;

	__atomic_store_n(&h->chunk[group], c, __ATOMIC_RELEASE);
	return h->pool->chunks[c - 1];
}

void rhist_merge(struct hist *dst, const struct rhist *src)
{
	if (!src->n)
		return;
	hist_merge_span(dst, src->n, src->min, src->max);
	hist_merge_extras(dst, src->last, src->min_above0, (double)src->sum);
	for (unsigned g = 0; g < RHIST_CHUNKS; g++) {
		const uint32_t *c;

		if (!src->chunk[g])
			continue;
		c = src->pool->chunks[src->chunk[g] - 1];
		for (unsigned k = 0; k < HIST_SUB; k++)
			dst->counts[g * HIST_SUB + k] += c[k];
	}
}

void rhist_merge_live(struct hist *dst, const struct rhist *src)
{
	uint64_t n = 0;

	if (!__atomic_load_n(&src->n, __ATOMIC_RELAXED))
		return;
	for (unsigned g = 0; g < RHIST_CHUNKS; g++) {
		uint16_t i = __atomic_load_n(&src->chunk[g], __ATOMIC_ACQUIRE);
		const uint32_t *c;

		if (!i)
			continue;
		c = src->pool->chunks[i - 1];
		for (unsigned k = 0; k < HIST_SUB; k++) {
			uint32_t v = __atomic_load_n(&c[k], __ATOMIC_RELAXED);

			dst->counts[g * HIST_SUB + k] += v;
			n += v;
		}
	}
	if (n)
		hist_merge_span(dst, n, __atomic_load_n(&src->min, __ATOMIC_RELAXED),
				__atomic_load_n(&src->max, __ATOMIC_RELAXED));
}

void rshist_init(struct rshist *h, struct rhist_pool *p)
{
	rhist_init(&h->neg, p);
	rhist_init(&h->pos, p);
}

HOT void rshist_add(struct rshist *h, int64_t v)
{
	if (v < 0)
		rhist_add(&h->neg, (uint64_t)-v);
	else
		rhist_add(&h->pos, (uint64_t)v);
}

void rshist_merge(struct shist *dst, const struct rshist *src)
{
	rhist_merge(&dst->neg, &src->neg);
	rhist_merge(&dst->pos, &src->pos);
}
