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

/*
 * Measures ns per loop on cpu (the calling thread is pinned there for the
 * measurement, then its affinity is restored). Returns <= 0 on failure.
 */
double work_calibrate(int cpu, int64_t *took_ns);

#endif
