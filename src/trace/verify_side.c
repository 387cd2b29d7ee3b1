/*
 * verify_side.c - one side of a verification row (verify_side.h): the
 * threads' CPU, wake-ups and life, and their bursts, blockings and
 * wake-up latencies gathered into sorted samples in µs.
 */
#include "trace/verify_side.h"

#include "lib/ks.h"

#include <stdlib.h>
#include <string.h>

const char *const vf_dist_names[VF_N_DISTS] = {
    "burst",
    "block",
    "wakeup_latency",
};

static int vf_push(struct vf_sample *s, double us)
{
	return ks_sample_push(&s->v, &s->n, &s->cap, 256, us);
}

int vf_side_add(struct vf_side *s, const struct tl_thread *t,
		unsigned long long t_end, size_t skip,
		unsigned long long start)
{
	unsigned long long died = t->died ? t->died : t_end;
	unsigned long long born = start > t->born ? start : t->born;

	if (skip > t->n_blocks)
		skip = t->n_blocks;
	for (size_t i = skip < t->n_bursts ? skip : t->n_bursts;
	     i < t->n_bursts; i++)
		if (vf_push(&s->d[VF_BURST], t->bursts[i] / 1e3))
			return -1;
	for (size_t i = skip; i < t->n_blocks; i++) {
		const struct tl_block *b = &t->blocks[i];

		if (vf_push(&s->d[VF_BLOCK], (b->wake - b->start) / 1e3))
			return -1;
		/* wake == back: no wake-up event was seen (the switch in
		 * stood for it), so there is no latency to measure. */
		if (b->back > b->wake &&
		    vf_push(&s->d[VF_LATENCY], (b->back - b->wake) / 1e3))
			return -1;
	}
	s->cpu_ms += t->cpu_ns / 1e6;
	s->wakeups += t->n_blocks - skip;
	s->threads++;
	if (!s->born || born < s->born)
		s->born = born;
	if (died > s->died)
		s->died = died;
	return 0;
}

void vf_side_done(struct vf_side *s)
{
	for (int d = 0; d < VF_N_DISTS; d++)
		if (s->d[d].n)
			ks_sort(s->d[d].v, s->d[d].n);
	s->elapsed_s = s->died > s->born ? (s->died - s->born) / 1e9 : 0;
}

double vf_side_q(const struct vf_side *s, enum vf_dist d, double q)
{
	return ks_quantile(s->d[d].v, s->d[d].n, q);
}

void vf_side_free(struct vf_side *s)
{
	for (int d = 0; d < VF_N_DISTS; d++)
		free(s->d[d].v);
	memset(s, 0, sizeof(*s));
}
