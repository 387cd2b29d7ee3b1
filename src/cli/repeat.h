/*
 * repeat.h - mimic --repeat N: N runs of one workload, each a child mimic
 * (fresh process, fresh threads) in its own run directory of a new
 * ROOT/repeat-NNN, the calibration of the first reused by the others, a
 * pause between them; then min/median/max of every headline metric over
 * the runs, as a table on stdout and repeat.json (doc/run-dirs.md).
 */
#ifndef MIMIC_REPEAT_H
#define MIMIC_REPEAT_H

#include <stdbool.h>

#define REPEAT_MAX 10000
#define REPEAT_MAX_PAUSE_S 3600.0

/* --repeat N ('r'), --pause S ('p') and --calibration-ns NS ('C'): checks
 * arg and stores it; -1 after printing why. */
int repeat_parse_option(int opt, const char *arg, int *repeat,
			double *pause_s, double *calibration_ns);

/*
 * Runs argv (mimic's own command line, --repeat, --pause and --outdir
 * taken out) n times, pause_s apart, into root/repeat-NNN/run-NNN, and
 * prints and writes the summary. Returns the exit status: 0 if every run
 * exited 0, else the first other status (a stop signal or a status of 2
 * ends the set early).
 */
int repeat_main(int argc, char **argv, int n, double pause_s,
		const char *root, bool quiet);

#endif
