/* toolstat.c - adrestia's and cyclictest's statistics (see toolstat.h). */
#include "report/toolstat.h"

#include <stdlib.h>
#include <string.h>

void toolstat_round_means(const uint64_t *const *us, size_t n_threads,
			  size_t rounds, uint64_t *means)
{
	for (size_t k = 0; k < rounds; k++) {
		uint64_t sum = 0;

		for (size_t i = 0; i < n_threads; i++)
			sum += us[i][k];
		means[k] = n_threads ? sum / n_threads : 0;
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

uint64_t toolstat_sorted_pct(uint64_t *v, size_t n, unsigned pct)
{
	size_t k;

	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_u64);
	/* adrestia: times[9*entries/10], the lower nearest rank. */
	k = (size_t)pct * n / 100;
	return v[k < n ? k : n - 1];
}

/* The lowest value bucket b holds. */
static uint64_t bucket_low(unsigned b)
{
	unsigned e;

	if (b < HIST_PLAIN)
		return b;
	e = b / HIST_SUB - 1;
	return ((uint64_t)1 << (e + 8)) + ((uint64_t)(b % HIST_SUB) << e);
}

void toolstat_cyclictest(const struct hist *h, unsigned rows,
			 uint64_t *rows_out, struct toolstat_ct *out)
{
	memset(out, 0, sizeof(*out));
	if (rows_out)
		memset(rows_out, 0, rows * sizeof(*rows_out));
	out->cycles = h->n;
	if (!h->n)
		return;
	out->min = h->min;
	out->max = h->max;
	out->act = h->last;
	out->avg = (uint64_t)(h->sum / (double)h->n);
	for (unsigned b = 0; b < HIST_BUCKETS; b++) {
		uint64_t v = bucket_low(b);

		if (!h->counts[b])
			continue;
		if (v < rows) {
			out->total += h->counts[b];
			if (rows_out)
				rows_out[v] += h->counts[b];
		} else {
			out->overflows += h->counts[b];
		}
	}
}
