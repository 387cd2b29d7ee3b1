/*
 * hist.h - log-linear latency histogram with schbench's bucket rules:
 * values below 512 are exact, above that each power of two is split into
 * 256 buckets (1/256 relative precision); 2^26 and above share the last.
 */
#ifndef MIMIC_HIST_H
#define MIMIC_HIST_H

#include <stdint.h>

#define HIST_PLAIN   512
#define HIST_SUB     256
#define HIST_GROUPS  19
#define HIST_BUCKETS (HIST_GROUPS * HIST_SUB)

struct hist {
	uint64_t n;
	uint64_t min, max;        /* exact, in the caller's unit */
	uint64_t last;            /* the latest value added (cyclictest's Act) */
	uint64_t min_above0;      /* the smallest sample > 0, 0: none */
	double sum;
	uint32_t counts[HIST_BUCKETS];
};

void hist_init(struct hist *h);
void hist_add(struct hist *h, uint64_t v);
void hist_merge(struct hist *dst, const struct hist *src);
/*
 * Adds src while another thread may still be adding to it (the interval
 * blocks): each count is read once, relaxed, and the samples added are
 * their sum, so the percentiles come from one set of counts; min and max
 * as last seen. sum and last are left out.
 */
void hist_merge_live(struct hist *dst, const struct hist *src);
/*
 * What a histogram keeps besides its counts, merged into dst: n samples
 * from min to max (all a live merge takes), and the last sample, the
 * least above 0 (0: none) and the sum. Every merge here and in rhist.c.
 */
void hist_merge_span(struct hist *dst, uint64_t n, uint64_t min,
		     uint64_t max);
void hist_merge_extras(struct hist *dst, uint64_t last, uint64_t min_above0,
		       double sum);

/* The bucket of v; inline: every message's latency goes through it. */
static inline unsigned hist_bucket(uint64_t v)
{
	unsigned msb, e, b;

	if (v < HIST_PLAIN)
		return (unsigned)v;
	msb = 63 - (unsigned)__builtin_clzll(v);
	e = msb - 8;
	b = (e + 1) * HIST_SUB + (unsigned)((v >> e) & (HIST_SUB - 1));
	return b < HIST_BUCKETS ? b : HIST_BUCKETS - 1;
}
/* The value a bucket stands for: its middle, truncated (as schbench). */
uint64_t hist_bucket_value(unsigned bucket);
/* First bucket value whose running count reaches p% of the samples. */
uint64_t hist_percentile(const struct hist *h, double p);

/* A signed quantity as two histograms of magnitudes. */
struct shist {
	struct hist neg, pos;     /* v < 0 in neg (as -v), v >= 0 in pos */
};

void shist_init(struct shist *h);
void shist_add(struct shist *h, int64_t v);
void shist_merge(struct shist *dst, const struct shist *src);
int64_t shist_percentile(const struct shist *h, double p);
int64_t shist_max(const struct shist *h);
uint64_t shist_count(const struct shist *h);

#endif
