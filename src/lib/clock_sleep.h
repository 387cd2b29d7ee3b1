/*
 * clock_sleep.h - clock_nanosleep without glibc's cancellation wrapper,
 * for the sleeps of the hot path (timer, sleep).
 */
#ifndef MIMIC_CLOCK_SLEEP_H
#define MIMIC_CLOCK_SLEEP_H

#include <time.h>

/*
 * As clock_nanosleep(clock, flags, req, rem): 0, or the error number
 * (EINTR: a signal came; rem, if given, holds what is left of a relative
 * sleep). Once mimic has had a second thread, glibc's clock_nanosleep
 * turns asynchronous cancellation on and off around the syscall, on every
 * sleep; no mimic thread is ever cancelled.
 */
int clock_sleep(clockid_t clock, int flags, const struct timespec *req,
		struct timespec *rem);

#endif
