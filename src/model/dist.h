/*
 * dist.h - a value drawn at each use: the distributions a duration or a
 * size may be given as ({"uniform": [min, max]}, {"normal": [mean,
 * stddev]}, {"lognormal": [mean, stddev]}, {"exponential": mean},
 * {"choice": [[value, weight], ...]}), and the draw. A key that may take
 * one stores a fixed value and a const struct dist * (NULL: the fixed
 * value, no draw at all); see doc/grammar.md §2.1.
 */
#ifndef MIMIC_DIST_H
#define MIMIC_DIST_H

#include <stddef.h>
#include <stdint.h>

struct rng;

enum dist_kind {
	DIST_UNIFORM,
	DIST_NORMAL,
	DIST_LOGNORMAL,
	DIST_EXPONENTIAL,
	DIST_CHOICE,
	DIST_KINDS
};

/* The JSON names, indexed by enum dist_kind, NULL-ended. */
extern const char *const dist_names[];

/*
 * Parameters are in the value's stored unit (ns for a time, bytes for a
 * size); scale is how many stored units one written unit is (1000 for a
 * time written in µs, 1 for bytes), for --dump.
 */
struct dist {
	enum dist_kind kind;
	double a, b;          /* uniform min, max; normal, lognormal mean,
			       * stddev; exponential mean (b unused) */
	double mu, sigma;     /* lognormal: of the underlying normal */
	size_t n;             /* choice: values, and cumulative weights */
	const double *values; /* ending at 1 */
	const double *cum;
	const double *weights; /* choice: as written, for --dump */
	double lo, hi;        /* every draw is clamped into [lo, hi] */
	double scale;
};

/*
 * A value that may be drawn: fixed when dist is NULL; with a
 * distribution, fixed is its mean (rounded), for what needs one number
 * (a memory estimate, cyclictest's interval). The key tables' KEYF_DIST
 * rows point at one; fixed comes first, where a plain value would be.
 */
struct dist_value {
	int64_t fixed;
	const struct dist *dist;
};

/* One draw, rounded to the nearest integer and clamped into [lo, hi]. */
int64_t dist_draw(const struct dist *d, struct rng *r);
/* The mean of the distribution as written (normal: before truncation). */
double dist_mean(const struct dist *d);

/* The fixed value, or a draw when there is a distribution: what exec
 * hooks call; a fixed value costs no draw. */
static inline int64_t dist_get(const struct dist_value *v, struct rng *r)
{
	return v->dist ? dist_draw(v->dist, r) : v->fixed;
}

#endif
