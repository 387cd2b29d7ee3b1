/* test-matmul-pace.c - a matmul's rows for its op_time: set from the
 * timing at start, set anew when the median of the run's own timings
 * (each the 10th percentile of 20 executions' time a row) is more than
 * 5 % off; neither a stretch nor noise moves them. */
#include "events/matmul_pace.h"
#include "tap.h"

/* One timing of MATMUL_RETIME executions at row_ns (the 3rd and 13th
 * preempted: twice as slow); whether it set the rows anew. */
static bool pace_window(struct matmul_pace *pc, double row_ns)
{
	bool reset = false;

	for (int k = 0; k < MATMUL_RETIME; k++)
		reset |= matmul_pace_seen(pc, k % 10 == 3 ? 2 * row_ns :
							   row_ns + k);
	return reset;
}

/* 1 ms of 10 us rows: 100 a request. */
static void pace_start_sets_the_rows(void)
{
	struct matmul_pace pc;

	matmul_pace_start(&pc, NULL, 1, 1000000, 10000.0);
	TAP_OK(pc.rows == 100, "pace_start_sets_the_rows (%lld)",
	       (long long)pc.rows);
	matmul_pace_start(&pc, NULL, 1, 10, 10000.0);
	TAP_OK(pc.rows == 1, "pace_start_does_a_row_at_least");
}

/* The start timed 15 us a row, the run does 10: after three timings,
 * 150 rows, not 100. */
static void pace_a_slow_start_is_corrected(void)
{
	struct matmul_pace pc;
	bool early;

	matmul_pace_start(&pc, NULL, 1, 1500000, 15000.0);
	early = pace_window(&pc, 10000.0) || pace_window(&pc, 10000.0);
	TAP_OK(!early && pc.rows == 100,
	       "pace_rows_stand_until_the_third_timing");
	TAP_OK(pace_window(&pc, 10000.0) && pc.rows == 150 &&
		       pc.retimed == 1 && pc.start_row_ns == 15000.0,
	       "pace_a_slow_start_is_corrected (%lld rows, row %.0f ns)",
	       (long long)pc.rows, pc.row_ns);
}

/* Timings 4 % fast, then 10 % either side of the start's by turns (the
 * lowest would ratchet the rows up); a slow stretch of fewer timings
 * than the steady ones: the rows stand. */
static void pace_noise_and_stretches_leave_it(void)
{
	struct matmul_pace pc;
	bool reset = false;

	matmul_pace_start(&pc, NULL, 2, 500000, 10000.0);
	for (int k = 0; k < 5; k++)
		reset |= pace_window(&pc, 9600.0);
	for (int k = 0; k < 3 * MATMUL_WINDOWS; k++)
		reset |= pace_window(&pc, 9000.0 + 1000.0 * (k % 3));
	TAP_OK(!reset && pc.rows == 100 && pc.retimed == 0,
	       "pace_noise_leaves_it (%lld rows)", (long long)pc.rows);
	matmul_pace_start(&pc, NULL, 2, 500000, 10000.0);
	for (int k = 0; k < 20; k++)
		reset |= pace_window(&pc, 10000.0);
	for (int k = 0; k < 10; k++)
		reset |= pace_window(&pc, 20000.0);
	TAP_OK(!reset && pc.rows == 100 && pc.retimed == 0,
	       "pace_a_shorter_slow_stretch_leaves_it (%lld rows)",
	       (long long)pc.rows);
}

int main(void)
{
	pace_start_sets_the_rows();
	pace_a_slow_start_is_corrected();
	pace_noise_and_stretches_leave_it();
	return tap_done();
}
