/*
 * record_cmd.c - `mimic record [-o FILE] [-D S] [-b KB] -- CMD [ARGS]...`
 * and `mimic record -p PID`: starts the command held at a gate, points
 * the capture at it (so its first instruction is recorded), lets it go,
 * and stops at its exit, at --duration, or at a stop signal.
 */
#define _GNU_SOURCE
#include "trace/record_cmd.h"

#include "lib/diag.h"
#include "trace/task_attrs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RECORD_MAX_PIDS 4096

struct record_cli {
	const char *output;
	double duration_s;      /* 0: until the end */
	unsigned buffer_kb;
	pid_t pid;              /* -p PID, or 0 */
	char **cmd;             /* after "--", or NULL */
	bool quiet;
};

static void record_usage(FILE *out)
{
	fprintf(out,
		"Usage: mimic record [OPTION]... [--] CMD [ARG]...\n"
		"       mimic record [OPTION]... -p PID\n"
		"Record a command's (or a running process's) scheduling, "
		"wake-ups, forks\n"
		"and system calls, its process tree filtered in the kernel, "
		"into a trace.dat\n"
		"that trace-cmd report and KernelShark open (doc/record.md).\n"
		"\n"
		"  -o, --output FILE    write FILE (default trace.dat)\n"
		"  -p, --pid PID        record the running process PID, its "
		"threads and\n"
		"                       descendants\n"
		"  -D, --duration S     stop after S seconds (the command "
		"then gets SIGTERM)\n"
		"  -b, --buffer-kb KB   kernel buffer per CPU (default %d)\n"
		"  -q, --quiet          no start and end lines\n"
		"  -h, --help           this help\n"
		"\n"
		"Needs root (tracefs). Exit status: 0 recorded, 1 recording "
		"failed,\n"
		"2 bad usage (the command's own status is printed, not "
		"returned).\n",
		CAPTURE_DEFAULT_BUFFER_KB);
}

static int record_bad(const char *fmt, const char *arg)
{
	fprintf(stderr, "mimic record: ");
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'mimic record --help'.\n", stderr);
	return -1;
}

static int record_parse(int argc, char **argv, struct record_cli *rc)
{
	static const struct option longs[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "pid", required_argument, NULL, 'p' },
		{ "duration", required_argument, NULL, 'D' },
		{ "buffer-kb", required_argument, NULL, 'b' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char *end;
	long n;
	int opt;

	rc->output = "trace.dat";
	optind = 1;
	/* "+": the command's own options are not ours. */
	while ((opt = getopt_long(argc, argv, "+o:p:D:b:qh", longs, NULL)) !=
	       -1) {
		switch (opt) {
		case 'o': rc->output = optarg; break;
		case 'q': rc->quiet = true; break;
		case 'p':
			errno = 0;
			n = strtol(optarg, &end, 10);
			if (*end || end == optarg || errno || n < 1 ||
			    n > INT32_MAX)
				return record_bad("-p: not a process id: %s",
						  optarg);
			rc->pid = (pid_t)n;
			break;
		case 'D':
			rc->duration_s = strtod(optarg, &end);
			if (*end || end == optarg || !isfinite(rc->duration_s) ||
			    rc->duration_s <= 0 || rc->duration_s > 1e7)
				return record_bad("--duration: not a number "
						  "of seconds > 0: %s", optarg);
			break;
		case 'b':
			errno = 0;
			n = strtol(optarg, &end, 10);
			if (*end || end == optarg || errno || n < 64 ||
			    n > 16 * 1024 * 1024)
				return record_bad("--buffer-kb: not a size "
						  "from 64 to 16777216 KiB: %s",
						  optarg);
			rc->buffer_kb = (unsigned)n;
			break;
		case 'h': record_usage(stdout); exit(MIMIC_EXIT_OK);
		default:
			fputs("Try 'mimic record --help'.\n", stderr);
			return -1;
		}
	}
	if (optind < argc)
		rc->cmd = argv + optind;
	if (!rc->cmd == !rc->pid)
		return record_bad("%s", rc->pid ? "-p PID or a command, not "
					  "both" : "no command to record "
					  "(mimic record -- CMD [ARG]...)");
	if (rc->pid && kill(rc->pid, 0) && errno == ESRCH)
		return record_bad("-p: no process %s", argv[optind - 1]);
	return 0;
}

/* Appends proc's threads other than proc itself. */
static int record_add_threads(pid_t proc, pid_t *pids, int n)
{
	char dir[64];
	struct dirent *e;
	DIR *d;

	snprintf(dir, sizeof(dir), "/proc/%d/task", (int)proc);
	d = opendir(dir);
	while (d && (e = readdir(d)) && n < RECORD_MAX_PIDS) {
		pid_t tid = (pid_t)atoi(e->d_name);

		if (tid > 0 && tid != proc)
			pids[n++] = tid;
	}
	if (d)
		closedir(d);
	return n;
}

/* A process's parent, from /proc/N/stat (after the comm's last ')'). */
static pid_t record_parent(pid_t proc)
{
	char path[64], line[1024], *paren;
	int ppid = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)proc);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fgets(line, sizeof(line), f) && (paren = strrchr(line, ')')) &&
	    sscanf(paren + 1, " %*c %d", &ppid) != 1)
		ppid = 0;
	fclose(f);
	return (pid_t)ppid;
}

/*
 * -p PID: PID first, the processes descended from it now, then every
 * thread of them all; what they fork later follows in the kernel
 * (event-fork). A process forked during this scan may be missed.
 */
static int record_tree(pid_t pid, pid_t *pids)
{
	pid_t *procs = malloc(RECORD_MAX_PIDS * sizeof(*procs));
	int n_procs = 1, n;
	struct dirent *e;
	DIR *d;

	if (!procs) {
		pids[0] = pid;
		return 1;
	}
	procs[0] = pid;
	/* Until a scan finds no new child: a grandchild may be listed
	 * before its parent is known to be in the tree. */
	for (int found = 1; found;) {
		found = 0;
		d = opendir("/proc");
		while (d && (e = readdir(d)) && n_procs < RECORD_MAX_PIDS) {
			pid_t p = (pid_t)atoi(e->d_name), parent;
			bool known = false;

			if (p <= 0)
				continue;
			for (int i = 0; i < n_procs && !known; i++)
				known = procs[i] == p;
			if (known)
				continue;
			parent = record_parent(p);
			for (int i = 0; i < n_procs && !known; i++)
				known = procs[i] == parent;
			if (known) {
				procs[n_procs++] = p;
				found = 1;
			}
		}
		if (d)
			closedir(d);
	}
	memcpy(pids, procs, n_procs * sizeof(*pids));
	n = n_procs;
	for (int i = 0; i < n_procs; i++)
		n = record_add_threads(procs[i], pids, n);
	free(procs);
	return n;
}

/*
 * Forks the command, held until *gate is written; the exec's failure
 * comes back through *exec_err (closed on exec). -1 with why.
 */
static pid_t record_spawn(char **cmd, const sigset_t *orig, int *gate,
			  int *exec_err)
{
	int g[2], e[2];
	pid_t pid;

	if (pipe2(g, O_CLOEXEC))
		return -1;
	if (pipe2(e, O_CLOEXEC)) {
		close(g[0]);
		close(g[1]);
		return -1;
	}
	pid = fork();
	if (!pid) {
		char go;
		int err;

		close(g[1]);
		close(e[0]);
		sigprocmask(SIG_SETMASK, orig, NULL);
		if (read(g[0], &go, 1) != 1)
			_exit(127); /* the recording did not start */
		execvp(cmd[0], cmd);
		err = errno;
		if (write(e[1], &err, sizeof(err)) < 0)
			_exit(127);
		_exit(127);
	}
	close(g[0]);
	close(e[1]);
	if (pid < 0) {
		close(g[1]);
		close(e[0]);
		return -1;
	}
	*gate = g[1];
	*exec_err = e[0];
	return pid;
}

/*
 * The recording's first line, for whoever reads it later (mimic model's
 * default tree): "mimic_record: root_pid=N argv=CMD ARG..." or, for -p,
 * "mimic_record: root_pid=N comm=NAME".
 */
static void record_mark(struct capture *c, const struct record_cli *rc,
			pid_t root)
{
	char text[1024], comm[64] = "", path[64];
	size_t at;
	FILE *f;

	at = (size_t)snprintf(text, sizeof(text), "mimic_record: root_pid=%d ",
			      (int)root);
	if (rc->cmd) {
		at += (size_t)snprintf(text + at, sizeof(text) - at, "argv=");
		for (int i = 0; rc->cmd[i] && at < sizeof(text) - 1; i++)
			at += (size_t)snprintf(text + at, sizeof(text) - at,
					       "%s%s", i ? " " : "",
					       rc->cmd[i]);
	} else {
		snprintf(path, sizeof(path), "/proc/%d/comm", (int)root);
		f = fopen(path, "r");
		if (f) {
			if (fgets(comm, sizeof(comm), f))
				comm[strcspn(comm, "\n")] = '\0';
			fclose(f);
		}
		snprintf(text + at, sizeof(text) - at, "comm=%s", comm);
	}
	capture_mark(c, text);
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * Waits for the end: the command's exit (*status set), PID's end,
 * --duration, or a stop signal. A first stop signal goes on to the
 * command, which decides; a second one ends the recording.
 */
static void record_wait(const struct record_cli *rc, pid_t child,
			const sigset_t *waitset, int *status, bool *exited,
			struct capture *c, struct task_attrs *attrs)
{
	double end = rc->duration_s > 0 ? now_s() + rc->duration_s : 0;
	int stops = 0;

	for (;;) {
		double left = end ? end - now_s() : 0.1;
		struct timespec ts;
		int sig;

		if (end && left <= 0)
			return;
		/* -p: whether PID is still there; both: policy changes. */
		if (left > 0.1)
			left = 0.1;
		task_attrs_sample(attrs, c, child ? child : rc->pid);
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(left * 1e9);
		sig = sigtimedwait(waitset, NULL, &ts);
		if (child && waitpid(child, status, WNOHANG) == child) {
			*exited = true;
			return;
		}
		if (!child && kill(rc->pid, 0) && errno == ESRCH)
			return;
		if (sig > 0 && sig != SIGCHLD) {
			if (!child || ++stops > 1)
				return;
			kill(child, sig);
		}
	}
}

void record_print_report(const char *output, const struct capture_report *r)
{
	fprintf(stderr, "mimic: recorded %llu events on %d CPUs into %s "
		"(%.1f KiB)\n", r->events, r->n_cpus, output,
		r->bytes / 1024.0);
	if (r->lost)
		fprintf(stderr, "mimic: warning: %llu events were lost (the "
			"kernel buffer was full): a larger --buffer-kb keeps "
			"them\n", r->lost);
}

static void record_print_status(const char *cmd, int status)
{
	if (WIFEXITED(status) && WEXITSTATUS(status))
		fprintf(stderr, "mimic: %s exited with status %d\n", cmd,
			WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		fprintf(stderr, "mimic: %s was killed by signal %d (%s)\n", cmd,
			WTERMSIG(status), strsignal(WTERMSIG(status)));
}

int record_main(int argc, char **argv)
{
	struct record_cli rc = { 0 };
	struct capture_report rep;
	struct capture *c = NULL;
	struct task_attrs *attrs = NULL;
	sigset_t waitset, orig;
	pid_t *pids = NULL, child = 0;
	int n_pids = 1, gate = -1, exec_err = -1, status = 0, err_no = 0;
	int ret = MIMIC_EXIT_FAILURE;
	bool exited = false;
	char err[512];

	if (record_parse(argc, argv, &rc))
		return MIMIC_EXIT_BADINPUT;
	if (!capture_supported(err, sizeof(err))) {
		fprintf(stderr, "mimic record: %s\n", err);
		return MIMIC_EXIT_FAILURE;
	}
	c = capture_new(rc.output, rc.buffer_kb, err, sizeof(err));
	if (!c) {
		fprintf(stderr, "mimic record: -o: %s\n", err);
		return MIMIC_EXIT_BADINPUT;
	}
	pids = malloc(RECORD_MAX_PIDS * sizeof(*pids));
	if (!pids)
		goto out;
	sigemptyset(&waitset);
	sigaddset(&waitset, SIGCHLD);
	sigaddset(&waitset, SIGINT);
	sigaddset(&waitset, SIGTERM);
	sigaddset(&waitset, SIGHUP);
	sigaddset(&waitset, SIGQUIT);
	sigprocmask(SIG_BLOCK, &waitset, &orig);
	if (rc.cmd) {
		child = record_spawn(rc.cmd, &orig, &gate, &exec_err);
		if (child < 0) {
			fprintf(stderr, "mimic record: cannot start %s: %s\n",
				rc.cmd[0], strerror(errno));
			goto out;
		}
		pids[0] = child;
	} else {
		n_pids = record_tree(rc.pid, pids);
	}
	if (capture_start(c, pids, n_pids, err, sizeof(err))) {
		fprintf(stderr, "mimic record: %s\n", err);
		goto out;
	}
	record_mark(c, &rc, pids[0]);
	attrs = task_attrs_new();
	task_attrs_sample(attrs, c, pids[0]);
	if (!rc.quiet)
		fprintf(stderr, "mimic: recording pid %d (%s) into %s\n",
			(int)pids[0], rc.cmd ? rc.cmd[0] : "running process",
			rc.output);
	if (child) {
		if (write(gate, "g", 1) != 1 ||
		    read(exec_err, &err_no, sizeof(err_no)) > 0) {
			fprintf(stderr, "mimic record: cannot run %s: %s\n",
				rc.cmd[0], strerror(err_no ? err_no : errno));
			ret = MIMIC_EXIT_BADINPUT;
			goto out;
		}
	}
	record_wait(&rc, child, &waitset, &status, &exited, c, attrs);
	if (!exited)
		task_attrs_sample(attrs, c, child ? child : rc.pid);
	if (child && !exited)
		kill(child, SIGTERM); /* --duration, or a second signal */
	if (capture_stop(c, &rep, err, sizeof(err))) {
		fprintf(stderr, "mimic record: %s\n", err);
		goto out;
	}
	if (!rc.quiet)
		record_print_report(rc.output, &rep);
	ret = MIMIC_EXIT_OK;
out:
	task_attrs_free(attrs);
	capture_free(c);
	if (child > 0 && !exited) {
		if (ret != MIMIC_EXIT_OK)
			kill(child, SIGKILL); /* it never ran: nothing to say */
		exited = waitpid(child, &status, 0) == child &&
			 ret == MIMIC_EXIT_OK;
	}
	if (exited && !rc.quiet)
		record_print_status(rc.cmd[0], status);
	if (gate >= 0)
		close(gate);
	if (exec_err >= 0)
		close(exec_err);
	free(pids);
	return ret;
}
