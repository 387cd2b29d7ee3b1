/* test-e2e.c - end-to-end latency per thread: a miss is strictly over the
 * budget in ns, iterations without a budget are never misses, merge adds. */
#include "record/e2e.h"
#include "tap.h"

#include <string.h>

static struct e2e_stats a, b;

static void miss_is_strictly_over_the_budget(void)
{
	memset(&a, 0, sizeof(a));
	TAP_OK(!e2e_add(&a, 1000, 1000 + 16667000, 16667000, true),
	       "exactly the budget is on time");
	TAP_OK(e2e_add(&a, 1000, 1000 + 16667001, 16667000, true),
	       "one ns over the budget is a miss");
	TAP_OK(a.budgeted == 2 && a.misses == 1 && a.chained == 2,
	       "2 budgeted, 1 miss, 2 chained (got %llu %llu %llu)",
	       (unsigned long long)a.budgeted, (unsigned long long)a.misses,
	       (unsigned long long)a.chained);
	TAP_OK(a.latency_us.n == 2 && a.latency_us.max == 16667,
	       "latency in µs, truncated (max %llu)",
	       (unsigned long long)a.latency_us.max);
}

static void no_budget_is_never_a_miss(void)
{
	memset(&b, 0, sizeof(b));
	TAP_OK(!e2e_add(&b, 0, 5000000000, 0, true) && b.misses == 0 &&
	       b.budgeted == 0 && b.latency_us.n == 1,
	       "5 s without a budget: a sample, no miss, not budgeted");
	TAP_OK(!e2e_add(&b, 2000, 1000, 0, false) &&
	       b.latency_us.min == 0 && b.chained == 1,
	       "an end before its origin counts 0 µs; unchained not counted");
}

static void merge_adds(void)
{
	e2e_merge(&a, &b);
	TAP_OK(a.latency_us.n == 4 && a.budgeted == 2 && a.misses == 1 &&
	       a.chained == 3, "merge adds samples and counts");
}

int main(void)
{
	miss_is_strictly_over_the_budget();
	no_budget_is_never_a_miss();
	merge_adds();
	return tap_done();
}
