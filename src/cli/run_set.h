/*
 * run_set.h - the runs of a set (--repeat, --sweep): each run is this
 * binary again (/proc/self/exe), a child with the set's command line, in
 * its own run directory of a new ROOT/<kind>-NNN; the first run's
 * calibration is handed to the others; its summary.json is read back.
 * The engine runs once per process, so a run is a process, not a loop.
 */
#ifndef MIMIC_RUN_SET_H
#define MIMIC_RUN_SET_H

#include "cli/rundir.h"

#include <stdbool.h>

struct json_object;

/* The root when neither --outdir nor global.outdir gives one. */
#define RUN_SET_ROOT "mimic-runs"

struct run_set {
	struct rundir dir;        /* ROOT/<kind>-NNN */
	const char *kind;         /* "repeat", "sweep": for messages */
	int argc;
	char **argv;              /* mimic's own command line */
	double pause_s;           /* between two runs */
	bool quiet;               /* no notice per run */
	int runs;                 /* started so far */
	double ns_per_loop;       /* the first run's calibration, 0 before */
	char calibration[64];     /* the same, as --calibration-ns takes it */
	char calibration_source[32]; /* how the first run got it */
};

/* Makes root/<kind>-NNN and takes the stop signals (forwarded to the
 * current run); 0, or -1 after printing why. */
int run_set_open(struct run_set *s, const char *root, const char *kind,
		 int argc, char **argv, double pause_s, bool quiet);
void run_set_close(struct run_set *s);

/*
 * The next run, s->runs + 1, into run-NNN of the set, after the pause
 * (from the second run on), with extra arguments after the command line
 * (--set NAME=VALUE) and --calibration-ns from the first run; what says
 * which run it is in the notice. Returns its exit status as a shell
 * gives it, or -1 when a stop signal came first (nothing run); *summary
 * is its summary.json (json_object_put it), or NULL.
 */
int run_set_run(struct run_set *s, char *const *extra, int n_extra,
		const char *what, struct json_object **summary);

/* Whether a run's status ends the set: bad input (2), killed by a
 * signal, or no calibration to hand on after the first run. */
bool run_set_fatal(const struct run_set *s, int status);

/* The stop signal that came (0: none). */
int run_set_stopped(void);

/* Writes text whole (or not at all) as <set>/name; 0, or -1 after
 * printing why. */
int run_set_write(const struct run_set *s, const char *name, const char *text);
/* The same for a JSON object: pretty, with a newline at the end. */
int run_set_write_json(const struct run_set *s, const char *name,
		       struct json_object *o);

/* A run's entry in the set's JSON: {"id": "run-NNN", "exit_status": status}
 * (null when status < 0: not run). */
struct json_object *run_set_json_run(int run, int status);

#endif
