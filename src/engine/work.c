/*
 * work.c - the run event's busy loop and its calibration.
 *
 * One loop is a chain of dependent integer operations: the compiler cannot
 * fold it (the asm barrier hides the value) and the CPU cannot overlap
 * iterations, so ns per loop is stable across toolchains. It is heavier than
 * rt-app's, so an integer calibration (which LISA feeds back) still quantises
 * run by only a few percent.
 */
#define _GNU_SOURCE
#include "engine/work.h"
#include "lib/hot.h"

#include "lib/timeutil.h"

#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>

#define WORK_STEPS 32
#define WORK_CHUNK 256 /* loops between two looks at the stop flag */

static uint64_t work_seed = 0x9e3779b97f4a7c15ull;

static inline uint64_t work_one(uint64_t x)
{
	for (int k = 0; k < WORK_STEPS; k++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		__asm__ volatile("" : "+r"(x));
	}
	return x;
}

HOT uint64_t work_loops(uint64_t n, const atomic_bool *stop)
{
	uint64_t x = work_seed, done = 0;

	while (done < n) {
		uint64_t chunk = n - done < WORK_CHUNK ? n - done : WORK_CHUNK;

		for (uint64_t k = 0; k < chunk; k++)
			x = work_one(x);
		done += chunk;
		if (stop && atomic_load_explicit(stop, memory_order_relaxed))
			break;
	}
	__asm__ volatile("" : : "r"(x));
	return done;
}

/*
 * ns per loop over n loops, on the thread's CPU time: a trial preempted by
 * another task is not slowed by it (on the wall clock, two busy processes
 * on two CPUs made pLoad up to 4x too large and every run that much short).
 */
static double work_time_ns_per_loop(uint64_t n)
{
	int64_t t0 = time_thread_cpu_ns();

	work_loops(n, NULL);
	return (double)(time_thread_cpu_ns() - t0) / (double)n;
}

#define WORK_TRIALS_MAX 60 /* of about 5 ms: 300 ms of CPU time at most */

/* The n (at most WORK_TRIALS) trials of v into s, fastest first. */
static void sort_trials(const double *v, int n, double *s)
{
	for (int i = 0; i < n; i++) {
		int k = i;

		for (; k > 0 && s[k - 1] > v[i]; k--)
			s[k] = s[k - 1];
		s[k] = v[i];
	}
}

static double median_of(const double *v, int n)
{
	double s[WORK_TRIALS];

	sort_trials(v, n, s);
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

bool work_trials_settled(const double t[WORK_TRIALS])
{
	return median_of(t + 5, WORK_TRIALS - 5) >= median_of(t, 5) * 0.97;
}

double work_estimate(void)
{
	double trials[3];
	uint64_t n = 1000;

	/* Grow n until one trial takes about 1 ms, then the median of 3. */
	while (n < (UINT64_C(1) << 32) &&
	       work_time_ns_per_loop(n) * (double)n < 1e6)
		n *= 2;
	for (int k = 0; k < 3; k++)
		trials[k] = work_time_ns_per_loop(n);
	return median_of(trials, 3);
}

/* Pins the calling thread to cpu; false (and nothing changed) if it can't. */
static bool pin_to(int cpu, cpu_set_t *saved)
{
	cpu_set_t one;

	if (sched_getaffinity(0, sizeof(*saved), saved))
		return false;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	return sched_setaffinity(0, sizeof(one), &one) == 0;
}

double work_estimate_on(int cpu)
{
	cpu_set_t saved;
	bool pinned = pin_to(cpu, &saved);
	double ns = work_estimate();

	if (pinned)
		sched_setaffinity(0, sizeof(saved), &saved);
	return ns;
}

struct work_calibration work_calibrate(int cpu)
{
	struct work_calibration c = { 0 };
	int64_t t0 = time_now_ns();
	double trials[WORK_TRIALS], all[WORK_TRIALS_MAX];
	cpu_set_t saved;
	uint64_t n = 1000;
	int done = 0;
	bool pinned = pin_to(cpu, &saved);

	/* Grow n until one trial takes about 5 ms (this also warms up). */
	while (n < (UINT64_C(1) << 32) &&
	       work_time_ns_per_loop(n) * (double)n < 5e6)
		n *= 2;
	/* Trials until the last WORK_TRIALS show a speed no longer rising. */
	do
		all[done++] = work_time_ns_per_loop(n);
	while (done < WORK_TRIALS_MAX &&
	       (done < WORK_TRIALS ||
		!work_trials_settled(all + done - WORK_TRIALS)));
	/*
	 * The median of the last trials: the speed a run will typically see
	 * (the fastest, rt-app's choice, made runs about 2 % long here).
	 */
	sort_trials(all + done - WORK_TRIALS, WORK_TRIALS, trials);
	c.ns_per_loop = trials[WORK_TRIALS / 2];
	c.trials = done;
	/* One trial hit by a host's steal time is not disagreement. */
	if (c.ns_per_loop > 0)
		c.spread = (trials[WORK_TRIALS - 2] - trials[1]) / c.ns_per_loop;
	if (pinned)
		sched_setaffinity(0, sizeof(saved), &saved);
	c.took_ns = time_now_ns() - t0;
	return c;
}
