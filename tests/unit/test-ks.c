/*
 * test-ks.c - the two-sample Kolmogorov-Smirnov distance against values
 * worked by hand: equal samples 0, disjoint ones 1, shifted and
 * interleaved ones, ties across the samples, different sizes, and the
 * nearest-rank quantile the verification prints next to it.
 */
#include "lib/ks.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>

static void ks(const double *a, size_t na, const double *b, size_t nb,
	       double want, const char *what)
{
	double d = ks_distance(a, na, b, nb);
	double r = ks_distance(b, nb, a, na);

	TAP_OK(fabs(d - want) < 1e-12 && fabs(r - want) < 1e-12,
	       "%s: D %g (got %g, swapped %g)", what, want, d, r);
}

int main(void)
{
	static const double a[] = {1, 2, 3, 4};
	static const double shift[] = {3, 4, 5, 6};
	static const double far[] = {10, 11};
	static const double odd[] = {1, 3};
	static const double even[] = {2, 4};
	static const double tie[] = {2, 2, 2, 2};
	static const double one[] = {2.5};
	static const double q[] = {10, 20, 30, 40, 50};

	ks(a, 4, a, 4, 0, "a sample against itself");
	ks(a, 4, far, 2, 1, "disjoint samples");
	/* After 2: F_a = 2/4, F_shift = 0. */
	ks(a, 4, shift, 4, 0.5, "shifted by two of four values");
	/* Interleaved: F differs by 1/2 after 1 and after 3. */
	ks(odd, 2, even, 2, 0.5, "interleaved 1 3 / 2 4");
	/* A tie steps both at once: after 2, F_a = 2/4 and F_tie = 1; no
	 * gap is read between the two sides of the tie. */
	ks(a, 4, tie, 4, 0.5, "a tie across the samples");
	/* After 2: 2/4 vs 0; after 2.5: 2/4 vs 1. */
	ks(a, 4, one, 1, 0.5, "sizes 4 and 1");
	ks(tie, 4, tie, 4, 0, "all ties, the same");
	TAP_OK(ks_distance(a, 4, a, 0) == -1 && ks_distance(a, 0, a, 4) == -1,
	       "an empty sample: -1, nothing to compare");
	TAP_OK(ks_quantile(q, 5, 0.5) == 30, "p50 of 5 values: the middle");
	TAP_OK(ks_quantile(q, 5, 0.99) == 50, "p99 of 5 values: the last");
	TAP_OK(ks_quantile(q, 5, 0) == 10 && ks_quantile(q, 5, 1) == 50,
	       "p0 and p100: the ends");
	TAP_OK(ks_quantile(a, 4, 0.5) == 3,
	       "p50 of 4 values: rank round(1.5) = 2, the third");
	TAP_OK(ks_quantile(q, 0, 0.5) == 0, "an empty sample: 0");
	{
		double *v = NULL;
		size_t n = 0, cap = 0;
		int bad = 0;

		for (int k = 0; k < 5; k++)
			bad |= ks_sample_push(&v, &n, &cap, 2, k * 1.5);
		TAP_OK(!bad && n == 5 && cap == 8 && v[0] == 0 && v[4] == 6,
		       "ks_sample_push: 5 values in order, room 2 -> 4 -> 8");
		free(v);
	}
	{
		double v[] = { 3.5, -1, 2, 2, 1e9, 0 };
		const double want[] = { -1, 0, 2, 2, 3.5, 1e9 };
		bool same = true;

		ks_sort(v, 6);
		for (int k = 0; k < 6; k++)
			same &= v[k] == want[k];
		TAP_OK(same, "ks_sort: ascending, ties kept");
	}
	return tap_done();
}
