/*
 * progress.h - the one-line progress display on a terminal while a long
 * or open-ended run goes on (elapsed time, loops done), erased at the end.
 */
#ifndef MIMIC_PROGRESS_H
#define MIMIC_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

struct engine;
struct task;

struct progress {
	bool on;
	bool shown;               /* something to erase */
	int64_t next_ns;          /* the next update */
};

/* At time zero: decides whether to show anything at all. */
void progress_start(struct progress *p, const struct engine *e);
/* From the supervising loop; redraws about once a second. */
void progress_update(struct progress *p, const struct engine *e);
void progress_end(struct progress *p);

/* Phase iterations done so far, while the threads run: of task's threads,
 * or of every thread (task NULL). */
uint64_t progress_loops(const struct engine *e, const struct task *task);

#endif
