/*
 * task_attrs.h - what the kernel's events do not say about a recorded
 * task: its scheduling policy, priority, nice value and allowed CPUs,
 * read from the tasks and written into the recording as lines
 * "mimic_task: pid=N ..." whenever they change (doc/record.md).
 */
#ifndef MIMIC_TRACE_TASK_ATTRS_H
#define MIMIC_TRACE_TASK_ATTRS_H

#include "trace/capture.h"

struct task_attrs;

struct task_attrs *task_attrs_new(void);

/* Walks the tree from root (threads, then children, through /proc) and
 * marks each task whose attributes are new or changed. */
void task_attrs_sample(struct task_attrs *t, struct capture *c, pid_t root);

void task_attrs_free(struct task_attrs *t);

#endif
