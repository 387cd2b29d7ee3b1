/*
 * dist.h - reading a distribution object ({"uniform": [min, max]}, ...)
 * where a duration or a size is given (model/dist.h; doc/grammar.md §2.1).
 */
#ifndef MIMIC_PARSE_DIST_H
#define MIMIC_PARSE_DIST_H

#include "model/dist.h"

struct jnode;
struct parser;

/*
 * v, a JSON object, as a distribution of values written in units where
 * one is scale stored units (1000: µs stored as ns; 1: bytes), allowed
 * min .. max written units; draws are clamped into that range. Sets
 * out->dist, and out->fixed to the mean; reports and returns -1 on a bad
 * form. Marks the workload as drawing random values.
 */
int dist_parse(struct parser *p, const char *path, const struct jnode *v,
	       double scale, double min, double max, struct dist_value *out);
/*
 * v as a distribution of a size (bytes; scale 1) within min .. max, as
 * dist_parse, whose draws are clamped at the largest they can be: a
 * uniform's max, a choice's largest value, and for an unbounded one a far
 * tail (normal: mean + 6 stddev, lognormal: exp(mu + 6 sigma),
 * exponential: 16 x mean; fewer than 2 draws in 10^7 beyond), so buffers
 * sized for the largest draw stay the size of the messages.
 */
int dist_parse_size(struct parser *p, const char *path, const struct jnode *v,
		    double min, double max, struct dist_value *out);
/* A time in µs, number or distribution: parser_time_dist_us (parser.h),
 * which event kinds call. */

#endif
