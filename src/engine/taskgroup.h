/*
 * taskgroup.h - the "taskgroup" key: cgroups of the cpu controller
 * (cgroup v1 "cpu" hierarchy, or cgroup v2 in threaded mode), created
 * before time zero, joined per thread, removed at the end; the groups of
 * a killed run are removed by "mimic cleanup".
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
/* Removes the groups taskgroup_setup created, and its registry. */
void taskgroup_cleanup(void);

/*
 * Each group made is also written to a registry, <state dir>/taskgroups.
 * <pid> (the state directory is $MIMIC_STATE_DIR, or TASKGROUP_STATE_DIR),
 * as soon as it is made: "mimic cleanup" (taskgroup_sweep) removes the
 * groups of every registry whose run is gone (killed), and the registry.
 * Returns 0, or 1 if some group could not be removed (named on stderr).
 */
#define TASKGROUP_STATE_DIR "/run/mimic"
const char *taskgroup_state_dir(void);
int taskgroup_sweep(void);

#endif
