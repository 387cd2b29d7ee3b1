/*
 * kstat.c - a thread's CPU time and switches from system calls, its
 * schedstat and sched files read with open/read into a stack buffer (no
 * stdio: a thread may call it as it ends).
 */
#define _GNU_SOURCE
#include "lib/kstat.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* Reads dir/name into buf (NUL-terminated); the length, or -1. */
static ssize_t read_small(const char *dir, const char *name, char *buf,
			  size_t len)
{
	char path[256];
	ssize_t n, got = 0;
	int fd;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path))
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while ((size_t)got < len - 1 &&
	       (n = read(fd, buf + got, len - 1 - (size_t)got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return got;
}

/* The number after "key" and any of " \t:" at the start of line. */
static bool line_u64(const char *line, const char *key, uint64_t *out)
{
	size_t klen = strlen(key);
	const char *v = line + klen;
	char *end;

	if (strncmp(line, key, klen) || !*v || !strchr(" \t:", *v))
		return false;
	v += strspn(v, " \t:");
	*out = strtoull(v, &end, 10);
	return end != v;
}

/*
 * The number of the line of dir/name that starts with key, read 1 KiB at
 * a time: a thread reads this as it ends, and a larger buffer on its
 * stack would make pages resident it never used (status and sched are
 * several KiB). A line longer than the buffer is skipped.
 */
static bool field_u64(const char *dir, const char *name, const char *key,
		      uint64_t *out)
{
	char path[256], buf[1024];
	size_t have = 0;
	bool found = false, eof = false, skip = false;
	int fd;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path))
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	while (!found && !eof) {
		ssize_t n = read(fd, buf + have, sizeof(buf) - 1 - have);
		char *line = buf, *nl;

		if (n <= 0)
			eof = true;
		else
			have += (size_t)n;
		buf[have] = '\0';
		while (!found && ((nl = strchr(line, '\n')) || (eof && *line))) {
			if (nl)
				*nl = '\0';
			found = !skip && line_u64(line, key, out);
			skip = false;
			line = nl ? nl + 1 : line + strlen(line);
		}
		have = (size_t)(buf + have - line);
		if (have == sizeof(buf) - 1) { /* one line fills it all */
			have = 0;
			skip = true;
		}
		memmove(buf, line, have);
	}
	close(fd);
	return found;
}

void kstat_self_end(struct kstat *k)
{
	struct timespec ts;
	struct rusage ru;

	memset(k, 0, sizeof(*k));
	if (!clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		k->cpu_time_ns = (uint64_t)ts.tv_sec * 1000000000u +
				 (uint64_t)ts.tv_nsec;
	if (!getrusage(RUSAGE_THREAD, &ru)) {
		k->switches_voluntary = (uint64_t)ru.ru_nvcsw;
		k->switches_involuntary = (uint64_t)ru.ru_nivcsw;
		k->have |= KSTAT_SWITCHES;
	}
}

unsigned kstat_read_waits(const char *dir, struct kstat *k)
{
	char buf[128];
	unsigned long long cpu, wait, slices = 1;

	/* "0 0 0" is what a kernel without sched_info accounting prints
	 * (sched_info_on() false): missing, not a thread that never ran. */
	if (read_small(dir, "schedstat", buf, sizeof(buf)) > 0 &&
	    sscanf(buf, "%llu %llu %llu", &cpu, &wait, &slices) >= 2 &&
	    (cpu || wait || slices)) {
		k->runqueue_wait_ns = wait;
		k->have |= KSTAT_SCHEDSTAT;
	}
	if (field_u64(dir, "sched", "se.nr_migrations", &k->migrations))
		k->have |= KSTAT_MIGRATIONS;
	return k->have;
}

void kstat_add(struct kstat *dst, const struct kstat *src)
{
	dst->have &= src->have;
	dst->cpu_time_ns += src->cpu_time_ns;
	dst->runqueue_wait_ns += src->runqueue_wait_ns;
	dst->switches_voluntary += src->switches_voluntary;
	dst->switches_involuntary += src->switches_involuntary;
	dst->migrations += src->migrations;
}
