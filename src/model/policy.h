/*
 * policy.h - scheduling policies by name, and how a phase's attributes
 * combine with those in force: pure functions of the model, used by the
 * parser, the engine and the reports alike.
 */
#ifndef MIMIC_POLICY_H
#define MIMIC_POLICY_H

#include "model/workload.h"

#include <stdbool.h>

/* SCHED_OTHER, ... as written in JSON; -1 for an unknown name. */
int policy_from_name(const char *name);
/* The JSON name of a policy, or "unset". */
const char *policy_name(int policy);
/* SCHED_FIFO or SCHED_RR: the policies that take a 1..99 priority. */
bool policy_is_rt(int policy);
/*
 * Resolves a phase's attributes on top of the current ones: fields the
 * phase gives replace, a new policy without a priority takes that policy's
 * default (10 for RT, nice 0 otherwise), as rt-app does.
 */
void policy_merge(struct sched_attrs *cur, const struct sched_attrs *ph);

#endif
