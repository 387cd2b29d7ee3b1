/* schbench_stats.c - schbench's percentile tables from a struct hist. */
#include "report/styles/schbench_stats.h"

static const double schbench_plist[] = { 20.0, 50.0, 90.0, 99.0, 99.9 };
static const double classic_plist[] = { 50.0, 75.0, 90.0, 95.0,
					99.0, 99.5, 99.9 };
#define CLASSIC_P99_INDEX 4

void schbench_percentiles(const struct hist *h, const double *plist,
			  size_t n, uint64_t *val, uint64_t *samples)
{
	uint64_t sum = 0, cum[SCHBENCH_PLIST_MAX] = { 0 };
	size_t j = 0;

	if (n > SCHBENCH_PLIST_MAX)
		n = SCHBENCH_PLIST_MAX;
	for (size_t k = 0; k < n; k++)
		val[k] = samples[k] = 0;
	/* schbench's walk: each p is reached at the bucket where the running
	 * sum first gets to p / 100 * total (several p may share one). */
	for (unsigned b = 0; b < HIST_BUCKETS && j < n; b++) {
		sum += h->counts[b];
		while (j < n && (double)sum >= plist[j] / 100.0 * (double)h->n) {
			val[j] = hist_bucket_value(b);
			cum[j] = sum;
			j++;
		}
	}
	for (size_t k = 0; k < n; k++)
		samples[k] = k ? cum[k] - cum[k - 1] : cum[0];
}

void schbench_drop_zeros(struct hist *h)
{
	h->n -= h->counts[0];
	h->counts[0] = 0;
	h->min = h->min_above0;
}

uint64_t schbench_min(const struct hist *h)
{
	return h->min_above0;
}

void schbench_print_table(FILE *out, const struct hist *h, const char *label,
			  const char *units, unsigned long long runtime,
			  unsigned mask, unsigned star)
{
	const size_t n = sizeof(schbench_plist) / sizeof(schbench_plist[0]);
	uint64_t val[SCHBENCH_PLIST_MAX], samples[SCHBENCH_PLIST_MAX];

	schbench_percentiles(h, schbench_plist, n, val, samples);
	fprintf(out, "%s percentiles (%s) runtime %llu (s) (%llu total samples)\n",
		label, units, runtime, (unsigned long long)h->n);
	for (size_t k = 0; k < n; k++) {
		unsigned bit = 1u << k;

		if (!(mask & bit))
			continue;
		fprintf(out, "\t%s%2.1fth: %-10llu (%llu samples)\n",
			bit == star ? "* " : "  ", schbench_plist[k],
			(unsigned long long)val[k],
			(unsigned long long)samples[k]);
	}
	fprintf(out, "\t  min=%llu, max=%llu\n",
		(unsigned long long)schbench_min(h),
		(unsigned long long)h->max);
}

void schbench_print_classic(FILE *out, const struct hist *h)
{
	const size_t n = sizeof(classic_plist) / sizeof(classic_plist[0]);
	uint64_t val[SCHBENCH_PLIST_MAX], samples[SCHBENCH_PLIST_MAX];

	schbench_percentiles(h, classic_plist, n, val, samples);
	fprintf(out, "Latency percentiles (usec)\n");
	for (size_t k = 0; k < n; k++)
		fprintf(out, "\t%s%2.4fth: %llu\n",
			k == CLASSIC_P99_INDEX ? "*" : "", classic_plist[k],
			(unsigned long long)val[k]);
	fprintf(out, "\tmin=0, max=%llu\n", (unsigned long long)h->max);
}
