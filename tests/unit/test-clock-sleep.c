/*
 * test-clock-sleep.c - clock_sleep returns as clock_nanosleep does: 0 for
 * a deadline already past and for a zero sleep, EINVAL for a bad time,
 * EINTR with the time left when a signal interrupts a relative sleep.
 */
#include "lib/clock_sleep.h"
#include "tap.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>

static void on_alarm(int sig)
{
	(void)sig;
}

int main(void)
{
	struct timespec past = { 0, 0 }, zero = { 0, 0 };
	struct timespec bad = { 0, 2000000000L };
	struct timespec long_sleep = { 3600, 0 }, left = { 0, 0 };
	struct itimerval soon = { .it_value = { 0, 10000 } };
	struct sigaction sa;
	int rc;

	TAP_OK(clock_sleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &past, NULL) == 0,
	       "an absolute deadline already past returns 0 at once");
	TAP_OK(clock_sleep(CLOCK_MONOTONIC, 0, &zero, NULL) == 0,
	       "a relative sleep of zero returns 0");
	TAP_OK(clock_sleep(CLOCK_MONOTONIC, 0, &bad, NULL) == EINVAL,
	       "nanoseconds out of range: EINVAL, as clock_nanosleep");

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm; /* no SA_RESTART: the sleep is cut */
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &soon, NULL);
	rc = clock_sleep(CLOCK_MONOTONIC, 0, &long_sleep, &left);
	TAP_OK(rc == EINTR, "a signal cuts a relative sleep: EINTR (got %d)",
	       rc);
	TAP_OK(left.tv_sec > 0 && left.tv_sec <= 3600,
	       "and what is left of it is in rem (%lld s)",
	       (long long)left.tv_sec);
	return tap_done();
}
