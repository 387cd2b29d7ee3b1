/*
 * chains.h - the text summary's blocks of end-to-end latency and budget
 * misses (record/e2e.h) and of requests and their rate (the request and
 * rate events), per task that has them; report.c prints them.
 */
#ifndef MIMIC_REPORT_CHAINS_H
#define MIMIC_REPORT_CHAINS_H

#include "record/result.h"
#include "report/run_stats.h"

/* s is scratch space (large: allocated by the caller). */
void chains_print(const struct run_result *r, struct run_task_stats *s);
void chains_print_requests(const struct run_result *r,
			   struct run_task_stats *s);

/* Budget misses in percent of the iterations that had a budget. */
double chains_miss_pct(const struct e2e_stats *e);

#endif
