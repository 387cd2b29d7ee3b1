/*
 * madv.h - madvise(2) over many ranges in few system calls: start-up makes
 * a few pages of each of 10000 threads resident, and installs each thread
 * stack's guard page, where one call a range cost more than the work.
 */
#ifndef MIMIC_MADV_H
#define MIMIC_MADV_H

#include <stddef.h>
#include <sys/uio.h>

/* The guard pages of madvise(2) (Linux >= 6.13), for older headers. */
#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102
#endif

/* Applies advice to each of the n ranges (page-aligned, or made so by the
 * kernel's rules for madvise): through process_madvise(2) on this process,
 * 1024 ranges a call (Linux >= 6.13 takes any advice for the caller
 * itself), else one madvise(2) a range. 0, or the first -errno. */
int madv_ranges(const struct iovec *iov, size_t n, int advice);

/* Makes the pages holding [p, p + len) resident now, written to once
 * (MADV_POPULATE_WRITE), rather than each faulted in on its first write;
 * best effort, nothing for an empty range. */
void madv_populate(const void *p, size_t len);

#endif
