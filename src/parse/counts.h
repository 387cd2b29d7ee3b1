/*
 * counts.h - counts over the whole workload, once every task is parsed:
 * the threads it can have at once (instances plus the forks it can
 * really make), in 64 bits, and the mutexes a thread can hold at once.
 */
#ifndef MIMIC_COUNTS_H
#define MIMIC_COUNTS_H

struct diag;
struct jnode;
struct workload;

/* Sets n_threads, fork_capacity and each task's fork_max; returns the
 * number of errors reported through d (a total beyond
 * WORKLOAD_MAX_THREADS, more than WORKLOAD_MAX_HELD mutexes held, no
 * thread at all). tasks is the "tasks" object w was parsed from. */
int parse_counts(struct workload *w, const struct jnode *tasks,
		 struct diag *d);

#endif
