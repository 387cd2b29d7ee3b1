/*
 * counts.h - counts over the whole workload, once every task is parsed:
 * the threads it can have at once (instances plus the forks it can
 * really make), in 64 bits, and the mutexes a thread can hold at once.
 */
#ifndef MIMIC_COUNTS_H
#define MIMIC_COUNTS_H

struct jnode;
struct parser;

/* Sets n_threads, fork_capacity and each task's fork_max; returns the
 * number of errors reported (a total beyond WORKLOAD_MAX_THREADS, more
 * than WORKLOAD_MAX_HELD mutexes held, no thread at all). */
int parse_counts(struct parser *p, const struct jnode *tasks);

#endif
