/* ftrace.c - finding tracefs and writing markers. */
#define _GNU_SOURCE
#include "record/ftrace.h"

#include "model/workload.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <mntent.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#define FTRACE_DEFAULT_MOUNT "/sys/kernel/tracing"

static int marker_fd = -1;
static unsigned marker_mask;
/* --break-us (ftrace_break_arm): tracing_on, and a trace_marker of its
 * own when the categories left marker_fd closed. */
static int tracing_on_fd = -1, break_marker_fd = -1;
static char break_dir[PATH_MAX];

static bool find_tracefs(char *dir, size_t len)
{
	FILE *m = setmntent("/proc/mounts", "r");
	struct mntent *e;
	bool found = false;

	if (!m)
		return false;
	while (!found && (e = getmntent(m))) {
		if (!strcmp(e->mnt_type, "tracefs")) {
			snprintf(dir, len, "%s", e->mnt_dir);
			found = true;
		} else if (!strcmp(e->mnt_type, "debugfs")) {
			char probe[PATH_MAX];

			snprintf(probe, sizeof(probe), "%s/tracing/trace_marker",
				 e->mnt_dir);
			if (!access(probe, F_OK)) {
				snprintf(dir, len, "%s/tracing", e->mnt_dir);
				found = true;
			}
		}
	}
	endmntent(m);
	return found;
}

int ftrace_open(unsigned mask, char *err, size_t len)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], on = '0';
	int fd;

	if (!mask)
		return 0;
	if (!find_tracefs(dir, sizeof(dir))) {
		if (mount("nodev", FTRACE_DEFAULT_MOUNT, "tracefs", 0, NULL)) {
			snprintf(err, len, "ftrace: tracefs is not mounted and "
				 "mounting it at %s failed: %s (mount -t tracefs "
				 "nodev %s)", FTRACE_DEFAULT_MOUNT,
				 strerror(errno), FTRACE_DEFAULT_MOUNT);
			return -1;
		}
		snprintf(dir, sizeof(dir), "%s", FTRACE_DEFAULT_MOUNT);
	}
	snprintf(path, sizeof(path), "%s/tracing_on", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (read(fd, &on, 1) != 1)
			on = '0';
		close(fd);
	}
	if (on != '1') {
		snprintf(err, len, "ftrace: tracing is off (%s is not 1): "
			 "markers would be lost; echo 1 > %s", path, path);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/trace_marker", dir);
	marker_fd = open(path, O_WRONLY | O_CLOEXEC);
	if (marker_fd < 0) {
		snprintf(err, len, "ftrace: %s: %s", path, strerror(errno));
		return -1;
	}
	marker_mask = mask;
	return 0;
}

void ftrace_open_fd(int fd, unsigned mask)
{
	ftrace_close();
	marker_fd = fd;
	marker_mask = mask;
}

void ftrace_close(void)
{
	if (marker_fd >= 0)
		close(marker_fd);
	if (tracing_on_fd >= 0)
		close(tracing_on_fd);
	if (break_marker_fd >= 0)
		close(break_marker_fd);
	marker_fd = tracing_on_fd = break_marker_fd = -1;
	marker_mask = 0;
}

const char *ftrace_break_arm(void)
{
	char path[PATH_MAX + 32], on = '0';
	int fd;

	if (tracing_on_fd >= 0)
		return break_dir;
	if (!find_tracefs(break_dir, sizeof(break_dir)))
		return NULL;
	snprintf(path, sizeof(path), "%s/tracing_on", break_dir);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	/* Off already: nobody is tracing, there is nothing to keep. */
	if (read(fd, &on, 1) != 1 || on != '1') {
		close(fd);
		return NULL;
	}
	tracing_on_fd = fd;
	if (marker_fd < 0) {
		snprintf(path, sizeof(path), "%s/trace_marker", break_dir);
		break_marker_fd = open(path, O_WRONLY | O_CLOEXEC);
	}
	return break_dir;
}

bool ftrace_break(const char *thread, int tid, const char *path,
		  unsigned long long latency_us, unsigned long long limit_us,
		  unsigned long long iteration)
{
	int fd = marker_fd >= 0 ? marker_fd : break_marker_fd;
	char buf[256];
	int n;

	if (tracing_on_fd < 0)
		return false;
	n = snprintf(buf, sizeof(buf), "mimic_break: thread=%s tid=%d "
		     "path=%s latency_us=%llu break_us=%llu iteration=%llu",
		     thread, tid, path, latency_us, limit_us, iteration);
	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	/* A lost note must not keep the buffer running: written first,
	 * its failure ignored. */
	if (fd >= 0 && write(fd, buf, (size_t)n) < 0)
		n = 0;
	return pwrite(tracing_on_fd, "0", 1, 0) == 1;
}

bool ftrace_on(unsigned bit)
{
	return marker_mask & bit;
}

static void ftrace_write(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void ftrace_write(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	/* No newline: the kernel ends each marker itself. */
	if (write(marker_fd, buf, (size_t)n) < 0)
		return; /* a lost marker must not disturb the run */
}

void ftrace_main(const char *event)
{
	if (ftrace_on(FTRACE_MAIN))
		ftrace_write("rtapp_main: event=%s", event);
}

void ftrace_write_shutdown(void)
{
	ftrace_main("shutdown");
}

/* rt-app writes it with the task markers. */
void ftrace_main_clock_ref(long long us)
{
	if (ftrace_on(FTRACE_TASK))
		ftrace_write("rtapp_main: event=clock_ref data=%lld", us);
}

void ftrace_task(const char *event)
{
	if (ftrace_on(FTRACE_TASK))
		ftrace_write("rtapp_task: event=%s", event);
}

void ftrace_loop(const char *event, int thread_loop, int phase,
		 int phase_loop)
{
	if (ftrace_on(FTRACE_LOOP))
		ftrace_write("rtapp_loop: event=%s thread_loop=%d phase=%d "
			     "phase_loop=%d", event, thread_loop, phase,
			     phase_loop);
}

void ftrace_event(int id, int type, const char *desc)
{
	if (ftrace_on(FTRACE_EVENT))
		ftrace_write("rtapp_event: id=%d type=%d desc=%s", id, type,
			     desc);
}

void ftrace_stats(int period, int run, int wu_lat, int slack, int c_period,
		  int c_run)
{
	if (ftrace_on(FTRACE_STATS))
		ftrace_write("rtapp_stats: period=%d run=%d wu_lat=%d slack=%d "
			     "c_period=%d c_run=%d", period, run, wu_lat,
			     slack, c_period, c_run);
}

void ftrace_attrs_dl(long long runtime, long long deadline,
		     long long period)
{
	if (ftrace_on(FTRACE_ATTRS))
		ftrace_write("rtapp_attrs: event=policy policy=dl runtime=%lld "
			     "deadline=%lld period=%lld", runtime, deadline,
			     period);
}

void ftrace_attrs_fair(const char *policy, int nice, long long runtime)
{
	if (ftrace_on(FTRACE_ATTRS))
		ftrace_write("rtapp_attrs: event=policy policy=%s nice=%d "
			     "runtime=%lld", policy, nice, runtime);
}

void ftrace_attrs_uclamp(const char *which, int value)
{
	if (ftrace_on(FTRACE_ATTRS))
		ftrace_write("rtapp_attrs: event=uclamp %s=%d", which, value);
}

void ftrace_attrs_policy(const char *policy, int prio)
{
	if (ftrace_on(FTRACE_ATTRS))
		ftrace_write("rtapp_attrs: event=policy policy=%s prio=%d",
			     policy, prio);
}
