/* test-rng.c - the per-thread generator: reference values, streams, and
 * the moments of the basic draws. */
#include "lib/rng.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>

static void splitmix64_matches_the_reference(void)
{
	/* splitmix64 from 0: the published first output. */
	uint64_t x = 0;

	TAP_OK(rng_splitmix64(&x) == UINT64_C(0xe220a8397b1dcdaf),
	       "splitmix64's first output from 0 is 0xe220a8397b1dcdaf");
}

static void same_seed_and_stream_same_numbers(void)
{
	struct rng a, b, c, d;
	bool same = true, other_seed = false, other_stream = false;

	rng_seed(&a, 42, 3);
	rng_seed(&b, 42, 3);
	rng_seed(&c, 43, 3);
	rng_seed(&d, 42, 4);
	for (int k = 0; k < 1000; k++) {
		uint64_t x = rng_next(&a);

		same &= x == rng_next(&b);
		other_seed |= x != rng_next(&c);
		other_stream |= x != rng_next(&d);
	}
	TAP_OK(same, "the same seed and stream give the same numbers");
	TAP_OK(other_seed, "another seed gives other numbers");
	TAP_OK(other_stream, "another stream (thread) gives other numbers");
}

static void uniform01_in_range_with_mean_half(void)
{
	struct rng r;
	double sum = 0, lo = 1, hi = 0;
	int n = 1000000;

	rng_seed(&r, 1, 0);
	for (int k = 0; k < n; k++) {
		double u = rng_uniform01(&r);

		sum += u;
		lo = u < lo ? u : lo;
		hi = u > hi ? u : hi;
	}
	TAP_OK(lo >= 0 && hi < 1, "uniform01 is in [0, 1) (%g .. %g)", lo, hi);
	TAP_OK(fabs(sum / n - 0.5) < 0.002, "uniform01's mean is 0.5 (%g)",
	       sum / n);
}

static void normal01_has_mean_0_stddev_1(void)
{
	struct rng r;
	double sum = 0, sq = 0, m, sd;
	int n = 1000000;

	rng_seed(&r, 2, 0);
	for (int k = 0; k < n; k++) {
		double x = rng_normal01(&r);

		sum += x;
		sq += x * x;
	}
	m = sum / n;
	sd = sqrt(sq / n - m * m);
	TAP_OK(fabs(m) < 0.005 && fabs(sd - 1) < 0.005,
	       "normal01: mean %g, stddev %g", m, sd);
}

static void exponential1_has_mean_1_cv_1(void)
{
	struct rng r;
	double sum = 0, sq = 0, m, sd;
	int n = 1000000;

	rng_seed(&r, 3, 0);
	for (int k = 0; k < n; k++) {
		double x = rng_exponential1(&r);

		sum += x;
		sq += x * x;
	}
	m = sum / n;
	sd = sqrt(sq / n - m * m);
	TAP_OK(fabs(m - 1) < 0.005 && fabs(sd - 1) < 0.01,
	       "exponential1: mean %g, stddev %g", m, sd);
}

static void below_is_unbiased_and_in_range(void)
{
	struct rng r;
	int count[3] = { 0 }, n = 300000;
	bool in = true;

	rng_seed(&r, 4, 0);
	for (int k = 0; k < n; k++) {
		uint64_t x = rng_below(&r, 3);

		in &= x < 3;
		if (x < 3)
			count[x]++;
	}
	TAP_OK(in && abs(count[0] - n / 3) < 1500 &&
		       abs(count[1] - n / 3) < 1500,
	       "rng_below(3): %d %d %d", count[0], count[1], count[2]);
}

int main(void)
{
	splitmix64_matches_the_reference();
	same_seed_and_stream_same_numbers();
	uniform01_in_range_with_mean_half();
	normal01_has_mean_0_stddev_1();
	exponential1_has_mean_1_cv_1();
	below_is_unbiased_and_in_range();
	return tap_done();
}
