/*
 * interval.h - the blocks --interval prints while a run goes on: per
 * task, its loops and wake-up latency p50/p99/max since time zero
 * (schbench's -i), every interval on the grid from time zero.
 */
#ifndef MIMIC_INTERVAL_H
#define MIMIC_INTERVAL_H

#include <stdint.h>
#include <stdio.h>

struct engine;
struct hist;

struct interval {
	FILE *out;                /* NULL: off */
	int64_t period_ns;
	int64_t next_ns;          /* the next block; INT64_MAX: none */
	unsigned n;               /* blocks printed */
	struct hist *wake;        /* one per wake path: a task's, merged */
};

/* At time zero: on when global.interval (or --interval) is set. */
void interval_start(struct interval *iv, const struct engine *e);
/* When the next block is due, for the supervising loop's wait. */
int64_t interval_next_ns(const struct interval *iv);
/* From the supervising loop: prints a block when one is due. */
void interval_update(struct interval *iv, const struct engine *e);
void interval_end(struct interval *iv);

#endif
