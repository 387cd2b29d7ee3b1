/*
 * test-styles.c - adrestia's p90 of per-round means and cyclictest's
 * per-thread figures, against values computed by hand.
 */
#include "report/styles/adrestia.h"
#include "report/styles/cyclictest.h"
#include "tap.h"

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

int main(void)
{
	test_adrestia_round_means();
	test_adrestia_percentiles();
	test_cyclictest_figures();
	test_cyclictest_rows_above_512();
	return tap_done();
}
