/*
 * dist.c - reading a distribution object where a duration or a size is
 * given: {"uniform": [min, max]}, {"normal": [mean, stddev]},
 * {"lognormal": [mean, stddev]}, {"exponential": mean},
 * {"choice": [[value, weight], ...]}. Every bad form is reported here,
 * with its place; the draw is model/dist.c's.
 */
#include "parse/dist.h"

#include "lib/arena.h"
#include "model/keys.h"
#include "parse/jtree.h"
#include "parse/parser.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#define DIST_EXPECTED "uniform, normal, lognormal, exponential or choice"

/* A JSON number into *x, else an error naming what it is for. */
static int dist_number(struct parser *p, const char *path,
		       const struct jnode *v, const char *what, double *x)
{
	if (v->type == J_INT)
		*x = (double)v->i;
	else if (v->type == J_DOUBLE && isfinite(v->d))
		*x = v->d;
	else {
		parser_error(p, v, path, "expected a number (%s), got %s", what,
			     parser_describe(v));
		return -1;
	}
	return 0;
}

/* Edit distance of two short names, for "did you mean". */
static size_t dist_edits(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[32], prev, cur;

	if (la >= 32 || lb >= 32)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			cur = row[j];
			row[j] = prev + (a[i - 1] != b[j - 1]);
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			if (cur + 1 < row[j])
				row[j] = cur + 1;
			prev = cur;
		}
	}
	return row[lb];
}

static int dist_kind(struct parser *p, const char *path,
		     const struct jnode *m)
{
	const char *best = NULL;
	size_t best_d = 3; /* at most 2 edits away */

	for (int k = 0; dist_names[k]; k++) {
		size_t e = dist_edits(m->key, dist_names[k]);

		if (!e)
			return k;
		if (e < best_d) {
			best_d = e;
			best = dist_names[k];
		}
	}
	if (best)
		parser_key_error(p, m, path,
				 arena_printf(p->a,
					      "unknown distribution \"%s\" (did "
					      "you mean \"%s\"?)",
					      m->key, best));
	else
		parser_key_error(p, m, path,
				 arena_printf(p->a,
					      "unknown distribution \"%s\" "
					      "(expected " DIST_EXPECTED ")",
					      m->key));
	return -1;
}

/* [x, y]: the two numbers of uniform, normal and lognormal. */
static int dist_pair(struct parser *p, const char *path,
		     const struct jnode *v, const char *form, double *x,
		     double *y)
{
	if (v->type != J_ARRAY || v->n != 2) {
		if (v->type == J_ARRAY)
			parser_error(p, v, path,
				     "expected %s (2 numbers), got %zu", form,
				     v->n);
		else
			parser_error(p, v, path, "expected %s, got %s", form,
				     parser_describe(v));
		return -1;
	}
	if (dist_number(p, parser_path(p, path, "0"), v->kids[0], form, x) ||
	    dist_number(p, parser_path(p, path, "1"), v->kids[1], form, y))
		return -1;
	return 0;
}

/* A parameter of the distribution within the key's range. */
static int dist_in_range(struct parser *p, const char *path,
			 const struct jnode *v, const char *what, double x,
			 double min, double max)
{
	if (x < min || x > max) {
		parser_error(p, v, path,
			     "%s out of range: %g (allowed %.15g .. %.15g)", what, x,
			     min, max);
		return -1;
	}
	return 0;
}

static int dist_choice(struct parser *p, const char *path,
		       const struct jnode *v, double min, double max,
		       struct dist *d)
{
	double *values, *cum, *weights, total = 0;

	if (v->type != J_ARRAY || !v->n) {
		parser_error(p, v, path,
			     "expected [[value, weight], ...] (a non-empty "
			     "array), got %s",
			     v->type == J_ARRAY ? "an empty array"
						: parser_describe(v));
		return -1;
	}
	values = arena_alloc(p->a, v->n * sizeof(*values));
	cum = arena_alloc(p->a, v->n * sizeof(*cum));
	weights = arena_alloc(p->a, v->n * sizeof(*weights));
	for (size_t k = 0; k < v->n; k++) {
		const struct jnode *e = v->kids[k];
		const char *epath = parser_path(p, path,
						arena_printf(p->a, "%zu", k));
		double w;

		if (dist_pair(p, epath, e, "[value, weight]", &values[k], &w) ||
		    dist_in_range(p, parser_path(p, epath, "0"), e->kids[0],
				  "value", values[k], min, max))
			return -1;
		if (!(w > 0)) {
			parser_error(p, e->kids[1], parser_path(p, epath, "1"),
				     "weight must be > 0 (got %g)", w);
			return -1;
		}
		weights[k] = w;
		total += w;
		cum[k] = total;
	}
	for (size_t k = 0; k < v->n; k++)
		cum[k] /= total;
	cum[v->n - 1] = 1.0; /* a uniform draw in [0, 1) always finds one */
	d->n = v->n;
	d->values = values;
	d->cum = cum;
	d->weights = weights;
	return 0;
}

static int dist_params(struct parser *p, const char *path,
		       const struct jnode *v, double min, double max,
		       struct dist *d)
{
	switch (d->kind) {
	case DIST_UNIFORM:
		if (dist_pair(p, path, v, "[min, max]", &d->a, &d->b) ||
		    dist_in_range(p, path, v->kids[0], "min", d->a, min, max) ||
		    dist_in_range(p, path, v->kids[1], "max", d->b, min, max))
			return -1;
		if (d->a > d->b) {
			parser_error(p, v, path,
				     "min > max (%g > %g)", d->a, d->b);
			return -1;
		}
		return 0;
	case DIST_NORMAL:
	case DIST_LOGNORMAL:
		if (dist_pair(p, path, v, "[mean, stddev]", &d->a, &d->b) ||
		    dist_in_range(p, path, v->kids[0], "mean", d->a, min, max))
			return -1;
		if (d->b < 0) {
			parser_error(p, v->kids[1], parser_path(p, path, "1"),
				     "stddev must be >= 0 (got %g)", d->b);
			return -1;
		}
		if (d->kind == DIST_LOGNORMAL && d->a <= 0) {
			parser_error(p, v->kids[0], parser_path(p, path, "0"),
				     "a lognormal's mean must be > 0 (got %g)",
				     d->a);
			return -1;
		}
		return 0;
	case DIST_EXPONENTIAL:
		if (dist_number(p, path, v, "the mean", &d->a))
			return -1;
		if (d->a <= 0) {
			parser_error(p, v, path, "mean must be > 0 (got %g)",
				     d->a);
			return -1;
		}
		return dist_in_range(p, path, v, "mean", d->a, min, max);
	case DIST_CHOICE:
		return dist_choice(p, path, v, min, max, d);
	case DIST_KINDS:
		break;
	}
	return -1;
}

int dist_parse(struct parser *p, const char *path, const struct jnode *v,
	       double scale, double min, double max, struct dist_value *out)
{
	struct dist *d;
	const struct jnode *m;
	int kind;

	if (v->type != J_OBJECT || v->n != 1) {
		parser_error(p, v, path,
			     "expected a number or one distribution "
			     "({\"uniform\": [min, max]}, {\"normal\": [mean, "
			     "stddev]}, {\"lognormal\": [mean, stddev]}, "
			     "{\"exponential\": mean}, {\"choice\": [[value, "
			     "weight], ...]}), got %s",
			     v->type == J_OBJECT
				     ? arena_printf(p->a, "an object of %zu keys",
						    v->n)
				     : parser_describe(v));
		return -1;
	}
	m = v->kids[0];
	if ((kind = dist_kind(p, parser_path(p, path, m->key), m)) < 0)
		return -1;
	d = arena_alloc(p->a, sizeof(*d));
	memset(d, 0, sizeof(*d));
	d->kind = (enum dist_kind)kind;
	if (dist_params(p, parser_path(p, path, m->key), m, min, max, d))
		return -1;
	/* Written units to stored ones. */
	d->a *= scale;
	d->b *= scale;
	for (size_t k = 0; k < d->n; k++)
		((double *)d->values)[k] *= scale;
	if (d->kind == DIST_LOGNORMAL) {
		/* mean m and stddev s of the values: the underlying normal
		 * has sigma^2 = ln(1 + s^2/m^2), mu = ln(m) - sigma^2/2. */
		double s2 = log(1.0 + (d->b * d->b) / (d->a * d->a));

		d->sigma = sqrt(s2);
		d->mu = log(d->a) - s2 / 2;
	}
	d->lo = min * scale;
	d->hi = max * scale;
	d->scale = scale;
	out->dist = d;
	out->fixed = llround(dist_mean(d));
	p->w->draws = true;
	return 0;
}

int dist_parse_size(struct parser *p, const char *path, const struct jnode *v,
		    double min, double max, struct dist_value *out)
{
	struct dist *d;
	double tail = max;

	if (dist_parse(p, path, v, 1.0, min, max, out))
		return -1;
	d = (struct dist *)out->dist; /* ours: just built */
	switch (d->kind) {
	case DIST_UNIFORM:
		tail = d->b;
		break;
	case DIST_CHOICE:
		tail = min;
		for (size_t k = 0; k < d->n; k++)
			if (d->values[k] > tail)
				tail = d->values[k];
		break;
	case DIST_NORMAL:
		tail = d->a + 6 * d->b;
		break;
	case DIST_LOGNORMAL:
		tail = exp(d->mu + 6 * d->sigma);
		break;
	case DIST_EXPONENTIAL:
		tail = 16 * d->a;
		break;
	case DIST_KINDS:
		break;
	}
	tail = ceil(tail);
	if (tail < d->hi)
		d->hi = tail < min ? min : tail;
	return 0;
}

int parser_time_dist_us(struct parser *p, const char *path,
			const struct jnode *v, struct dist_value *out)
{
	out->dist = NULL;
	if (v->type == J_OBJECT)
		return dist_parse(p, path, v, 1000.0, 0,
				  (double)KEY_DURATION_MAX_US, out);
	return parser_time_us(p, path, v, &out->fixed);
}
