/*
 * calibration.c - choosing the work loop's ns per loop for a run, and the
 * per-machine store that `mimic calibrate` writes so comparisons across
 * runs (and kernels) use one value instead of re-measuring each time.
 *
 * The store is a text file, one line per (CPU model, kernel release, CPU):
 *   <model>\t<release>\t<cpu>\t<ns per loop>\t<spread>\t<unix time>
 * at $MIMIC_CALIBRATION_FILE, else $XDG_CACHE_HOME/mimic/calibration, else
 * $HOME/.cache/mimic/calibration. A later line for the same key wins.
 */
#define _GNU_SOURCE
#include "engine/calibration.h"
#include "lib/notice.h"

#include "engine/work.h"
#include "lib/cpuinfo.h"
#include "lib/diag.h"
#include "lib/safe_file.h"
#include "model/workload.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define KEY_MAX 512

/* The store's path, malloc'd; NULL when there is no home to put it in. */
static char *store_path(void)
{
	const char *env = getenv("MIMIC_CALIBRATION_FILE");
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	char *p = NULL;

	if (env && *env)
		return strdup(env);
	if (xdg && *xdg && asprintf(&p, "%s/mimic/calibration", xdg) >= 0)
		return p;
	if (home && *home && asprintf(&p, "%s/.cache/mimic/calibration", home) >= 0)
		return p;
	return NULL;
}

static void store_key(int cpu, char *key, size_t len)
{
	char model[256];
	struct utsname u;

	cpuinfo_model(cpu, model, sizeof(model));
	if (!model[0])
		snprintf(model, sizeof(model), "unknown");
	if (uname(&u))
		snprintf(u.release, sizeof(u.release), "unknown");
	snprintf(key, len, "%s\t%s\t%d", model, u.release, cpu);
}

/* The stored ns per loop for cpu on this machine, or 0. */
static double store_find(const char *path, int cpu, double *spread)
{
	char key[KEY_MAX], line[KEY_MAX + 128];
	size_t klen;
	double found = 0;
	FILE *f;

	if (!path || !(f = fopen(path, "re")))
		return 0;
	store_key(cpu, key, sizeof(key));
	klen = strlen(key);
	while (fgets(line, sizeof(line), f)) {
		double ns, sp;

		if (strncmp(line, key, klen) || line[klen] != '\t')
			continue;
		if (sscanf(line + klen + 1, "%lf\t%lf", &ns, &sp) == 2 &&
		    ns > 0 && isfinite(ns)) {
			found = ns;
			*spread = sp;
		}
	}
	fclose(f);
	return found;
}

static int mkdir_parents(const char *path)
{
	char *dir = strdup(path);
	int rc = 0;

	if (!dir)
		return -1;
	for (char *s = dir + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	free(dir);
	return rc;
}

/*
 * Stores the value for cpu: the other keys' lines are copied into a new
 * file that replaces the old one, so the store never grows with repeats.
 */
static int store_put(const char *path, const struct calibration *c)
{
	char key[KEY_MAX], line[KEY_MAX + 128], why[128], *tmp = NULL;
	size_t klen;
	FILE *in, *out = NULL;
	int rc = -1;

	store_key(c->cpu, key, sizeof(key));
	klen = strlen(key);
	mkdir_parents(path);
	if (asprintf(&tmp, "%s.%d", path, (int)getpid()) < 0)
		return -1;
	out = safe_file_fopen_path(tmp, why, sizeof(why));
	if (!out)
		goto fail;
	if ((in = fopen(path, "re"))) {
		while (fgets(line, sizeof(line), in))
			if (strncmp(line, key, klen) || line[klen] != '\t')
				fputs(line, out);
		fclose(in);
	}
	fprintf(out, "%s\t%.6f\t%.6f\t%lld\n", key, c->ns_per_loop, c->spread,
		(long long)time(NULL));
	if (fclose(out) || rename(tmp, path))
		goto fail;
	rc = 0;
	goto out;
fail:
	unlink(tmp);
out:
	free(tmp);
	return rc;
}

static struct calibration measure(int cpu)
{
	struct work_calibration m = work_calibrate(cpu);

	return (struct calibration){ .ns_per_loop = m.ns_per_loop,
				     .spread = m.spread, .cpu = cpu,
				     .source = CALIBRATION_MEASURED,
				     .took_ns = m.took_ns,
				     .trials = m.trials };
}

const char *calibration_source_name(enum calibration_source s)
{
	static const char *const names[] = {
		[CALIBRATION_FROM_FILE] = "file",
		[CALIBRATION_STORED] = "stored",
		[CALIBRATION_MEASURED] = "measured",
	};

	return names[s];
}

bool calibration_unsteady(const struct calibration *c)
{
	return c->source == CALIBRATION_MEASURED &&
	       c->spread > CALIBRATION_SPREAD_WARN;
}

static void warn_spread(const struct calibration *c)
{
	if (calibration_unsteady(c))
		fprintf(stderr, "%s<warning> calibration trials on CPU %d "
			"differ by %.1f %% (more than %.0f %%): the CPU's speed "
			"changed while measuring; pin the value with "
			"'mimic calibrate' or global.calibration\n",
			notice_prefix(), c->cpu,
			c->spread * 100, CALIBRATION_SPREAD_WARN * 100);
}

/* rt-app's line, which LISA and WA parse (integer ns), then how we got it. */
static void print_pload(const struct calibration *c, const char *store)
{
	long shown = lround(c->ns_per_loop) > 0 ? lround(c->ns_per_loop) : 1;

	if (notice_rtapp()) { /* rt-app's lines, nothing more */
		if (c->source == CALIBRATION_FROM_FILE) {
			fprintf(stderr, "%s<notice> pLoad = %ldns\n",
				notice_prefix(), shown);
			return;
		}
		fprintf(stderr, "%s<notice> Calibrate ns per loop\n"
			"%s<notice> pLoad = %ldns : calib_cpu %d\n",
			notice_prefix(), notice_prefix(), shown, c->cpu);
		return;
	}
	switch (c->source) {
	case CALIBRATION_FROM_FILE:
		fprintf(stderr, "%s<notice> pLoad = %ldns\n",
			notice_prefix(), shown);
		break;
	case CALIBRATION_STORED:
		fprintf(stderr, "%s<notice> pLoad = %ldns : calib_cpu %d "
			"(%.3f ns per loop, stored by mimic calibrate in %s; "
			"--recalibrate measures anew)\n", notice_prefix(),
			shown, c->cpu, c->ns_per_loop, store);
		break;
	case CALIBRATION_MEASURED:
		fprintf(stderr, "%s<notice> pLoad = %ldns : calib_cpu %d "
			"(%.3f ns per loop of CPU time, trials within %.1f %%, "
			"measured in %.0f ms%s)\n", notice_prefix(), shown,
			c->cpu, c->ns_per_loop, c->spread * 100,
			c->took_ns / 1e6, c->trials > WORK_TRIALS
			? "; more trials: the CPU was getting faster" : "");
		break;
	}
}

/*
 * The file's number against this machine's: the value stored for the CPU
 * (unless recalibrate), else a quick estimate of a few ms (a full
 * measurement would delay every start by tens of ms for a warning). Said
 * when they are more than CALIBRATION_FAR_FACTOR apart.
 */
static void warn_far(const struct workload *w, bool recalibrate)
{
	double file_ns = w->g.calibration_ns, own, spread, ratio;
	char *store = recalibrate ? NULL : store_path();
	struct diag d = { .file = w->file };
	const char *how = "stored";

	own = store_find(store, w->g.calibration_cpu, &spread);
	free(store);
	if (own <= 0) {
		own = work_estimate();
		how = "estimated";
	}
	ratio = own / file_ns;
	if (own <= 0 || (ratio <= CALIBRATION_FAR_FACTOR &&
			 ratio >= 1 / CALIBRATION_FAR_FACTOR))
		return;
	diag_warn(&d, w->g.at_calibration.line, w->g.at_calibration.col,
		  "global.calibration",
		  "%g ns per loop is %.1fx from this machine's %.1f ns per loop "
		  "of mimic's work loop (%s): rt-app's number for its own loop "
		  "does not fit mimic's; mimic uses the file's %g, so each "
		  "\"run\" takes about %.0f %% of its time (--calibration "
		  "measured uses this machine's)",
		  file_ns, ratio > 1 ? ratio : 1 / ratio, own, how, file_ns,
		  ratio * 100);
}

struct calibration calibration_choose(const struct workload *w,
				      enum calibration_policy policy,
				      bool recalibrate, bool quiet)
{
	struct calibration c = { .cpu = w->g.calibration_cpu };
	char *store = NULL;

	if (w->g.calibration_ns > 0 && policy != CALIBRATION_MEASURED_ONLY) {
		/* Only a run's length depends on the number: without one
		 * the check would cost the start a few ms for nothing. */
		if (policy == CALIBRATION_FILE_CHECKED && !quiet &&
		    w->g.calibrated_work)
			warn_far(w, recalibrate);
		c.ns_per_loop = w->g.calibration_ns;
		c.source = CALIBRATION_FROM_FILE;
	} else {
		store = recalibrate ? NULL : store_path();
		c.ns_per_loop = store_find(store, c.cpu, &c.spread);
		c.source = CALIBRATION_STORED;
		if (c.ns_per_loop <= 0)
			c = measure(c.cpu);
	}
	if (c.ns_per_loop <= 0)
		fprintf(stderr, "mimic: calibration failed\n");
	else if (!quiet) {
		print_pload(&c, store);
		warn_spread(&c);
	}
	free(store);
	return c;
}

double calibration_recheck(const struct workload *w,
			   const struct calibration *c, bool option,
			   bool quiet)
{
	double now, drift;

	if (!w->g.calibrated_work || c->ns_per_loop <= 0 ||
	    (c->source == CALIBRATION_FROM_FILE && !option))
		return 0;
	now = work_estimate_on(c->cpu);
	drift = now / c->ns_per_loop - 1;
	if (!quiet && now > 0 && fabs(drift) > CALIBRATION_DRIFT_WARN)
		fprintf(stderr, "%s<warning> the work loop now takes %.3f ns "
			"per loop on CPU %d, %+.0f %% from the %.3f this run "
			"used (%s): a \"run\" took about %.0f %% of the time "
			"it asked if it ran at this speed; the CPU's speed "
			"changed since that value was measured (a host's "
			"other guests, the frequency); pin one with 'mimic "
			"calibrate' or global.calibration\n", notice_prefix(),
			now, c->cpu, drift * 100, c->ns_per_loop,
			option ? "given by --calibration-ns"
			: c->source == CALIBRATION_STORED
				? "stored by mimic calibrate"
				: "measured at its start",
			now / c->ns_per_loop * 100);
	return now;
}

int calibration_policy_parse(const char *word)
{
	if (!strcmp(word, "file"))
		return CALIBRATION_FILE_CHECKED;
	if (!strcmp(word, "measured"))
		return CALIBRATION_MEASURED_ONLY;
	return -1;
}

int calibration_main(int argc, char **argv)
{
	static const struct option longs[] = {
		{ "cpu", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);
	char *end, *store;
	int opt, cpu = 0, status = 0;

	while ((opt = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
		switch (opt) {
		case 'c':
			errno = 0;
			cpu = (int)strtol(optarg, &end, 10);
			if (*end || end == optarg || errno || cpu < 0 ||
			    cpu >= ncpu) {
				fprintf(stderr, "mimic calibrate: --cpu: not a "
					"CPU of this machine (0 to %ld): %s\n",
					ncpu - 1, optarg);
				return 2;
			}
			break;
		case 'h':
			printf("Usage: mimic calibrate [--cpu N]\n"
			       "Measure the work loop's ns per loop on CPU N "
			       "(default 0) and store it for later runs.\n");
			return 0;
		default:
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "mimic calibrate: unexpected argument %s\n",
			argv[optind]);
		return 2;
	}
	struct calibration c = measure(cpu);

	if (c.ns_per_loop <= 0) {
		fprintf(stderr, "mimic calibrate: calibration failed\n");
		return 1;
	}
	print_pload(&c, NULL);
	warn_spread(&c);
	store = store_path();
	if (!store || store_put(store, &c)) {
		fprintf(stderr, "mimic calibrate: cannot store the value in %s: "
			"%s\n", store ? store : "(no $HOME)", strerror(errno));
		status = 1;
	} else {
		printf("%.6f\n", c.ns_per_loop);
		fprintf(stderr, "%s<notice> stored in %s\n", notice_prefix(),
			store);
	}
	free(store);
	return status;
}
