/*
 * matmul_pace.h - the rows a matmul with op_time does each execution:
 * count x op_time of CPU time at the time a row takes, timed before time
 * zero and again in the run (doc/grammar.md §10.17).
 */
#ifndef MIMIC_EVENTS_MATMUL_PACE_H
#define MIMIC_EVENTS_MATMUL_PACE_H

#include <stdbool.h>
#include <stdint.h>

#define MATMUL_RETIME 20            /* executions per timing in the run */
#define MATMUL_WINDOWS 31           /* timings whose median counts */
#define MATMUL_WINDOWS_MIN 3        /* timings before the first reset */
#define MATMUL_RETIME_OFF 0.05      /* a median this far off resets rows */

struct matmul_pace {
	const void *ev;             /* the event it paces */
	int64_t count, op_ns;       /* the event's */
	int64_t rows;               /* an execution's */
	double row_ns;              /* ns a row, as rows was set */
	double start_row_ns;        /* as timed before time zero */
	double seen[MATMUL_RETIME]; /* the last executions' ns a row */
	int n_seen;
	double window[MATMUL_WINDOWS]; /* timings: seen's 10th percentiles */
	int n_windows, next_window;
	int retimed;                /* rows set again in the run */
};

/* pc paces count x op_ns at row_ns a row (timed before time zero). */
void matmul_pace_start(struct matmul_pace *pc, const void *ev, int64_t count,
		       int64_t op_ns, double row_ns);
/* An execution's ns a row; true when it set the rows anew. */
bool matmul_pace_seen(struct matmul_pace *pc, double row_ns);

#endif
