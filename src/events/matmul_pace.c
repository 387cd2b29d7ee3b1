/*
 * matmul_pace.c - a matmul's rows for its op_time. The timing before time
 * zero came out 1.5 to 1.8 times slow in 3 of 10 starts on the 2-CPU AMD
 * VM while the run's rows ran at the usual speed (2026-12-07): every
 * request then did two thirds of its work. So the run times its
 * executions too: each MATMUL_RETIME of them give the 10th percentile of
 * their time a row (the steady speed, as at the start: a preempted
 * execution, or one in a cold cache, does not count), and the median of
 * the last MATMUL_WINDOWS such timings sets the rows anew when it is
 * more than MATMUL_RETIME_OFF off the one in use. The median, not the
 * last timing: those followed the VM's slow and fast stretches up and
 * down (two resets in a 4 s run that ended 1 % from the start); nor the
 * lowest, which noise alone takes below the steady speed as the run goes
 * on.
 */
#include "events/matmul_pace.h"

#include "lib/ks.h"

#include <math.h>
#include <string.h>

static int64_t pace_rows(const struct matmul_pace *pc)
{
	long long rows = llround((double)pc->count * (double)pc->op_ns /
				 pc->row_ns);

	return rows > 0 ? rows : 1;
}

void matmul_pace_start(struct matmul_pace *pc, const void *ev, int64_t count,
		       int64_t op_ns, double row_ns)
{
	*pc = (struct matmul_pace){ .ev = ev, .count = count, .op_ns = op_ns,
				    .row_ns = row_ns, .start_row_ns = row_ns };
	pc->rows = pace_rows(pc);
}

/* The q-quantile of n values (sorted in v). */
static double sorted_at(double *v, int n, double q)
{
	ks_sort(v, (size_t)n);
	return ks_quantile(v, (size_t)n, q);
}

bool matmul_pace_seen(struct matmul_pace *pc, double row_ns)
{
	double v[MATMUL_WINDOWS > MATMUL_RETIME ? MATMUL_WINDOWS :
						  MATMUL_RETIME], med;

	pc->seen[pc->n_seen++] = row_ns;
	if (pc->n_seen < MATMUL_RETIME)
		return false;
	pc->n_seen = 0;
	memcpy(v, pc->seen, sizeof(pc->seen));
	pc->window[pc->next_window] = sorted_at(v, MATMUL_RETIME, 0.1);
	pc->next_window = (pc->next_window + 1) % MATMUL_WINDOWS;
	if (pc->n_windows < MATMUL_WINDOWS)
		pc->n_windows++;
	if (pc->n_windows < MATMUL_WINDOWS_MIN)
		return false;
	memcpy(v, pc->window, sizeof(*v) * (size_t)pc->n_windows);
	med = sorted_at(v, pc->n_windows, 0.5);
	if (!(med > 0) ||
	    fabs(med - pc->row_ns) <= MATMUL_RETIME_OFF * pc->row_ns)
		return false;
	pc->row_ns = med;
	pc->rows = pace_rows(pc);
	pc->retimed++;
	return true;
}
