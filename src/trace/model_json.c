/*
 * model_json.c - prints a model as a workload of mimic's grammar
 * (doc/grammar.md): one task per recorded thread, its loop of events,
 * the channels declared as pipes or sockets, a `scale` parameter that
 * multiplies every loop (the message counts stay balanced) and a
 * `messages` one.
 */
#define _GNU_SOURCE
#include "trace/model_json.h"

#include "lib/json_str.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A channel's messages as the `messages` parameter says: unstamped by
 * default, as the original's carry no send time; stamping costs mimic
 * two clock reads and bookkeeping a message that the original never
 * spent (doc/model.md, "The workload"). */
#define MD_MESSAGES "\"messages\": \"${messages}\""

static void json_num(FILE *f, double v)
{
	if (v == floor(v) && fabs(v) < 1e15)
		fprintf(f, "%.0f", v);
	else
		fprintf(f, "%.1f", v);
}

/* A distribution: one value, or its bins, those of one value (shifted
 * to the floor together, doc/model.md step 7) merged. */
static void json_dist(FILE *f, const struct md_dist *d)
{
	bool same = true;

	for (int i = 1; i < d->n; i++)
		same = same && d->value[i] == d->value[0];
	if (d->n <= 1 || same) {
		json_num(f, d->value[0]);
		return;
	}
	fputs("{ \"choice\": [", f);
	for (int i = 0; i < d->n;) {
		double w = 0;
		int k = i;

		for (; k < d->n && d->value[k] == d->value[i]; k++)
			w += d->weight[k];
		fputs(i ? ", [" : "[", f);
		json_num(f, d->value[i]);
		fprintf(f, ", %.0f]", w);
		i = k;
	}
	fputs("] }", f);
}

/* A "0-3,6" CPU list as a JSON array; false when it is every CPU. */
static bool json_cpus(FILE *f, const char *list, int n_cpus, bool print)
{
	bool all[1024] = { 0 }, first = true;
	int count = 0, a, b, used;
	const char *p = list;

	while (*p && sscanf(p, "%d%n", &a, &used) == 1) {
		p += used;
		b = a;
		if (*p == '-' && sscanf(p + 1, "%d%n", &b, &used) == 1)
			p += used + 1;
		for (int c = a; c <= b && c >= 0 && c < 1024; c++)
			if (!all[c]) {
				all[c] = true;
				count++;
			}
		if (*p == ',')
			p++;
	}
	if (!count)
		return false;
	if (count >= n_cpus) {
		bool every = true;

		for (int c = 0; c < n_cpus; c++)
			every = every && all[c];
		if (every)
			return false;
	}
	if (!print)
		return true;
	fputs("[", f);
	for (int c = 0; c < 1024; c++)
		if (all[c]) {
			fprintf(f, first ? "%d" : ", %d", c);
			first = false;
		}
	fputs("]", f);
	return true;
}

static void json_sched(FILE *f, const struct model *m,
		       const struct md_task *mt)
{
	const struct tl_thread *t = mt->src;
	const struct tl_attrs *a = &t->attrs;
	const char *pol = NULL;
	long prio = 0;

	if (t->has_attrs) {
		if (!strcmp(a->policy, "fifo") || !strcmp(a->policy, "rr")) {
			pol = a->policy[0] == 'f' ? "SCHED_FIFO" : "SCHED_RR";
			prio = a->prio;
		} else if (!strcmp(a->policy, "deadline")) {
			fprintf(f, ",\n\t\t\t\"policy\": \"SCHED_DEADLINE\", "
				"\"dl-runtime\": %.1f, \"dl-deadline\": %.1f, "
				"\"dl-period\": %.1f", a->dl_runtime / 1e3,
				a->dl_deadline / 1e3, a->dl_period / 1e3);
		} else {
			if (!strcmp(a->policy, "batch"))
				pol = "SCHED_BATCH";
			else if (!strcmp(a->policy, "idle"))
				pol = "SCHED_IDLE";
			else if (a->nice)
				pol = "SCHED_OTHER";
			prio = a->nice;
		}
	} else if (t->kprio >= 0 && t->kprio < 100) {
		pol = "SCHED_FIFO"; /* or RR: sched_switch does not say */
		prio = 99 - t->kprio;
	} else if (t->kprio >= 100 && t->kprio != 120) {
		pol = "SCHED_OTHER";
		prio = t->kprio - 120;
	}
	if (pol)
		fprintf(f, ",\n\t\t\t\"policy\": \"%s\", \"priority\": %ld",
			pol, prio);
	if (t->has_attrs && json_cpus(f, a->cpus, m->n_cpus, false)) {
		fputs(",\n\t\t\t\"cpus\": ", f);
		json_cpus(f, a->cpus, m->n_cpus, true);
	}
}

/* The sends of mt made at `when` (each iteration, or once). */
static void json_sends(FILE *f, const struct model *m,
		       const struct md_task *mt, const char *ind, int when,
		       bool first)
{
	for (size_t l = 0; l < mt->n_out; l++) {
		const struct md_task *r = &m->t[mt->out[l].to];

		if ((int)mt->out[l].when != when)
			continue;
		fprintf(f, first ? "%s" : ",\n%s", ind);
		first = false;
		if (r->block == MD_FUTEX) {
			fprintf(f, "\"futex_wake_%s\": { \"ref\": \"fx_%s\", "
				"\"count\": %ld", r->name, r->name,
				mt->out[l].count);
		} else {
			fprintf(f, "\"send_%s\": { \"to\": \"%s_%s\", "
				"\"bytes\": %ld", r->name,
				r->joins_in_order ? "join" : "to",
				r->joins_in_order ? mt->name : r->name,
				mt->out[l].bytes);
			if (mt->out[l].count > 1)
				fprintf(f, ", \"count\": %ld",
					mt->out[l].count);
		}
		if (mt->out[l].every > 1)
			fprintf(f, ", \"every\": %ld", mt->out[l].every);
		fputs(" }", f);
	}
}

/* A recv's reads when smaller than its messages (model_links.c). */
static void json_read(FILE *f, const struct md_task *mt)
{
	if (mt->read > 0)
		fprintf(f, ", \"read\": %ld", mt->read);
}

static void json_block(FILE *f, const struct md_task *mt, const char *ind)
{
	fprintf(f, ",\n%s", ind);
	switch (mt->block) {
	case MD_RECV:
		fprintf(f, "\"recv\": { \"from\": \"to_%s\", \"bytes\": %ld",
			mt->name, mt->bytes);
		if (mt->per_recv > 1)
			fprintf(f, ", \"count\": %ld", mt->per_recv);
		json_read(f, mt);
		fputs(" }", f);
		break;
	case MD_FUTEX:
		fprintf(f, "\"futex_wait\": \"fx_%s\"", mt->name);
		break;
	case MD_TIMER:
		fprintf(f, "\"timer\": { \"ref\": \"unique_%s\", "
			"\"period\": ", mt->name);
		json_num(f, mt->period_us);
		fputs(" }", f);
		break;
	default:
		fputs("\"sleep\": ", f);
		json_dist(f, &mt->wait);
		break;
	}
}

/* One iteration's events, each line indented by ind tabs. */
static void json_events(FILE *f, const struct model *m,
			const struct md_task *mt, const char *ind)
{
	bool recv_first = (mt->block == MD_RECV || mt->block == MD_FUTEX) &&
			  !mt->sends_first;

	if (recv_first)
		json_block(f, mt, ind);
	if (!mt->no_run) {
		fprintf(f, ",\n%s\"run\": ", ind);
		json_dist(f, &mt->burst);
	}
	json_sends(f, m, mt, ind, MD_EACH, false);
	if (!recv_first && mt->block != MD_NONE)
		json_block(f, mt, ind);
}

static bool json_has_once(const struct md_task *mt, int when)
{
	for (size_t l = 0; l < mt->n_out; l++)
		if ((int)mt->out[l].when == when)
			return true;
	return false;
}

/* A recv of n messages sent once (`, ` before it unless first). */
static void json_recv_once(FILE *f, const struct md_task *mt, long long n,
			   const char *ind, bool first)
{
	fprintf(f, "%s%s\"recv\": { \"from\": \"to_%s\", \"bytes\": %ld",
		first ? "" : ",\n", ind, mt->name, mt->bytes);
	if (n > 1)
		fprintf(f, ", \"count\": %lld", n);
	json_read(f, mt);
	fputs(" }", f);
}

/* The iteration of mt's loop after which the j-th message of spread
 * link ln goes: its share of the sender's life. */
static long long json_spread_iter(const struct md_task *mt,
				  const struct md_link *ln, long j)
{
	long long i = llround(ln->at[j] * (double)mt->loops);

	return i < 0 ? 0 : i > mt->loops ? mt->loops : i;
}

/* Whether a send every n-th iteration of another task feeds mt's loop. */
static bool json_fed_every(const struct model *m, const struct md_task *mt)
{
	for (size_t s = 0; s < m->n; s++)
		for (size_t l = 0; l < m->t[s].n_out; l++)
			if (&m->t[m->t[s].out[l].to] == mt &&
			    m->t[s].out[l].when == MD_EACH &&
			    m->t[s].out[l].every > 1)
				return true;
	return false;
}

/* One sender's part of a receiver's loop (json_loop_value). */
static size_t json_loop_term(char *buf, size_t len, const char *plus,
			     const char *count, const struct md_link *ln,
			     long long loops)
{
	int n;

	if (ln->when == MD_SPREAD)
		n = snprintf(buf, len, "%s%sscale", plus, count);
	else if (ln->every > 1)
		n = snprintf(buf, len, "%s%s(%lld * scale / %ld)", plus, count,
			     loops, ln->every);
	else
		n = snprintf(buf, len, "%s%s%lld * scale", plus, count, loops);
	return n < 0 ? len : (size_t)n;
}

/*
 * The value of `loop` for n iterations of mt's loop: n x scale; a join's
 * n (its children end once at any scale); for a receiver fed by a send
 * every k-th iteration, the sum its senders' loops make at that scale (k
 * does not divide L x scale as it divides L: 701 iterations sending every
 * 26th send 26 times, 1402 send 53), so that it reads what comes, no
 * more. The plain product where the sum would need a sender's own such
 * sum, or is not mt's loop.
 */
static void json_loop_value(FILE *f, const struct model *m,
			    const struct md_task *mt, long long n)
{
	long per = mt->per_recv > 1 ? mt->per_recv : 1;
	long long at_one = 0;
	bool every = false, nested = false;
	char sum[512];
	size_t len = 0;
	int terms = 0;

	/* A join reads one message from each child, at any scale. */
	if (mt->joins) {
		fprintf(f, "%lld", n);
		return;
	}
	for (size_t s = 0; s < m->n; s++)
		for (size_t l = 0; l < m->t[s].n_out; l++) {
			const struct md_link *ln = &m->t[s].out[l];
			char c[32] = "";

			if (&m->t[ln->to] != mt || (ln->when != MD_EACH &&
						    ln->when != MD_SPREAD))
				continue;
			if (ln->when == MD_SPREAD) {
				at_one += ln->count;
			} else {
				at_one += md_link_in_loop(ln, m->t[s].loops);
				every = every || ln->every > 1;
				nested = nested || json_fed_every(m, &m->t[s]);
			}
			if (ln->count > 1)
				snprintf(c, sizeof(c), "%ld * ", ln->count);
			if (len < sizeof(sum))
				len += json_loop_term(sum + len,
						      sizeof(sum) - len,
						      terms ? " + " : "", c,
						      ln, m->t[s].loops);
			terms++;
		}
	if (n != mt->loops || mt->block != MD_RECV || !every || nested ||
	    at_one / per != n || len >= sizeof(sum))
		fprintf(f, "\"${%lld * scale}\"", n);
	else if (per > 1 || terms > 1)
		fprintf(f, "\"${(%s) / %ld}\"", sum, per);
	else
		fprintf(f, "\"${%s}\"", sum);
}

/* One phase of n iterations of mt's loop, named name. */
static void json_loop_phase(FILE *f, const struct model *m,
			    const struct md_task *mt, const char *name,
			    long long n, bool comma)
{
	fprintf(f, "%s\n\t\t\t\t\"%s\": {\n\t\t\t\t\t\"loop\": ",
		comma ? "," : "", name);
	json_loop_value(f, m, mt, n);
	json_events(f, m, mt, "\t\t\t\t\t");
	fputs("\n\t\t\t\t}", f);
}

static int json_cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/*
 * The loop, cut where the messages of spread links go: `loop` (its
 * first iterations), `send-1` (the messages due there, `scale` times:
 * the receiver reads `scale` times as many), `loop-2`, `send-2`, ... A
 * loop without spread links is the one `loop` phase.
 */
static void json_loops(FILE *f, const struct model *m,
		       const struct md_task *mt)
{
	long long due[64], prev = 0;
	size_t n = 0, k = 0;
	int seg = 0, sends = 0;
	char name[32];

	for (size_t l = 0; l < mt->n_out; l++)
		for (long j = 0; mt->out[l].when == MD_SPREAD &&
				 j < mt->out[l].count && n < 64; j++)
			due[n++] = json_spread_iter(mt, &mt->out[l], j);
	qsort(due, n, sizeof(due[0]), json_cmp_ll);
	for (size_t i = 0; i < n; i = k) {
		for (k = i; k < n && due[k] == due[i]; k++)
			;
		if (due[i] > prev) {
			snprintf(name, sizeof(name), seg ? "loop-%d" : "loop",
				 seg + 1);
			json_loop_phase(f, m, mt, name, due[i] - prev,
					seg || sends);
			seg++;
		}
		prev = due[i];
		fprintf(f, "%s\n\t\t\t\t\"send-%d\": {\n\t\t\t\t\t"
			"\"loop\": \"${1 * scale}\"", seg || sends ? "," : "",
			sends + 1);
		sends++;
		for (size_t l = 0; l < mt->n_out; l++) {
			const struct md_link *ln = &mt->out[l];
			const struct md_task *r = &m->t[ln->to];
			long c = 0;

			for (long j = 0; ln->when == MD_SPREAD &&
					 j < ln->count; j++)
				c += json_spread_iter(mt, ln, j) == prev;
			if (!c)
				continue;
			fprintf(f, ",\n\t\t\t\t\t\"send_%s\": { \"to\": "
				"\"to_%s\", \"bytes\": %ld", r->name, r->name,
				ln->bytes);
			if (c > 1)
				fprintf(f, ", \"count\": %ld", c);
			fputs(" }", f);
		}
		fputs("\n\t\t\t\t}", f);
	}
	if (mt->loops > prev || (!seg && !sends)) {
		snprintf(name, sizeof(name), seg ? "loop-%d" : "loop",
			 seg + 1);
		json_loop_phase(f, m, mt, name, mt->loops - prev, seg || sends);
	}
}

/*
 * A join in order (a pthread_join): the loop's CPU, then a recv of each
 * child's end from its own channel `join_<child>`, in the order they were
 * born (the model's tasks' order), once: a child still running blocks it,
 * one that ended does not.
 */
static void json_join_in_order(FILE *f, const struct model *m,
			       const struct md_task *mt, bool comma)
{
	if (!mt->no_run) {
		fprintf(f, "%s\n\t\t\t\t\"loop\": {\n\t\t\t\t\t\"loop\": "
			"\"${%lld * scale}\",\n\t\t\t\t\t\"run\": ",
			comma ? "," : "", mt->loops);
		json_dist(f, &mt->burst);
		fputs("\n\t\t\t\t}", f);
		comma = true;
	}
	fprintf(f, "%s\n\t\t\t\t\"join\": {", comma ? "," : "");
	comma = false;
	for (size_t c = 0; c < m->n; c++)
		for (size_t l = 0; l < m->t[c].n_out; l++) {
			if (&m->t[m->t[c].out[l].to] != mt ||
			    m->t[c].out[l].when != MD_AT_END)
				continue;
			fprintf(f, "%s\n\t\t\t\t\t\"recv_%s\": { \"from\": "
				"\"join_%s\", \"bytes\": %ld }",
				comma ? "," : "", m->t[c].name, m->t[c].name,
				mt->bytes);
			comma = true;
		}
	fputs("\n\t\t\t\t}", f);
}

static void json_task(FILE *f, const struct model *m,
		      const struct md_task *mt)
{
	bool tail = mt->tail_us > 0;
	bool start = mt->head_us > 0 || mt->in_start > 0 ||
		     json_has_once(mt, MD_AT_START);
	long long in_end = mt->joins_in_order ? 0 : mt->in_end;
	bool end = tail || in_end > 0 || json_has_once(mt, MD_AT_END);
	bool spread = json_has_once(mt, MD_SPREAD) || mt->joins_in_order;
	const char *ind = "\t\t\t\t\t";

	fputs("\t\t", f);
	json_str_put(f, mt->name);
	fprintf(f, ": {\n\t\t\t\"mode\": \"%s\", ",
		mt->as_thread ? "thread" : "process");
	if (start || end || spread)
		fputs("\"loop\": 1", f);
	else {
		fputs("\"loop\": ", f);
		json_loop_value(f, m, mt, mt->loops);
	}
	if (mt->delay_us > 0) {
		fputs(", \"delay\": ", f);
		json_num(f, mt->delay_us);
	}
	json_sched(f, m, mt);
	if (!start && !end && !spread) {
		json_events(f, m, mt, "\t\t\t");
		fputs("\n\t\t}", f);
		return;
	}
	fputs(",\n\t\t\t\"phases\": {", f);
	/* Sent and read once before the loop: ready signals. */
	if (start) {
		bool first = true;

		fputs("\n\t\t\t\t\"start\": {\n", f);
		if (mt->head_us > 0) {
			fprintf(f, "%s\"run\": ", ind);
			json_num(f, mt->head_us);
			first = false;
		}
		json_sends(f, m, mt, ind, MD_AT_START, first);
		first = first && !json_has_once(mt, MD_AT_START);
		if (mt->in_start > 0)
			json_recv_once(f, mt, mt->in_start, ind, first);
		fputs("\n\t\t\t\t},", f);
	}
	if (mt->joins_in_order)
		json_join_in_order(f, m, mt, false);
	else
		json_loops(f, m, mt);
	/* The CPU after the last blocking and what is sent or read once
	 * after the loop: a last phase, run once. */
	if (end && !in_end && !json_has_once(mt, MD_AT_END)) {
		fputs(",\n\t\t\t\t\"end\": { \"run\": ", f);
		json_num(f, mt->tail_us);
		fputs(" }", f);
	} else if (end) {
		bool first = true;

		fputs(",\n\t\t\t\t\"end\": {\n", f);
		if (tail) {
			fprintf(f, "%s\"run\": ", ind);
			json_num(f, mt->tail_us);
			first = false;
		}
		json_sends(f, m, mt, ind, MD_AT_END, first);
		first = first && !json_has_once(mt, MD_AT_END);
		if (in_end > 0)
			json_recv_once(f, mt, in_end, ind, first);
		fputs("\n\t\t\t\t}", f);
	}
	fputs("\n\t\t\t}\n\t\t}", f);
}

void model_json_write(FILE *f, const struct model *m, const char *source,
		      const char *what)
{
	char *desc = NULL;
	bool first = true;
	long cap = (long)ceil(fmax(2 * m->elapsed_s, m->elapsed_s + 1));
	char refined[64] = "", costs[80] = "";

	if (m->refined)
		snprintf(refined, sizeof(refined), ", its runs corrected "
			 "after %d run%s of it", m->refined,
			 m->refined > 1 ? "s" : "");
	if (m->costs.block_us != 0)
		snprintf(costs, sizeof(costs), ", mimic's blocking taken at "
			 "%+.2f us beyond the constants (--costs)",
			 m->costs.block_us);
	if (asprintf(&desc, "model of %s, inferred by mimic model from %s "
		     "(%zu threads, %.3f s recorded, %zu warnings%s%s)",
		     what && *what ? what : "a recording", source, m->n,
		     m->elapsed_s, m->n_warn, costs, refined) < 0)
		desc = NULL;
	fputs("{\n\t\"description\": ", f);
	json_str_put(f, desc ? desc : "model inferred by mimic model");
	free(desc);
	fputs(",\n\t\"params\": {\n"
	      "\t\t\"scale\": { \"default\": 1, \"doc\": \"multiplies every "
	      "thread's loop: the run's length\" },\n"
	      "\t\t\"log_size\": { \"default\": \"disable\", \"doc\": "
	      "\"per-thread logs: file turns them on\" },\n"
	      "\t\t\"messages\": { \"default\": \"unstamped\", \"values\": "
	      "[\"unstamped\", \"stamped\"], \"doc\": \"unstamped: bytes "
	      "only, as the original's; stamped: each carries its send time, "
	      "for the message and wake-up latency rows\" }\n\t},\n", f);
	fprintf(f, "\t\"global\": {\n\t\t\"duration\": \"${%ld * scale}\", "
		"\"log_size\": \"${log_size}\"", cap);
	if (m->cpu_dma_latency_us >= 0)
		fprintf(f, ",\n\t\t\"cpu_dma_latency\": %ld",
			m->cpu_dma_latency_us);
	fputs("\n\t},\n", f);
	fputs("\t\"resources\": {", f);
	for (size_t i = 0; i < m->n; i++) {
		bool fx = m->t[i].block == MD_FUTEX;

		/* a child's channel to its parent's join in order */
		for (size_t l = 0; l < m->t[i].n_out; l++)
			if (m->t[m->t[i].out[l].to].joins_in_order &&
			    m->t[i].out[l].when == MD_AT_END) {
				fprintf(f, "%s\n\t\t\"join_%s\": { \"type\": "
					"\"pipe\", " MD_MESSAGES " }",
					first ? "" : ",",
					m->t[i].name);
				first = false;
			}
		if (m->t[i].joins_in_order)
			continue;
		if (!fx && m->t[i].block != MD_RECV && !m->t[i].in_start &&
		    !m->t[i].in_end)
			continue;
		fprintf(f, "%s\n\t\t\"%s_%s\": { \"type\": \"%s\"%s%s }",
			first ? "" : ",", fx ? "fx" : "to", m->t[i].name,
			fx ? "futex" : m->t[i].chan == TL_CHAN_PIPE ? "pipe" :
				"socket",
			!fx && m->t[i].chan == TL_CHAN_DGRAM ?
				", \"mode\": \"dgram\"" : "",
			fx ? "" : ", " MD_MESSAGES);
		first = false;
	}
	fputs(first ? "},\n" : "\n\t},\n", f);
	fputs("\t\"tasks\": {\n", f);
	for (size_t i = 0; i < m->n; i++) {
		json_task(f, m, &m->t[i]);
		fputs(i + 1 < m->n ? ",\n" : "\n", f);
	}
	fputs("\t}\n}\n", f);
}
