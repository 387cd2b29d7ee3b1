/*
 * globals.c - the "global" object: its key table, the keys that need their
 * own reading (duration, calibration, log_size, ftrace, report, ...), its
 * defaults, and where the values the host checks judge were written.
 */
#include "parse/globals.h"

#include "lib/arena.h"
#include "lib/diag.h"
#include "model/policy.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "report_style.h"

#include <math.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int set_duration(struct parser *p, const char *path,
			const struct jnode *v, void *obj)
{
	struct globals *g = obj;

	if (v->type == J_INT)
		g->duration_s = (double)v->i;
	else if (v->type == J_DOUBLE && isfinite(v->d))
		g->duration_s = v->d;
	else {
		parser_error(p, v, path, "expected seconds, got %s",
			     parser_describe(v));
		return -1;
	}
	if (g->duration_s > WORKLOAD_MAX_DURATION_S) {
		parser_error(p, v, path, "too long: %g s (at most %.0f s)",
			     g->duration_s, WORKLOAD_MAX_DURATION_S);
		return -1;
	}
	return 0;
}

static int set_interval(struct parser *p, const char *path,
			const struct jnode *v, void *obj)
{
	struct globals *g = obj;
	double s = v->type == J_INT ? (double)v->i
		   : v->type == J_DOUBLE ? v->d : NAN;

	if (!isfinite(s) || s < WORKLOAD_MIN_INTERVAL_S ||
	    s > WORKLOAD_MAX_DURATION_S) {
		parser_error(p, v, path, "expected seconds from %g to %.0f, "
			     "got %s", WORKLOAD_MIN_INTERVAL_S,
			     WORKLOAD_MAX_DURATION_S,
			     isnan(s) ? parser_shown(p, v)
				      : arena_printf(p->a, "%g", s));
		return -1;
	}
	g->interval_s = s;
	return 0;
}

static int set_calibration(struct parser *p, const char *path,
			   const struct jnode *v, void *obj)
{
	struct globals *g = obj;
	int cpu, used = 0;

	if (v->type == J_INT || v->type == J_DOUBLE) {
		double ns = v->type == J_INT ? (double)v->i : v->d;

		if (!isfinite(ns) || ns < 0) {
			parser_error(p, v, path,
				     "ns per loop must be >= 0 (got %g)", ns);
			return -1;
		}
		g->calibration_ns = ns; /* 0 means calibrate, as rt-app */
		return 0;
	}
	if (v->type == J_STRING) {
		if (!*v->s) {
			g->calibration_cpu = 0;
			return 0;
		}
		if (sscanf(v->s, "CPU%d%n", &cpu, &used) == 1 &&
		    !v->s[used] && cpu >= 0) {
			g->calibration_cpu = cpu;
			return 0;
		}
	}
	parser_error(p, v, path,
		     "expected ns per loop (a number) or \"CPU<n>\", got %s",
		     parser_shown(p, v));
	return -1;
}

static int set_default_policy(struct parser *p, const char *path,
			      const struct jnode *v, void *obj)
{
	return parser_policy(p, path, v, &((struct globals *)obj)->default_policy);
}

static int set_global_mode(struct parser *p, const char *path,
			   const struct jnode *v, void *obj)
{
	return parser_mode(p, path, v, &((struct globals *)obj)->mode);
}

static int set_log_size(struct parser *p, const char *path,
			const struct jnode *v, void *obj)
{
	struct globals *g = obj;

	if (v->type == J_INT) {
		if (v->i == 0) {
			g->log_mode = LOG_DISABLED;
		} else if (v->i > 0) {
			if (v->i > 1024) {
				parser_error(p, v, path,
					     "out of range: %lld MiB (max 1024)",
					     (long long)v->i);
				return -1;
			}
			g->log_mode = LOG_FILE;
			g->log_ring_bytes = (size_t)v->i << 20;
		} else {
			g->log_mode = LOG_FILE; /* negative: file, as rt-app */
		}
		return 0;
	}
	if (v->type == J_STRING) {
		/* rt-app compares lower case only, so its own documented
		 * "Disable" silently did nothing; mimic accepts any case. */
		if (!strcasecmp(v->s, "disable")) {
			g->log_mode = LOG_DISABLED;
			return 0;
		}
		if (!strcasecmp(v->s, "file") || !strcasecmp(v->s, "auto")) {
			g->log_mode = LOG_FILE;
			return 0;
		}
	}
	parser_error(p, v, path,
		     "expected \"file\", \"auto\", \"disable\" or a size in MiB, "
		     "got %s", parser_shown(p, v));
	return -1;
}

static int set_ftrace(struct parser *p, const char *path,
		      const struct jnode *v, void *obj)
{
	static const struct {
		const char *name;
		unsigned bit;
	} cats[] = {
		{ "main", FTRACE_MAIN },   { "task", FTRACE_TASK },
		{ "loop", FTRACE_LOOP },   { "event", FTRACE_EVENT },
		{ "stats", FTRACE_STATS }, { "attrs", FTRACE_ATTRS },
	};
	struct globals *g = obj;
	unsigned bits = 0;

	if (v->type == J_BOOL) {
		g->ftrace = v->b ? 0x3f : 0;
		return 0;
	}
	if (v->type != J_STRING) {
		parser_error(p, v, path,
			     "expected a comma-separated list of categories "
			     "or a boolean, got %s", parser_describe(v));
		return -1;
	}
	const char *s = v->s;
	while (*s) {
		size_t len = strcspn(s, ",");
		size_t k;

		for (k = 0; k < sizeof(cats) / sizeof(cats[0]); k++)
			if (strlen(cats[k].name) == len &&
			    !strncasecmp(cats[k].name, s, len))
				break;
		if (k < sizeof(cats) / sizeof(cats[0])) {
			bits |= cats[k].bit;
		} else if (len == 4 && !strncasecmp(s, "none", 4)) {
			bits = 0;
		} else {
			parser_error(p, v, path,
				     "unknown ftrace category \"%.*s\" "
				     "(expected main, task, loop, event, "
				     "stats, attrs or none)",
				     (int)len, s);
			return -1;
		}
		s += len;
		if (*s == ',')
			s++;
	}
	g->ftrace = bits;
	return 0;
}

/* A string or an array of strings: lines a canned workload prints. */
static int get_lines(struct parser *p, const char *path,
		     const struct jnode *v, const char ***lines, size_t *n)
{
	size_t count = v->type == J_ARRAY ? v->n : 1;

	*lines = arena_alloc(p->a, count * sizeof(**lines));
	*n = count;
	for (size_t k = 0; k < count; k++) {
		const struct jnode *s = v->type == J_ARRAY ? v->kids[k] : v;

		if (s->type != J_STRING) {
			parser_error(p, s, path,
				     "expected a string or an array of strings");
			return -1;
		}
		(*lines)[k] = s->s;
	}
	return 0;
}

static int set_print_start(struct parser *p, const char *path,
			   const struct jnode *v, void *obj)
{
	struct globals *g = obj;

	return get_lines(p, path, v, &g->print_start, &g->n_print_start);
}

static int set_print_end(struct parser *p, const char *path,
			 const struct jnode *v, void *obj)
{
	struct globals *g = obj;

	return get_lines(p, path, v, &g->print_end, &g->n_print_end);
}

static int set_report(struct parser *p, const char *path,
		      const struct jnode *v, void *obj)
{
	struct globals *g = obj;
	const char **names;
	size_t n;

	if (get_lines(p, path, v, &names, &n))
		return -1;
	g->reports = arena_alloc(p->a, n * sizeof(*g->reports));
	g->report_args = arena_alloc(p->a, n * sizeof(*g->report_args));
	for (size_t k = 0; k < n; k++) {
		const struct jnode *s = v->type == J_ARRAY ? v->kids[k] : v;
		/* "name:arg": the argument is the style's own business. */
		const char *colon = strchr(names[k], ':');
		const char *name = colon ? arena_strndup(p->a, names[k],
							 (size_t)(colon - names[k]))
					 : names[k];

		g->report_args[k] = colon ? colon + 1 : NULL;
		g->reports[k] = report_style_find(name);
		if (!g->reports[k]) {
			parser_error(p, s, path, "unknown report style \"%s\"",
				     name);
			return -1;
		}
		if (g->reports[k]->us_clock_messages)
			g->us_clock_messages = true;
	}
	g->n_reports = n;
	return 0;
}

/* Read before parsing (parse/dupkeys.c): only its type is checked here. */
static int set_keep_duplicate_keys(struct parser *p, const char *path,
				   const struct jnode *v, void *obj)
{
	(void)obj;
	if (v->type == J_BOOL)
		return 0;
	parser_error(p, v, path, "expected true or false, got %s",
		     parser_shown(p, v));
	return -1;
}

static int set_seed(struct parser *p, const char *path,
		    const struct jnode *v, void *obj)
{
	struct globals *g = obj;

	if (v->type != J_INT || v->i < 0) {
		parser_error(p, v, path,
			     "expected an integer 0 .. %lld, got %s",
			     (long long)INT64_MAX,
			     v->type == J_INT
				     ? arena_printf(p->a, "%lld", (long long)v->i)
				     : parser_shown(p, v));
		return -1;
	}
	g->seed = (uint64_t)v->i;
	g->seed_given = true;
	return 0;
}

#define G(f) offsetof(struct globals, f)

static const struct key global_keys[] = {
	{ .name = "duration", .type = KEY_CUSTOM, .parse = set_duration,
	  .help = "seconds to run (fractions allowed); <= 0: until the loops "
		  "end" },
	{ .name = "interval", .type = KEY_CUSTOM, .parse = set_interval,
	  .unit = "s",
	  .help = "every this many seconds while running, print each task's "
		  "loops and wake-up latency p50/p99/max since time zero, as "
		  "schbench -i; --interval (none)" },
	{ .name = "break_us", .type = KEY_COUNT, .offset = G(break_us),
	  .min = 1, .max = WORKLOAD_MAX_BREAK_US, .unit = "us",
	  .flags = KEYF_NO_DEFAULT,
	  .help = "stop the run, and tracing, at the first wake-up later "
		  "than this, as cyclictest -b; --break-us (none)" },
	{ .name = "calibration", .type = KEY_CUSTOM, .parse = set_calibration,
	  .help = "ns per work loop (number), or \"CPU<n>\" to calibrate on "
		  "CPU n" },
	{ .name = "default_policy", .type = KEY_CUSTOM,
	  .parse = set_default_policy,
	  .help = "policy of tasks that give none (SCHED_OTHER)" },
	{ .name = "mode", .type = KEY_CUSTOM, .parse = set_global_mode,
	  .help = "\"thread\" or \"process\": how tasks' instances run by "
		  "default (\"thread\")" },
	{ .name = "pi_enabled", .type = KEY_BOOL, .offset = G(pi_enabled),
	  .def = false, .help = "priority-inheritance mutexes (false)" },
	{ .name = "lock_pages", .type = KEY_BOOL, .offset = G(lock_pages),
	  .def = true, .help = "mlockall() when any task is real-time (true)" },
	{ .name = "logdir", .type = KEY_STRING, .offset = G(logdir),
	  .def_str = "./", .help = "directory of the per-thread logs (\"./\")" },
	{ .name = "outdir", .type = KEY_STRING, .offset = G(outdir),
	  .help = "root of the run directories: each run's logs, summary and "
		  "run.json go in a new <outdir>/run-NNN (none)" },
	{ .name = "log_basename", .type = KEY_STRING,
	  .offset = G(log_basename), .def_str = "rt-app",
	  .help = "log file prefix (\"rt-app\")" },
	{ .name = "log_size", .type = KEY_CUSTOM, .parse = set_log_size,
	  .help = "\"file\", \"auto\", \"disable\", or MiB of buffer per "
		  "thread" },
	{ .name = "allow_log_drops", .type = KEY_BOOL,
	  .offset = G(allow_log_drops), .def = false,
	  .help = "log rows dropped when the writer falls behind are no "
		  "failure (false)" },
	{ .name = "gnuplot", .type = KEY_BOOL, .offset = G(gnuplot),
	  .def = false,
	  .help = "write rt-app's .plot scripts next to the logs (false)" },
	{ .name = "ftrace", .type = KEY_CUSTOM, .parse = set_ftrace,
	  .help = "trace_marker categories: main,task,loop,event,stats,attrs|"
		  "none" },
	{ .name = "io_device", .type = KEY_STRING, .offset = G(io_device),
	  .def_str = "/dev/null",
	  .help = "file written by iorun events (\"/dev/null\")" },
	{ .name = "mem_buffer_size", .type = KEY_INT64,
	  .offset = G(mem_buffer_size), .min = 1, .max = INT64_C(1) << 40,
	  .def = 4194304, .help = "bytes of each mem/iorun buffer (4194304)" },
	{ .name = "print_start", .type = KEY_CUSTOM, .parse = set_print_start,
	  .help = "lines printed on stdout before time zero (canned "
		  "workloads)" },
	{ .name = "print_end", .type = KEY_CUSTOM, .parse = set_print_end,
	  .help = "lines printed after the run; %{time} is its length in s, "
		  "ms truncated, %{time_us} in us" },
	{ .name = "report", .type = KEY_CUSTOM, .parse = set_report,
	  .help = "a real tool's end-of-run output, or an array of them (see "
		  "mimic-json(5))" },
	{ .name = "cumulative_slack", .type = KEY_BOOL,
	  .offset = G(cumulative_slack), .def = false,
	  .help = "sum the slack of all timers of an iteration (false)" },
	{ .name = "cpu_dma_latency", .type = KEY_INT,
	  .offset = G(cpu_dma_latency_us), .min = -1, .max = 2000000000,
	  .def = -1,
	  .help = "hold /dev/cpu_dma_latency at this many us while running, "
		  "as cyclictest does (-1: leave it)" },
	{ .name = "stack_size", .type = KEY_INT64, .offset = G(stack_size),
	  .min = 16384, .max = INT64_C(1) << 30, .def = 512 * 1024,
	  .help = "bytes of stack per thread, >= 16384 (524288); small stacks "
		  "let thousands of threads fit" },
	{ .name = "keep_duplicate_keys", .type = KEY_CUSTOM,
	  .parse = set_keep_duplicate_keys,
	  .help = "run every member of a repeated key, as written (false: "
		  "the last value at the first place, as rt-app)" },
	{ .name = "seed", .type = KEY_CUSTOM, .parse = set_seed,
	  .unit = "integer",
	  .help = "seed of the generators of every drawn value (random, "
		  "printed); --set seed=N" },
	{ .name = "frag", .type = KEY_IGNORED,
	  .help = "ignored (Workload Automation)" },
	{ .name = "logstats", .type = KEY_IGNORED,
	  .help = "ignored (legacy LISA)" },
	{ .name = "log_mode", .type = KEY_IGNORED, .help = "ignored (legacy)" },
	{ .name = "spacing", .type = KEY_IGNORED, .help = "ignored (legacy)" },
	{ NULL }
};

/* The table's defaults, and those of the keys read by custom code. */
void globals_defaults(struct globals *g)
{
	memset(g, 0, sizeof(*g));
	keys_defaults(global_keys, g);
	g->duration_s = -1;
	g->default_policy = SCHED_OTHER;
	g->mode = MODE_THREAD;
	g->log_mode = LOG_FILE;
}

/* Where the values checked against this machine were written. */
static void globals_note_pos(struct globals *g, const struct jnode *m)
{
	static const struct {
		const char *key;
		size_t off;
	} at[] = {
		{ "logdir", offsetof(struct globals, at_logdir) },
		{ "calibration", offsetof(struct globals, at_calibration) },
		{ "mem_buffer_size", offsetof(struct globals, at_mem_buffer_size) },
		{ "stack_size", offsetof(struct globals, at_stack_size) },
		{ "io_device", offsetof(struct globals, at_io_device) },
	};

	for (size_t k = 0; k < sizeof(at) / sizeof(at[0]); k++)
		if (!strcmp(m->key, at[k].key))
			*(struct src_pos *)((char *)g + at[k].off) =
				(struct src_pos){ m->line, m->col };
}

int parse_globals(struct parser *p, const struct jnode *gn)
{
	struct globals *g = &p->w->g;
	int errs = 0;

	if (gn->type != J_OBJECT) {
		parser_error(p, gn, "global", "expected an object, got %s",
			     parser_describe(gn));
		return 1;
	}
	for (size_t k = 0; k < gn->n; k++) {
		const struct jnode *m = gn->kids[k];
		const char *path = parser_path(p, "global", m->key);
		const struct key *ks = keys_find(global_keys, m->key);

		if (m->type == J_NULL)
			continue; /* null means "use the default", as rt-app */
		if (!ks) {
			parser_key_error(p, m, path, "unknown key");
			errs++;
			continue;
		}
		errs += keys_apply(p, path, ks, m, g) ? 1 : 0;
		globals_note_pos(g, m);
	}
	return errs;
}

void globals_print_keys(void)
{
	keys_print("global", global_keys);
}
