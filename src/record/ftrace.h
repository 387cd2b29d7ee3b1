/*
 * ftrace.h - rt-app's trace_marker lines (rtapp_main, rtapp_task,
 * rtapp_loop, rtapp_event, rtapp_stats, rtapp_attrs), byte for byte, so
 * LISA parses them. One write() per marker, from a stack buffer.
 */
#ifndef MIMIC_FTRACE_H
#define MIMIC_FTRACE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Finds tracefs (mounting it at /sys/kernel/tracing if absent) and opens
 * trace_marker for the categories in mask. 0 when mask is 0.
 */
int ftrace_open(unsigned mask, char *err, size_t len);
void ftrace_close(void);
/*
 * Writes the markers of the categories in mask to fd instead of
 * trace_marker (taken over: ftrace_close closes it). For the unit test of
 * the formats, and any sink that wants rt-app's lines without tracefs.
 */
void ftrace_open_fd(int fd, unsigned mask);

/*
 * --break-us: when tracing is in use (tracefs mounted, tracing_on 1),
 * opens its tracing_on, and trace_marker if ftrace_open did not, so the
 * freeze costs two writes. Never mounts anything. Returns the tracefs
 * directory armed, or NULL (nothing to freeze). Before time zero.
 */
const char *ftrace_break_arm(void);
/*
 * The break, from the thread that saw it: the mimic_break marker (always
 * written, whatever the categories) then 0 into tracing_on. True when
 * tracing_on was written.
 */
bool ftrace_break(const char *thread, int tid, const char *path,
		  unsigned long long latency_us, unsigned long long limit_us,
		  unsigned long long iteration);

/* True when category bit is on. */
bool ftrace_on(unsigned bit);

/*
 * rt-app's markers, each written only when its category (FTRACE_* of
 * model/workload.h) is on: every rtapp_* format is in ftrace.c.
 */
void ftrace_main(const char *event);            /* rtapp_main: event= */
void ftrace_main_clock_ref(long long us);       /* ... event=clock_ref */
/*
 * rtapp_main: event=shutdown, from main: rt-app writes it when the global
 * duration expires, before it stops the threads and writes end. It writes
 * none when a signal stops it (SIGINT, SIGTERM, SIGHUP, SIGQUIT: end only).
 */
void ftrace_write_shutdown(void);
void ftrace_task(const char *event);            /* rtapp_task: event= */
void ftrace_loop(const char *event, int thread_loop, int phase,
		 int phase_loop);
/* rtapp_event: id= type= (RTAPP_TYPE_*) desc= */
void ftrace_event(int id, int type, const char *desc);
/* rtapp_stats, in µs as rt-app: period, run, wu_lat, slack, c_period,
 * c_run. */
void ftrace_stats(int period, int run, int wu_lat, int slack, int c_period,
		  int c_run);
void ftrace_attrs_dl(long long runtime, long long deadline,
		     long long period);
void ftrace_attrs_policy(const char *policy, int prio);
/* ... policy=<SCHED_OTHER|SCHED_BATCH> nice= runtime=<ns> */
void ftrace_attrs_fair(const char *policy, int nice, long long runtime);
/* rtapp_attrs: event=uclamp <util_min|util_max>= */
void ftrace_attrs_uclamp(const char *which, int value);

#endif
