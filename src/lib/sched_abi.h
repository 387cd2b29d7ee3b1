/*
 * sched_abi.h - the kernel's struct sched_attr, for sched_setattr(2) and
 * sched_getattr(2) through syscall(): glibc < 2.41 declares neither.
 */
#ifndef MIMIC_LIB_SCHED_ABI_H
#define MIMIC_LIB_SCHED_ABI_H

#include <stdint.h>

struct kernel_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
	uint32_t sched_util_min;
	uint32_t sched_util_max;
};

#endif
