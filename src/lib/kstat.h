/*
 * kstat.h - the kernel's own accounting of one thread, as /proc keeps it:
 * CPU time and time spent runnable but waiting for a CPU (schedstat),
 * voluntary and involuntary context switches (status), migrations (sched,
 * present with CONFIG_SCHED_DEBUG). What /proc lacks is marked missing,
 * never guessed.
 */
#ifndef MIMIC_KSTAT_H
#define MIMIC_KSTAT_H

#include <stdbool.h>
#include <stdint.h>

enum {
	KSTAT_SCHEDSTAT = 1u << 0, /* cpu_time_ns, runqueue_wait_ns */
	KSTAT_SWITCHES = 1u << 1,  /* switches_voluntary, _involuntary */
	KSTAT_MIGRATIONS = 1u << 2,
	KSTAT_ALL = (1u << 3) - 1, /* a sum starts with .have = KSTAT_ALL */
};

struct kstat {
	unsigned have;             /* KSTAT_* bits of the fields read */
	uint64_t cpu_time_ns;      /* time on a CPU */
	uint64_t runqueue_wait_ns; /* runnable, waiting for a CPU (run_delay) */
	uint64_t switches_voluntary, switches_involuntary;
	uint64_t migrations;
};

/*
 * Reads the thread whose /proc directory is dir (e.g. "/proc/thread-self"
 * or "/proc/<pid>/task/<tid>"). No stdio, no allocation: callable from a
 * thread at its end. Returns the KSTAT_* bits read (0: none).
 */
unsigned kstat_read(const char *dir, struct kstat *k);

/* Adds src's fields into dst; a field stays only if both have it. */
void kstat_add(struct kstat *dst, const struct kstat *src);

#endif
