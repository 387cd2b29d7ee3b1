/*
 * hostlimits.c - will the kernel let the workload's threads exist? Checked
 * before any thread is created, so that a run of 10000 threads is refused
 * with the limit's name and how to raise it, rather than failing at the
 * 4097th pthread_create with EAGAIN. See doc/limits.md.
 */
#define _GNU_SOURCE
#include "engine/hostlimits.h"

#include "resource.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* Mappings per thread: its stack and guard page, its log ring (a malloc
 * above the mmap threshold), and one to spare for a message buffer or a
 * malloc arena. */
#define HOSTLIMITS_MAPS_PER_THREAD 4
/* Mappings of libraries, the heap and the rest, on top of those counted. */
#define HOSTLIMITS_MAPS_SLACK 256
/* Descriptors of mimic itself: stdio, tracefs, io_device,
 * cpu_dma_latency, the files written at the end, /proc and cgroup files
 * read or written while running. */
#define HOSTLIMITS_FDS_SLACK 16

char *hostlimits_proc_path(const char *rel)
{
	const char *dir = getenv("MIMIC_PROC_DIR");
	char *path;

	if (asprintf(&path, "%s/%s", dir && *dir ? dir : "/proc", rel) < 0)
		return NULL;
	return path;
}

long long hostlimits_read_ll(const char *path)
{
	FILE *f = path ? fopen(path, "r") : NULL;
	long long v = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%lld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

long long hostlimits_proc_ll(const char *rel)
{
	char *path = hostlimits_proc_path(rel);
	long long v = hostlimits_read_ll(path);

	free(path);
	return v;
}

/* Threads in the whole system now: the total in loadavg's "r/total". */
static long long hostlimits_system_threads(void)
{
	char *path = hostlimits_proc_path("loadavg");
	FILE *f = path ? fopen(path, "r") : NULL;
	long long total = -1;

	free(path);
	if (!f)
		return -1;
	if (fscanf(f, "%*s %*s %*s %*d/%lld", &total) != 1)
		total = -1;
	fclose(f);
	return total;
}

/* Threads of processes whose real uid is ours: what RLIMIT_NPROC counts. */
static long long hostlimits_user_threads(uid_t uid)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	long long n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char path[64], line[128];
		unsigned long real = (unsigned long)-1;
		long threads = 0;
		FILE *f;

		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%.20s/status", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue; /* gone meanwhile */
		while (fgets(line, sizeof(line), f)) {
			sscanf(line, "Uid: %lu", &real);
			sscanf(line, "Threads: %ld", &threads);
		}
		fclose(f);
		if (real == (unsigned long)uid)
			n += threads;
	}
	closedir(d);
	return n;
}

static int hostlimits_check_stack(const struct workload *w)
{
	long min = sysconf(_SC_THREAD_STACK_MIN);

	if (min > 0 && w->g.stack_size < min) {
		fprintf(stderr, "%s: error: global.stack_size: %lld bytes is "
			"below this system's PTHREAD_STACK_MIN, %ld\n", w->file,
			(long long)w->g.stack_size, min);
		return 1;
	}
	return 0;
}

static int hostlimits_check_nproc(const struct workload *w, long need)
{
	struct rlimit rl;
	long long have;

	/* The kernel does not apply RLIMIT_NPROC to root. */
	if (getuid() == 0 || getrlimit(RLIMIT_NPROC, &rl) ||
	    rl.rlim_cur == RLIM_INFINITY)
		return 0;
	have = hostlimits_user_threads(getuid());
	if (have + need <= (long long)rl.rlim_cur)
		return 0;
	fprintf(stderr, "%s: error: %ld threads: RLIMIT_NPROC is %llu and "
		"this user already has %lld processes and threads: raise it "
		"(ulimit -u, or nproc in /etc/security/limits.conf) to at "
		"least %lld\n", w->file, need, (unsigned long long)rl.rlim_cur,
		have, have + need);
	return 1;
}

/* kernel.threads-max and kernel.pid_max bound every thread in the system. */
static int hostlimits_check_system(const struct workload *w, long need)
{
	static const struct {
		const char *rel, *sysctl;
	} caps[] = {
		{ "sys/kernel/threads-max", "kernel.threads-max" },
		{ "sys/kernel/pid_max", "kernel.pid_max" },
	};
	long long now = hostlimits_system_threads();
	int errs = 0;

	if (now < 0)
		return 0;
	for (size_t k = 0; k < sizeof(caps) / sizeof(caps[0]); k++) {
		long long max = hostlimits_proc_ll(caps[k].rel);

		if (max < 0 || now + need <= max)
			continue;
		fprintf(stderr, "%s: error: %ld threads: %s is %lld and the "
			"system already has %lld threads: raise it (sysctl -w "
			"%s=%lld)\n", w->file, need, caps[k].sysctl, max, now,
			caps[k].sysctl, now + need);
		errs++;
	}
	return errs;
}

/* Each thread's stack is a mapping of its own: vm.max_map_count. */
static int hostlimits_check_maps(const struct workload *w, long need)
{
	long long max = hostlimits_proc_ll("sys/vm/max_map_count");
	long long want = (long long)need * HOSTLIMITS_MAPS_PER_THREAD +
			 HOSTLIMITS_MAPS_SLACK;

	if (max < 0 || want <= max)
		return 0;
	fprintf(stderr, "%s: error: %ld threads need about %lld memory "
		"mappings: vm.max_map_count is %lld: raise it (sysctl -w "
		"vm.max_map_count=%lld)\n", w->file, need, want, max, want);
	return 1;
}

/*
 * The pids controller of our cgroup (systemd's TasksMax): v1 under
 * /sys/fs/cgroup/pids, v2 under /sys/fs/cgroup; "max" is no limit.
 */
static int hostlimits_check_pids_cgroup(const struct workload *w, long need)
{
	FILE *f = fopen("/proc/self/cgroup", "r");
	char line[512], group[560] = "", path[600];
	long long max, cur;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char *c = strchr(line, ':'), *g = c ? strchr(c + 1, ':') : NULL;

		if (!g)
			continue;
		*g++ = '\0';
		g[strcspn(g, "\n")] = '\0';
		if (!strcmp(c + 1, "pids")) {
			snprintf(group, sizeof(group), "/sys/fs/cgroup/pids%s", g);
			break;
		}
		if (!strcmp(c + 1, ""))
			snprintf(group, sizeof(group), "/sys/fs/cgroup%s", g);
	}
	fclose(f);
	if (!*group)
		return 0;
	snprintf(path, sizeof(path), "%s/pids.max", group);
	max = hostlimits_read_ll(path); /* -1 for "max" */
	snprintf(path, sizeof(path), "%s/pids.current", group);
	cur = hostlimits_read_ll(path);
	if (max < 0 || cur < 0 || cur + need <= max)
		return 0;
	fprintf(stderr, "%s: error: %ld threads: the cgroup %s allows %lld "
		"tasks (pids.max) and has %lld: raise pids.max (systemd: "
		"TasksMax=)\n", w->file, need, group, max, cur);
	return 1;
}

/*
 * Every log file is open for the whole run (forks' too), every channel
 * holds two ends. The soft limit is raised to what is needed when the
 * hard one allows; beyond the hard one the run is refused.
 */
static int hostlimits_check_fds(const struct workload *w)
{
	long long logs = 0, ends = 0, need;
	struct rlimit rl;

	if (w->g.log_mode == LOG_FILE)
		logs = (long long)w->n_threads + w->fork_capacity;
	for (size_t k = 0; k < w->n_resources; k++)
		ends += resource_kind_of(&w->resources[k])->fds;
	need = logs + ends + HOSTLIMITS_FDS_SLACK;
	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur == RLIM_INFINITY ||
	    (long long)rl.rlim_cur >= need)
		return 0;
	if (rl.rlim_max == RLIM_INFINITY || (long long)rl.rlim_max >= need) {
		rl.rlim_cur = (rlim_t)need;
		if (!setrlimit(RLIMIT_NOFILE, &rl))
			return 0;
	}
	fprintf(stderr, "%s: error: %lld file descriptors needed (%lld log "
		"files, %lld channel ends, %d for mimic itself): RLIMIT_NOFILE "
		"is %llu (hard limit %llu): raise it (ulimit -n %lld, or nofile "
		"in /etc/security/limits.conf)\n", w->file, need, logs, ends,
		HOSTLIMITS_FDS_SLACK, (unsigned long long)rl.rlim_cur,
		(unsigned long long)rl.rlim_max, need);
	return 1;
}

long hostlimits_threads_needed(const struct workload *w)
{
	return (long)w->n_threads + w->fork_capacity + 2;
}

int hostlimits_check(const struct workload *w)
{
	long need = hostlimits_threads_needed(w);

	return hostlimits_check_stack(w) + hostlimits_check_nproc(w, need) +
	       hostlimits_check_system(w, need) + hostlimits_check_maps(w, need) +
	       hostlimits_check_pids_cgroup(w, need) + hostlimits_check_fds(w);
}
