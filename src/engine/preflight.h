/*
 * preflight.h - tries every distinct set of scheduling attributes, CPU
 * affinity and taskgroup a workload will use, in a short-lived probe
 * thread, before time zero: EPERM, EINVAL, EBUSY (deadline admission) or
 * EOPNOTSUPP (no uclamp) then refuse the run, naming task and phase,
 * instead of surfacing mid-run.
 */
#ifndef MIMIC_PREFLIGHT_H
#define MIMIC_PREFLIGHT_H

#include <stdbool.h>

struct workload;

/* Returns the number of failures reported on stderr; allow_missing as
 * for sched_attr_apply(). The taskgroups must exist (taskgroup_setup). */
int preflight_workload(const struct workload *w, bool allow_missing);

#endif
