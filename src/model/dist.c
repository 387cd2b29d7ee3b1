/* dist.c - drawing a value from a distribution (dist.h). */
#include "model/dist.h"

#include "lib/rng.h"

#include <math.h>

const char *const dist_names[] = {
	[DIST_UNIFORM] = "uniform",     [DIST_NORMAL] = "normal",
	[DIST_LOGNORMAL] = "lognormal", [DIST_EXPONENTIAL] = "exponential",
	[DIST_CHOICE] = "choice",       [DIST_KINDS] = NULL,
};

static double dist_choice(const struct dist *d, struct rng *r)
{
	double u = rng_uniform01(r);
	size_t lo = 0, hi = d->n - 1;

	/* The first value whose cumulative weight is above u. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->cum[mid] > u)
			hi = mid;
		else
			lo = mid + 1;
	}
	return d->values[lo];
}

/*
 * The normal is truncated at 0: a negative draw is drawn again (the
 * parser requires mean >= 0, so at least half the draws are kept).
 */
static double dist_normal(const struct dist *d, struct rng *r)
{
	double x;

	do
		x = d->a + d->b * rng_normal01(r);
	while (x < 0);
	return x;
}

int64_t dist_draw(const struct dist *d, struct rng *r)
{
	double x = 0;

	switch (d->kind) {
	case DIST_UNIFORM:
		x = d->a + (d->b - d->a) * rng_uniform01(r);
		break;
	case DIST_NORMAL:
		x = dist_normal(d, r);
		break;
	case DIST_LOGNORMAL:
		x = exp(d->mu + d->sigma * rng_normal01(r));
		break;
	case DIST_EXPONENTIAL:
		x = d->a * rng_exponential1(r);
		break;
	case DIST_CHOICE:
		x = dist_choice(d, r);
		break;
	case DIST_KINDS:
		break;
	}
	if (!(x >= d->lo)) /* NaN too */
		x = d->lo;
	if (x > d->hi)
		x = d->hi;
	return llround(x);
}

double dist_mean(const struct dist *d)
{
	double m = 0;

	switch (d->kind) {
	case DIST_UNIFORM:
		return (d->a + d->b) / 2;
	case DIST_NORMAL:
	case DIST_LOGNORMAL:
	case DIST_EXPONENTIAL:
		return d->a;
	case DIST_CHOICE:
		for (size_t k = 0; k < d->n; k++)
			m += d->values[k] * (d->cum[k] - (k ? d->cum[k - 1] : 0));
		return m;
	case DIST_KINDS:
		break;
	}
	return 0;
}
