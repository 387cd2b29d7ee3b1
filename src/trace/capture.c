/*
 * capture.c - recording a process tree through a tracefs instance of its
 * own: the events a model needs, the kernel's pid filter (set_event_pid
 * with event-fork, so children are followed in the kernel), one thread
 * draining every CPU's trace_pipe_raw into temporary files, and at the
 * end one trace.dat (tracedat.c), checked by reading it back with
 * libtracecmd. Nothing here touches /proc/sys or the top-level buffer.
 */
#define _GNU_SOURCE
#include "trace/capture.h"

#include "lib/atomic_file.h"
#include "lib/safe_file.h"
#include "trace/tracedat.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <mntent.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <trace-cmd.h>
#include <tracefs.h>
#include <unistd.h>

/*
 * What mimic model needs, grouped by system (tracedat.c writes their
 * formats that way). Required: without them there is no model.
 */
static const struct {
	const char *name;
	bool required;
} capture_events[] = {
	/* the tree's /dev/cpu_dma_latency requests (PM QoS), in the
	 * context of the task that opens, writes or closes the file */
	{ "power/pm_qos_add_request", false },
	{ "power/pm_qos_remove_request", false },
	{ "power/pm_qos_update_request", false },
	{ "raw_syscalls/sys_enter", false }, /* what a task blocked in */
	{ "raw_syscalls/sys_exit", false },
	{ "sched/sched_migrate_task", false },
	{ "sched/sched_process_exec", false },
	{ "sched/sched_process_exit", true },
	{ "sched/sched_process_fork", true },
	{ "sched/sched_switch", true },
	{ "sched/sched_wakeup", true },
	{ "sched/sched_wakeup_new", false },
	{ "sched/sched_waking", false },
	{ "task/task_newtask", false },     /* clone flags: thread or not */
	{ "task/task_rename", false },      /* thread names set later */
};
#define CAPTURE_N_EVENTS (sizeof(capture_events) / sizeof(capture_events[0]))

/* Between two drains: the buffers are large, the reads need not be
 * frequent, and each drain leaves at most one partial page per CPU. */
#define CAPTURE_DRAIN_GAP_MS 20
/* Ahead of every task of the tree: at nice -10, among the 160
 * processes of hackbench -g 4 -l 1000 on 2 CPUs, the reader's share fell
 * behind and the kernel overwrote pages (doc/record.md). */
#define CAPTURE_DRAIN_NICE (-20)
/* Woken when a CPU's buffer is this full (percent): early enough that a
 * starved reader still catches up before the kernel overwrites pages. */
#define CAPTURE_WAKE_PERCENT "20"

struct capture {
	char *output;
	FILE *out;               /* written as out_fd, renamed at the end */
	char out_tmp[PATH_MAX];
	int out_fd;
	unsigned buffer_kb;
	struct tracefs_instance *inst;
	int n_cpus, page_size;
	int *raw_fd;             /* trace_pipe_raw per CPU, non-blocking */
	struct tracedat_cpu *cpu;
	char *page;              /* one page, the drainer's */
	const char *events_on[CAPTURE_N_EVENTS + 1];
	int stop_pipe[2];
	pthread_t drainer;
	bool drainer_running;
	int drain_errno;         /* the drainer's first failure */
};

bool capture_supported(char *err, size_t len)
{
	(void)err;
	(void)len;
	return true;
}

/* The directory of path, for the temporary files. */
static void dir_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

struct capture *capture_new(const char *output, unsigned buffer_kb,
			    char *err, size_t len)
{
	struct capture *c = calloc(1, sizeof(*c));

	if (c)
		c->stop_pipe[0] = c->stop_pipe[1] = -1;
	if (!c || !(c->output = strdup(output))) {
		snprintf(err, len, "out of memory");
		goto fail;
	}
	/* A temporary file beside output (doc/security.md): never a link
	 * followed, only a regular file replaced, and at the rename. */
	c->out = atomic_file_open(output, c->out_tmp, sizeof(c->out_tmp));
	if (!c->out) {
		snprintf(err, len, "cannot write %s: %s", output,
			 safe_file_strerror(output, errno));
		goto fail;
	}
	if (!c->out_tmp[0]) { /* a device, written in place: not a file */
		atomic_file_abort(c->out, c->out_tmp);
		c->out = NULL;
		snprintf(err, len, "cannot write %s: is a device, not a file "
			 "for a trace", output);
		goto fail;
	}
	c->out_fd = fileno(c->out);
	c->buffer_kb = buffer_kb ? buffer_kb : CAPTURE_DEFAULT_BUFFER_KB;
	return c;
fail:
	capture_free(c);
	return NULL;
}

/* A file of the instance, or -1 with why. */
static int inst_write(struct capture *c, const char *file, const char *text,
		      char *err, size_t len)
{
	if (tracefs_instance_file_write(c->inst, file, text) >= 0)
		return 0;
	snprintf(err, len, "tracefs: cannot write \"%s\" to %s/%s: %s", text,
		 tracefs_instance_get_name(c->inst), file,
		 strerror(errno ? errno : EIO));
	return -1;
}

static int enable_events(struct capture *c, char *err, size_t len)
{
	int n = 0;

	for (size_t i = 0; i < CAPTURE_N_EVENTS; i++) {
		const char *name = capture_events[i].name;
		size_t sys = strcspn(name, "/");
		char system[64];

		snprintf(system, sizeof(system), "%.*s", (int)sys, name);
		if (!tracefs_event_enable(c->inst, system, name + sys + 1)) {
			c->events_on[n++] = name;
			continue;
		}
		if (capture_events[i].required) {
			snprintf(err, len, "tracefs: this kernel has no %s "
				 "event", name);
			return -1;
		}
		fprintf(stderr, "mimic: warning: this kernel has no %s event: "
			"not recorded\n", name);
	}
	c->events_on[n] = NULL;
	return 0;
}

/* The temporary file of one CPU's pages, unlinked from the start. */
static int cpu_tmpfile(const struct capture *c)
{
	char dir[PATH_MAX], *path;
	int fd;

	dir_of(c->output, dir, sizeof(dir));
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0 || asprintf(&path, "%s.cpu.XXXXXX", c->output) < 0)
		return fd;
	fd = mkostemp(path, O_CLOEXEC);
	if (fd >= 0)
		unlink(path);
	free(path);
	return fd;
}

static int open_cpus(struct capture *c, char *err, size_t len)
{
	long long subbuf_kb;

	c->n_cpus = (int)sysconf(_SC_NPROCESSORS_CONF);
	c->page_size = getpagesize();
	if (!tracefs_instance_file_read_number(c->inst, "buffer_subbuf_size_kb",
					       &subbuf_kb))
		c->page_size = (int)subbuf_kb * 1024;
	if (c->n_cpus < 1 || c->page_size < 1024 || c->page_size > 65536) {
		snprintf(err, len, "tracefs: unexpected %d CPUs, sub-buffers "
			 "of %d bytes", c->n_cpus, c->page_size);
		return -1;
	}
	c->raw_fd = malloc(c->n_cpus * sizeof(*c->raw_fd));
	c->cpu = calloc(c->n_cpus, sizeof(*c->cpu));
	c->page = malloc(c->page_size);
	if (!c->raw_fd || !c->cpu || !c->page) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	for (int i = 0; i < c->n_cpus; i++)
		c->raw_fd[i] = c->cpu[i].fd = -1;
	for (int i = 0; i < c->n_cpus; i++) {
		char file[64];

		c->cpu[i].fd = cpu_tmpfile(c);
		if (c->cpu[i].fd < 0) {
			snprintf(err, len, "cannot make a temporary file beside "
				 "%s: %s", c->output, strerror(errno));
			return -1;
		}
		/* A possible but absent CPU has no file: it stays empty. */
		snprintf(file, sizeof(file), "per_cpu/cpu%d/trace_pipe_raw", i);
		c->raw_fd[i] = tracefs_instance_file_open(c->inst, file,
							  O_RDONLY | O_NONBLOCK);
	}
	return 0;
}

static int write_at(int fd, const char *p, size_t n, off_t at)
{
	while (n) {
		ssize_t w = pwrite(fd, p, n, at);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
		at += w;
	}
	return 0;
}

/* Moves every page the kernel has for cpu to its file; -1 on failure. */
static int drain_cpu(struct capture *c, int cpu)
{
	if (c->raw_fd[cpu] < 0)
		return 0;
	for (;;) {
		ssize_t r = read(c->raw_fd[cpu], c->page, c->page_size);

		if (r < 0 && errno == EINTR)
			continue;
		if (!r || (r < 0 && errno == EAGAIN))
			return 0;
		if (r < 0)
			goto fail;
		/* Whole pages only: the reader steps by page_size. */
		memset(c->page + r, 0, c->page_size - r);
		if (write_at(c->cpu[cpu].fd, c->page, c->page_size,
			     c->cpu[cpu].size))
			goto fail;
		c->cpu[cpu].size += c->page_size;
	}
fail:
	if (!c->drain_errno)
		c->drain_errno = errno;
	return -1;
}

/*
 * The drainer: reads a CPU when poll says it is filling (buffer_percent
 * of the instance), at most every CAPTURE_DRAIN_GAP_MS, until told to
 * stop through the pipe. What is left then capture_stop reads.
 */
static void *drain_main(void *arg)
{
	struct capture *c = arg;
	struct pollfd *pfd = calloc(c->n_cpus + 1, sizeof(*pfd));

	if (!pfd) {
		c->drain_errno = ENOMEM;
		return NULL;
	}
	pthread_setname_np(pthread_self(), "mimic-record");
	/* Ahead of the recorded tasks' fair share, so a busy tree does
	 * not starve its own recording (a failure just leaves nice 0). */
	if (setpriority(PRIO_PROCESS, (id_t)gettid(), CAPTURE_DRAIN_NICE))
		errno = 0;
	pfd[0] = (struct pollfd){ .fd = c->stop_pipe[0], .events = POLLIN };
	for (int i = 0; i < c->n_cpus; i++)
		pfd[i + 1] = (struct pollfd){ .fd = c->raw_fd[i],
					      .events = POLLIN };
	while (!c->drain_errno) {
		if (poll(pfd, c->n_cpus + 1, 1000) < 0 && errno != EINTR)
			break;
		if (pfd[0].revents)
			break;
		for (int i = 0; i < c->n_cpus; i++)
			if (pfd[i + 1].revents & POLLIN)
				drain_cpu(c, i);
		if (poll(pfd, 1, CAPTURE_DRAIN_GAP_MS) > 0)
			break;
	}
	free(pfd);
	return NULL;
}

static int pid_list(const pid_t *pids, int n, char *text, size_t len)
{
	size_t at = 0;

	text[0] = '\0';
	for (int i = 0; i < n; i++) {
		int w = snprintf(text + at, len - at, "%s%d", i ? " " : "",
				 (int)pids[i]);

		if (w < 0 || (size_t)w >= len - at)
			return -1;
		at += (size_t)w;
	}
	return 0;
}

int capture_start(struct capture *c, const pid_t *pids, int n_pids,
		  char *err, size_t len)
{
	char name[64], num[32], *text = NULL;
	sigset_t all, orig;
	const char *dir;
	size_t text_len = (size_t)n_pids * 12 + 1;
	int ret = -1;

	/* Found, or mounted at /sys/kernel/tracing, by libtracefs (which
	 * keeps the string: tracefs_tracing_dir_is_mounted's leaks). */
	dir = tracefs_tracing_dir();
	if (!dir) {
		snprintf(err, len, "tracefs is not mounted and mounting it "
			 "failed: %s (mount -t tracefs nodev "
			 "/sys/kernel/tracing; needs root)",
			 strerror(errno ? errno : ENOENT));
		return -1;
	}
	if (access(dir, W_OK)) {
		snprintf(err, len, "tracefs at %s is not writable: %s (needs "
			 "root)", dir, strerror(errno));
		return -1;
	}
	snprintf(name, sizeof(name), "mimic-record-%d", (int)getpid());
	c->inst = tracefs_instance_create(name);
	if (!c->inst) {
		snprintf(err, len, "tracefs: cannot create the instance %s/"
			 "instances/%s: %s (needs root)", dir, name,
			 strerror(errno ? errno : EIO));
		return -1;
	}
	snprintf(num, sizeof(num), "%u", c->buffer_kb);
	text = malloc(text_len);
	if (!text || pid_list(pids, n_pids, text, text_len)) {
		snprintf(err, len, "out of memory");
		goto out;
	}
	if (inst_write(c, "tracing_on", "0", err, len) ||
	    inst_write(c, "buffer_size_kb", num, err, len))
		goto out;
	tracefs_instance_file_write(c->inst, "buffer_percent",
				    CAPTURE_WAKE_PERCENT);
	/* CLOCK_MONOTONIC: the clock of mimic's own logs. */
	if (tracefs_instance_file_write(c->inst, "trace_clock", "mono") < 0)
		fprintf(stderr, "mimic: warning: tracefs has no \"mono\" "
			"clock: the trace keeps the default clock\n");
	if (enable_events(c, err, len) || open_cpus(c, err, len))
		goto out;
	/* The reader first: made after the filter, it would be a child of
	 * a recorded task (--record) and record its own reads. */
	if (pipe2(c->stop_pipe, O_CLOEXEC)) {
		snprintf(err, len, "pipe: %s", strerror(errno));
		goto out;
	}
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &orig);
	errno = pthread_create(&c->drainer, NULL, drain_main, c);
	pthread_sigmask(SIG_SETMASK, &orig, NULL);
	if (errno) {
		snprintf(err, len, "cannot start the reading thread: %s",
			 strerror(errno));
		goto out;
	}
	c->drainer_running = true;
	if (tracefs_option_enable(c->inst, TRACEFS_OPTION_EVENT_FORK)) {
		snprintf(err, len, "tracefs: cannot set the event-fork "
			 "option: %s", strerror(errno ? errno : EIO));
		goto out;
	}
	if (inst_write(c, "set_event_pid", text, err, len))
		goto out;
	tracefs_instance_file_clear(c->inst, "trace");
	ret = inst_write(c, "tracing_on", "1", err, len);
out:
	free(text);
	return ret;
}

void capture_mark(struct capture *c, const char *text)
{
	/* A lost line loses a label, not the recording. */
	if (c->inst &&
	    tracefs_instance_file_write(c->inst, "trace_marker", text) < 0)
		fprintf(stderr, "mimic: warning: could not mark the recording "
			"(%s): %s\n", text, strerror(errno ? errno : EIO));
}

/* Sums the "overrun" and "dropped events" lines of a CPU's stats. */
static unsigned long long stats_lost(const char *stats)
{
	unsigned long long lost = 0;

	for (const char *l = stats; l && *l; l = strchr(l, '\n'), l += !!l) {
		unsigned long long n;

		if (sscanf(l, "overrun: %llu", &n) == 1 ||
		    sscanf(l, "dropped events: %llu", &n) == 1)
			lost += n;
	}
	return lost;
}

static int count_event(struct tracecmd_input *h, struct tep_record *r,
		       int cpu, void *arg)
{
	(void)h;
	(void)r;
	(void)cpu;
	++*(unsigned long long *)arg;
	return 0;
}

/* Reads the written file back: it opens, and how many events it has. */
static int verify(const char *path, unsigned long long *events, char *err,
		  size_t len)
{
	struct tracecmd_input *h = tracecmd_open(path,
						 TRACECMD_FL_LOAD_NO_PLUGINS);

	if (!h) {
		snprintf(err, len, "%s was written but libtracecmd cannot "
			 "open it", path);
		return -1;
	}
	*events = 0;
	tracecmd_iterate_events(h, NULL, 0, count_event, events);
	tracecmd_close(h);
	return 0;
}

int capture_stop(struct capture *c, struct capture_report *r, char *err,
		 size_t len)
{
	struct tracedat_meta m = { .instance = c->inst, .events = c->events_on,
				   .page_size = c->page_size,
				   .n_cpus = c->n_cpus };
	int size = 0;
	char *cmdlines;
	struct stat st;

	memset(r, 0, sizeof(*r));
	tracefs_instance_file_write(c->inst, "tracing_on", "0");
	if (c->drainer_running) {
		if (write(c->stop_pipe[1], "x", 1) < 0)
			pthread_cancel(c->drainer); /* cannot happen */
		pthread_join(c->drainer, NULL);
		c->drainer_running = false;
	}
	for (int i = 0; i < c->n_cpus; i++) {
		char file[64];

		drain_cpu(c, i);
		snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", i);
		c->cpu[i].stats = tracefs_instance_file_read(c->inst, file,
							     &size);
		r->lost += stats_lost(c->cpu[i].stats);
	}
	if (c->drain_errno) {
		snprintf(err, len, "reading the trace buffers: %s",
			 strerror(c->drain_errno));
		return -1;
	}
	/* The kernel's pid -> comm cache: the names trace-cmd report shows
	 * beside every event (the sched events carry theirs too). */
	cmdlines = tracefs_instance_file_read(NULL, "saved_cmdlines", &size);
	m.cmdlines = cmdlines ? cmdlines : "";
	m.cmdlines_len = cmdlines ? (size_t)size : 0;
	if (tracedat_write(c->out_fd, &m, c->cpu, err, len)) {
		free(cmdlines);
		return -1;
	}
	free(cmdlines);
	r->bytes = fstat(c->out_fd, &st) ? -1 : (long long)st.st_size;
	if (atomic_file_commit(c->out, c->out_tmp, c->output)) {
		c->out = NULL;
		snprintf(err, len, "cannot write %s: %s", c->output,
			 strerror(errno));
		return -1;
	}
	c->out = NULL;
	r->n_cpus = c->n_cpus;
	return verify(c->output, &r->events, err, len);
}

void capture_free(struct capture *c)
{
	if (!c)
		return;
	if (c->drainer_running) {
		if (write(c->stop_pipe[1], "x", 1) < 0)
			pthread_cancel(c->drainer);
		pthread_join(c->drainer, NULL);
	}
	for (int i = 0; c->cpu && c->raw_fd && i < c->n_cpus; i++) {
		if (c->raw_fd[i] >= 0)
			close(c->raw_fd[i]);
		if (c->cpu[i].fd >= 0)
			close(c->cpu[i].fd);
		free(c->cpu[i].stats);
	}
	/* The open raw files would keep the instance busy: closed first. */
	if (c->inst) {
		tracefs_instance_destroy(c->inst);
		tracefs_instance_free(c->inst);
	}
	for (int i = 0; i < 2; i++)
		if (c->stop_pipe[i] >= 0)
			close(c->stop_pipe[i]);
	if (c->out)
		atomic_file_abort(c->out, c->out_tmp);
	free(c->raw_fd);
	free(c->cpu);
	free(c->page);
	free(c->output);
	free(c);
}

/* Whether pid is a live mimic (the recording may still be going on). */
static bool mimic_alive(int pid)
{
	char path[64], comm[32] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (!fgets(comm, sizeof(comm), f))
		comm[0] = '\0';
	fclose(f);
	return !strncmp(comm, "mimic", 5);
}

int capture_sweep(void)
{
	char path[PATH_MAX] = "";
	struct dirent *e;
	struct mntent *m;
	int failed = 0;
	FILE *mounts;
	DIR *d;

	/* Not mounted: nothing can be left in it (and nothing to mount). */
	mounts = setmntent("/proc/mounts", "r");
	while (mounts && !path[0] && (m = getmntent(mounts)))
		if (!strcmp(m->mnt_type, "tracefs"))
			snprintf(path, sizeof(path), "%s/instances", m->mnt_dir);
	if (mounts)
		endmntent(mounts);
	if (!path[0])
		return 0;
	d = opendir(path);
	while (d && (e = readdir(d))) {
		struct tracefs_instance *inst;
		int pid;
		char end;

		if (sscanf(e->d_name, "mimic-record-%d%c", &pid, &end) != 1 ||
		    mimic_alive(pid))
			continue;
		inst = tracefs_instance_alloc(NULL, e->d_name);
		if (inst && !tracefs_instance_destroy(inst)) {
			printf("mimic cleanup: removed the tracefs instance %s "
			       "(mimic %d is gone)\n", e->d_name, pid);
		} else {
			fprintf(stderr, "mimic cleanup: cannot remove %s/%s: "
				"%s\n", path, e->d_name, strerror(errno));
			failed = 1;
		}
		tracefs_instance_free(inst);
	}
	if (d)
		closedir(d);
	return failed;
}
