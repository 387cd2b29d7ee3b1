/*
 * sched_attr.h - applies scheduling attributes (policy, priority or nice,
 * SCHED_DEADLINE parameters, uclamp) to the calling thread with
 * sched_setattr(2), and CPU affinity.
 */
#ifndef MIMIC_SCHED_ATTR_H
#define MIMIC_SCHED_ATTR_H

#include "model/workload.h"

#include <stdbool.h>
#include <stddef.h>

/*
 * Applies want (fully resolved: no MIMIC_UNSET policy) to the calling
 * thread. On failure returns -errno and describes it in err. With
 * allow_missing (--allow-missing), a kernel without uclamp ignores
 * util_min/util_max, with one warning.
 */
int sched_attr_apply(const struct sched_attrs *want, bool allow_missing,
		     char *err, size_t len);

/* Sets the calling thread's affinity; -errno and err on failure. */
int sched_affinity_apply(const struct cpu_set_list *cpus, char *err,
			 size_t len);

#endif
