/*
 * rtapp_mode.h - mimic as rt-app (doc/rtapp-mode.md): rt-app's notice
 * lines at the points of a run where rt-app prints them, the info
 * level's view of the workload, and the logs rt-app leaves when a run
 * fails before time zero. Main calls these only in rt-app mode; level is
 * rt-app's --log level.
 */
#ifndef MIMIC_REPORT_RTAPP_MODE_H
#define MIMIC_REPORT_RTAPP_MODE_H

struct run_result;
struct workload;

/* rt-app's --log levels (rt-app_utils.h). */
#define RTAPP_LOG_ERROR 10
#define RTAPP_LOG_NOTICE 50
#define RTAPP_LOG_INFO 75
#define RTAPP_LOG_DEBUG 100

/* Before calibration: "Log buffer size fixed ...", "configuring ftrace". */
void rtapp_mode_setup_notices(const struct workload *w, int level);
/* Just before time zero: each thread's unique name, "starting thread",
 * "Starting with <policy> policy with priority <n>", "Locking pages". */
void rtapp_mode_start_notices(const struct workload *w, int level);
/* After the join: "[n] Exiting." for each thread that ended its loops,
 * "deconfiguring ftrace". */
void rtapp_mode_end_notices(const struct run_result *r, int level);
/* The info level: the workload as --dump prints it, each line as an
 * "[rt-app] <info> [json] " line on stderr; -1 if out of memory. */
int rtapp_mode_info_dump(const struct workload *w);
/*
 * A run refused before time zero: every thread's log file created with
 * rt-app's header only, as rt-app leaves them when a thread's attributes
 * are refused (so a client finds the files and sees the exit status).
 * Nothing without file logs or when the logdir cannot be opened; -1 if a
 * file could not be written.
 */
int rtapp_mode_header_logs(const struct workload *w);

#endif
