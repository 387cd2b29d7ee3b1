/*
 * test-rtapp-log.c - a log row is rt-app's: eleven columns in its widths,
 * µs rounded to the nearest from ns, period as end - start, rel_st from time zero and a
 * negative slack kept signed (LISA's parser reads these columns by name).
 */
#include "record/ring.h"
#include "record/rtapp_log.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static char *row_text(int idx, const struct log_row *r, int64_t zero)
{
	char *buf = malloc(RTAPP_LOG_ROW_MAX);
	size_t len = rtapp_log_format(buf, idx, r, zero);

	TAP_OK(len == strlen(buf), "the length returned is the row's (%zu)",
	       len);
	return buf;
}

static void a_row_has_rt_apps_columns(void)
{
	struct log_row r = {
		.perf = 12, .run_ns = 5000999, .start_ns = 2000000000,
		.end_ns = 2010000500, .slack_ns = 4999000,
		.c_duration_ns = 5000000, .c_period_ns = 10000000,
		.wu_lat_ns = 61999,
	};
	char *s = row_text(3, &r, 1000000000);
	const char *want = "   3       12     5001    10001         2000000"
			   "         2010001         1000000       4999       5000"
			   "      10000         62\n";

	TAP_OK(strcmp(s, want) == 0, "row in rt-app's widths, µs rounded: %s",
	       s);
	free(s);
}

static void negative_slack_stays_negative(void)
{
	struct log_row r = { .start_ns = 0, .end_ns = 1000, .slack_ns = -2500000 };
	char *s = row_text(0, &r, 0);
	int fields = 0;
	long slack = 0;
	char *save, *tok = strtok_r(s, " \n", &save);

	for (; tok; tok = strtok_r(NULL, " \n", &save))
		if (++fields == 8)
			slack = strtol(tok, NULL, 10);
	TAP_OK(fields == 11, "a row has 11 fields (got %d)", fields);
	TAP_OK(slack == -2500, "slack -2.5 ms is written -2500 (got %ld)", slack);
	free(s);
}

/*
 * Every column at its widest still fits RTAPP_LOG_ROW_MAX (at most 11 +
 * 10 x 20 characters, 10 spaces and the newline: 222): values whose µs
 * rounding and differences do not overflow (w), negative where a column
 * is unsigned (20 digits), all but start, which period and rel_st are
 * taken from.
 */
static void the_widest_row_fits(void)
{
	const int64_t w = INT64_MAX - 1000, h = w / 2;
	struct log_row r = {
		.perf = UINT64_MAX, .run_ns = -w, .start_ns = h, .end_ns = -h,
		.slack_ns = -w, .c_duration_ns = -w, .c_period_ns = -w,
		.wu_lat_ns = -w,
	};
	char *s = row_text(-2147483647 - 1, &r, w);
	size_t len = strlen(s);

	TAP_OK(len < RTAPP_LOG_ROW_MAX && s[len - 1] == '\n',
	       "the widest row is whole, %zu bytes of %d", len,
	       RTAPP_LOG_ROW_MAX);
	free(s);
}

int main(void)
{
	a_row_has_rt_apps_columns();
	the_widest_row_fits();
	negative_slack_stays_negative();
	return tap_done();
}
