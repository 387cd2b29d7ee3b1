/*
 * mem_estimate.h - the memory a run will need, estimated before time
 * zero from the model (buffers, matrices, message buffers, stacks, log
 * rings, histograms), against what this machine and our cgroup have.
 * See doc/limits.md, "Memory".
 */
#ifndef MIMIC_MEM_ESTIMATE_H
#define MIMIC_MEM_ESTIMATE_H

#include <stdbool.h>
#include <stdint.h>

struct diag;
struct workload;

struct mem_estimate_opts {
	bool check_only;          /* --check: only what the input cannot fit */
	bool allow_overcommit;    /* --allow-overcommit: warn, run anyway */
	bool quiet;
	uint64_t per_thread_extra; /* --trace-json's ring, bytes per thread */
};

/*
 * Returns MIMIC_EXIT_OK when the estimate fits (or is allowed); else one
 * message and MIMIC_EXIT_BADINPUT when it exceeds all this machine or its
 * cgroup can give (the input's fault: at the biggest part's JSON path),
 * MIMIC_EXIT_FAILURE when it only exceeds what is available now.
 * Reads meminfo under $MIMIC_PROC_DIR (hostlimits.h), the memory
 * controller of our cgroup (from self/cgroup there) under /sys/fs/cgroup.
 */
int mem_estimate_check(const struct workload *w,
		       const struct mem_estimate_opts *o, struct diag *d);

#endif
