/*
 * matmul_pace.c - a matmul's rows for its op_time. The timing before time
 * zero came out 1.5 to 1.8 times slow in 3 of 10 starts on the 2-CPU AMD
 * VM while the run's rows ran at the usual speed (2026-12-07): every
 * request then did two thirds of its work. So the run times its
 * executions too, and every MATMUL_RETIME of them the 10th percentile of
 * their time a row (the steady speed, as at the start: a preempted
 * execution's cold cache does not count) sets the rows anew when it is
 * more than MATMUL_RETIME_OFF faster than the one in use. Never slower:
 * the start's timing is already the low percentile of a longer stretch,
 * and a slow stretch of the run slows schbench's own rows as well (with
 * both ways, 20 executions' rows followed the VM's stretches up and
 * down: two resets in a 4 s run that ended 1 % from the start).
 */
#include "events/matmul_pace.h"

#include <math.h>
#include <stdlib.h>
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

bool matmul_pace_timed(const struct matmul_pace *pc)
{
	return pc->count * pc->op_ns >= MATMUL_RETIME_MIN_NS;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

bool matmul_pace_seen(struct matmul_pace *pc, double row_ns)
{
	double v[MATMUL_RETIME], low;

	pc->seen[pc->n_seen++] = row_ns;
	if (pc->n_seen < MATMUL_RETIME)
		return false;
	pc->n_seen = 0;
	memcpy(v, pc->seen, sizeof(v));
	qsort(v, MATMUL_RETIME, sizeof(*v), cmp_double);
	low = v[MATMUL_RETIME / 10];
	if (!(low > 0) || low >= (1 - MATMUL_RETIME_OFF) * pc->row_ns)
		return false;
	pc->row_ns = low;
	pc->rows = pace_rows(pc);
	pc->retimed++;
	return true;
}
