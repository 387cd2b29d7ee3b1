/*
 * model_cmd.c - `mimic model`: reads a recording into per-thread
 * timelines, infers the model, writes it as a workload, and prints
 * what it made of each thread and what it left out.
 */
#define _GNU_SOURCE
#include "trace/model_cmd.h"

#include "lib/diag.h"
#include "trace/model_infer.h"
#include "trace/model_json.h"
#include "trace/model_measure_costs.h"
#include "trace/model_refine.h"
#include "trace/model_timeline.h"
#include "trace/model_verify.h"

#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct model_cli {
	const char *trace, *output, *comm;
	const char *model;      /* --verify's MODEL.json, or NULL */
	const char *other;      /* --compare-trace's second recording */
	const char *summary;    /* --summary FILE */
	const char *costs;      /* --costs FILE */
	int pid;
	int refine;             /* --refine's rounds, or 0 */
	bool quiet, verify, compare, measure_costs;
};

static void model_usage(FILE *out)
{
	fputs("Usage: mimic model [OPTION]... TRACE\n"
	      "       mimic model --verify [OPTION]... TRACE [MODEL.json]\n"
	      "       mimic model --compare-trace [OPTION]... TRACE OTHER\n"
	      "       mimic model --measure-costs -o COSTS.json\n"
	      "Infer a workload from a recording (mimic record's trace.dat):\n"
	      "per thread its CPU bursts, what it blocked in, who woke it;\n"
	      "as tasks, sleeps, timers, channels and futex words "
	      "(doc/model.md).\n"
	      "\n"
	      "  -o, --output FILE    write the workload to FILE (default: "
	      "standard output)\n"
	      "  -p, --pid PID        model PID and its descendants (default: "
	      "the recorded\n"
	      "                       command, from the recording's "
	      "mimic_record line)\n"
	      "  -c, --comm NAME      model the first task named NAME and its "
	      "descendants\n"
	      "  -q, --quiet          no table of threads, warnings only\n"
	      "      --refine[=N]     run the model N times (default 1, at "
	      "most 5) under\n"
	      "                       --record and correct each task's runs "
	      "by the CPU it\n"
	      "                       took more or less than the original's "
	      "thread\n"
	      "      --verify         run MODEL.json (default: the model "
	      "inferred now)\n"
	      "                       under --record and print, per task, "
	      "the original's\n"
	      "                       and the model's CPU time, wake-ups, "
	      "elapsed, bursts,\n"
	      "                       blockings, wake-up latencies, their "
	      "distances, a verdict\n"
	      "      --compare-trace  the same table between the recordings "
	      "TRACE and OTHER,\n"
	      "                       running nothing\n"
	      "      --summary FILE   --verify, --compare-trace: the "
	      "comparison as JSON to FILE\n"
	      "      --measure-costs  record mimic's own ping-pong here and "
	      "write to -o what\n"
	      "                       a blocking costs beyond the "
	      "inference's constants\n"
	      "      --costs FILE     infer with that cost (a "
	      "--measure-costs file)\n"
	      "  -h, --help           this help\n"
	      "\n"
	      "Exit status: 0 written (or compared, faithful or not), 1 a "
	      "recording cannot\n"
	      "be read or the model's run failed, 2 bad usage.\n", out);
}

/* A number macro's digits, for a message. */
#define AS_TEXT_(x) #x
#define AS_TEXT(x) AS_TEXT_(x)

static int model_bad(const char *fmt, const char *arg)
{
	fprintf(stderr, "mimic model: ");
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'mimic model --help'.\n", stderr);
	return -1;
}

static int model_parse(int argc, char **argv, struct model_cli *mc)
{
	static const struct option longs[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "pid", required_argument, NULL, 'p' },
		{ "comm", required_argument, NULL, 'c' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verify", no_argument, NULL, 'V' },
		{ "refine", optional_argument, NULL, 'R' },
		{ "compare-trace", no_argument, NULL, 'C' },
		{ "summary", required_argument, NULL, 'S' },
		{ "measure-costs", no_argument, NULL, 'K' },
		{ "costs", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char *end;
	long n;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:p:c:qh", longs, NULL)) != -1) {
		switch (opt) {
		case 'o': mc->output = optarg; break;
		case 'c': mc->comm = optarg; break;
		case 'q': mc->quiet = true; break;
		case 'V': mc->verify = true; break;
		case 'R':
			mc->refine = 1;
			if (!optarg)
				break;
			errno = 0;
			n = strtol(optarg, &end, 10);
			if (*end || end == optarg || errno || n < 1 ||
			    n > MODEL_REFINE_MAX)
				return model_bad("--refine: rounds from 1 to "
						 AS_TEXT(MODEL_REFINE_MAX) ", not %s",
						 optarg);
			mc->refine = (int)n;
			break;
		case 'C': mc->compare = true; break;
		case 'S': mc->summary = optarg; break;
		case 'K': mc->measure_costs = true; break;
		case 'k': mc->costs = optarg; break;
		case 'p':
			errno = 0;
			n = strtol(optarg, &end, 10);
			if (*end || end == optarg || errno || n < 1 ||
			    n > INT32_MAX)
				return model_bad("--pid: not a process id: %s",
						 optarg);
			mc->pid = (int)n;
			break;
		case 'h': model_usage(stdout); exit(MIMIC_EXIT_OK);
		default:
			fputs("Try 'mimic model --help'.\n", stderr);
			return -1;
		}
	}
	if (mc->measure_costs) {
		if (optind != argc)
			return model_bad("%s", "--measure-costs reads no TRACE: "
					 "it records its own");
		if (!mc->output)
			return model_bad("%s", "--measure-costs: where to? "
					 "(-o COSTS.json)");
		if (mc->verify || mc->compare || mc->refine || mc->costs ||
		    mc->summary || mc->pid || mc->comm)
			return model_bad("%s", "--measure-costs takes -o and -q "
					 "only");
		return 0;
	}
	if (optind == argc)
		return model_bad("%s", "no TRACE (mimic model trace.dat)");
	if (mc->verify && mc->compare)
		return model_bad("%s", "--verify or --compare-trace, not both");
	if (mc->summary && !mc->verify && !mc->compare)
		return model_bad("%s", "--summary goes with --verify or "
				 "--compare-trace");
	if (mc->refine && mc->compare)
		return model_bad("%s", "--refine corrects a model inferred now: "
				 "not with --compare-trace");
	if (mc->compare && mc->output)
		return model_bad("%s", "--compare-trace writes no model (-o)");
	if (mc->compare && optind != argc - 2)
		return model_bad("%s", "--compare-trace: TRACE and OTHER");
	if (mc->compare)
		mc->other = argv[optind + 1];
	else if (mc->verify && optind == argc - 2)
		mc->model = argv[optind + 1];
	else if (optind != argc - 1)
		return model_bad("%s", mc->verify ? "TRACE and one MODEL.json "
				 "at most" : "one TRACE only");
	if (mc->refine && mc->model)
		return model_bad("%s", "--refine corrects the model inferred now, "
				 "not a MODEL.json");
	if (mc->pid && mc->comm)
		return model_bad("%s", "--pid or --comm, not both");
	mc->trace = argv[optind];
	return 0;
}

static const char *block_name(const struct md_task *mt)
{
	static const char *const names[] = { "runs only", "sleep", "timer",
					     "recv", "futex_wait" };

	return names[mt->block];
}

static void model_table(const struct model *m, const char *output)
{
	fprintf(stderr, "mimic: %zu threads, %.3f s recorded -> %s\n", m->n,
		m->elapsed_s, output ? output : "standard output");
	fprintf(stderr, "%-16s %7s %9s %10s %10s %9s %7s %7s  %-10s %10s %10s\n",
		"task", "pid", "loops", "cpu_ms", "burst_p50", "kernel_us",
		"send_us", "recv_us", "blocks_in", "block_p50", "block_p99");
	for (size_t i = 0; i < m->n; i++) {
		const struct md_task *mt = &m->t[i];
		char kern[16] = "-", send[16] = "-", recv[16] = "-";

		if (md_kern_measured(mt))
			snprintf(kern, sizeof(kern), "%.1f", mt->kern_us);
		if (mt->send_kern_us >= 0)
			snprintf(send, sizeof(send), "%.1f", mt->send_kern_us);
		if (mt->recv_kern_us >= 0)
			snprintf(recv, sizeof(recv), "%.1f", mt->recv_kern_us);
		fprintf(stderr, "%-16s %7d %9lld %10.2f %10.1f %9s %7s %7s  %-10s ",
			mt->name, mt->src->pid, mt->loops,
			mt->src->cpu_ns / 1e6, mt->burst.p50, kern, send, recv,
			block_name(mt));
		if (mt->block == MD_TIMER)
			fprintf(stderr, "period %.1f us, jitter +-%.1f us\n",
				mt->period_us, mt->jitter_us);
		else if (mt->wait.samples)
			fprintf(stderr, "%10.1f %10.1f\n", mt->wait.p50,
				mt->wait.p99);
		else
			fputs("\n", stderr);
	}
}

/* A warning's shape: its text after "task: " with the numbers out. */
static void warn_shape(const char *w, char *out, size_t len)
{
	const char *p = strstr(w, ": ");
	size_t n = 0;

	for (p = p ? p + 2 : w; *p && n + 1 < len; p++)
		if (!(*p >= '0' && *p <= '9'))
			out[n++] = *p;
	out[n] = '\0';
}

/*
 * Each warning once per shape: the first in full, then the other tasks
 * it also holds for ("also: a, b, ..."), so 40 receivers alike are one
 * line, not forty.
 */
static void model_print_warnings(const struct model *m)
{
	char *done = calloc(m->n_warn ? m->n_warn : 1, 1);
	char a[512], b[512];

	for (size_t i = 0; i < m->n_warn; i++) {
		size_t also = 0;

		if (done && done[i])
			continue;
		fprintf(stderr, "mimic model: warning: %s", m->warn[i]);
		warn_shape(m->warn[i], a, sizeof(a));
		for (size_t k = i + 1; done && k < m->n_warn; k++) {
			const char *colon = strstr(m->warn[k], ": ");

			warn_shape(m->warn[k], b, sizeof(b));
			if (done[k] || !colon || strcmp(a, b))
				continue;
			done[k] = 1;
			fprintf(stderr, "%s%.*s", also++ ? ", " : " (also, with their own numbers: ",
				(int)(colon - m->warn[k]), m->warn[k]);
		}
		fputs(also ? ")\n" : "\n", stderr);
	}
	free(done);
}

int model_main(int argc, char **argv)
{
	struct model_cli mc = { 0 };
	struct timeline tl;
	struct model m;
	char err[512], tmp_json[] = "/tmp/mimic-model-XXXXXX.json";
	FILE *out = stdout;
	struct verify_opts vo;
	struct md_costs costs = { 0 };
	bool made_tmp = false;
	int ret = MIMIC_EXIT_FAILURE;

	if (model_parse(argc, argv, &mc))
		return MIMIC_EXIT_BADINPUT;
	if (mc.measure_costs)
		return model_measure_costs(mc.output, mc.quiet);
	if (mc.costs && md_costs_read(mc.costs, &costs, err, sizeof(err))) {
		fprintf(stderr, "mimic model: --costs %s\n", err);
		return MIMIC_EXIT_BADINPUT;
	}
	if (timeline_build(&tl, mc.trace, mc.pid, mc.comm, err,
			   sizeof(err))) {
		fprintf(stderr, "mimic model: %s\n", err);
		timeline_free(&tl);
		return MIMIC_EXIT_FAILURE;
	}
	if (model_infer(&m, &tl, mc.costs ? &costs : NULL)) {
		fprintf(stderr, "mimic model: out of memory\n");
		goto out;
	}
	if (!m.n) {
		fprintf(stderr, "mimic model: %s: no thread of the tree of pid "
			"%d ran\n", mc.trace, tl.root);
		goto out;
	}
	vo = (struct verify_opts){ .trace = mc.trace, .trace_end = tl.t_end,
				   .summary = mc.summary };
	if (mc.compare) {
		ret = model_compare_trace(&m, &vo, mc.other);
		goto out;
	}
	if (mc.verify && mc.model) {
		ret = model_verify(&m, &vo, mc.model);
		goto out;
	}
	/* A file the model's runs read it from when it goes to stdout. */
	if (!mc.output && (mc.verify || mc.refine)) {
		int fd = mkstemps(tmp_json, 5);

		if (fd < 0) {
			fprintf(stderr, "mimic model: %s: %s\n", tmp_json,
				strerror(errno));
			goto out;
		}
		close(fd);
		made_tmp = true;
	}
	if (mc.refine) {
		struct refine_opts ro = { .trace = mc.trace,
					  .what = tl.record_line,
					  .json = mc.output ? mc.output : tmp_json,
					  .rounds = mc.refine };

		if (model_refine(&m, &ro))
			goto out;
	}
	if (mc.verify && !mc.output)
		mc.output = tmp_json;
	if (mc.output && !(out = fopen(mc.output, "w"))) {
		fprintf(stderr, "mimic model: -o %s: %s\n", mc.output,
			strerror(errno));
		ret = MIMIC_EXIT_BADINPUT;
		goto out;
	}
	model_json_write(out, &m, mc.trace, tl.record_line);
	if (out != stdout && fclose(out)) {
		fprintf(stderr, "mimic model: %s: %s\n", mc.output,
			strerror(errno));
		goto out;
	}
	if (out == stdout)
		fflush(stdout);
	model_print_warnings(&m);
	if (!mc.quiet)
		model_table(&m, mc.output);
	ret = MIMIC_EXIT_OK;
	if (mc.verify)
		ret = model_verify(&m, &vo, mc.output);
out:
	if (made_tmp)
		unlink(tmp_json);
	model_free(&m);
	timeline_free(&tl);
	return ret;
}
