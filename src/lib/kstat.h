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
 * The calling thread's CPU time (its CPU-time clock, the sum schedstat
 * shows too) and context switches (getrusage, the counts status shows),
 * into a zeroed k: system calls only, no /proc, so cheap enough for a
 * thread to call at its end while others still run. Sets KSTAT_SWITCHES;
 * the CPU time counts once kstat_read_waits() has found schedstat.
 */
void kstat_self_end(struct kstat *k);

/*
 * Adds what only /proc has, of the thread whose directory is dir (e.g.
 * "/proc/thread-self" or "/proc/<pid>/task/<tid>"): the time it waited
 * for a CPU (schedstat) and its migrations (sched). For a thread that has
 * ended or sleeps: neither changes while it sleeps. No stdio, no
 * allocation. Returns the KSTAT_* bits k has now.
 */
unsigned kstat_read_waits(const char *dir, struct kstat *k);

/* Adds src's fields into dst; a field stays only if both have it. */
void kstat_add(struct kstat *dst, const struct kstat *src);

#endif
