/*
 * main.c - mimic's command line: find the workload, parse and check it,
 * calibrate, run, hand the run result to the reports. The only place that
 * turns problems into exit statuses.
 */
#define _GNU_SOURCE
#include "config.h"

#include "cli/list.h"
#include "cli/repeat.h"
#include "cli/rundir.h"
#include "cli/run_set.h"
#include "cli/rtapp_cli.h"
#include "cli/search.h"
#include "cli/sweep.h"
#include "lib/arena.h"
#include "lib/notice.h"
#include "lib/safe_file.h"
#include "lib/sha256.h"
#include "report/compare.h"
#include "lib/diag.h"
#include "lib/rng.h"
#include "report/dump.h"
#include "engine/engine.h"
#include "parse/dupkeys.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "engine/before_start.h"
#include "engine/taskgroup.h"
#include "report/summary_json.h"
#include "parse/template.h"
#include "parse/wiring.h"
#include "engine/calibration.h"
#include "record/result.h"
#include "record/trace_ring.h"
#include "report/gnuplot.h"
#include "report/report.h"
#include "report/run_meta.h"
#include "report/rtapp_mode.h"
#include "report/trace_json.h"
#include "trace/capture.h"
#include "trace/model_cmd.h"
#include "trace/record_cmd.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct cli {
	bool check, dump, quiet, list_keys, allow_missing, no_progress;
	bool strict;
	bool allow_unthrottled, allow_overcommit, recalibrate;
	bool io_device_overwrite;
	bool tool_output;         /* --tool-output: quiet but the tool's lines */
	const char *outdir;       /* --outdir ROOT */
	int repeat;               /* --repeat N; 0: one run */
	double pause_s;           /* --pause S between repeated runs */
	struct sweep sweep;       /* --sweep NAME=LIST..., --until */
	double calibration_ns;    /* --calibration-ns NS; 0: none */
	bool summary_table;       /* rt-app mode: --summary without FILE */
	bool keep_duplicate_keys;
	enum calibration_policy calibration; /* --calibration WORD */
	bool calibration_set;     /* --calibration given */
	const char *duration;
	double interval_s;        /* --interval S; 0: not given */
	long long break_us;       /* --break-us N; 0: not given */
	const char *summary;      /* --summary FILE */
	const char *logdir;
	const char *trace_json;   /* --trace-json FILE */
	const char *record;       /* --record FILE (trace.dat) */
	struct capture *capture;  /* its recording, once checked */
	unsigned long long trace_slices;
	int log_level;
	const char *file;
	const struct workload *w; /* once parsed, for print_start_lines */
	char *sets[64];           /* --set NAME=VALUE */
	int n_sets;
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: mimic [OPTION]... FILE.json|-|WORKLOAD\n"
		"       mimic compare [--threshold P] [--min-us U] [--metric M]"
		" BASE.json NEW.json\n"
		"       mimic calibrate [--cpu N]\n"
		"       mimic cleanup\n"
		"       mimic record [-o FILE] [-D S] -- CMD [ARG]... | -p PID\n"
		"       mimic model [-o MODEL.json] [-p PID] [-c COMM] TRACE\n"
		"       mimic list\n"
		"       mimic show NAME\n"
		"Run the threads a JSON workload describes (rt-app's grammar).\n"
		"\n"
		"  -c, --check          parse and validate only\n"
		"      --dump           print the normalised model as JSON\n"
		"  -D, --duration S     run for S seconds (overrides global.duration)\n"
		"  -L, --logdir DIR     write logs in DIR (overrides global.logdir)\n"
		"  -q, --quiet          no summary, notices or warnings\n"
		"      --strict         the wiring checks' warnings are errors\n"
		"      --tool-output    print only the real tool's lines (global\n"
		"                       report, print_start, print_end): -q else\n"
		"      --outdir ROOT    put the run's files in a new ROOT/run-NNN\n"
		"                       with a run.json (overrides global.outdir)\n"
		"      --repeat N       run N times, each in its own run directory\n"
		"                       of a new ROOT/repeat-NNN (ROOT: --outdir,\n"
		"                       else ./mimic-runs); print min/median/max\n"
		"      --pause S        seconds between repeated runs (default 1)\n"
		"      --sweep NAME=LIST  run once per value of parameter NAME\n"
		"                       (LIST: v1,v2,... or a..b[:step]; repeat\n"
		"                       for a grid) in a new ROOT/sweep-NNN; one\n"
		"                       row of metrics per point (doc: sweeps.md)\n"
		"      --until 'METRIC>N'  stop the sweep at the first point\n"
		"                       where it holds (also <, >=, <=)\n"
		"      --calibration-ns NS  use NS ns per work loop (as\n"
		"                       global.calibration)\n"
		"      --summary FILE   write a JSON summary of the run to FILE\n"
		"                       (- for standard output)\n"
		"      --no-progress    no progress line, even on a terminal\n"
		"      --interval S     every S seconds, print each task's loops\n"
		"                       and wake-up latency p50/p99/max since\n"
		"                       time zero (overrides global.interval)\n"
		"      --break-us N     stop the run and tracing at the first\n"
		"                       wake-up later than N us, name the thread\n"
		"                       (overrides global.break_us)\n"
		"      --set NAME=VALUE set a parameter of the workload's \"params\"\n"
		"      --allow-missing  run without kernel features that are absent\n"
		"                       (uclamp), with a warning, instead of failing\n"
		"      --allow-unthrottled  run real-time tasks although the\n"
		"                       kernel's RT throttling is off\n"
		"      --allow-overcommit  run although the memory the workload\n"
		"                       needs is more than this machine has\n"
		"      --io-device-overwrite  let iorun write a non-empty file or\n"
		"                       a block device named by global.io_device\n"
		"  -l, --log N          rt-app's log level: 10 errors only, 50 notices\n"
		"                       (default), 75 info, 100 debug\n"
		"      --trace-json FILE  write the run's timeline to FILE (Chrome\n"
		"                       Trace Event JSON, for Perfetto UI)\n"
		"      --record FILE    record the run's scheduling, wake-ups\n"
		"                       and system calls into FILE, a trace.dat\n"
		"                       (needs root; doc/record.md)\n"
		"      --trace-slices N keep the last N slices per thread for\n"
		"                       --trace-json (default 100000)\n"
		"      --calibration measured  ignore global.calibration's number:\n"
		"                       use the stored or measured value\n"
		"      --recalibrate    measure the work loop although mimic\n"
		"                       calibrate stored a value for this machine\n"
		"      --keep-duplicate-keys  run every member of a repeated\n"
		"                       key (rt-app keeps the last value only)\n"
		"      --list-keys      list every JSON key mimic knows\n"
		"      --rt-app         run as rt-app (as if named rt-app; see\n"
		"                       mimic(1), RT-APP MODE)\n"
		"  -h, --help           this help\n"
		"  -v, --version        the version\n"
		"\n"
		"mimic compare compares two --summary files (mimic compare --help).\n"
		"mimic calibrate measures the work loop on CPU N and stores it for\n"
		"later runs of this machine and kernel.\n"
		"mimic cleanup removes the taskgroups a killed run left behind.\n"
		"mimic record records a command into a trace.dat (mimic record\n"
		"--help).\n"
		"mimic model infers a workload from such a recording (mimic "
		"model\n--help).\n"
		"mimic list lists the canned workloads; mimic show NAME prints\n"
		"one's description, params and the real tool's command line.\n"
		"FILE \"-\" reads standard input. A WORKLOAD name without a path runs\n"
		"a canned workload (see mimic(1) for where they are looked up).\n"
		"Exit status: 0 done, 1 failure while running, 2 bad input or usage.\n");
}

/* After a usage error's one line: where the whole usage is (rt-app
 * mode: rt-app's usage, on standard output). */
static void usage_hint(void)
{
	if (notice_rtapp())
		rtapp_cli_usage();
	else
		fputs("Try 'mimic --help'.\n", stderr);
}

static int parse_cli(int argc, char **argv, struct cli *c)
{
	static struct option longs[] = {
		{ "summary", required_argument, NULL, 'S' }, /* first: below */
		{ "rt-app", no_argument, NULL, 'A' },
		{ "check", no_argument, NULL, 'c' },
		{ "dump", no_argument, NULL, 'd' },
		{ "duration", required_argument, NULL, 'D' },
		{ "logdir", required_argument, NULL, 'L' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "log", required_argument, NULL, 'l' },
		{ "list-keys", no_argument, NULL, 'K' },
		{ "allow-missing", no_argument, NULL, 'M' },
		{ "allow-unthrottled", no_argument, NULL, 'U' },
		{ "allow-overcommit", no_argument, NULL, 'O' },
		{ "io-device-overwrite", no_argument, NULL, 'W' },
		{ "set", required_argument, NULL, 's' },
		{ "trace-json", required_argument, NULL, 'T' },
		{ "trace-slices", required_argument, NULL, 'N' },
		{ "record", required_argument, NULL, 'Y' },
		{ "no-progress", no_argument, NULL, 'P' },
		{ "interval", required_argument, NULL, 'I' },
		{ "break-us", required_argument, NULL, 'b' },
		{ "recalibrate", no_argument, NULL, 'R' },
		{ "strict", no_argument, NULL, 'X' },
		{ "tool-output", no_argument, NULL, 'Q' },
		{ "outdir", required_argument, NULL, 'o' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "pause", required_argument, NULL, 'p' },
		{ "sweep", required_argument, NULL, 'w' },
		{ "until", required_argument, NULL, 'u' },
		{ "calibration-ns", required_argument, NULL, 'C' },
		{ "keep-duplicate-keys", no_argument, NULL, 'k' },
		{ "calibration", required_argument, NULL, 'B' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;
	char *end;

	c->log_level = 50;
	c->pause_s = 1;
	/* rt-app mode: --summary alone asks for the table, --summary=FILE
	 * for the JSON file. */
	if (notice_rtapp())
		longs[0].has_arg = optional_argument;
	while ((opt = getopt_long(argc, argv, "cD:L:ql:hv", longs, NULL)) != -1) {
		switch (opt) {
		case 'c': c->check = true; break;
		case 'd': c->dump = true; break;
		case 'D': c->duration = optarg; break;
		case 'L': c->logdir = optarg; break;
		case 'q': c->quiet = true; break;
		case 'K': c->list_keys = true; break;
		case 'M': c->allow_missing = true; break;
		case 'T': c->trace_json = optarg; break;
		case 'Y': c->record = optarg; break;
		case 'N':
			errno = 0;
			c->trace_slices = strtoull(optarg, &end, 10);
			if (*end || end == optarg || errno || *optarg == '-' ||
			    !c->trace_slices || c->trace_slices > (1ull << 32)) {
				fprintf(stderr, "mimic: --trace-slices: not a "
					"number from 1 to 2^32: %s\n", optarg);
				return -1;
			}
			break;
		case 'S':
			c->summary = optarg;
			c->summary_table = !optarg;
			break;
		case 'A': break; /* rtapp_cli_detect() saw it */
		case 'P': c->no_progress = true; break;
		case 'I':
			c->interval_s = strtod(optarg, &end);
			if (*end || end == optarg || !isfinite(c->interval_s) ||
			    c->interval_s < WORKLOAD_MIN_INTERVAL_S ||
			    c->interval_s > WORKLOAD_MAX_DURATION_S) {
				fprintf(stderr, "mimic: --interval: expected "
					"seconds from %g to %.0f: %s\n",
					WORKLOAD_MIN_INTERVAL_S,
					WORKLOAD_MAX_DURATION_S, optarg);
				return -1;
			}
			break;
		case 'b':
			errno = 0;
			c->break_us = strtoll(optarg, &end, 10);
			if (*end || end == optarg || errno || c->break_us < 1 ||
			    c->break_us > WORKLOAD_MAX_BREAK_US) {
				fprintf(stderr, "mimic: --break-us: expected "
					"an integer of us from 1 to %lld: %s\n",
					(long long)WORKLOAD_MAX_BREAK_US, optarg);
				return -1;
			}
			break;
		case 'R': c->recalibrate = true; break;
		case 'X': c->strict = true; break;
		case 'Q': c->tool_output = c->quiet = true; break;
		case 'o': c->outdir = optarg; break;
		case 'r':
		case 'p':
		case 'C':
			if (repeat_parse_option(opt, optarg, &c->repeat,
						&c->pause_s, &c->calibration_ns))
				return -1;
			break;
		case 'w':
			if (sweep_parse_option(&c->sweep, optarg))
				return -1;
			break;
		case 'u':
			if (sweep_parse_until(&c->sweep, optarg))
				return -1;
			break;
		case 'k': c->keep_duplicate_keys = true; break;
		case 'B':
			if (calibration_policy_parse(optarg) < 0) {
				fprintf(stderr, "mimic: --calibration: expected "
					"\"file\" or \"measured\": %s\n", optarg);
				return -1;
			}
			c->calibration = calibration_policy_parse(optarg);
			c->calibration_set = true;
			break;
		case 'U': c->allow_unthrottled = true; break;
		case 'O': c->allow_overcommit = true; break;
		case 'W': c->io_device_overwrite = true; break;
		case 's':
			if (c->n_sets == 64) {
				fprintf(stderr, "mimic: at most 64 --set\n");
				return -1;
			}
			c->sets[c->n_sets++] = optarg;
			break;
		case 'l':
			c->log_level = (int)strtol(optarg, &end, 10);
			if (*end || end == optarg) {
				if (!notice_rtapp()) /* rt-app: usage only */
					fprintf(stderr, "mimic: --log: not a "
						"number: %s\n", optarg);
				usage_hint();
				return -1;
			}
			break;
		case 'h':
			if (notice_rtapp())
				rtapp_cli_help();
			else
				usage(stdout);
			exit(MIMIC_EXIT_OK);
		case 'v':
			if (notice_rtapp())
				rtapp_cli_version();
			else
				printf("mimic %s\n", PACKAGE_VERSION);
			exit(MIMIC_EXIT_OK);
		default: usage_hint(); return -1;
		}
	}
	if (c->list_keys)
		return 0;
	if (c->sweep.until && !c->sweep.n) {
		fprintf(stderr, "mimic: --until stops a sweep: it needs "
			"--sweep\n");
		usage_hint();
		return -1;
	}
	if ((c->repeat || c->sweep.n) && (c->summary || c->logdir)) {
		fprintf(stderr, "mimic: --%s and --%s: each run writes its "
			"logs and summary.json in its run directory\n",
			c->sweep.n ? "sweep" : "repeat",
			c->summary ? "summary" : "logdir");
		usage_hint();
		return -1;
	}
	if ((c->repeat || c->sweep.n) && c->record) {
		fprintf(stderr, "mimic: --%s and --record: record one run "
			"at a time\n", c->sweep.n ? "sweep" : "repeat");
		usage_hint();
		return -1;
	}
	if (c->outdir && c->logdir) {
		fprintf(stderr, "mimic: --outdir and --logdir: one or the "
			"other (the logs go in the run directory)\n");
		usage_hint();
		return -1;
	}
	if (optind != argc - 1) {
		if (!notice_rtapp())
			fprintf(stderr, "mimic: %s\n",
				optind < argc ? "one workload file at a time"
					      : "no workload file given");
		usage_hint();
		return -1;
	}
	c->file = argv[optind];
	if ((c->repeat || c->sweep.n) && !strcmp(c->file, "-")) {
		fprintf(stderr, "mimic: --%s: the workload is read once per "
			"run: give a file, not -\n",
			c->sweep.n ? "sweep" : "repeat");
		usage_hint();
		return -1;
	}
	return 0;
}

/* --set seed=N (the last wins), else global.seed, else a random one. */
static int apply_seed(struct workload *w, const struct cli *c,
		      struct diag *d)
{
	for (int k = 0; k < c->n_sets; k++) {
		const char *v = c->sets[k] + 5;
		char *end;

		if (strncmp(c->sets[k], "seed=", 5))
			continue;
		errno = 0;
		w->g.seed = strtoull(v, &end, 10);
		if (*end || end == v || *v == '-' || *v == '+' || errno ||
		    w->g.seed > INT64_MAX) {
			diag_error(d, 0, 0, "--set",
				   "%s: seed needs an integer 0 .. %lld",
				   c->sets[k], (long long)INT64_MAX);
			return 1;
		}
		w->g.seed_given = true;
	}
	if (!w->g.seed_given)
		w->g.seed = rng_random_seed();
	return 0;
}

static int apply_overrides(struct workload *w, const struct cli *c,
			   struct diag *d)
{
	if (c->duration) {
		char *end;
		double s = strtod(c->duration, &end);

		if (*end || end == c->duration || !isfinite(s)) {
			diag_error(d, 0, 0, "--duration",
				   "not a number of seconds: %s", c->duration);
			return 1;
		}
		if (s > WORKLOAD_MAX_DURATION_S) {
			diag_error(d, 0, 0, "--duration",
				   "too long: %s s (at most %.0f s)",
				   c->duration, WORKLOAD_MAX_DURATION_S);
			return 1;
		}
		w->g.duration_s = s;
	}
	if (c->calibration_ns > 0)
		w->g.calibration_ns = c->calibration_ns;
	if (c->interval_s > 0)
		w->g.interval_s = c->interval_s;
	if (c->break_us > 0)
		w->g.break_us = c->break_us;
	if (c->logdir) {
		w->g.logdir = c->logdir;
		w->g.at_logdir = (struct src_pos){ 0, 0 }; /* not from the file */
	}
	w->g.io_device_overwrite = c->io_device_overwrite;
	if (apply_seed(w, c, d))
		return 1;
	if (c->summary) {
		char err[512];

		if (summary_json_check(c->summary, err, sizeof(err))) {
			diag_error(d, 0, 0, "--summary", "%s", err);
			return 1;
		}
	}
	return 0;
}

/* engine_options.before_start: the workload's print_start lines, and
 * in rt-app mode rt-app's notices of the threads' start. */
static void print_start_lines(void *arg)
{
	const struct cli *c = arg;
	const struct globals *g = &c->w->g;

	if (notice_rtapp())
		rtapp_mode_start_notices(c->w, c->log_level);
	report_lines(g->print_start, g->n_print_start, 0);
}

/* Stop signals so far; the end of the run counts as the first. */
static volatile sig_atomic_t main_signals;

/* While the reports are written: the third stop signal exits at once
 * (report files are written whole or not at all). */
static void main_stop_handler(int sig)
{
	if (++main_signals >= 3)
		_exit(128 + sig);
}

/* The stop signals, blocked while the engine runs (it takes them with
 * sigtimedwait), counted by main_stop_handler while reporting. */
static void main_stop_signals(sigset_t *stops)
{
	sigemptyset(stops);
	sigaddset(stops, SIGINT);
	sigaddset(stops, SIGTERM);
	sigaddset(stops, SIGHUP);
	sigaddset(stops, SIGQUIT);
}

/* Every report of a run that reached time zero; true if one failed. */
static bool run_reports(const struct run_result *r, const struct cli *c)
{
	const struct globals *g = &r->w->g;
	bool failed = false;

	if (c->trace_json && trace_json_write(r, c->trace_json))
		failed = true;
	if (g->gnuplot && g->log_mode == LOG_FILE && gnuplot_write(r))
		failed = true;
	if (notice_rtapp() && !c->quiet)
		rtapp_mode_end_notices(r, c->log_level);
	if (!c->quiet || c->tool_output) {
		report_lines(g->print_end, g->n_print_end,
			     (r->t_end_ns - r->t_zero_ns) / 1000);
		report_styles_print(r);
	}
	/* rt-app prints no table: in rt-app mode only on --summary. */
	report_print(r, c->quiet || (notice_rtapp() && !c->summary_table));
	if (c->summary && summary_json_write(r, c->summary))
		failed = true;
	return failed;
}

/* The one place a run's exit status is decided (doc/mimic.1). */
static int run_exit_status(const struct run_result *r, bool report_failed)
{
	if (!r->started)
		return MIMIC_EXIT_FAILURE; /* refused before time zero */
	if (r->force_signal) /* rt-app's shutdown() exits 0 */
		return notice_rtapp() ? MIMIC_EXIT_OK : 128 + r->force_signal;
	if (r->write_failed || r->child_failed || report_failed)
		return MIMIC_EXIT_FAILURE;
	if (r->log_rows_dropped && !r->w->g.allow_log_drops)
		return MIMIC_EXIT_FAILURE;
	return MIMIC_EXIT_OK;
}

/*
 * --outdir ROOT (or global.outdir, unless --logdir): a new run directory
 * for this run; the logs go there, and relative --summary and
 * --trace-json and --record paths are inside it (summary.json by
 * default). -1 after
 * printing why; 0 with rd->path NULL when there is none.
 */
static int setup_rundir(struct workload *w, struct cli *c, struct rundir *rd)
{
	const char *root = c->outdir ? c->outdir
				     : c->logdir ? NULL : w->g.outdir;
	static char *summary, *trace, *record;

	rd->path = NULL;
	if (!root)
		return 0;
	if (rundir_create(root, "run", rd))
		return -1;
	w->g.logdir = rd->path;
	w->g.at_logdir = (struct src_pos){ 0, 0 };
	w->g.outdir = root;
	if (!c->summary || (strcmp(c->summary, "-") && *c->summary != '/')) {
		if (asprintf(&summary, "%s/%s", rd->path,
			     c->summary ? c->summary : "summary.json") < 0)
			return -1;
		c->summary = summary;
	}
	if (c->trace_json && *c->trace_json != '/') {
		if (asprintf(&trace, "%s/%s", rd->path, c->trace_json) < 0)
			return -1;
		c->trace_json = trace;
	}
	if (c->record && *c->record != '/') {
		if (asprintf(&record, "%s/%s", rd->path, c->record) < 0)
			return -1;
		c->record = record;
	}
	return 0;
}

/* mimic cleanup: the groups of runs that were killed (taskgroup.h), and
 * the tracefs instances of recordings that were (capture.h). */
static int cleanup_main(int argc, char **argv)
{
	int failed;

	(void)argv;
	if (argc > 1) {
		fprintf(stderr, "Usage: mimic cleanup\n");
		return MIMIC_EXIT_BADINPUT;
	}
	/* Both, whatever the first found. */
	failed = taskgroup_sweep();
	failed |= capture_sweep();
	return failed ? MIMIC_EXIT_FAILURE : MIMIC_EXIT_OK;
}

/* Runs w and reports; returns the exit status. The stop signals are
 * blocked already (main); orig is the mask from before. */
static int run(const struct workload *w, const struct cli *c,
	       const struct calibration *cal, const sigset_t *orig,
	       const struct run_meta *meta)
{
	struct engine_options eo = { .quiet = c->quiet,
				     .no_progress = c->no_progress ||
						    notice_rtapp(),
				     /* Standard output kept for the tool's
				      * lines, or the JSON summary. */
				     .interval_out = c->tool_output ||
							     (c->summary &&
							      !strcmp(c->summary, "-"))
							     ? stderr : stdout,
				     .trace_json = c->trace_json,
				     .trace_slices = c->trace_slices,
				     .allow_missing = c->allow_missing,
				     .whole_duration = notice_rtapp(),
				     .before_start = c->quiet && !c->tool_output
							 ? NULL : print_start_lines,
				     .arg = (void *)c };
	struct sigaction sa = { .sa_handler = main_stop_handler,
				.sa_flags = SA_RESTART };
	struct run_result r;
	struct capture_report rec;
	bool report_failed = false, record_failed = false;
	char why[512];
	int status;

	/* --record: the whole run, from before the first thread is made
	 * (mimic's threads and processes follow in the kernel). */
	if (c->capture) {
		pid_t self = getpid();

		if (capture_start(c->capture, &self, 1, why, sizeof(why))) {
			fprintf(stderr, "mimic: --record: %s\n", why);
			return MIMIC_EXIT_FAILURE;
		}
		snprintf(why, sizeof(why), "mimic_record: root_pid=%d "
			 "workload=%s", (int)self, c->file);
		capture_mark(c->capture, why);
	}
	engine_run(w, cal->ns_per_loop, &eo, &r);
	if (c->capture) {
		record_failed = capture_stop(c->capture, &rec, why,
					     sizeof(why));
		if (record_failed)
			fprintf(stderr, "mimic: --record: %s\n", why);
		else if (!c->quiet)
			record_print_report(c->record, &rec);
	}
	r.calibration_source = c->calibration_ns > 0
				       ? "option"
				       : calibration_source_name(cal->source);
	r.meta = meta;
	r.calibration_spread = cal->spread;
	r.calibration_unsteady = calibration_unsteady(cal);
	if (r.started)
		r.ns_per_loop_end = calibration_recheck(w, cal,
							c->calibration_ns > 0,
							c->quiet ||
							    notice_rtapp());
	main_signals = r.stop_signals > 1 ? r.stop_signals : 1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	pthread_sigmask(SIG_SETMASK, orig, NULL);
	if (r.started)
		report_failed = run_reports(&r, c);
	else if (notice_rtapp())
		rtapp_mode_header_logs(w); /* as rt-app leaves them */
	status = run_exit_status(&r, report_failed || record_failed);
	if (r.started && meta->dir && run_meta_write(&r, status) && !status)
		status = MIMIC_EXIT_FAILURE;
	engine_release(&r);
	return status;
}

int main(int argc, char **argv)
{
	struct cli c = { 0 };
	struct arena a = { 0 };
	struct diag d = { 0 };
	struct workload *w = NULL;
	struct jnode *root;
	const struct jnode *params = NULL;
	struct rundir rd = { 0 };
	struct run_meta meta = { .argc = argc, .argv = argv };
	char *path, *text;
	size_t len;
	int status = MIMIC_EXIT_BADINPUT;

	/* As rt-app: no subcommands (rt-app would read a file "list"). */
	if (rtapp_cli_detect(argc, argv))
		notice_set_rtapp();
	/* A subcommand, not a workload named "compare". */
	if (argc > 1 && !notice_rtapp()) {
		if (!strcmp(argv[1], "compare"))
			return compare_main(argc - 1, argv + 1);
		if (!strcmp(argv[1], "calibrate"))
			return calibration_main(argc - 1, argv + 1);
		if (!strcmp(argv[1], "cleanup"))
			return cleanup_main(argc - 1, argv + 1);
		if (!strcmp(argv[1], "list"))
			return list_main(argc - 1, argv + 1);
		if (!strcmp(argv[1], "show"))
			return show_main(argc - 1, argv + 1);
		if (!strcmp(argv[1], "record"))
			return record_main(argc - 1, argv + 1);
		if (!strcmp(argv[1], "model"))
			return model_main(argc - 1, argv + 1);
	}
	if (parse_cli(argc, argv, &c)) {
		sweep_free(&c.sweep);
		return notice_rtapp() ? RTAPP_EXIT_INV_COMMANDLINE
				      : MIMIC_EXIT_BADINPUT;
	}
	if (c.list_keys) {
		parse_print_keys();
		return MIMIC_EXIT_OK;
	}
	if (notice_rtapp() && rtapp_cli_check_file(c.file))
		return RTAPP_EXIT_NO_FILE;
	path = search_workload(c.file);
	if (!path)
		return MIMIC_EXIT_BADINPUT;
	d.file = strcmp(path, "-") ? path : "<stdin>";
	d.quiet = c.quiet || c.log_level < 50;
	if (d.quiet)
		notice_set_quiet();
	d.strict = c.strict;

	text = jtree_read_file(path, &len, &d);
	if (!text)
		goto out;
	root = jtree_parse(&a, &d, text, len);
	dupkeys_resolve(&d, root, c.keep_duplicate_keys);
	params = rundir_params_node(root);
	if (root && template_expand(&a, &d, root, c.sets, c.n_sets))
		root = NULL;
	if (root)
		parse_workload(&a, &d, d.file, root, &w);
	if (w && !d.errors && !c.check && !c.dump && !c.repeat &&
	    !c.sweep.n && setup_rundir(w, &c, &rd))
		goto out;
	if (w && !d.errors)
		wiring_check(&a, &d, root, w);
	if (w && !d.errors)
		apply_overrides(w, &c, &d);
	/* Every point of a sweep is checked before anything runs. */
	if (w && !d.errors && c.sweep.n) {
		diag_flush(&d);
		if (sweep_check(&c.sweep, d.file, text, len, c.sets, c.n_sets,
				c.keep_duplicate_keys))
			goto out;
	}
	if (w && !d.errors && c.sweep.n && !c.check && !c.dump) {
		status = sweep_main(&c.sweep, argc, argv, c.repeat, c.pause_s,
				    c.outdir ? c.outdir
					     : w->g.outdir ? w->g.outdir
							   : RUN_SET_ROOT,
				    c.quiet);
		goto out;
	}
	if (w && !d.errors && c.repeat && !c.check && !c.dump) {
		status = repeat_main(argc, argv, c.repeat, c.pause_s,
				     c.outdir ? c.outdir
					      : w->g.outdir ? w->g.outdir
							    : RUN_SET_ROOT,
				     c.quiet);
		goto out;
	}
	/* An unwritable trace file is known now, not after the run; what
	 * it holds until then is an empty trace, still valid JSON. */
	if (w && !d.errors && !c.check && !c.dump && c.trace_json) {
		char why[128];
		FILE *f = safe_file_fopen_path(c.trace_json, why, sizeof(why));

		if (f) {
			bool bad = fputs("{\"traceEvents\":[]}\n", f) < 0;

			if (fclose(f) || bad)
				snprintf(why, sizeof(why), "%s",
					 strerror(errno));
			else
				why[0] = '\0';
		}
		if (why[0]) {
			fprintf(stderr, "mimic: --trace-json: cannot write %s: "
				"%s\n", c.trace_json, why);
			goto out;
		}
	}
	/* --record: an unwritable file or a build without tracing is known
	 * now, before any thread starts. */
	if (w && !d.errors && !c.check && !c.dump && c.record) {
		char why[512];

		if (!capture_supported(why, sizeof(why))) {
			fprintf(stderr, "mimic: --record: %s\n", why);
			status = MIMIC_EXIT_FAILURE;
			goto out;
		}
		c.capture = capture_new(c.record, 0, why, sizeof(why));
		if (!c.capture) {
			fprintf(stderr, "mimic: --record: %s\n", why);
			goto out;
		}
	}
	struct before_start_opts bo = {
		.check_only = c.check || c.dump,
		.quiet = c.quiet,
		.allow_unthrottled = c.allow_unthrottled,
		.allow_missing = c.allow_missing,
		.allow_overcommit = c.allow_overcommit,
		.per_thread_extra = c.trace_json ? trace_ring_bytes(trace_slices(
							   c.trace_slices))
						 : 0,
		.rtapp = notice_rtapp(),
	};
	sigset_t stops, orig;

	/* From the checks on, a stop signal waits for the engine, which
	 * removes the groups before_start() makes (its stage 4). */
	main_stop_signals(&stops);
	if (w && !d.errors && !bo.check_only)
		pthread_sigmask(SIG_BLOCK, &stops, &orig);
	if (w && !d.errors) {
		status = before_start(w, &bo, &d);
		/* rt-app finds what this machine refuses while running: exit
		 * 1, the threads' logs left with their header. */
		if (notice_rtapp() && status == MIMIC_EXIT_FAILURE &&
		    !bo.check_only)
			rtapp_mode_header_logs(w);
	}
	diag_flush(&d); /* before the run: "(and N more like it)" */
	if (d.errors || status) {
		if (d.errors > 1)
			fprintf(stderr, "%s: %d errors\n", d.file, d.errors);
		goto out;
	}
	if (c.dump)
		dump_workload(w, stdout);
	else if (c.log_level >= 75 && !c.quiet && notice_rtapp())
		rtapp_mode_info_dump(w);
	else if (c.log_level >= 75 && !c.quiet)
		dump_workload(w, stderr); /* rt-app's info level: every key */
	if (c.check || c.dump) {
		status = MIMIC_EXIT_OK;
		goto out;
	}

	if (notice_rtapp() && !c.quiet)
		rtapp_mode_setup_notices(w, c.log_level);
	c.w = w;
	/* The seed that makes this run's draws again (--set seed=N). */
	if (w->draws && !c.quiet && c.log_level >= 50)
		fprintf(stderr, "%s<notice> seed = %llu\n", notice_prefix(),
			(unsigned long long)w->g.seed);
	/* rt-app mode honours the file's number as rt-app does; a repeated
	 * run takes the first run's (--calibration-ns) as it is. */
	if ((notice_rtapp() && !c.calibration_set) || c.calibration_ns > 0)
		c.calibration = CALIBRATION_FILE_EXACT;
	struct calibration cal = calibration_choose(w, c.calibration,
						    c.recalibrate,
						    c.quiet || c.log_level < 50);
	meta.id = rd.path ? rd.id : NULL;
	meta.dir = rd.path;
	meta.workload = d.file;
	sha256_hex(text, len, meta.sha256);
	meta.params = rundir_params(&a, params, c.sets, c.n_sets);
	run_meta_host(&meta);
	status = cal.ns_per_loop > 0 ? run(w, &c, &cal, &orig, &meta)
				     : MIMIC_EXIT_FAILURE;
	run_meta_free(&meta);
	taskgroup_cleanup(); /* the engine's did, unless it could not start */
out:
	capture_free(c.capture); /* the instance and temporary files */
	if (status)
		rundir_discard(&rd); /* removed only if nothing is in it */
	rundir_free(&rd);
	diag_flush(&d);
	free(text);
	free(path);
	arena_free(&a);
	sweep_free(&c.sweep);
	return status;
}
