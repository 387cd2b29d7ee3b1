/*
 * test-model-refine.c - md_correct_runs, the correction --refine makes
 * after a run of the model (model_infer.c): a surplus off the setup, the
 * end, then the iterations down to the floor, what is left said; a
 * shortfall onto the iterations; an empirical distribution shifted with
 * its floor kept; a run not written.
 */
#include "trace/model_infer.h"
#include "tap.h"

#include <math.h>
#include <string.h>

static struct md_task task(double head, double tail, long long loops,
			   double run)
{
	struct md_task mt;

	memset(&mt, 0, sizeof(mt));
	mt.block = MD_RECV;
	mt.head_us = head;
	mt.tail_us = tail;
	mt.loops = loops;
	mt.burst.n = 1;
	mt.burst.value[0] = mt.burst.p50 = mt.burst.p99 = run;
	mt.burst.mean = run;
	mt.burst.weight[0] = 1;
	return mt;
}

static double mean(const struct md_dist *d)
{
	double s = 0, w = 0;

	for (int i = 0; i < d->n; i++) {
		s += d->value[i] * d->weight[i];
		w += d->weight[i];
	}
	return s / w;
}

int main(void)
{
	struct md_task mt = task(1000, 200, 10, 50);
	double left = md_correct_runs(&mt, 1500);

	TAP_OK(mt.head_us == 0 && mt.tail_us == 0 && left == 0 &&
	       mt.burst.value[0] == 20 && !mt.no_run,
	       "1500 us too much: the setup's 1000 and the end's 200 go, then "
	       "30 us off each of 10 runs of 50 (head %g tail %g run %g, "
	       "left %g)", mt.head_us, mt.tail_us, mt.burst.value[0], left);

	mt = task(0, 0, 10, 50);
	left = md_correct_runs(&mt, 10000);
	TAP_OK(fabs(left - 9501) < 1e-9 && mt.burst.value[0] == 0.1 &&
	       mt.no_run,
	       "more than the runs hold: each at the floor, not written (it "
	       "receives), 9501 us said left (got %g, run %g)", left,
	       mt.burst.value[0]);

	mt = task(300, 0, 10, 50);
	left = md_correct_runs(&mt, -200);
	TAP_OK(left == 0 && mt.head_us == 300 && mt.burst.value[0] == 70,
	       "200 us too little: 20 more on each of 10 runs, the setup "
	       "untouched (run %g, head %g)", mt.burst.value[0], mt.head_us);

	mt = task(300, 0, 0, 50);
	left = md_correct_runs(&mt, -200);
	TAP_OK(left == 0 && mt.head_us == 500,
	       "too little without iterations: onto the setup (head %g)",
	       mt.head_us);

	mt = task(0, 0, 43, 0);
	mt.burst.n = 3;
	mt.burst.value[0] = 0.1, mt.burst.weight[0] = 27;
	mt.burst.value[1] = 13.4, mt.burst.weight[1] = 9;
	mt.burst.value[2] = 34.4, mt.burst.weight[2] = 7;
	mt.burst.mean = mean(&mt.burst);
	{
		double was = mt.burst.mean;

		left = md_correct_runs(&mt, 43 * 4.0);
		TAP_OK(fabs(mean(&mt.burst) - (was - 4)) < 0.1 &&
		       mt.burst.value[0] == 0.1 &&
		       mt.burst.value[1] < 13.4 && mt.burst.value[2] < 34.4 &&
		       fabs(left) < 1,
		       "a choice 4 us lighter on average: the floor kept, the "
		       "others shifted (mean %.2f to %.2f: %g %g %g)", was,
		       mean(&mt.burst), mt.burst.value[0], mt.burst.value[1],
		       mt.burst.value[2]);
	}

	mt = task(0, 0, 100, 0.1);
	mt.no_run = true;
	left = md_correct_runs(&mt, 50);
	TAP_OK(left == 50 && mt.no_run,
	       "a run not written has nothing to take off (left %g)", left);
	left = md_correct_runs(&mt, -5);
	TAP_OK(left == -5 && mt.no_run,
	       "nor a run to add below the floor: 0.05 us an iteration "
	       "(left %g)", left);
	left = md_correct_runs(&mt, -50);
	TAP_OK(left == 0 && !mt.no_run && mt.burst.value[0] == 0.5,
	       "0.5 us an iteration too little: written, 0.5 (run %g)",
	       mt.burst.value[0]);
	return tap_done();
}
