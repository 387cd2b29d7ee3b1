/*
 * work.h - the calibrated unit of CPU work behind the run event, and its
 * calibration (ns per loop, kept as a double: sub-nanosecond resolution).
 */
#ifndef MIMIC_WORK_H
#define MIMIC_WORK_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * Does up to n loops of work, checking *stop every few microseconds.
 * Returns the loops done.
 */
uint64_t work_loops(uint64_t n, const atomic_bool *stop);

/* Trials whose median is the calibration. */
#define WORK_TRIALS 9

struct work_calibration {
	double ns_per_loop;       /* median of the last trials; <= 0: failed */
	double spread;            /* (2nd slowest - 2nd fastest) / median */
	int64_t took_ns;          /* wall time the measurement took */
	int trials;               /* trials made, WORK_TRIALS or more */
};

/*
 * Measures ns per loop on cpu, on the thread's CPU time (the calling
 * thread is pinned there for the measurement, then its affinity is
 * restored). Trials go on while the CPU is still getting faster (a clock
 * ramping up after idle: a CI host's calibration was once 1.7x slow),
 * until work_trials_settled, for at most about 300 ms of CPU time.
 */
struct work_calibration work_calibrate(int cpu);

/*
 * The last WORK_TRIALS trials, oldest first, show a speed no longer rising:
 * the median of the newest 4 is not 3 % below the median of the 5 before.
 */
bool work_trials_settled(const double t[WORK_TRIALS]);

/*
 * A quick estimate of ns per loop where the thread runs now, on its CPU
 * time (a few ms): good enough to tell a number 2x off, not to run with.
 */
double work_estimate(void);
/* The same on cpu (pinned for the estimate, then the affinity restored). */
double work_estimate_on(int cpu);

#endif
