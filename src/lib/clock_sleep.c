/* clock_sleep.c - clock_nanosleep as one plain syscall (clock_sleep.h). */
#define _GNU_SOURCE /* syscall */
#include "lib/clock_sleep.h"
#include "lib/hot.h"

#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

HOT int clock_sleep(clockid_t clock, int flags, const struct timespec *req,
		struct timespec *rem)
{
	return syscall(SYS_clock_nanosleep, clock, flags, req, rem) ? errno
								    : 0;
}
