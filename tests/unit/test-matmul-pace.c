/* test-matmul-pace.c - a matmul's rows for its op_time: set from the
 * timing at start, set anew from the run's own executions when their
 * steady speed (the 10th percentile of 20) is more than 5 % faster. */
#include "events/matmul_pace.h"
#include "tap.h"

/* 1 ms of 10 us rows: 100 a request. */
static void pace_start_sets_the_rows(void)
{
	struct matmul_pace pc;

	matmul_pace_start(&pc, NULL, 1, 1000000, 10000.0);
	TAP_OK(pc.rows == 100 && matmul_pace_timed(&pc),
	       "pace_start_sets_the_rows (%lld)", (long long)pc.rows);
	matmul_pace_start(&pc, NULL, 1, 10, 10000.0);
	TAP_OK(pc.rows == 1 && !matmul_pace_timed(&pc),
	       "pace_start_does_a_row_at_least_and_times_no_short_execution");
}

/* The start timed 15 us a row, the run does 10 (two slow executions,
 * preempted, among them): after 20 executions, 150 rows, not 100. */
static void pace_a_slow_start_is_corrected(void)
{
	struct matmul_pace pc;
	bool reset = false, early = false;

	matmul_pace_start(&pc, NULL, 1, 1500000, 15000.0);
	for (int k = 0; k < MATMUL_RETIME; k++) {
		early |= reset;
		reset = matmul_pace_seen(&pc, k % 10 == 3 ? 30000.0 :
						  10000.0 + k);
	}
	TAP_OK(!early, "pace_rows_stand_until_the_20th_execution");
	TAP_OK(reset && pc.rows == 150 && pc.retimed == 1 &&
		       pc.start_row_ns == 15000.0,
	       "pace_a_slow_start_is_corrected (%lld rows, row %.0f ns)",
	       (long long)pc.rows, pc.row_ns);
}

/* Within 5 % faster, or slower however much: the rows stand. */
static void pace_within_5_percent_or_slower_stands(void)
{
	struct matmul_pace pc;
	bool reset = false;

	matmul_pace_start(&pc, NULL, 2, 500000, 10000.0);
	for (int k = 0; k < 3 * MATMUL_RETIME; k++)
		reset |= matmul_pace_seen(&pc, 9600.0 + k % 7);
	for (int k = 0; k < 3 * MATMUL_RETIME; k++)
		reset |= matmul_pace_seen(&pc, 20000.0 + k);
	TAP_OK(!reset && pc.rows == 100 && pc.retimed == 0,
	       "pace_within_5_percent_or_slower_stands (%lld rows)",
	       (long long)pc.rows);
}

int main(void)
{
	pace_start_sets_the_rows();
	pace_a_slow_start_is_corrected();
	pace_within_5_percent_or_slower_stands();
	return tap_done();
}
