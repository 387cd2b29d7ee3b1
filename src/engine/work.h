/*
 * work.h - the calibrated unit of CPU work behind the run event, and its
 * calibration (ns per loop, kept as a double: sub-nanosecond resolution).
 */
#ifndef MIMIC_WORK_H
#define MIMIC_WORK_H

#include <stdatomic.h>
#include <stdint.h>

/*
 * Does up to n loops of work, checking *stop every few microseconds.
 * Returns the loops done.
 */
uint64_t work_loops(uint64_t n, const atomic_bool *stop);

struct work_calibration {
	double ns_per_loop;       /* median of the trials; <= 0 on failure */
	double spread;            /* (2nd slowest - 2nd fastest) / median */
	int64_t took_ns;          /* wall time the measurement took */
};

/*
 * Measures ns per loop on cpu, on the thread's CPU time (the calling
 * thread is pinned there for the measurement, then its affinity is
 * restored).
 */
struct work_calibration work_calibrate(int cpu);

/*
 * A quick estimate of ns per loop where the thread runs now, on its CPU
 * time (a few ms): good enough to tell a number 2x off, not to run with.
 */
double work_estimate(void);
/* The same on cpu (pinned for the estimate, then the affinity restored). */
double work_estimate_on(int cpu);

#endif
