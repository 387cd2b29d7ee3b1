/*
 * test-schbench.c - the schbench report styles compute what schbench
 * computes: percentiles, "(N samples)", min and max, checked against
 * histograms worked out by hand with schbench's bucket rules (exact below
 * 512 µs, midpoints of 1/256-wide buckets above), and printed in its
 * exact formats.
 */
#include "report/styles/schbench_stats.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static struct hist h;
static const double modern[] = { 20.0, 50.0, 90.0, 99.0, 99.9 };
static const double classic[] = { 50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 99.9 };

static void add(uint64_t v, int times)
{
	for (int k = 0; k < times; k++)
		hist_add(&h, v);
}

/*
 * 1000 x5, 2000 x3, 5000 x1, 100000 x1. By hand:
 *   1000: msb 9, e 1, bucket 512 + (500 & 255) = 756, value 512 + 244*2 + 1 = 1001
 *   2000: msb 10, e 2, bucket 768 + (500 & 255) = 1012, value 1024 + 244*4 + 2 = 2002
 *   5000: msb 12, e 4, bucket 1280 + (312 & 255) = 1336, value 4096 + 56*16 + 8 = 5000
 *   100000: msb 16, e 8, bucket 2304 + (390 & 255) = 2438,
 *           value 65536 + 134*256 + 128 = 99968
 * Thresholds of 10 samples: p20 2, p50 5, p90 9, p99 9.9, p99.9 9.99.
 */
static void hand_histogram(void)
{
	hist_init(&h);
	add(1000, 5);
	add(2000, 3);
	add(5000, 1);
	add(100000, 1);
}

static void buckets_by_hand(void)
{
	TAP_OK(hist_bucket(1000) == 756 && hist_bucket_value(756) == 1001,
	       "1000 us is bucket 756, printed 1001");
	TAP_OK(hist_bucket(2000) == 1012 && hist_bucket_value(1012) == 2002,
	       "2000 us is bucket 1012, printed 2002");
	TAP_OK(hist_bucket(5000) == 1336 && hist_bucket_value(1336) == 5000,
	       "5000 us is bucket 1336, printed 5000");
	TAP_OK(hist_bucket(100000) == 2438 &&
		       hist_bucket_value(2438) == 99968,
	       "100000 us is bucket 2438, printed 99968");
}

static void modern_percentiles(void)
{
	uint64_t val[8], samples[8];

	hand_histogram();
	schbench_percentiles(&h, modern, 5, val, samples);
	TAP_OK(val[0] == 1001 && val[1] == 1001 && val[2] == 5000 &&
		       val[3] == 99968 && val[4] == 99968,
	       "p20 p50 p90 p99 p99.9 = 1001 1001 5000 99968 99968 "
	       "(got %llu %llu %llu %llu %llu)",
	       (unsigned long long)val[0], (unsigned long long)val[1],
	       (unsigned long long)val[2], (unsigned long long)val[3],
	       (unsigned long long)val[4]);
	TAP_OK(samples[0] == 5 && samples[1] == 0 && samples[2] == 4 &&
		       samples[3] == 1 && samples[4] == 0,
	       "samples between percentiles = 5 0 4 1 0, as schbench counts "
	       "them (got %llu %llu %llu %llu %llu)",
	       (unsigned long long)samples[0], (unsigned long long)samples[1],
	       (unsigned long long)samples[2], (unsigned long long)samples[3],
	       (unsigned long long)samples[4]);
}

static void classic_percentiles(void)
{
	uint64_t val[8], samples[8];

	hand_histogram();
	schbench_percentiles(&h, classic, 7, val, samples);
	TAP_OK(val[0] == 1001 && val[1] == 2002 && val[2] == 5000 &&
		       val[3] == 99968 && val[4] == 99968 && val[5] == 99968 &&
		       val[6] == 99968,
	       "classic p50 p75 p90 p95 p99 = 1001 2002 5000 99968 99968");
}

static char *capture(void (*print)(FILE *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	print(f);
	fclose(f);
	return buf;
}

static void print_latencies(FILE *f)
{
	schbench_print_table(f, &h, "Wakeup Latencies", "usec", 10,
			     SCHBENCH_FOR_LAT, SCHBENCH_P99);
}

static void print_rps(FILE *f)
{
	schbench_print_table(f, &h, "RPS", "requests", 10, SCHBENCH_FOR_RPS,
			     SCHBENCH_P50);
}

static void print_classic(FILE *f)
{
	schbench_print_classic(f, &h);
}

static void modern_format(void)
{
	char *s;

	hand_histogram();
	s = capture(print_latencies);
	TAP_OK(!strcmp(s,
		       "Wakeup Latencies percentiles (usec) runtime 10 (s) "
		       "(10 total samples)\n"
		       "\t  50.0th: 1001       (0 samples)\n"
		       "\t  90.0th: 5000       (4 samples)\n"
		       "\t* 99.0th: 99968      (1 samples)\n"
		       "\t  99.9th: 99968      (0 samples)\n"
		       "\t  min=1000, max=100000\n"),
	       "the latency table is schbench's, byte for byte");
	free(s);
	s = capture(print_rps);
	TAP_OK(!strcmp(s,
		       "RPS percentiles (requests) runtime 10 (s) "
		       "(10 total samples)\n"
		       "\t  20.0th: 1001       (5 samples)\n"
		       "\t* 50.0th: 1001       (0 samples)\n"
		       "\t  90.0th: 5000       (4 samples)\n"
		       "\t  min=1000, max=100000\n"),
	       "the RPS table prints p20, a starred p50, and p90");
	free(s);
}

static void classic_format(void)
{
	char *s;

	hand_histogram();
	s = capture(print_classic);
	TAP_OK(!strcmp(s, "Latency percentiles (usec)\n"
			  "\t50.0000th: 1001\n"
			  "\t75.0000th: 2002\n"
			  "\t90.0000th: 5000\n"
			  "\t95.0000th: 99968\n"
			  "\t*99.0000th: 99968\n"
			  "\t99.5000th: 99968\n"
			  "\t99.9000th: 99968\n"
			  "\tmin=0, max=100000\n"),
	       "the classic table is schbench's, min=0 included");
	free(s);
}

static void zeros_are_dropped(void)
{
	uint64_t val[8], samples[8];

	/* 11 samples left: p50 at 5.5 is in 1000's bucket, p90 at 9.9 in
	 * 5000's. */
	hand_histogram();
	add(0, 30);
	add(7, 1);
	schbench_drop_zeros(&h);
	schbench_percentiles(&h, modern, 5, val, samples);
	TAP_OK(h.n == 11 && h.min == 7 && val[1] == 1001 && val[2] == 5000,
	       "0 us samples are not counted (schbench records delta > 0)");
	hand_histogram();
	add(0, 3);
	schbench_drop_zeros(&h);
	TAP_OK(h.n == 10 && schbench_min(&h) == 1000,
	       "min is exact above 512 us with zeros dropped (got %llu)",
	       (unsigned long long)schbench_min(&h));
}

static void midpoint_above_max(void)
{
	uint64_t val[8], samples[8];

	/* 3849: msb 11, e 3, bucket 1024 + 225, value 2048 + 225*8 + 4. */
	hist_init(&h);
	add(3849, 1);
	schbench_percentiles(&h, modern, 5, val, samples);
	TAP_OK(val[4] == 3852 && h.max == 3849,
	       "a percentile can print above max (3852 > 3849), as in schbench");
}

static void rps_min_skips_zero(void)
{
	hist_init(&h);
	add(0, 1);
	add(477, 1);
	add(571, 2);
	TAP_OK(schbench_min(&h) == 477 && h.n == 4,
	       "the RPS min skips the 0 sample (0 means unset), which still "
	       "counts");
}

static void empty_table(void)
{
	char *s;

	hist_init(&h);
	s = capture(print_latencies);
	TAP_OK(strstr(s, "(0 total samples)") &&
		       strstr(s, "\t  50.0th: 0          (0 samples)\n") &&
		       strstr(s, "\t  min=0, max=0\n"),
	       "no samples: zeros, as schbench prints them");
	free(s);
}

int main(void)
{
	buckets_by_hand();
	modern_percentiles();
	classic_percentiles();
	modern_format();
	classic_format();
	zeros_are_dropped();
	midpoint_above_max();
	rps_min_skips_zero();
	empty_table();
	return tap_done();
}
