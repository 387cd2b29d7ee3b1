/*
 * samples.h - every latency sample of one thread, in order, for report
 * styles whose statistic needs the individual samples (adrestia's mean
 * per round), not just a histogram: one per wake-up (timer, cond, and a
 * pipe/socket/futex wait that slept) and one per message taken (pipe,
 * socket, futex; slept or not). Enabled per task ("samples": true).
 * The log is reserved up front in the engine's shared region, so the hot
 * path never allocates and a process instance's samples reach main.
 */
#ifndef MIMIC_SAMPLES_H
#define MIMIC_SAMPLES_H

#include "model/workload.h"

#include <stddef.h>
#include <stdint.h>

#define SAMPLES_MAX (1u << 21) /* per thread; later ones are counted lost */

/* What a sample measures (doc/log-format.md §2.2). */
enum sample_kind {
	SAMPLE_WAKE_UP,           /* the waker's stamp -> running after a sleep */
	SAMPLE_MESSAGE,           /* the sender's stamp -> the message taken */
};

struct sample {
	uint32_t ns;              /* latency, saturated at ~4.29 s */
	uint16_t phase;           /* index in the thread's task */
	uint16_t path : 4;        /* enum wake_path */
	uint16_t kind : 2;        /* enum sample_kind */
	/* The start stamp's ns within its µs (start % 1000): with ns, the
	 * latency as two µs clock readings give it (sample_clock_us). */
	uint16_t start_sub_us : 10;
};

struct sample_log {
	uint64_t n;               /* samples kept */
	uint64_t lost;            /* samples beyond SAMPLES_MAX */
	struct sample s[];
};

/* Bytes of one thread's log (zeroed memory is an empty log). */
size_t samples_bytes(void);
/* A sample of kind on path: start_ns is the stamp, end_ns the time the
 * latency was taken (the sample's ns = end_ns - start_ns). */
void samples_add(struct sample_log *l, size_t phase, enum wake_path path,
		 enum sample_kind kind, int64_t start_ns, int64_t end_ns);
/*
 * The sample's latency in µs as a tool that subtracts two µs clock
 * readings (gettimeofday: adrestia, schbench) gets it:
 * floor(end/1000) - floor(start/1000), not ns / 1000.
 */
uint64_t sample_clock_us(const struct sample *s);

#endif
