/*
 * request.c - "request" and "rate": request statistics of a server-like
 * workload (schbench's Request Latencies and RPS tables).
 *   "request": "wake"     one request done: adds now - the thread's last
 *                         wake-up (a futex_wait, timer, recv, wait... that
 *                         returned), in µs, to its request histogram
 *   "rate": "requests"    adds the requests per second done by all
 *                         threads since this thread's previous rate event
 *                         (or time zero) to its rate histogram
 * schbench's main thread samples the rate once a second; a task doing
 * "rate" then a 1 s "sleep" is that.
 */
#include "../engine.h"
#include "../event.h"
#include "../jtree.h"
#include "../parse.h"
#include "../thread.h"
#include "../thread_extra.h"
#include "../timeutil.h"

#include <json-c/json.h>
#include <math.h>
#include <string.h>

static int request_word(struct parser *p, const char *path,
			const struct jnode *v, const char *want)
{
	if (v->type != J_STRING || strcmp(v->s, want)) {
		parser_error(p, v, path, "expected \"%s\"", want);
		return -1;
	}
	return 0;
}

static int request_parse(struct parser *p, const char *path,
			 const struct jnode *v, struct event *ev)
{
	(void)ev;
	if (request_word(p, path, v, "wake"))
		return -1;
	p->task->request_hist = true;
	return 0;
}

static int rate_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	(void)ev;
	if (request_word(p, path, v, "requests"))
		return -1;
	p->task->rate_hist = true;
	return 0;
}

static void request_exec(struct thread *t, const struct event *ev)
{
	int64_t now = time_now_ns();

	(void)ev;
	/* µs as schbench's gettimeofday differences give them. */
	if (t->woke_ns && t->stats.request_us)
		hist_add(t->stats.request_us,
			 (uint64_t)(now / 1000 - t->woke_ns / 1000));
	atomic_fetch_add_explicit(&t->stats.requests, 1, memory_order_relaxed);
}

static void rate_exec(struct thread *t, const struct event *ev)
{
	uint64_t done = thread_extra_requests(t->eng);
	int64_t now = time_now_ns();
	int64_t last = t->stats.rate_last_ns ? t->stats.rate_last_ns
					     : t->eng->t_zero_ns;
	int64_t us = now / 1000 - last / 1000;
	double rps = (double)((done - t->stats.rate_last) * 1000000) / (double)us;

	(void)ev;
	/* The first sample, at time zero, is 0 (0/0 in schbench). */
	if (t->stats.rate)
		hist_add(t->stats.rate, isfinite(rps) ? (uint64_t)rps : 0);
	t->stats.rate_last = done;
	t->stats.rate_last_ns = now;
}

static void word_dump(const struct workload *w, const struct event *ev,
		      struct json_object *out)
{
	(void)w;
	if (ev->kind->parse == request_parse)
		json_object_object_add(out, "since", json_object_new_string("wake"));
	else
		json_object_object_add(out, "of", json_object_new_string("requests"));
}

const struct event_kind event_request = {
	.key = "request", .ftrace_type = 0, .parse = request_parse,
	.exec = request_exec, .dump = word_dump,
};

const struct event_kind event_rate = {
	.key = "rate", .ftrace_type = 0, .parse = rate_parse,
	.exec = rate_exec, .dump = word_dump,
};
