/*
 * verify_side.h - what `mimic model --verify` and `--compare-trace`
 * compare for one side (the original recording, or the model's) of one
 * task or of the total: CPU time, wake-ups, elapsed time, and the three
 * distributions (CPU bursts, blockings, wake-up latencies) as sorted
 * samples, read from the threads' timelines (model_timeline.h).
 */
#ifndef MIMIC_TRACE_VERIFY_SIDE_H
#define MIMIC_TRACE_VERIFY_SIDE_H

#include <stddef.h>

#include "trace/model_timeline.h"

enum vf_dist {
	VF_BURST,   /* on CPU between two blockings (preemptions inside) */
	VF_BLOCK,   /* switched out blocked -> sched_waking (else _wakeup) */
	VF_LATENCY, /* sched_waking (else sched_wakeup) -> switched in */
	VF_N_DISTS
};

struct vf_sample {
	double *v; /* µs, sorted once vf_side_done() ran */
	size_t n, cap;
};

struct vf_side {
	int threads;
	double cpu_ms, elapsed_s;
	unsigned long wakeups; /* blockings that ended */
	unsigned long long born, died;
	struct vf_sample d[VF_N_DISTS];
};

/* What each distribution is called in the table and the JSON. */
extern const char *const vf_dist_names[VF_N_DISTS];

/* Adds thread t; it ends at t_end if it did not exit. Its first skip
 * blockings, and the bursts before them, are left out, and its life
 * begins at start when that is after its birth (a model thread's start
 * gate and delay: mimic's stand-in for the original's fork time); its
 * CPU is whole. 0, or -1 (out of memory). */
int vf_side_add(struct vf_side *s, const struct tl_thread *t,
		unsigned long long t_end, size_t skip,
		unsigned long long start);

/* Sorts the samples, sets elapsed_s from born/died. */
void vf_side_done(struct vf_side *s);

/* The q-quantile of distribution d, µs (0 without samples). */
double vf_side_q(const struct vf_side *s, enum vf_dist d, double q);

void vf_side_free(struct vf_side *s);

#endif
