/*
 * timeutil.h - CLOCK_MONOTONIC and the calling thread's CPU time in
 * nanoseconds, and conversions.
 */
#ifndef MIMIC_TIMEUTIL_H
#define MIMIC_TIMEUTIL_H

#include <stdint.h>
#include <time.h>

#define NSEC_PER_USEC INT64_C(1000)
#define NSEC_PER_SEC  INT64_C(1000000000)

static inline int64_t time_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* The same clock as of the last tick (a few ns against tens for the
 * exact read on a guest): for what needs no finer grain. */
static inline int64_t time_coarse_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return (int64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* CPU time the calling thread has used: preemption does not count. */
static inline int64_t time_thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (int64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

static inline struct timespec time_ts(int64_t ns)
{
	struct timespec ts = { .tv_sec = ns / NSEC_PER_SEC,
			       .tv_nsec = ns % NSEC_PER_SEC };
	return ts;
}

/* Nearest microsecond, rounding halves away from zero. */
static inline int64_t time_ns_to_us(int64_t ns)
{
	return ns >= 0 ? (ns + 500) / 1000 : -((-ns + 500) / 1000);
}

/*
 * The µs between two µs clock readings taken at start_ns and end_ns, each
 * truncated to the µs as gettimeofday() truncates: end/1000 - start/1000
 * (floor of each; CLOCK_MONOTONIC times are >= 0), as schbench's tvdelta() and adrestia's
 * timersub() give a latency. Between two readings d ns apart it is
 * floor(d/1000) or one more, ~0.5 µs more than d/1000 truncated on
 * average. 0 if end_ns < start_ns.
 */
static inline uint64_t time_us_clock_delta(int64_t start_ns, int64_t end_ns)
{
	if (end_ns <= start_ns)
		return 0;
	return (uint64_t)(end_ns / 1000 - start_ns / 1000);
}

#endif
