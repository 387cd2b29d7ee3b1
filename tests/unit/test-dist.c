/*
 * test-dist.c - distributions: each form parses, its draws have the
 * moments it states (lognormal's mean and stddev are of the values), the
 * draws stay in the key's range, and each bad form gets its message.
 */
#define _GNU_SOURCE
#include "lib/arena.h"
#include "lib/diag.h"
#include "lib/rng.h"
#include "model/dist.h"
#include "model/workload.h"
#include "parse/dist.h"
#include "parse/jtree.h"
#include "parse/parser.h"
#include "tap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct run {
	struct arena a;
	struct diag d;
	struct workload w;
	char *msgs;
	size_t len;
	int rc;
	struct dist_value v;
};

/* json as a time in µs (min 0 .. max µs, stored in ns). */
static void parse(struct run *r, const char *json, double max)
{
	FILE *out = open_memstream(&r->msgs, &r->len);
	struct parser p = { .a = &r->a, .d = &r->d, .w = &r->w };
	struct jnode *n;

	r->d.file = "t.json";
	r->d.out = out;
	n = jtree_parse(&r->a, &r->d, json, strlen(json));
	r->rc = n ? dist_parse(&p, "x", n, 1000.0, 0, max, &r->v) : -2;
	fclose(out);
}

static void done(struct run *r)
{
	free(r->msgs);
	arena_free(&r->a);
}

struct moments {
	double mean, sd, min, max;
};

static struct moments draw(const struct dist *d, int n)
{
	struct rng g;
	struct moments m = { 0, 0, INFINITY, -INFINITY };
	double sq = 0;

	rng_seed(&g, 12345, 0);
	for (int k = 0; k < n; k++) {
		double x = (double)dist_draw(d, &g) / 1000.0; /* µs */

		m.mean += x;
		sq += x * x;
		m.min = x < m.min ? x : m.min;
		m.max = x > m.max ? x : m.max;
	}
	m.mean /= n;
	m.sd = sqrt(sq / n - m.mean * m.mean);
	return m;
}

static void uniform_stays_in_bounds_with_its_mean(void)
{
	struct run r = { 0 };
	struct moments m;

	parse(&r, "{\"uniform\": [500, 2000]}", 1e12);
	m = draw(r.v.dist, 200000);
	TAP_OK(r.rc == 0 && r.w.draws && r.v.fixed == 1250000,
	       "uniform parses; its fixed value is the mean in ns (%lld)",
	       (long long)r.v.fixed);
	TAP_OK(m.min >= 500 && m.max <= 2000 && fabs(m.mean - 1250) < 5,
	       "uniform [500, 2000]: min %g, max %g, mean %g", m.min, m.max,
	       m.mean);
	done(&r);
}

static void normal_is_truncated_at_zero(void)
{
	struct run r = { 0 };
	struct moments m;

	parse(&r, "{\"normal\": [1000, 100]}", 1e12);
	m = draw(r.v.dist, 200000);
	TAP_OK(r.rc == 0 && fabs(m.mean - 1000) < 2 && fabs(m.sd - 100) < 2,
	       "normal [1000, 100]: mean %g, stddev %g", m.mean, m.sd);
	done(&r);
	parse(&r, "{\"normal\": [0, 100]}", 1e12);
	m = draw(r.v.dist, 200000);
	/* Half-normal: mean sigma * sqrt(2 / pi) = 79.8. */
	TAP_OK(r.rc == 0 && m.min >= 0 && fabs(m.mean - 79.79) < 1.5,
	       "normal [0, 100] is truncated at 0: min %g, mean %g", m.min,
	       m.mean);
	done(&r);
}

static void lognormal_takes_the_values_mean_and_stddev(void)
{
	struct run r = { 0 };
	struct moments m;

	parse(&r, "{\"lognormal\": [1000, 500]}", 1e12);
	m = draw(r.v.dist, 400000);
	TAP_OK(r.rc == 0 && fabs(m.mean - 1000) < 5 && fabs(m.sd - 500) < 10 &&
		       m.min > 0,
	       "lognormal [1000, 500]: mean %g, stddev %g, min %g", m.mean,
	       m.sd, m.min);
	done(&r);
}

static void exponential_has_cv_one(void)
{
	struct run r = { 0 };
	struct moments m;

	parse(&r, "{\"exponential\": 1000}", 1e12);
	m = draw(r.v.dist, 200000);
	TAP_OK(r.rc == 0 && fabs(m.mean - 1000) < 10 &&
		       fabs(m.sd / m.mean - 1) < 0.02,
	       "exponential 1000: mean %g, cv %g", m.mean, m.sd / m.mean);
	done(&r);
}

static void choice_follows_its_weights(void)
{
	struct run r = { 0 };
	struct rng g;
	int n10 = 0, n20 = 0, other = 0, n = 100000;

	parse(&r, "{\"choice\": [[10, 1], [20, 3]]}", 1e12);
	rng_seed(&g, 7, 0);
	for (int k = 0; k < n && r.rc == 0; k++) {
		int64_t x = dist_draw(r.v.dist, &g);

		if (x == 10000)
			n10++;
		else if (x == 20000)
			n20++;
		else
			other++;
	}
	TAP_OK(r.rc == 0 && !other && abs(n20 - 3 * n / 4) < 800 &&
		       r.v.fixed == 17500,
	       "choice [[10, 1], [20, 3]]: %d tens, %d twenties, mean %lld ns",
	       n10, n20, (long long)r.v.fixed);
	done(&r);
}

static void draws_are_clamped_into_the_range(void)
{
	struct run r = { 0 };
	struct moments m;

	parse(&r, "{\"exponential\": 100}", 150);
	m = draw(r.v.dist, 100000);
	TAP_OK(r.rc == 0 && m.max <= 150, "draws stay below the key's max "
	       "(max %g of 150)", m.max);
	done(&r);
}

/* A size: bytes as written, in [1, max], clamped at its largest draw (an
 * unbounded tail far out: exponential 16 x mean) so a buffer of the
 * largest draw is small. */
static void sizes_clamp_their_tails(void)
{
	static const struct {
		const char *json;
		double hi;
	} cases[] = {
		{ "{\"exponential\": 1000}", 16000 },
		{ "{\"normal\": [1000, 100]}", 1600 },
		{ "{\"uniform\": [64, 4096]}", 4096 },
		{ "{\"choice\": [[64, 1], [1500, 1], [9000, 0.1]]}", 9000 },
		{ "{\"exponential\": 100000}", 1e6 },
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct run r = { 0 };
		FILE *out = open_memstream(&r.msgs, &r.len);
		struct parser p = { .a = &r.a, .d = &r.d, .w = &r.w };
		struct jnode *n;
		struct moments m;

		r.d.file = "t.json";
		r.d.out = out;
		n = jtree_parse(&r.a, &r.d, cases[k].json,
				strlen(cases[k].json));
		r.rc = n ? dist_parse_size(&p, "x", n, 1, 1e6, &r.v) : -2;
		fclose(out);
		/* draw() gives thousandths: a time's µs from ns. */
		m = r.rc ? (struct moments){ 0 } : draw(r.v.dist, 20000);
		m.min *= 1000;
		m.max *= 1000;
		TAP_OK(r.rc == 0 && r.v.dist->lo == 1 &&
			       r.v.dist->hi == cases[k].hi && m.min >= 1 &&
			       m.max <= cases[k].hi,
		       "size %s: draws in [1, %g] (drew %g .. %g)",
		       cases[k].json, cases[k].hi, m.min, m.max);
		done(&r);
	}
}

/* Each bad form, and its one message. */
static void bad_forms_are_reported(void)
{
	static const struct {
		const char *json, *msg;
	} cases[] = {
		{ "{\"unifrom\": [1, 2]}",
		  "t.json:1:2: error: x.unifrom: unknown distribution "
		  "\"unifrom\" (did you mean \"uniform\"?)\n" },
		{ "{\"zipf\": 2}",
		  "t.json:1:2: error: x.zipf: unknown distribution \"zipf\" "
		  "(expected uniform, normal, lognormal, exponential or "
		  "choice)\n" },
		{ "{\"uniform\": [1, 2, 3]}",
		  "t.json:1:13: error: x.uniform: expected [min, max] (2 "
		  "numbers), got 3\n" },
		{ "{\"uniform\": [3, 2]}",
		  "t.json:1:13: error: x.uniform: min > max (3 > 2)\n" },
		{ "{\"normal\": [10, -1]}",
		  "t.json:1:17: error: x.normal.1: stddev must be >= 0 (got "
		  "-1)\n" },
		{ "{\"exponential\": 0}",
		  "t.json:1:17: error: x.exponential: mean must be > 0 (got "
		  "0)\n" },
		{ "{\"choice\": [[1, 0]]}",
		  "t.json:1:17: error: x.choice.0.1: weight must be > 0 (got "
		  "0)\n" },
		{ "{\"uniform\": [1, 2], \"normal\": [1, 1]}",
		  NULL },
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct run r = { 0 };

		parse(&r, cases[k].json, 1e12);
		TAP_OK(r.rc == -1 && r.msgs &&
			       (!cases[k].msg || !strcmp(r.msgs, cases[k].msg)),
		       "%s: %s", cases[k].json, r.msgs ? r.msgs : "(none)");
		done(&r);
	}
}

int main(void)
{
	uniform_stays_in_bounds_with_its_mean();
	normal_is_truncated_at_zero();
	lognormal_takes_the_values_mean_and_stddev();
	exponential_has_cv_one();
	choice_follows_its_weights();
	draws_are_clamped_into_the_range();
	sizes_clamp_their_tails();
	bad_forms_are_reported();
	return tap_done();
}
