/*
 * run_set.c - the runs of a --repeat or --sweep set (run_set.h). Each run
 * is this binary again with the same options, --outdir set to the set's
 * directory so it makes run-001, run-002, ... there, and from the second
 * run on --calibration-ns with the first run's ns_per_loop.
 */
#define _GNU_SOURCE
#include "cli/run_set.h"

#include "lib/atomic_file.h"
#include "lib/diag.h"
#include "lib/safe_file.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* --NAME[=V] where getopt took NAME for an option of the set, not of a
 * run: how many argv entries it spans (1 or 2), else 0. */
static int run_set_own_option(const char *arg)
{
	static const char *const ours[] = { "repeat", "pause", "outdir",
					    "sweep", "until" };
	size_t len;

	if (strncmp(arg, "--", 2) || !arg[2])
		return 0;
	arg += 2;
	len = strcspn(arg, "=");
	for (size_t k = 0; k < sizeof(ours) / sizeof(ours[0]); k++)
		if (len <= strlen(ours[k]) && !strncmp(arg, ours[k], len))
			return arg[len] == '=' ? 1 : 2;
	return 0;
}

/* The stop signal forwarded to the current run, and whether one came. */
static volatile sig_atomic_t run_set_child, run_set_signal;

static void run_set_on_signal(int sig)
{
	run_set_signal = sig;
	if (run_set_child > 0)
		kill(run_set_child, sig);
}

static void run_set_signals(void)
{
	struct sigaction sa = { .sa_handler = run_set_on_signal };
	sigset_t stops;

	sigemptyset(&sa.sa_mask);
	sigemptyset(&stops);
	for (int s = 0; s < 4; s++) {
		int sig = (int[]){ SIGINT, SIGTERM, SIGHUP, SIGQUIT }[s];

		sigaction(sig, &sa, NULL);
		sigaddset(&stops, sig);
	}
	pthread_sigmask(SIG_UNBLOCK, &stops, NULL);
}

int run_set_stopped(void)
{
	return run_set_signal;
}

/* One run: the child in its own process group (so a terminal's ^C
 * reaches it once, forwarded); its exit status as a shell gives it. */
static int run_set_child_run(const char *kind, char **argv)
{
	pid_t parent = getpid(), pid = fork();
	int ws;

	if (pid < 0) {
		fprintf(stderr, "mimic: --%s: fork: %s\n", kind,
			strerror(errno));
		return MIMIC_EXIT_FAILURE;
	}
	if (!pid) {
		setpgid(0, 0);
		/* Not in the parent's group: a parent killed outright (no
		 * signal to forward) still stops the run. */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(MIMIC_EXIT_FAILURE);
		execv("/proc/self/exe", argv);
		fprintf(stderr, "mimic: --%s: cannot run /proc/self/exe: "
			"%s\n", kind, strerror(errno));
		_exit(MIMIC_EXIT_FAILURE);
	}
	run_set_child = pid;
	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR) {
			ws = MIMIC_EXIT_FAILURE << 8;
			break;
		}
	run_set_child = 0;
	return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
}

/* Sleeps s seconds unless a stop signal comes. */
static void run_set_pause(double s)
{
	struct timespec ts = { .tv_sec = (time_t)s,
			       .tv_nsec = (long)((s - floor(s)) * 1e9) };

	while (!run_set_signal && nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* The child's command line: argv without the set's options, then
 * --outdir dir and, from the second run, --calibration-ns (they win, as
 * later options do), then extra before the workload ("--" ends options:
 * extra goes before it). */
static char **run_set_argv(const struct run_set *s, char *const *extra,
			   int n_extra)
{
	char **v = calloc((size_t)s->argc + (size_t)n_extra + 5, sizeof(*v));
	int n = 0, k;

	if (!v)
		return NULL;
	v[n++] = s->argv[0];
	v[n++] = "--outdir";
	v[n++] = s->dir.path;
	if (s->runs) {
		v[n++] = "--calibration-ns";
		v[n++] = (char *)s->calibration;
	}
	for (k = 0; k < n_extra; k++)
		v[n++] = extra[k];
	for (k = 1; k < s->argc; k++) {
		int skip;

		if (!strcmp(s->argv[k], "--")) {
			while (k < s->argc)
				v[n++] = s->argv[k++];
			break;
		}
		skip = run_set_own_option(s->argv[k]);
		if (skip) {
			k += skip - 1;
			continue;
		}
		v[n++] = s->argv[k];
	}
	v[n] = NULL;
	return v;
}

static struct json_object *run_set_get(struct json_object *o, const char *k)
{
	struct json_object *v = NULL;

	if (o)
		json_object_object_get_ex(o, k, &v);
	return v;
}

/* The first run's ns_per_loop and its source, from its summary. */
static void run_set_calibration(struct run_set *s, struct json_object *sum)
{
	struct json_object *c = run_set_get(sum, "calibration");
	struct json_object *v = run_set_get(c, "ns_per_loop");
	const char *src = json_object_get_string(run_set_get(c, "source"));

	snprintf(s->calibration_source, sizeof(s->calibration_source), "%s",
		 src ? src : "");
	s->ns_per_loop = v ? json_object_get_double(v) : 0;
	snprintf(s->calibration, sizeof(s->calibration), "%.3f",
		 s->ns_per_loop);
}

int run_set_open(struct run_set *s, const char *root, const char *kind,
		 int argc, char **argv, double pause_s, bool quiet)
{
	*s = (struct run_set){ .kind = kind, .argc = argc, .argv = argv,
			       .pause_s = pause_s, .quiet = quiet };
	if (rundir_create(root, kind, &s->dir))
		return -1;
	run_set_signals();
	return 0;
}

void run_set_close(struct run_set *s)
{
	rundir_free(&s->dir);
}

int run_set_run(struct run_set *s, char *const *extra, int n_extra,
		const char *what, struct json_object **summary)
{
	char **v, *path = NULL;
	int status;

	*summary = NULL;
	if (s->runs)
		run_set_pause(s->pause_s);
	if (run_set_signal)
		return -1;
	v = run_set_argv(s, extra, n_extra);
	if (!v) {
		fprintf(stderr, "mimic: out of memory\n");
		return MIMIC_EXIT_FAILURE;
	}
	if (!s->quiet)
		fprintf(stderr, "[mimic] <notice> %s: %s/run-%03d\n", what,
			s->dir.path, s->runs + 1);
	status = run_set_child_run(s->kind, v);
	free(v);
	s->runs++;
	if (asprintf(&path, "%s/run-%03d/summary.json", s->dir.path,
		     s->runs) < 0)
		path = NULL;
	*summary = path ? json_object_from_file(path) : NULL;
	free(path);
	if (s->runs == 1 && *summary)
		run_set_calibration(s, *summary);
	return status;
}

bool run_set_fatal(const struct run_set *s, int status)
{
	return status == MIMIC_EXIT_BADINPUT || status > 128 ||
	       s->ns_per_loop <= 0;
}

int run_set_write(const struct run_set *s, const char *name, const char *text)
{
	char *path = NULL, tmp[4096];
	FILE *f = NULL;

	if (asprintf(&path, "%s/%s", s->dir.path, name) < 0) {
		path = NULL;
		errno = ENOMEM;
		goto fail;
	}
	f = atomic_file_open(path, tmp, sizeof(tmp));
	if (!f || fputs(text, f) < 0)
		goto fail;
	if (atomic_file_commit(f, tmp, path)) {
		f = NULL;
		goto fail;
	}
	free(path);
	return 0;
fail:
	fprintf(stderr, "mimic: cannot write %s/%s: %s\n", s->dir.path, name,
		path ? safe_file_strerror(path, errno) : strerror(errno));
	if (f)
		atomic_file_abort(f, tmp);
	free(path);
	return -1;
}

int run_set_write_json(const struct run_set *s, const char *name,
		       struct json_object *o)
{
	char *text;
	int rc;

	if (asprintf(&text, "%s\n", json_object_to_json_string_ext(o,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE)) < 0) {
		fprintf(stderr, "mimic: cannot write %s/%s: %s\n",
			s->dir.path, name, strerror(ENOMEM));
		return -1;
	}
	rc = run_set_write(s, name, text);
	free(text);
	return rc;
}

struct json_object *run_set_json_run(int run, int status)
{
	struct json_object *o = json_object_new_object();
	char id[32];

	snprintf(id, sizeof(id), "run-%03d", run);
	json_object_object_add(o, "id", json_object_new_string(id));
	json_object_object_add(o, "exit_status", status < 0 ? NULL :
			       json_object_new_int(status));
	return o;
}
