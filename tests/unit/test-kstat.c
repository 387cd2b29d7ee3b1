/*
 * test-kstat.c - the kernel's per-thread accounting: CPU time and switches
 * from system calls, the rest read field by field from /proc's formats; a
 * missing file leaves its fields marked missing, and the values of this
 * very thread follow what it did.
 */
#define _GNU_SOURCE
#include "lib/kstat.h"
#include "lib/timeutil.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void put(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static void fields_come_from_procs_formats(void)
{
	char dir[] = "/tmp/test-kstat.XXXXXX";
	char path[512];
	struct kstat k = { .have = KSTAT_SWITCHES, .cpu_time_ns = 1 };
	unsigned have;

	if (!mkdtemp(dir))
		return;
	put(dir, "schedstat", "7602852 149410007 3\n");
	put(dir, "sched", "x (1, #threads: 1)\n----\n"
			  "se.sum_exec_runtime    :   7.602852\n"
			  "se.nr_migrations       :   4\nnr_switches : 17\n");
	have = kstat_read_waits(dir, &k);
	TAP_OK(have == KSTAT_ALL, "both files read, the switches kept (have "
	       "%#x)", have);
	TAP_OK(k.runqueue_wait_ns == 149410007 && k.cpu_time_ns == 1,
	       "schedstat: run_delay in ns; the CPU time is the end's own");
	TAP_OK(k.migrations == 4, "sched: se.nr_migrations 4 (got %llu)",
	       (unsigned long long)k.migrations);
	snprintf(path, sizeof(path), "%s/sched", dir);
	unlink(path);
	k.have = 0;
	have = kstat_read_waits(dir, &k);
	TAP_OK(have == KSTAT_SCHEDSTAT,
	       "without the sched file (no CONFIG_SCHED_DEBUG) migrations "
	       "are missing, not 0 pretended (have %#x)", have);
	put(dir, "schedstat", "0 0 0\n");
	k.have = 0;
	have = kstat_read_waits(dir, &k);
	TAP_OK(!(have & KSTAT_SCHEDSTAT),
	       "schedstat \"0 0 0\" (no sched_info accounting) is missing, "
	       "not 0 pretended (have %#x)", have);
	snprintf(path, sizeof(path), "rm -rf %s", dir);
	if (system(path))
		return;
}

static void this_thread_is_seen_as_it_ran(void)
{
	struct kstat before, after;
	int64_t t0;

	kstat_self_end(&before);
	if (!(kstat_read_waits("/proc/thread-self", &before) &
	      KSTAT_SCHEDSTAT)) {
		TAP_OK(1, "# SKIP /proc/thread-self/schedstat is missing");
		TAP_OK(1, "# SKIP likewise");
		TAP_OK(1, "# SKIP likewise");
		return;
	}
	t0 = time_thread_cpu_ns();
	while (time_thread_cpu_ns() - t0 < 50 * NSEC_PER_USEC * 1000)
		;
	for (int i = 0; i < 5; i++)
		usleep(1000);
	kstat_self_end(&after);
	TAP_OK(after.cpu_time_ns - before.cpu_time_ns >= 50000000,
	       "50 ms of spinning shows as >= 50 ms of CPU time (got %.1f ms)",
	       (after.cpu_time_ns - before.cpu_time_ns) / 1e6);
	TAP_OK(after.switches_voluntary - before.switches_voluntary >= 5,
	       "5 sleeps show as >= 5 voluntary switches (got %llu)",
	       (unsigned long long)(after.switches_voluntary -
				    before.switches_voluntary));
	kstat_read_waits("/proc/thread-self", &after);
	TAP_OK(after.runqueue_wait_ns >= before.runqueue_wait_ns,
	       "the time waiting for a CPU does not go back");
}

static void sums_keep_only_what_both_have(void)
{
	struct kstat sum = { .have = KSTAT_ALL };
	struct kstat a = { .have = KSTAT_ALL, .cpu_time_ns = 5, .migrations = 2 };
	struct kstat b = { .have = KSTAT_SCHEDSTAT, .cpu_time_ns = 7 };

	kstat_add(&sum, &a);
	kstat_add(&sum, &b);
	TAP_OK(sum.cpu_time_ns == 12 && sum.have == KSTAT_SCHEDSTAT,
	       "a sum adds CPU time and drops migrations one thread lacks");
}

/*
 * The files are read 1 KiB at a time: a field after several KiB, a line
 * split across two reads, and a line longer than the buffer (a huge CPU
 * list) whose tail looks like a field are all read right.
 */
static void long_files_are_read_in_pieces(void)
{
	char dir[] = "/tmp/test-kstat.XXXXXX";
	char *text = malloc(16384), path[512];
	size_t at = 0;
	struct kstat k;

	if (!text || !mkdtemp(dir))
		return;
	for (int i = 0; i < 100; i++) /* 3000 bytes of other lines */
		at += (size_t)sprintf(text + at, "Field_%02d:\t%020d\n", i, i);
	at += (size_t)sprintf(text + at, "numa_faults:\t");
	for (int i = 0; i < 1500; i++) /* one 3 KiB line, with in it */
		at += (size_t)sprintf(text + at, "ff");
	/* what must not be taken for a field: it does not start a line */
	for (int i = 0; i < 64; i++)
		at += (size_t)sprintf(text + at, "se.nr_migrations : 7 ");
	sprintf(text + at, "\nse.nr_migrations_cold : 9\n"
		"se.nr_migrations : 123456\n");
	put(dir, "sched", text);
	put(dir, "schedstat", "1 2 3\n");
	memset(&k, 0, sizeof(k));
	kstat_read_waits(dir, &k);
	TAP_OK(k.migrations == 123456,
	       "a field after 5 KiB, past a 5 KiB line and a longer key, is "
	       "read (%llu)", (unsigned long long)k.migrations);
	TAP_OK(k.runqueue_wait_ns == 2, "and schedstat beside it (%llu)",
	       (unsigned long long)k.runqueue_wait_ns);
	snprintf(path, sizeof(path), "rm -rf %s", dir);
	if (system(path))
		return;
	free(text);
}

int main(void)
{
	fields_come_from_procs_formats();
	this_thread_is_seen_as_it_ran();
	sums_keep_only_what_both_have();
	long_files_are_read_in_pieces();
	return tap_done();
}
