/* test-hist.c - the histogram follows schbench's bucket rules exactly. */
#include "lib/hist.h"
#include "lib/rhist.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static struct hist h;

static void values_below_512_are_exact(void)
{
	bool exact = true;

	for (uint64_t v = 0; v < 512; v++)
		exact &= hist_bucket_value(hist_bucket(v)) == v;
	TAP_OK(exact, "values below 512 map to themselves");
}

static void bucket_midpoints_above_512(void)
{
	/* schbench prints 3436 = 2048 + 173 * 8 + 4 for the bucket of 3434. */
	TAP_OK(hist_bucket_value(hist_bucket(3434)) == 3436,
	       "3434 is reported as its bucket's midpoint 3436 (got %llu)",
	       (unsigned long long)hist_bucket_value(hist_bucket(3434)));
	TAP_OK(hist_bucket(512) == 512 && hist_bucket_value(512) == 513,
	       "512 opens the first 2-wide bucket, midpoint 513");
	TAP_OK(hist_bucket(1023) == 767 && hist_bucket(1024) == 768,
	       "each power of two is split into 256 buckets");
}

static void relative_precision_is_one_in_256(void)
{
	bool ok = true;

	for (uint64_t v = 512; v < (1u << 26); v = v * 3 / 2 + 1) {
		uint64_t b = hist_bucket_value(hist_bucket(v));
		double err = b > v ? (double)(b - v) : (double)(v - b);

		ok &= err / (double)v <= 1.0 / 256;
	}
	TAP_OK(ok, "bucket values are within 1/256 of the sample");
}

static void huge_values_share_the_last_bucket(void)
{
	TAP_OK(hist_bucket(UINT64_C(1) << 40) == HIST_BUCKETS - 1,
	       "2^40 lands in the last bucket");
}

static void percentiles_are_nearest_rank(void)
{
	hist_init(&h);
	for (uint64_t v = 1; v <= 100; v++)
		hist_add(&h, v);
	TAP_OK(hist_percentile(&h, 50) == 50, "p50 of 1..100 is 50");
	TAP_OK(hist_percentile(&h, 90) == 90, "p90 of 1..100 is 90");
	TAP_OK(hist_percentile(&h, 99) == 99, "p99 of 1..100 is 99");
	TAP_OK(hist_percentile(&h, 100) == 100 && h.max == 100 && h.min == 1,
	       "p100 is the maximum; min and max are exact");
}

static void merge_adds_counts(void)
{
	static struct hist a, b;

	hist_init(&a);
	hist_init(&b);
	hist_add(&a, 10);
	hist_add(&b, 20);
	hist_add(&b, 5000);
	hist_merge(&a, &b);
	TAP_OK(a.n == 3 && a.min == 10 && a.max == 5000 &&
		       hist_percentile(&a, 50) == 20,
	       "merging keeps counts, min and max");
}

/* The interval blocks' merge: n from the counts themselves, min and max
 * kept, the same percentiles as hist_merge; an empty source adds nothing. */
static void live_merge_matches_merge(void)
{
	static struct hist src, a, b, empty;

	hist_init(&src);
	hist_init(&a);
	hist_init(&b);
	hist_init(&empty);
	for (uint64_t v = 1; v <= 3000; v += 7)
		hist_add(&src, v);
	hist_add(&a, 9000);
	hist_add(&b, 9000);
	hist_merge(&a, &src);
	hist_merge_live(&b, &src);
	hist_merge_live(&b, &empty);
	TAP_OK(a.n == b.n && a.min == b.min && a.max == b.max &&
		       hist_percentile(&a, 50) == hist_percentile(&b, 50) &&
		       hist_percentile(&a, 99) == hist_percentile(&b, 99),
	       "a live merge has the merge's n (%llu), min, max, p50, p99",
	       (unsigned long long)b.n);
}

static void signed_histogram_orders_negatives_first(void)
{
	static struct shist s;

	shist_init(&s);
	shist_add(&s, -30);
	shist_add(&s, -10);
	shist_add(&s, 0);
	shist_add(&s, 20);
	TAP_OK(shist_percentile(&s, 25) == -30, "p25 is the most negative");
	TAP_OK(shist_percentile(&s, 50) == -10, "p50 is -10");
	TAP_OK(shist_percentile(&s, 100) == 20 && shist_max(&s) == 20,
	       "p100 and max are the largest");
}

static void percentiles_stay_within_min_and_max(void)
{
	struct shist s;

	/* 3312's bucket reports 3316: past the max it was seen with. */
	hist_init(&h);
	for (int k = 0; k < 1000; k++)
		hist_add(&h, 3000 + (uint64_t)k % 313);
	TAP_OK(hist_percentile(&h, 99.9) <= h.max &&
		       hist_percentile(&h, 100) == h.max,
	       "p99.9 and p100 do not exceed the max %llu (got %llu, %llu)",
	       (unsigned long long)h.max,
	       (unsigned long long)hist_percentile(&h, 99.9),
	       (unsigned long long)hist_percentile(&h, 100));
	hist_init(&h);
	hist_add(&h, 1021);
	hist_add(&h, 1022);
	TAP_OK(hist_percentile(&h, 0) >= h.min,
	       "p0 is not below the min %llu (got %llu)",
	       (unsigned long long)h.min,
	       (unsigned long long)hist_percentile(&h, 0));

	shist_init(&s);
	shist_add(&s, -3313);
	shist_add(&s, -3312);
	TAP_OK(shist_percentile(&s, 0) >= -3313 && shist_percentile(&s, 100) <= -3312,
	       "signed: percentiles of -3313 and -3312 stay between them "
	       "(got %lld, %lld)", (long long)shist_percentile(&s, 0),
	       (long long)shist_percentile(&s, 100));
}

/*
 * A thread's chunked histogram (rhist.h) keeps the same statistics: the
 * same values into a hist and into an rhist merged into a hist give equal
 * structs, counts included; only the chunks used come from the pool.
 */
static void chunked_histogram_keeps_every_statistic(void)
{
	struct hist *ref = calloc(1, sizeof(*ref));
	struct hist *got = calloc(1, sizeof(*got));
	struct hist *live = calloc(1, sizeof(*live));
	struct shist *sref = calloc(1, sizeof(*sref));
	struct shist *sgot = calloc(1, sizeof(*sgot));
	struct rhist_pool *pool = calloc(1, rhist_pool_bytes(3));
	struct rhist r;
	struct rshist sr;
	uint64_t x = 12345;

	rhist_pool_init(pool, 3);
	rhist_init(&r, pool);
	rshist_init(&sr, pool);
	TAP_OK(pool->cap == 3 * RHIST_CHUNKS && pool->used == 0,
	       "a pool for 3 histograms has every chunk they could need, none used");
	for (int k = 0; k < 20000; k++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		uint64_t v = (x >> 33) % 3000;
		int64_t sv = (int64_t)((x >> 20) % 2001) - 1000;

		hist_add(ref, v);
		rhist_add(&r, v);
		shist_add(sref, sv);
		rshist_add(&sr, sv);
	}
	rhist_add(&r, 1ull << 40);
	hist_add(ref, 1ull << 40);
	rhist_merge(got, &r);
	rhist_merge_live(live, &r);
	TAP_OK(!memcmp(ref, got, sizeof(*ref)),
	       "merged, it equals a plain histogram of the same values "
	       "(n %llu, p99 %llu)", (unsigned long long)got->n,
	       (unsigned long long)hist_percentile(got, 99));
	TAP_OK(live->n == ref->n && live->min == ref->min &&
	       live->max == ref->max &&
	       !memcmp(live->counts, ref->counts, sizeof(ref->counts)),
	       "a live merge has the same counts, min and max");
	rshist_merge(sgot, &sr);
	TAP_OK(!memcmp(sref, sgot, sizeof(*sref)) &&
	       shist_percentile(sgot, 50) == shist_percentile(sref, 50),
	       "signed: merged, it equals a plain shist");
	/* 0..2999: chunks 0 and 1 (exact to 511), one per power of two
	 * up to 2^12 (2, 3, 4), 2^40 the last (18); each half of the signed
	 * one, magnitudes 0..1000: chunks 0, 1, 2. */
	TAP_OK(pool->used == 6 + 3 + 3,
	       "only the chunks values fell in were taken (%u of %u)",
	       pool->used, pool->cap);
	free(ref);
	free(got);
	free(live);
	free(sref);
	free(sgot);
	free(pool);
}

int main(void)
{
	percentiles_stay_within_min_and_max();
	values_below_512_are_exact();
	bucket_midpoints_above_512();
	relative_precision_is_one_in_256();
	huge_values_share_the_last_bucket();
	percentiles_are_nearest_rank();
	merge_adds_counts();
	live_merge_matches_merge();
	signed_histogram_orders_negatives_first();
	chunked_histogram_keeps_every_statistic();
	return tap_done();
}
