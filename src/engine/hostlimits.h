/*
 * hostlimits.h - before any thread is created: can this machine hold the
 * workload's threads (process and thread limits, stack size, memory
 * mappings)? Each limit that would be hit is named with how to raise it.
 */
#ifndef MIMIC_HOSTLIMITS_H
#define MIMIC_HOSTLIMITS_H

#include "model/workload.h"

/* Threads the run may have at once: every instance, every fork slot,
 * main and one preflight probe. */
long hostlimits_threads_needed(const struct workload *w);

/*
 * Prints "FILE: error: ..." for each limit the run would exceed (threads,
 * stack size, memory mappings, file descriptors: RLIMIT_NOFILE's soft
 * limit is raised up to the hard one when that is enough); returns how
 * many. The /proc files are read under $MIMIC_PROC_DIR when set (a
 * test hook: a fake tree of sys/kernel/threads-max, sys/kernel/pid_max,
 * sys/vm/max_map_count and loadavg), /proc otherwise.
 */
int hostlimits_check(const struct workload *w);

/* "$MIMIC_PROC_DIR/rel", or "/proc/rel": caller frees. */
char *hostlimits_proc_path(const char *rel);

/* The first integer in a file; -1 if it cannot be read. */
long long hostlimits_read_ll(const char *path);
/* The same of hostlimits_proc_path(rel). */
long long hostlimits_proc_ll(const char *rel);

#endif
