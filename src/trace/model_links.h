/*
 * model_links.h - the channels and futex words between the threads of an
 * inferred model (model_tasks.h): who sends to whom, how many messages
 * per iteration and of what size, each receiver's loops.
 */
#ifndef MIMIC_TRACE_MODEL_LINKS_H
#define MIMIC_TRACE_MODEL_LINKS_H

#include "trace/model_tasks.h"

/* Fills each task's out links, per_recv, bytes, in_start/in_end, loops
 * (receivers, and threads that only send) and sends_first. 0, or -1
 * when out of memory. */
int model_links(struct model *m);

#endif
