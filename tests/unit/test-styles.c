/*
 * test-styles.c - adrestia's p90 of per-round means, cyclictest's
 * per-thread figures, and the µs of two µs clock readings (adrestia's and
 * schbench's rule) against mimic's truncated ns, against values computed
 * by hand.
 */
#include "report/styles/adrestia.h"
#include "report/styles/cyclictest.h"
#include "lib/timeutil.h"
#include "record/samples.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static void test_adrestia_round_means(void)
{
	/* Three wakees, ten rounds (µs). */
	static const uint64_t t0[] = { 5, 10, 3, 60, 2, 4, 7, 8, 100, 1 };
	static const uint64_t t1[] = { 6, 10, 4, 61, 3, 5, 9, 8, 50, 2 };
	static const uint64_t t2[] = { 7, 12, 2, 62, 4, 6, 8, 9, 0, 3 };
	const uint64_t *us[] = { t0, t1, t2 };
	/* Sums 18 32 9 183 9 15 24 25 150 6, divided by 3 and truncated. */
	static const uint64_t want[] = { 6, 10, 3, 61, 3, 5, 8, 8, 50, 2 };
	uint64_t means[10];

	adrestia_round_means(us, 3, 10, means);
	TAP_OK(!memcmp(means, want, sizeof(want)),
	       "a round's sample is the truncated mean of the wakees "
	       "(32 / 3 = 10)");
	/* Sorted: 2 3 3 5 6 8 8 10 50 61; index 9 * 10 / 10 = 9. */
	TAP_OK(adrestia_sorted_pct(means, 10, 90) == 61,
	       "p90 of ten rounds is the largest (sorted[9])");
	TAP_OK(adrestia_sorted_pct(means, 10, 50) == 8,
	       "p50 of ten rounds is sorted[5] = 8");
	adrestia_round_means(us, 1, 10, means);
	TAP_OK(!memcmp(means, t0, sizeof(t0)),
	       "with one wakee a round is its own latency");
}

static void test_adrestia_percentiles(void)
{
	/* 1..20 shuffled: p90 is sorted[18] = 19, p95 sorted[19] = 20. */
	uint64_t v[] = { 7, 20, 1, 14, 3, 18, 9, 11, 2, 16,
			 5, 13, 19, 4, 10, 6, 17, 8, 15, 12 };

	TAP_OK(adrestia_sorted_pct(v, 20, 90) == 19,
	       "p90 of 1..20 is 19 (adrestia's sorted[9n/10])");
	TAP_OK(adrestia_sorted_pct(v, 20, 95) == 20, "p95 of 1..20 is 20");
	TAP_OK(adrestia_sorted_pct(v, 20, 50) == 11, "p50 of 1..20 is 11");
	TAP_OK(adrestia_sorted_pct(v, 0, 90) == 0, "no rounds: 0");
}

static void test_cyclictest_figures(void)
{
	static struct hist h;
	static const uint64_t add[] = { 3, 5, 5, 7, 1000, 20 };
	uint64_t rows[10];
	struct cyclictest_stats st;

	hist_init(&h);
	for (size_t k = 0; k < 6; k++)
		hist_add(&h, add[k]);
	cyclictest_stats(&h, 10, rows, &st);
	TAP_OK(st.cycles == 6 && st.min == 3 && st.max == 1000,
	       "C 6, Min 3, Max 1000 (exact)");
	TAP_OK(st.act == 20, "Act is the last sample, 20 (got %llu)",
	       (unsigned long long)st.act);
	TAP_OK(st.avg == 173, "Avg 1040 / 6 truncated = 173 (got %llu)",
	       (unsigned long long)st.avg);
	TAP_OK(rows[3] == 1 && rows[5] == 2 && rows[7] == 1 && rows[0] == 0 &&
		       rows[9] == 0,
	       "rows hold 1 at 3 us, 2 at 5 us, 1 at 7 us");
	TAP_OK(st.total == 4 && st.overflows == 2,
	       "# Total 4 in rows 0..9, 2 overflows (20 and 1000)");

	hist_init(&h);
	cyclictest_stats(&h, 10, rows, &st);
	TAP_OK(st.cycles == 0 && st.total == 0 && st.avg == 0,
	       "an empty histogram gives zeros");
}

static void test_cyclictest_rows_above_512(void)
{
	static struct hist h;
	static uint64_t rows[1000];
	struct cyclictest_stats st;

	hist_init(&h);
	hist_add(&h, 600);
	hist_add(&h, 601);
	hist_add(&h, 511);
	cyclictest_stats(&h, 1000, rows, &st);
	TAP_OK(rows[511] == 1 && rows[600] == 2 && rows[601] == 0,
	       "above 511 us a 2-us bucket is counted at its low value");
	TAP_OK(st.total == 3 && st.overflows == 0, "all three in the rows");
}

/* floor(end/1000) - floor(start/1000), where the two rules differ. */
static void test_us_clock_delta(void)
{
	/* 1.2 µs from 999 ns: readings 0 and 2 µs; the ns rule says 1. */
	TAP_OK(time_us_clock_delta(999, 2199) == 2 && (2199 - 999) / 1000 == 1,
	       "1200 ns from .999 us: 2 us by the clock, 1 us truncated");
	/* 0.9 µs across a µs edge: 1 by the clock, 0 truncated. */
	TAP_OK(time_us_clock_delta(10500, 11400) == 1,
	       "900 ns across an edge: 1 us (0 truncated)");
	/* 1.999 µs from the start of a µs: both rules give 1. */
	TAP_OK(time_us_clock_delta(5000, 6999) == 1,
	       "1999 ns from x.000 us: 1 us by both rules");
	TAP_OK(time_us_clock_delta(5000, 7000) == 2, "2000 ns: 2 us");
	TAP_OK(time_us_clock_delta(123456789, 123456789) == 0,
	       "no time: 0 us");
	TAP_OK(time_us_clock_delta(7000, 6000) == 0, "end before start: 0");
	/* Large times: the 32-bit range of a µs clock is no limit. */
	TAP_OK(time_us_clock_delta(INT64_C(86400000000999),
				   INT64_C(86400000003001)) == 3,
	       "2002 ns a day in: 3 us (2 truncated)");
}

/* A sample keeps its start's place in the µs: sample_clock_us gives the
 * tool's µs, the sample's ns stays mimic's. */
static void test_sample_clock_us(void)
{
	struct sample_log *l = calloc(1, samples_bytes());

	if (!l) {
		TAP_OK(0, "memory for a sample log");
		return;
	}
	samples_add(l, 0, WAKE_PIPE, SAMPLE_MESSAGE, 1000999, 1003100);
	samples_add(l, 1, WAKE_FUTEX, SAMPLE_WAKE_UP, 2000000, 2003999);
	samples_add(l, 2, WAKE_SOCKET, SAMPLE_MESSAGE, 3000700, 3000600);
	TAP_OK(l->n == 3, "three samples kept");
	TAP_OK(l->s[0].ns == 2101 && sample_clock_us(&l->s[0]) == 3,
	       "2101 ns from .999: 3 us by the clock (2 truncated)");
	TAP_OK(l->s[1].ns == 3999 && sample_clock_us(&l->s[1]) == 3,
	       "3999 ns from .000: 3 us by both rules");
	TAP_OK(l->s[0].path == WAKE_PIPE && l->s[1].path == WAKE_FUTEX &&
		       l->s[1].kind == SAMPLE_WAKE_UP &&
		       l->s[0].kind == SAMPLE_MESSAGE && l->s[1].phase == 1,
	       "path, kind and phase survive the packing");
	TAP_OK(l->s[2].ns == 0 && sample_clock_us(&l->s[2]) == 0,
	       "a negative latency is 0 by both rules");
	free(l);
}

/* adrestia's periodic round over two wakees, both rules: its mean of
 * the clock µs is the figure adrestia prints. */
static void test_adrestia_clock_round(void)
{
	/* Wakee 0: 4.3 µs from .800 (clock 5); wakee 1: 4.6 µs from .500
	 * (clock 5). ns rule: (4 + 4) / 2 = 4; adrestia's: (5 + 5) / 2 = 5. */
	uint64_t a = time_us_clock_delta(800, 800 + 4300);
	uint64_t b = time_us_clock_delta(500, 500 + 4600);
	const uint64_t t0[] = { a }, t1[] = { b };
	const uint64_t *us[] = { t0, t1 };
	uint64_t mean;

	adrestia_round_means(us, 2, 1, &mean);
	TAP_OK(a == 5 && b == 5 && mean == 5,
	       "a round of 4.3 and 4.6 us is 5 us by adrestia's clock "
	       "(4 by truncated ns)");
}

int main(void)
{
	test_us_clock_delta();
	test_sample_clock_us();
	test_adrestia_clock_round();
	test_adrestia_round_means();
	test_adrestia_percentiles();
	test_cyclictest_figures();
	test_cyclictest_rows_above_512();
	return tap_done();
}
