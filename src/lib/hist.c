/* hist.c - log-linear histograms and their percentiles. */
#include "lib/hist.h"

#include <stdbool.h>
#include <string.h>

void hist_init(struct hist *h)
{
	memset(h, 0, sizeof(*h));
}

uint64_t hist_bucket_value(unsigned bucket)
{
	unsigned e;
	uint64_t base;

	if (bucket < HIST_PLAIN)
		return bucket;
	e = bucket / HIST_SUB - 1;
	base = (uint64_t)1 << (e + 8);
	return base + (((uint64_t)(bucket % HIST_SUB) << e) +
		       ((uint64_t)1 << e) / 2);
}

void hist_add(struct hist *h, uint64_t v)
{
	if (!h->n || v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->last = v;
	if (v && (!h->min_above0 || v < h->min_above0))
		h->min_above0 = v;
	h->n++;
	h->sum += (double)v;
	h->counts[hist_bucket(v)]++;
}

void hist_merge_span(struct hist *dst, uint64_t n, uint64_t min,
		     uint64_t max)
{
	if (!dst->n || min < dst->min)
		dst->min = min;
	if (max > dst->max)
		dst->max = max;
	dst->n += n;
}

void hist_merge_extras(struct hist *dst, uint64_t last, uint64_t min_above0,
		       double sum)
{
	dst->last = last;
	if (min_above0 && (!dst->min_above0 || min_above0 < dst->min_above0))
		dst->min_above0 = min_above0;
	dst->sum += sum;
}

void hist_merge(struct hist *dst, const struct hist *src)
{
	if (!src->n)
		return;
	hist_merge_span(dst, src->n, src->min, src->max);
	hist_merge_extras(dst, src->last, src->min_above0, src->sum);
	/* Only the buckets between min and max can count: the others are
	 * never read, so a histogram's untouched pages stay unallocated. */
	for (unsigned k = hist_bucket(src->min); k <= hist_bucket(src->max); k++)
		dst->counts[k] += src->counts[k];
}

void hist_merge_live(struct hist *dst, const struct hist *src)
{
	uint64_t n = 0;

	/* Never written to: 4864 loads saved (n goes up before a count). */
	if (!__atomic_load_n(&src->n, __ATOMIC_RELAXED))
		return;
	for (unsigned k = 0; k < HIST_BUCKETS; k++) {
		uint32_t c = __atomic_load_n(&src->counts[k], __ATOMIC_RELAXED);

		dst->counts[k] += c;
		n += c;
	}
	if (n)
		hist_merge_span(dst, n, __atomic_load_n(&src->min, __ATOMIC_RELAXED),
				__atomic_load_n(&src->max, __ATOMIC_RELAXED));
}

/*
 * A bucket's middle can lie past the samples it holds (3312 is reported as
 * 3316): a percentile is kept within the exact min and max seen.
 */
static int64_t clamp_to_seen(int64_t v, int64_t min, int64_t max)
{
	return v < min ? min : v > max ? max : v;
}

uint64_t hist_percentile(const struct hist *h, double p)
{
	double want = p / 100.0 * (double)h->n;
	uint64_t seen = 0, v = hist_bucket_value(HIST_BUCKETS - 1);

	if (!h->n)
		return 0;
	for (unsigned k = hist_bucket(h->min); k < HIST_BUCKETS; k++) {
		seen += h->counts[k];
		if (h->counts[k] && (double)seen >= want) {
			v = hist_bucket_value(k);
			break;
		}
	}
	return (uint64_t)clamp_to_seen((int64_t)v, (int64_t)h->min,
				       (int64_t)h->max);
}

void shist_init(struct shist *h)
{
	hist_init(&h->neg);
	hist_init(&h->pos);
}

void shist_add(struct shist *h, int64_t v)
{
	if (v < 0)
		hist_add(&h->neg, (uint64_t)-v);
	else
		hist_add(&h->pos, (uint64_t)v);
}

void shist_merge(struct shist *dst, const struct shist *src)
{
	hist_merge(&dst->neg, &src->neg);
	hist_merge(&dst->pos, &src->pos);
}

uint64_t shist_count(const struct shist *h)
{
	return h->neg.n + h->pos.n;
}

static int64_t shist_min(const struct shist *h)
{
	if (h->neg.n)
		return -(int64_t)h->neg.max;
	return h->pos.n ? (int64_t)h->pos.min : 0;
}

int64_t shist_percentile(const struct shist *h, double p)
{
	double want = p / 100.0 * (double)shist_count(h);
	int64_t v = (int64_t)hist_bucket_value(HIST_BUCKETS - 1);
	uint64_t seen = 0;
	bool found = false;

	if (!shist_count(h))
		return 0;
	/* Most negative first: the neg buckets from the top down. */
	for (unsigned k = HIST_BUCKETS; k-- > 0 && !found;) {
		seen += h->neg.counts[k];
		if (h->neg.counts[k] && (double)seen >= want) {
			v = -(int64_t)hist_bucket_value(k);
			found = true;
		}
	}
	for (unsigned k = 0; k < HIST_BUCKETS && !found; k++) {
		seen += h->pos.counts[k];
		if (h->pos.counts[k] && (double)seen >= want) {
			v = (int64_t)hist_bucket_value(k);
			found = true;
		}
	}
	return clamp_to_seen(v, shist_min(h), shist_max(h));
}

int64_t shist_max(const struct shist *h)
{
	if (h->pos.n)
		return (int64_t)h->pos.max;
	return h->neg.n ? -(int64_t)h->neg.min : 0;
}
