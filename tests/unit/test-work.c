/* test-work.c - the work loop's calibration: when trials count as settled
 * (a clock ramping up keeps them going), and that loops are counted. */
#include "engine/work.h"
#include "tap.h"

static void steady_trials_are_settled(void)
{
	const double flat[WORK_TRIALS] = { 60, 61, 59, 60, 62, 60, 59, 61, 60 };
	const double noisy[WORK_TRIALS] = { 60, 75, 58, 61, 60, 59, 66, 60, 58 };

	TAP_OK(work_trials_settled(flat), "equal trials are settled");
	TAP_OK(work_trials_settled(noisy),
	       "trials with a slow one among them are settled");
}

static void a_rising_speed_is_not_settled(void)
{
	/* ns per loop falling: the clock ramping up after idle. */
	const double ramp[WORK_TRIALS] = { 100, 96, 92, 88, 84, 80, 76, 72, 68 };
	const double slower[WORK_TRIALS] = { 60, 60, 60, 60, 60, 90, 95, 90, 92 };

	TAP_OK(!work_trials_settled(ramp),
	       "trials getting faster are not settled");
	TAP_OK(work_trials_settled(slower),
	       "trials getting slower are settled (no faster speed to wait for)");
}

static void calibration_measures(void)
{
	struct work_calibration c = work_calibrate(0);

	TAP_OK(c.ns_per_loop > 0 && c.trials >= WORK_TRIALS &&
		       c.trials <= 60,
	       "work_calibrate: %.3f ns per loop in %d trials", c.ns_per_loop,
	       c.trials);
	TAP_OK(work_loops(12345, NULL) == 12345, "work_loops does n loops");
}

int main(void)
{
	steady_trials_are_settled();
	a_rising_speed_is_not_settled();
	calibration_measures();
	return tap_done();
}
