/*
 * taskgroup.h - the "taskgroup" key: cgroups of the cpu controller
 * (cgroup v1 "cpu" hierarchy, or cgroup v2 in threaded mode), created
 * before time zero, joined per thread, removed at the end.
 */
#ifndef MIMIC_TASKGROUP_H
#define MIMIC_TASKGROUP_H

#include <stddef.h>
#include <sys/types.h>

struct workload;

/* Finds the hierarchy and creates every group the workload names. */
int taskgroup_setup(const struct workload *w, char *err, size_t len);
/* Moves thread tid into group ("/" is the root); -errno on failure. */
int taskgroup_join(const char *group, pid_t tid, char *err, size_t len);
/* Removes the groups taskgroup_setup created. */
void taskgroup_cleanup(void);

#endif
