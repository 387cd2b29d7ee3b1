/*
 * calibration.h - which ns-per-loop a run uses: the file's number, a value
 * stored by `mimic calibrate` for this CPU model and kernel, or a new
 * measurement on the thread's CPU time; and the `mimic calibrate` command.
 */
#ifndef MIMIC_CALIBRATION_H
#define MIMIC_CALIBRATION_H

#include <stdbool.h>
#include <stdint.h>

struct workload;

/* Trials further apart than this (max - min, over the median) are warned. */
#define CALIBRATION_SPREAD_WARN 0.10

enum calibration_source {
	CALIBRATION_FROM_FILE,    /* global.calibration gave it */
	CALIBRATION_STORED,       /* the cache file of mimic calibrate */
	CALIBRATION_MEASURED,     /* measured now */
};

/*
 * What a number in global.calibration means. It is rt-app's ns per loop of
 * rt-app's loop; mimic's loop takes its own time (about 5x rt-app's here),
 * so the number is only right for mimic if it was measured by mimic.
 */
enum calibration_policy {
	/* Default: the file's number, with a warning when it is more than
	 * CALIBRATION_FAR_FACTOR from this machine's stored or measured one. */
	CALIBRATION_FILE_CHECKED,
	/* --calibration measured: the file's number is ignored; the stored
	 * value, else a measurement, is used. */
	CALIBRATION_MEASURED_ONLY,
	/* rt-app mode: the file's number exactly as rt-app takes it (ns per
	 * loop, nothing measured, nothing said). */
	CALIBRATION_FILE_EXACT,
};

/* A file's number further from this machine's than this factor is warned. */
#define CALIBRATION_FAR_FACTOR 2.0

struct calibration {
	double ns_per_loop;       /* <= 0: failed */
	double spread;            /* (max - min) / median of the trials */
	int cpu;
	enum calibration_source source;
	int64_t took_ns;          /* measuring time (0 unless measured) */
	int trials;               /* trials made (0 unless measured) */
};

/*
 * The value a run of w uses, as policy says. Unless recalibrate, a value
 * stored for the calibration CPU on this machine is taken before measuring.
 * Prints rt-app's pLoad notice (and a warning when the trials disagree, or
 * when the file's number is far from this machine's) unless quiet.
 */
struct calibration calibration_choose(const struct workload *w,
				      enum calibration_policy policy,
				      bool recalibrate, bool quiet);
/* A speed at the end further than this from the run's is warned (a busy
 * sibling of a host's core moved a quick estimate by 29 % in one CI run). */
#define CALIBRATION_DRIFT_WARN 0.20

/*
 * After a run that did calibrated work with a measured or stored value, or
 * one of --calibration-ns (option: a --repeat run's is the first run's
 * measurement): a quick estimate of ns per loop on the calibration CPU
 * now, else 0. When it is more than CALIBRATION_DRIFT_WARN from the value
 * the run used, the CPU's speed changed (a host's other guests, frequency):
 * warned unless quiet, since the runs then did not take the time they asked.
 */
double calibration_recheck(const struct workload *w,
			   const struct calibration *c, bool option,
			   bool quiet);

/* "file" or "measured" (the --calibration option's words), or -1. */
int calibration_policy_parse(const char *word);

/* "file", "stored" or "measured", as the JSON summary says it. */
const char *calibration_source_name(enum calibration_source s);
/* A measurement whose trials were further apart than the warning bound. */
bool calibration_unsteady(const struct calibration *c);

/* mimic calibrate [--cpu N]: measure, print, store. Returns exit status. */
int calibration_main(int argc, char **argv);

#endif
