/* madv.c - madvise(2) over many ranges in few system calls (madv.h). */
#define _GNU_SOURCE
#include "lib/madv.h"

#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MADV_IOV_MAX 1024 /* UIO_MAXIOV: the most a call takes */

static int madv_each(const struct iovec *iov, size_t n, int advice)
{
	for (size_t k = 0; k < n; k++)
		if (iov[k].iov_len &&
		    madvise(iov[k].iov_base, iov[k].iov_len, advice))
			return -errno;
	return 0;
}

int madv_ranges(const struct iovec *iov, size_t n, int advice)
{
#if defined(SYS_pidfd_open) && defined(SYS_process_madvise)
	/* Opened for each batch, not kept: a process instance forked later
	 * would advise its parent's memory with an inherited one. */
	int pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);

	for (size_t at = 0; pidfd >= 0 && at < n;) {
		size_t c = n - at < MADV_IOV_MAX ? n - at : MADV_IOV_MAX;
		size_t want = 0;
		long done;

		for (size_t k = 0; k < c; k++)
			want += iov[at + k].iov_len;
		done = syscall(SYS_process_madvise, pidfd, &iov[at], c, advice,
			       0);
		/* Cut short or refused (an older kernel takes only a few
		 * kinds of advice here): this batch one range at a time,
		 * which is idempotent for the advice used here. */
		if (done < 0 || (size_t)done != want) {
			int rc = madv_each(&iov[at], c, advice);

			if (rc) {
				close(pidfd);
				return rc;
			}
		}
		at += c;
	}
	if (pidfd >= 0) {
		close(pidfd);
		return 0;
	}
#endif
	return madv_each(iov, n, advice);
}

void madv_populate(const void *p, size_t len)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t a = (uintptr_t)p & ~(page - 1);
	uintptr_t end = ((uintptr_t)p + len + page - 1) & ~(page - 1);

	if (p && len)
		madvise((void *)a, end - a, MADV_POPULATE_WRITE);
}
