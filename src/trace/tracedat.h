/*
 * tracedat.h - writing a trace-cmd trace.dat (file format version 6,
 * trace-cmd.dat.v6(5)) from tracefs's metadata and raw per-CPU pages.
 */
#ifndef MIMIC_TRACE_TRACEDAT_H
#define MIMIC_TRACE_TRACEDAT_H

#include <stddef.h>
#include <sys/types.h>

struct tracefs_instance;

/* One CPU's ring-buffer pages, as read from its trace_pipe_raw. */
struct tracedat_cpu {
	int fd;         /* read from offset 0 */
	off_t size;     /* a multiple of the page size */
	char *stats;    /* per_cpu/cpuN/stats of the instance, or NULL */
};

struct tracedat_meta {
	struct tracefs_instance *instance; /* for trace_clock */
	const char *const *events;  /* "system/event", grouped by system */
	int page_size;              /* the ring buffer's sub-buffer size */
	int n_cpus;
	const char *cmdlines;       /* "PID COMM\n" lines */
	size_t cmdlines_len;
};

/* Writes the whole file to out (at its offset 0); 0, or -1 with why. */
int tracedat_write(int out, const struct tracedat_meta *m,
		   const struct tracedat_cpu *cpus, char *err, size_t len);

#endif
