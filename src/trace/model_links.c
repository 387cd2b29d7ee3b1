/*
 * model_links.c - who writes to whom, for `mimic model` (doc/model.md
 * steps 5 and 6): links from the wake-ups between the threads, a
 * sender's fan-out completed from its peers, the messages on each link
 * counted by volume (the reads and writes that moved data), and the
 * loops settled so that no receiver waits for a message never sent.
 */
#define _GNU_SOURCE
#include "trace/model_links.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MD_STEADY 0.5         /* wake-ups per sender iteration to link */
#define MD_MIN_WAKES 2        /* or this many wake-ups in all */
#define MD_MAX_PASSES 32
#define MD_JOIN_SHARE 0.5     /* of a wait's blockings ended by an exit */
#define MD_JOIN_BYTES 8       /* a child's end message */
#define MD_SILENT_WRITES 8    /* writes of a sender no wake-up linked */
#define MD_PEER_SPREAD 0.2    /* its peer's writes: count and size within */

static int md_index(const struct model *m, int pid)
{
	for (size_t i = 0; i < m->n; i++)
		if (m->t[i].src->pid == pid)
			return (int)i;
	return -1;
}

/* Whether pair (s, r) can be a channel or futex word from s to r. */
static bool md_can_receive(const struct md_task *r)
{
	return r->cls != TL_SLEEP && r->cls != TL_WAIT;
}

/* A message's size: at least 4 bytes (its stamp, doc/grammar.md
 * §10.15), at most 1 MiB. */
static long md_clamp_bytes(double b)
{
	return b < 4 ? 4 : b > 1048576 ? 1048576 : lround(b);
}

/* Appends a link to st's; false when out of memory. */
static bool md_link_add(struct md_task *st, struct md_link link)
{
	struct md_link *l = realloc(st->out, (st->n_out + 1) * sizeof(*l));

	if (!l)
		return false;
	st->out = l;
	st->out[st->n_out++] = link;
	return true;
}

/* A futex pair whose waker woke it in fewer than 2 of 3 iterations (per:
 * wake-ups per iteration) wakes in every n-th, n = 1 / per rounded: once
 * each would make the waiter loop as often as the waker (a main thread
 * woken twice by a worker looping 3000 times). Volume links get theirs
 * from md_volume. */
static long md_futex_every(bool volume, double per)
{
	return volume || per <= 0 || per >= 1 ? 0 : lround(1 / per);
}

/*
 * Who woke whom, in the blockings the loops are made of: a reader (read,
 * recv, poll, futex) woken by s, and a writer s blocked on a full
 * channel woken by its reader r, are both messages from s to r. Into a
 * reader of data, one wake-up is enough for a link from a thread that
 * wrote: what flows on it is counted by volume (md_volume). A futex
 * pair needs MD_MIN_WAKES, or MD_STEADY per iteration of s: once is a
 * start signal, not a stream.
 */
static int md_links(struct model *m)
{
	unsigned long *pair = calloc(m->n * m->n, sizeof(*pair));
	unsigned long *orphans = calloc(m->n, sizeof(*orphans));

	if (!pair || !orphans) {
		free(pair);
		free(orphans);
		return -1;
	}
	for (size_t i = 0; i < m->n; i++) {
		const struct md_task *mt = &m->t[i];
		const struct tl_thread *t = mt->src;
		bool reader = mt->block == MD_RECV || mt->block == MD_FUTEX;
		bool writer = mt->cls == TL_WRITE;

		if (!reader && !writer)
			continue;
		for (size_t b = 0; b < t->n_blocks; b++) {
			int w;

			if (t->blocks[b].cls != mt->cls)
				continue;
			w = t->blocks[b].waker > 0 ?
				    md_index(m, t->blocks[b].waker) : -1;
			if (w < 0 || (size_t)w == i)
				orphans[i]++;
			else if (reader)
				pair[(size_t)w * m->n + i]++;
			else if (md_can_receive(&m->t[w]))
				pair[i * m->n + (size_t)w]++;
			else
				orphans[i]++;
		}
	}
	for (size_t s = 0; s < m->n; s++) {
		struct md_task *st = &m->t[s];
		unsigned long dropped = 0, dropped_wakes = 0;

		for (size_t r = 0; r < m->n; r++) {
			unsigned long n = pair[s * m->n + r];
			struct md_task *rt = &m->t[r];
			double per = n / (double)(st->cycles ? st->cycles : 1);
			bool volume = rt->block != MD_FUTEX &&
				      st->src->n_writes > 0;

			if (!n)
				continue;
			if (!volume && n < MD_MIN_WAKES && per < MD_STEADY) {
				dropped++;
				dropped_wakes += n;
				continue;
			}
			if (!md_link_add(st, (struct md_link){
				.to = (int)r, .count = per < 1 ? 1 : lround(per),
				.every = md_futex_every(volume, per),
				.wakes = n, .by_volume = volume,
				.bytes = md_clamp_bytes(rt->src->n_reads ?
					rt->src->read_bytes / rt->src->n_reads : 8) }))
				continue;
			if (rt->block != MD_FUTEX)
				rt->block = MD_RECV;
		}
		if (dropped)
			model_warn(m, "%s: its %lu wake-ups of %lu threads (fewer "
				"than %d each) are not modelled: too few for "
				"a futex pair", st->name, dropped_wakes, dropped,
				MD_MIN_WAKES);
	}
	for (size_t i = 0; i < m->n; i++)
		if (orphans[i])
			model_warn(m, "%s: %lu of its %lu blockings in %s were "
				"woken by an interrupt, a task outside the "
				"tree or a sleeping one: no channel for them",
				m->t[i].name, orphans[i], m->t[i].cycles,
				tl_class_name(m->t[i].cls));
	free(pair);
	free(orphans);
	return 0;
}

static bool md_links_to(const struct md_task *st, size_t r)
{
	for (size_t l = 0; l < st->n_out; l++)
		if (st->out[l].to == (int)r)
			return true;
	return false;
}

/* Whether p writes as s does: the same parent, about as many writes of
 * about the same size. */
static bool md_writes_alike(const struct tl_thread *s,
			    const struct tl_thread *p)
{
	double ws = s->write_bytes / (double)s->n_writes,
	       wp = p->write_bytes / (double)p->n_writes;

	return p->parent == s->parent &&
	       fabs((double)p->n_writes - (double)s->n_writes) <=
		       MD_PEER_SPREAD * (double)s->n_writes &&
	       fabs(wp - ws) <= MD_PEER_SPREAD * ws;
}

/* Whether the receivers of peer read at least half of s's writes more
 * than the threads linked to them wrote: data nobody seen wrote. */
static bool md_reads_unclaimed(const struct model *m, size_t s,
			       const struct md_task *peer)
{
	double reads = 0, writes = 0;

	for (size_t l = 0; l < peer->n_out; l++)
		if (peer->out[l].by_volume)
			reads += (double)m->t[peer->out[l].to].src->n_reads;
	for (size_t w = 0; w < m->n; w++) {
		bool into = false;

		for (size_t l = 0; l < m->t[w].n_out && w != s; l++)
			into = into || (m->t[w].out[l].by_volume &&
					md_links_to(peer,
						    (size_t)m->t[w].out[l].to));
		if (into)
			writes += (double)m->t[w].src->n_writes;
	}
	return reads - writes >= 0.5 * (double)m->t[s].src->n_writes;
}

/*
 * A sender none of whose writes woke anybody (its receivers were always
 * running: one of hackbench's 40 senders in a recording, its 4000 writes
 * unseen, its receivers 5 % short of messages) writes where its peer
 * does: the thread of the same parent, born nearest to it, that writes
 * as it does (md_writes_alike) and has receivers, when those receivers
 * read what it wrote (md_reads_unclaimed: in a short recording whose
 * wake-ups showed one receiver of four, they did not). Its links are the
 * peer's; the fan-out completion and the volume do the rest.
 */
static void md_adopt_peers(struct model *m)
{
	for (size_t s = 0; s < m->n; s++) {
		struct md_task *st = &m->t[s];
		const struct tl_thread *t = st->src;
		const struct md_task *peer = NULL;
		bool linked = false;

		for (size_t l = 0; l < st->n_out; l++)
			linked = linked || st->out[l].by_volume;
		if (linked || t->n_writes < MD_SILENT_WRITES ||
		    t->n_writes < 2 * t->n_reads)
			continue;
		for (size_t p = 0; p < m->n; p++) {
			const struct md_task *pt = &m->t[p];
			bool has = false;

			for (size_t l = 0; l < pt->n_out; l++)
				has = has || pt->out[l].by_volume;
			if (p == s || !has || !pt->src->n_writes ||
			    !md_writes_alike(t, pt->src))
				continue;
			if (!peer || llabs((long long)(pt->src->born - t->born)) <
				     llabs((long long)(peer->src->born - t->born)))
				peer = pt;
		}
		if (!peer || !md_reads_unclaimed(m, s, peer))
			continue;
		for (size_t l = 0; l < peer->n_out; l++) {
			const struct md_link *pl = &peer->out[l];

			if (!pl->by_volume || pl->to == (int)s ||
			    md_links_to(st, (size_t)pl->to) ||
			    m->t[pl->to].block != MD_RECV)
				continue;
			if (!md_link_add(st, (struct md_link){
				.to = pl->to, .count = 1, .by_volume = true,
				.bytes = pl->bytes }))
				return;
		}
		model_warn(m, "%s: none of its %lu writes woke a thread: it "
			"writes to the receivers of %s, born nearest to it of "
			"its parent's threads that write as it does", st->name,
			t->n_writes, peer->name);
	}
}

/*
 * A sender's fan-out completed from its peers: senders whose receivers
 * overlap by at least half (the smaller set) write to the same group, as
 * hackbench's each write to all receivers of theirs; a pair whose
 * wake-up the recording did not happen to catch (data that found the
 * receiver running woke nobody) gets its link too.
 */
static void md_complete_fanout(struct model *m)
{
	bool *want = calloc(m->n ? m->n : 1, sizeof(*want));
	size_t added = 0, senders = 0;

	if (!want)
		return;
	for (size_t s = 0; s < m->n; s++) {
		struct md_task *st = &m->t[s];
		size_t before = st->n_out;
		double reads;

		if (st->n_out < 2 || !st->out[0].by_volume)
			continue;
		memset(want, 0, m->n * sizeof(*want));
		reads = 0;
		for (size_t l = 0; l < st->n_out; l++)
			reads += (double)m->t[st->out[l].to].src->n_reads;
		reads /= (double)st->n_out;
		for (size_t p = 0; p < m->n; p++) {
			const struct md_task *pt = &m->t[p];
			size_t common = 0;

			if (p == s || pt->n_out < 2)
				continue;
			for (size_t l = 0; l < pt->n_out; l++)
				common += md_links_to(st, (size_t)pt->out[l].to);
			if (2 * common < (st->n_out < pt->n_out ? st->n_out :
								    pt->n_out))
				continue;
			for (size_t l = 0; l < pt->n_out; l++)
				if (pt->out[l].by_volume)
					want[pt->out[l].to] = true;
		}
		for (size_t r = 0; r < m->n; r++) {
			/* A peer's ready signal to its parent is no
			 * stream: the receiver must read like the others. */
			if (!want[r] || r == s || md_links_to(st, r) ||
			    m->t[r].block != MD_RECV ||
			    (double)m->t[r].src->n_reads < 0.25 * reads)
				continue;
			if (!md_link_add(st, (struct md_link){
				.to = (int)r, .count = 1, .by_volume = true,
				.bytes = 8 }))
				break;
		}
		if (st->n_out > before) {
			added += st->n_out - before;
			senders++;
		}
	}
	free(want);
	if (added)
		model_warn(m, "%zu links that no wake-up showed added to %zu "
			"senders whose peers write to those receivers too (a "
			"sender's fan-out)", added, senders);
}

/* The iterations a thread's sends are counted against before the
 * balance: its reads of data if it receives, else its blockings. */
static double md_base_loops(const struct md_task *mt)
{
	if (mt->block == MD_RECV && mt->src->n_reads)
		return (double)mt->src->n_reads;
	return (double)(mt->loops > 0 ? mt->loops : 1);
}

/* What a receiver reads per link into it: its reads of data (else its
 * blockings) shared among the threads that send to it. */
static double md_demand(const struct model *m, size_t r)
{
	const struct md_task *rt = &m->t[r];
	size_t in = 0;

	for (size_t s = 0; s < m->n; s++)
		for (size_t l = 0; l < m->t[s].n_out; l++)
			in += m->t[s].out[l].to == (int)r;
	return (rt->src->n_reads ? (double)rt->src->n_reads :
				   (double)(rt->cycles ? rt->cycles : 1)) /
	       (double)(in ? in : 1);
}

/* Whether s first woke r in the first half of its life: a message sent
 * once goes before its loop, else after it. */
static bool md_early(const struct model *m, const struct md_task *st,
		     const struct md_link *ln)
{
	const struct tl_thread *r = m->t[ln->to].src, *t = st->src;
	unsigned long long end = t->died ? t->died : t->born;

	for (size_t b = 0; b < r->n_blocks; b++)
		if (r->blocks[b].waker == t->pid)
			return !t->died ||
			       r->blocks[b].wake - t->born < (end - t->born) / 2;
	return true;
}

static int md_cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

static int md_cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a,
			   y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/*
 * When the k (2 .. MD_ONCE_MAX) messages st sends on ln were sent, from
 * the wake-ups of the receiver by st: the wake-ups cut into k bursts at
 * their k - 1 widest gaps (a 256 KiB write into a 64 KiB pipe wakes its
 * reader several times within a few µs, the next write comes ms later),
 * each message at its burst's first wake-up, as a share of st's life.
 * False when fewer than k wake-ups were seen: then they go once.
 */
static bool md_spread_at(const struct model *m, const struct md_task *st,
			 struct md_link *ln, long k)
{
	const struct tl_thread *r = m->t[ln->to].src, *t = st->src;
	unsigned long long end = t->died ? t->died : t->born, *w;
	size_t n = 0, cut[MD_ONCE_MAX] = { 0 };
	bool ok = false;

	if (k < 2 || k > MD_ONCE_MAX || end <= t->born)
		return false;
	w = malloc((r->n_blocks ? r->n_blocks : 1) * sizeof(*w));
	if (!w)
		return false;
	for (size_t b = 0; b < r->n_blocks; b++)
		if (r->blocks[b].waker == t->pid && r->blocks[b].wake)
			w[n++] = r->blocks[b].wake;
	if (n >= (size_t)k) {
		qsort(w, n, sizeof(*w), md_cmp_ull);
		/* cut[j]: the first wake-up of burst j; the widest gaps,
		 * one at a time, not taken twice */
		for (long j = 1; j < k; j++) {
			size_t best = 0;

			for (size_t i = 1; i < n; i++) {
				bool taken = false;

				for (long c = 1; c < j; c++)
					taken = taken || cut[c] == i;
				if (!taken && (!best || w[i] - w[i - 1] >
						w[best] - w[best - 1]))
					best = i;
			}
			cut[j] = best;
		}
		qsort(cut, (size_t)k, sizeof(cut[0]), md_cmp_size);
		for (long j = 0; j < k; j++)
			ln->at[j] = fmin(1, (double)(w[cut[j]] > t->born ?
					     w[cut[j]] - t->born : 0) /
					    (double)(end - t->born));
		ok = true;
	}
	free(w);
	return ok;
}

/*
 * The messages s sends on link ln: its writes, shared as the receivers
 * read (demand: reads per link into each, summed over the links of s:
 * sum), but no more messages than the receiver reads on the link: a
 * reader of 32 KiB chunks fed by 4 KiB writes gets 32 KiB messages (the
 * writer blocks on a full pipe as often as it did). *bytes: a message's
 * size, the bytes written on the link spread over its messages.
 */
static double md_share(const struct model *m, const struct md_task *st,
		       const struct md_link *ln, const double *demand,
		       double sum, double *bytes)
{
	const struct tl_thread *t = st->src;
	double part = demand[ln->to] / sum;
	double n = fmax(1, fmin((double)t->n_writes * part, demand[ln->to]));

	(void)m;
	if (bytes)
		*bytes = t->write_bytes * part / n;
	return n;
}

/*
 * A loop cut into phases where spread messages go (model_json.c) counts
 * its iterations from 0 again in each: a send every n-th iteration would
 * not come floor(loops / n) times. There the same bytes go as a smaller
 * message each iteration.
 */
static void md_every_unless_cut(struct md_task *st)
{
	bool cut = false;

	for (size_t l = 0; l < st->n_out; l++)
		cut = cut || st->out[l].when == MD_SPREAD;
	for (size_t l = 0; cut && l < st->n_out; l++) {
		struct md_link *ln = &st->out[l];

		if (ln->every > 1)
			ln->bytes = md_clamp_bytes((double)ln->bytes /
						   (double)ln->every);
		ln->every = 0;
	}
}

/*
 * Messages by volume: a sender's writes of data shared among its links
 * as its receivers read (each receiver's reads split among the threads
 * that send to it), each message its mean write (the bytes kept when the
 * count is rounded). A thread that only sends (it never blocks in a
 * read, a sleep or a timer) iterates once per write on its busiest link,
 * as hackbench's senders loop over their receivers. A link carrying less
 * than half a message per iteration is sent once, before the loop or
 * after it (a ready signal, a result), when its sender only sends or it
 * is at most MD_ONCE_MAX messages; else its mean write every so many
 * iterations (a compressor's output). A receiver reads as many messages
 * per iteration as it got per read of data in the recording.
 */
static void md_volume(struct model *m)
{
	double *demand = calloc(m->n ? m->n : 1, sizeof(*demand));

	if (!demand)
		return;
	for (size_t r = 0; r < m->n; r++)
		demand[r] = md_demand(m, r);
	for (size_t s = 0; s < m->n; s++) {
		struct md_task *st = &m->t[s];
		double sum = 0, top = 0, base;

		for (size_t l = 0; l < st->n_out; l++)
			if (st->out[l].by_volume)
				sum += demand[st->out[l].to];
		if (sum <= 0)
			continue;
		/* Blocked now and then outside a sleep (a start signal it
		 * polled for, a full pipe) but writing far more often: it
		 * only sends. Not a thread that reads data about as often
		 * as it writes: a ping-pong whose reads found the message
		 * already there on a busy machine blocked less, not less
		 * often received. */
		if ((st->block == MD_SLEEP || st->block == MD_RECV) &&
		    st->cls != TL_SLEEP &&
		    2 * st->cycles * st->n_out < st->src->n_writes &&
		    2 * st->src->n_reads < st->src->n_writes)
			st->block = MD_NONE;
		for (size_t l = 0; l < st->n_out; l++)
			if (st->out[l].by_volume)
				top = fmax(top, md_share(m, st, &st->out[l],
							 demand, sum, NULL));
		if (st->block == MD_NONE) {
			st->loops = llround(top);
			base = (double)st->loops;
		} else {
			base = md_base_loops(st);
		}
		for (size_t l = 0; l < st->n_out; l++) {
			struct md_link *ln = &st->out[l];
			double bytes, share;

			if (!ln->by_volume)
				continue;
			share = md_share(m, st, ln, demand, sum, &bytes);
			if (share < 0.5 * base && share <= MD_ONCE_MAX &&
			    st->block != MD_NONE &&
			    md_spread_at(m, st, ln, lround(share))) {
				/* A few writes through its loop (gzip's
				 * 256 KiB ones): sent where they were. */
				ln->when = MD_SPREAD;
				ln->count = lround(share);
			} else if (share < 0.5 * base &&
				   (share <= MD_ONCE_MAX ||
				    st->block == MD_NONE)) {
				ln->when = md_early(m, st, ln) ? MD_AT_START :
								 MD_AT_END;
				ln->count = lround(share);
			} else if (share < 0.5 * base) {
				/* Fewer than one a loop, more than a few:
				 * its mean write every so many iterations
				 * (gzip's 256 KiB, one per 27 reads of 32
				 * KiB), not a smaller one each, which would
				 * wake the reader every iteration. */
				ln->count = 1;
				ln->every = (long)(base / share);
			} else {
				ln->count = lround(share / base);
			}
			ln->bytes = md_clamp_bytes(bytes);
		}
		md_every_unless_cut(st);
	}
	free(demand);
	for (size_t r = 0; r < m->n; r++) {
		struct md_task *rt = &m->t[r];
		double in = 0;

		rt->per_recv = 1;
		for (size_t s = 0; s < m->n; s++)
			for (size_t l = 0; l < m->t[s].n_out; l++) {
				const struct md_link *ln = &m->t[s].out[l];

				if (ln->to != (int)r)
					continue;
				if (in == 0)
					rt->bytes = ln->bytes;
				in += ln->when == MD_EACH ?
					(double)md_link_in_loop(ln, llround(
						md_base_loops(&m->t[s]))) :
					(double)ln->count;
			}
		if (rt->block != MD_RECV || in == 0)
			continue;
		if (rt->src->n_reads)
			rt->per_recv = lround(fmax(1, in /
						   (double)rt->src->n_reads));
		/* Where the balance starts: a ping-pong pair settles on
		 * the messages, not on the blockings. */
		rt->loops = llround(fmax(1, in / (double)rt->per_recv));
	}
}

/* A sparse futex pair's every (md_futex_every) of the waker's loops as
 * they are now, not of its recorded blockings: a ping-pong's reads that
 * found the message there did not block, and its loop is its messages. */
static void md_futex_every_of_loops(struct model *m)
{
	for (size_t s = 0; s < m->n; s++)
		for (size_t l = 0; l < m->t[s].n_out; l++) {
			struct md_link *ln = &m->t[s].out[l];

			if (!ln->by_volume && ln->when == MD_EACH &&
			    ln->every > 1 && m->t[s].loops > 0)
				ln->every = lround(fmax(2, (double)m->t[s].loops /
							 (double)ln->wakes));
		}
}

/* Receivers loop once per per_recv messages sent to them, senders as
 * recorded. */
static void md_balance(struct model *m)
{
	int pass;

	/* One receiver at a time, each from the loops as they are now: a
	 * ping-pong pair settles instead of swapping its counts forever. */
	for (pass = 0; pass < MD_MAX_PASSES; pass++) {
		bool changed = false;

		md_futex_every_of_loops(m);
		for (size_t r = 0; r < m->n; r++) {
			struct md_task *mt = &m->t[r];
			long long n = 0;

			mt->in_start = mt->in_end = 0;
			for (size_t s = 0; s < m->n; s++)
				for (size_t l = 0; l < m->t[s].n_out; l++) {
					const struct md_link *ln =
						&m->t[s].out[l];

					if (ln->to != (int)r)
						continue;
					if (ln->when == MD_AT_START)
						mt->in_start += ln->count;
					else if (ln->when == MD_AT_END)
						mt->in_end += ln->count;
					else if (ln->when == MD_SPREAD)
						n += ln->count;
					else
						n += md_link_in_loop(
							ln, m->t[s].loops);
				}
			if (mt->block != MD_RECV && mt->block != MD_FUTEX)
				continue;
			/* Only messages sent once: its loop is the
			 * recorded blockings, slept. */
			if (!n && mt->block == MD_RECV) {
				mt->block = MD_SLEEP;
				mt->loops = mt->cycles ? (long long)mt->cycles
						       : 1;
				changed = true;
				continue;
			}
			/* Never wait for messages that do not come. */
			if (mt->per_recv > 1 && n < mt->per_recv)
				mt->per_recv = 1;
			n /= mt->per_recv > 1 ? mt->per_recv : 1;
			if (n != mt->loops) {
				mt->loops = n;
				changed = true;
			}
		}
		if (!changed)
			break;
	}
	if (pass == MD_MAX_PASSES)
		model_warn(m, "the message counts between the threads do not "
			"settle (a cycle whose counts grow): a receiver may "
			"wait for a message that never comes; global.duration "
			"ends the run then");
}

static void md_first_wakes(struct model *m)
{
	for (size_t s = 0; s < m->n; s++) {
		struct md_task *mt = &m->t[s];
		unsigned long long first_wake = 0, first_block = 0;

		for (size_t l = 0; l < mt->n_out; l++) {
			const struct tl_thread *r = m->t[mt->out[l].to].src;

			for (size_t b = 0; b < r->n_blocks; b++)
				if (r->blocks[b].waker == mt->src->pid) {
					if (!first_wake ||
					    r->blocks[b].wake < first_wake)
						first_wake = r->blocks[b].wake;
					break;
				}
		}
		for (size_t b = 0; b < mt->src->n_blocks; b++)
			if (mt->src->blocks[b].cls == mt->cls) {
				first_block = mt->src->blocks[b].start;
				break;
			}
		mt->sends_first = first_wake && (!first_block ||
						 first_wake < first_block);
	}
}

/*
 * No cycle of threads that all wait for a message before sending one:
 * a thread can start if it sends first or a thread that can start sends
 * to it; while some cannot, the first born of them sends first.
 */
static void md_no_deadlock(struct model *m)
{
	bool *live = calloc(m->n, sizeof(*live));

	if (!live)
		return;
	for (;;) {
		bool changed = true;
		size_t dead = m->n;

		for (size_t i = 0; i < m->n; i++)
			live[i] = (m->t[i].block != MD_RECV &&
				   m->t[i].block != MD_FUTEX) ||
				  m->t[i].sends_first;
		while (changed) {
			changed = false;
			for (size_t s = 0; s < m->n; s++)
				for (size_t l = 0; live[s] && l < m->t[s].n_out;
				     l++)
					if (!live[m->t[s].out[l].to]) {
						live[m->t[s].out[l].to] = true;
						changed = true;
					}
		}
		for (size_t i = 0; i < m->n && dead == m->n; i++)
			if (!live[i] && m->t[i].n_out)
				dead = i;
		if (dead == m->n)
			break;
		m->t[dead].sends_first = true;
	}
	free(live);
}

/* Only the model's threads end a join here (tl_child_exit_wakes). */
static const struct tl_thread *md_modelled_thread(const void *m, int pid)
{
	int w = md_index(m, pid);

	return w >= 0 ? ((const struct model *)m)->t[w].src : NULL;
}

/*
 * A thread that waits for its children's ends (wait4, pthread_join's
 * futex: at least MD_JOIN_SHARE of its loop's blockings ended by a
 * child's exit) and has no other sender joins them: each of its children
 * that ended sends it one message last thing, and it reads one per
 * iteration after its run (its recorded blockings), the rest after its
 * loop. A sleep of the recorded lengths would not wait longer for
 * children that end later, nor shorter for earlier ones.
 */
static void md_joins(struct model *m)
{
	for (size_t p = 0; p < m->n; p++) {
		struct md_task *pt = &m->t[p];
		const struct tl_thread *t = pt->src;
		unsigned long exits = 0;
		long long kids = 0;

		if (pt->block != MD_SLEEP ||
		    (pt->cls != TL_WAIT && pt->cls != TL_FUTEX))
			continue;
		exits = tl_child_exit_wakes(t, pt->cls, md_modelled_thread, m);
		if (!exits || exits < MD_JOIN_SHARE * (double)pt->cycles)
			continue;
		for (size_t c = 0; c < m->n; c++) {
			struct md_task *ct = &m->t[c];

			if (c == p || ct->src->parent != t->pid ||
			    !ct->src->died)
				continue;
			if (!md_link_add(ct, (struct md_link){
				.to = (int)p, .count = 1, .when = MD_AT_END,
				.bytes = MD_JOIN_BYTES }))
				continue;
			kids++;
		}
		pt->block = MD_RECV;
		pt->joins = true;
		/* pthread_join's futex waits for one thread; wait4 (hackbench's,
		 * sh's: pid -1) for any child */
		pt->joins_in_order = pt->cls == TL_FUTEX;
		pt->sends_first = true; /* runs, then waits: fork, wait */
		pt->bytes = MD_JOIN_BYTES;
		pt->per_recv = 1;
		pt->loops = pt->cycles < (unsigned long)kids ?
				    (long long)pt->cycles : kids;
		pt->in_start = 0;
		pt->in_end = kids - pt->loops;
	}
}

/*
 * A reader whose reads were all smaller than the largest message sent to
 * it (gzip's 218 KiB writes, wc's 16 KiB reads) reads each message in
 * reads of its largest (its buffer), each a real read: it wakes as the
 * original did, where one read of the whole message drains the pipe at
 * each call and wakes once per pipe-full. Not a join's recv (mimic's
 * stand-in for a wait, not the thread's reads); a datagram's reader
 * loses it once its channel is known (model_infer.c's md_channel).
 */
static void md_read_size(struct model *m)
{
	for (size_t r = 0; r < m->n; r++) {
		struct md_task *rt = &m->t[r];
		long top = 0;

		rt->read = 0;
		if (rt->block != MD_RECV || rt->joins ||
		    rt->src->read_max <= 0)
			continue;
		for (size_t s = 0; s < m->n; s++)
			for (size_t l = 0; l < m->t[s].n_out; l++)
				if (m->t[s].out[l].to == (int)r &&
				    m->t[s].out[l].bytes > top)
					top = m->t[s].out[l].bytes;
		if (rt->src->read_max < top)
			rt->read = rt->src->read_max;
	}
}

int model_links(struct model *m)
{
	if (md_links(m))
		return -1;
	/* A receiver nobody sends to steadily sleeps instead. */
	for (size_t i = 0; i < m->n; i++) {
		struct md_task *mt = &m->t[i];
		bool fed = false;

		if (mt->block != MD_RECV && mt->block != MD_FUTEX)
			continue;
		for (size_t s = 0; s < m->n && !fed; s++)
			for (size_t l = 0; l < m->t[s].n_out && !fed; l++)
				fed = m->t[s].out[l].to == (int)i;
		if (!fed)
			mt->block = MD_SLEEP;
	}
	md_adopt_peers(m);
	md_complete_fanout(m);
	md_volume(m);
	md_balance(m);
	md_first_wakes(m);
	md_joins(m);
	md_no_deadlock(m);
	md_read_size(m);
	return 0;
}
