/*
 * model_costs.h - what mimic's events cost on the machine a model runs
 * on, beyond the constants the inference takes off each run (doc/model.md
 * step 7, measured on one machine): `mimic model --measure-costs` measures
 * it, `--costs FILE` hands it to the inference.
 */
#ifndef MIMIC_TRACE_MODEL_COSTS_H
#define MIMIC_TRACE_MODEL_COSTS_H

#include <stddef.h>

/* µs more (or, < 0, less) than the constants, each of mimic's: */
struct md_costs {
	double block_us;   /* blocking in a read, futex, poll, wait, write
			    * (measured with the message sent after it);
			    * sleeps and timers keep the constants */
};

#define MD_COSTS_MAX_US 1000.0 /* a file's offset beyond this: not ours */

/* Reads path's costs into c: 0, or -1 with why in err. */
int md_costs_read(const char *path, struct md_costs *c, char *err,
		  size_t len);

/* Writes c to path with what it was measured on: 0, or -1 (errno). */
int md_costs_write(const char *path, const struct md_costs *c,
		   const char *measured_on);

#endif
