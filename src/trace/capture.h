/*
 * capture.h - recording a process tree's scheduling and syscalls through
 * a tracefs instance of its own, into a trace.dat (doc/record.md): used
 * by `mimic record` and by `mimic --record FILE` around a run.
 */
#ifndef MIMIC_TRACE_CAPTURE_H
#define MIMIC_TRACE_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define CAPTURE_DEFAULT_BUFFER_KB 8192 /* per CPU */

struct capture;

/* What a finished recording holds (printed by the callers). */
struct capture_report {
	unsigned long long events;   /* read back from the written file */
	unsigned long long lost;     /* overrun + dropped, all CPUs */
	long long bytes;             /* the file's size */
	int n_cpus;
};

/* False, with why, when this build has no tracing libraries. */
bool capture_supported(char *err, size_t len);

/*
 * Checks that output can be written (its directory: a temporary file
 * is made there now and renamed over output at the end). NULL, with
 * why, if not: a usage error.
 */
struct capture *capture_new(const char *output, unsigned buffer_kb,
			    char *err, size_t len);

/*
 * Sets up the instance (events, the kernel's pid filter on pids and
 * their future children) and starts recording; the reading thread
 * blocks every signal. -1 with why (no tracefs, not root, ...).
 */
int capture_start(struct capture *c, const pid_t *pids, int n_pids,
		  char *err, size_t len);

/*
 * Writes a line into the recording (the instance's trace_marker: an
 * ftrace print event), e.g. what was recorded: "mimic_record: ...".
 */
void capture_mark(struct capture *c, const char *text);

/* Stops, reads what is left, writes output, removes the instance. */
int capture_stop(struct capture *c, struct capture_report *r, char *err,
		 size_t len);

/* Removes the instance and the temporary files if still there. */
void capture_free(struct capture *c);

/*
 * mimic cleanup: removes the instances recordings left when their mimic
 * was killed (instances/mimic-record-PID, PID gone or not a mimic),
 * printing one line each; 0, or 1 if one could not be removed.
 */
int capture_sweep(void);

#endif
