/*
 * channel.c - "send" and "recv": messages over a real kernel channel (a
 * pipe, or a socket declared in "resources"), so the kernel's own wake
 * path is what gets measured.
 *   "send": {"to": ch, "bytes": 8, "count": 1, "every": 1}; bytes may be
 *   a distribution ({"uniform": [64, 4096]}, model/dist.h), drawn per
 *   message and clamped into [1, the channel's largest message]; "every":
 *   n sends only in the phase's n-th, 2n-th, ... iteration (a compressor
 *   that writes one large block per n blocks read);
 *   "recv": {"from": ch, "bytes": 8, "count": 1}: each message whole, at
 *   the size it was sent with (bytes is what the wiring checks compare);
 *   "read": n takes a stream channel's message in read() calls of at
 *   most n bytes, as a reader with an n-byte buffer (wc's 16 KiB) does;
 *   "recv": {"from": [ch1, ch2, ...], ...}: each message from whichever
 *   channel has one (poll), as a server with several clients reads.
 * Each message carries the sender's CLOCK_MONOTONIC stamp and the origin
 * of its chain (record/e2e.h: the timer expiry or first send that started
 * it), laid out by size:
 *   24 bytes and more: stamp, origin, pattern..., stamp again;
 *   16 to 23 bytes: stamp, origin, pattern (the origin must lie between
 *     time zero and the stamp: the check the second stamp makes longer);
 *   8 to 15 bytes: one 64-bit word, the stamp's low 40 bits and the age
 *     of the origin (stamp - origin) in µs rounded up in the high 24
 *     (16.7 s at most, saturated), then pattern; the stamp's high bits
 *     are the receiver's (a message taken within 18 minutes);
 *   4 to 7 bytes: the stamp's low 32 bits; the origin beside the channel;
 *   under 4 bytes: both beside the channel (the last send's).
 * The pattern is checked on receipt with one memcmp.
 * The receiver records, for every message, its message latency = its time
 * after read() - stamp (queueing included); and a wake-up latency (the
 * same difference) only for a message it slept for: one stamped after the
 * receiver's clock read just before its blocking read (or poll), which was
 * therefore not there to be read; the sender stamped it just before the
 * write that woke the receiver. Every message thus costs one read, as in
 * the real tools, a wake-up included (no look without blocking first).
 * Writes and reads loop over short transfers: a message is never split
 * (a recv's "read" only cuts its reads: the message still counts when
 * whole, its stamps and pattern checked then).
 * Where the receiver learns a message's size (resources/channel.h): a
 * stream channel of one size throughout carries bare messages of that
 * size; one whose sizes may differ is framed, a 4-byte length before each
 * message (written in the same write); a datagram is one message. Where
 * a message may exceed PIPE_BUF, senders write under the channel's lock.
 */
#define _GNU_SOURCE /* syscall */
#include "lib/arena.h"
#include "lib/hot.h"
#include "event.h"
#include "model/dist.h"
#include "model/dump_value.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "resource.h"
#include "resources/channel.h"
#include "event_ctx.h"
#include "lib/timeutil.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <stdatomic.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#define CHANNEL_MAX_FROM  1024

/* The channel (or channels) a message goes to or comes from. */
struct channel_peer {
	const char *name;         /* the first */
	const int *from;          /* recv from several: all of them */
	int n_from;               /* > 1: poll; else the event's resource */
};

struct channel_args {
	struct channel_peer peer;
	struct dist_value bytes;  /* per message: fixed, or drawn (send) */
	int64_t count;            /* messages per execution */
	int64_t read;             /* recv: bytes per read(); 0: a message */
	int64_t every;            /* send: in every n-th phase iteration */
	bool one_fixed;           /* send: one message of a fixed size each
				   * iteration (send_exec's test, once) */
};

/* "from": a name, or [names]: every one a channel. */
static int channel_peer_parse(struct parser *p, const char *path,
			      const struct jnode *v, void *field)
{
	struct channel_peer *peer = field;
	int *ids;

	if (v->type != J_ARRAY)
		return (peer->name = parser_name(p, path, v, "a channel name"))
			       ? 0 : -1;
	if (v->n < 1 || v->n > CHANNEL_MAX_FROM) {
		parser_error(p, v, path, "expected 1 .. %d channel names",
			     CHANNEL_MAX_FROM);
		return -1;
	}
	ids = arena_alloc(p->a, v->n * sizeof(*ids));
	for (size_t k = 0; k < v->n; k++) {
		const char *name = parser_name(
			p, parser_path(p, path, arena_printf(p->a, "%zu", k)),
			v->kids[k], "a channel name");

		if (!name)
			return -1;
		ids[k] = parser_channel(p, name);
		for (size_t j = 0; j < k; j++)
			if (ids[j] == ids[k]) {
				parser_error(p, v->kids[k], path,
					     "channel \"%s\" listed twice", name);
				return -1;
			}
	}
	peer->from = ids;
	peer->n_from = (int)v->n;
	peer->name = v->kids[0]->s;
	return 0;
}

#define CHANNEL_COUNT_KEY                                                  \
	{ .name = "count", .type = KEY_COUNT,                              \
	  .offset = offsetof(struct channel_args, count), .min = 1,        \
	  .max = INT64_MAX, .def = 1,                                      \
	  .help = "messages per execution (1)" }

static const struct key send_keys[] = {
	{ .name = "to", .type = KEY_NAME,
	  .offset = offsetof(struct channel_args, peer.name),
	  .flags = KEYF_REQUIRED, .help = "a channel name" },
	{ .name = "bytes", .type = KEY_COUNT,
	  .offset = offsetof(struct channel_args, bytes), .min = 1,
	  .max = CHANNEL_MAX_BYTES, .def = 8, .unit = "bytes",
	  .flags = KEYF_DIST,
	  .help = "bytes per message (8), or a distribution (drawn per "
		  "message)" },
	CHANNEL_COUNT_KEY,
	{ .name = "every", .type = KEY_COUNT,
	  .offset = offsetof(struct channel_args, every), .min = 1,
	  .max = INT64_MAX, .def = 1,
	  .help = "sends in the phase's n-th, 2n-th, ... iteration only (1: "
		  "each)" },
	{ NULL }
};

static const struct key recv_keys[] = {
	{ .name = "from", .type = KEY_CUSTOM,
	  .offset = offsetof(struct channel_args, peer),
	  .parse = channel_peer_parse, .flags = KEYF_REQUIRED,
	  .help = "a channel name, or an array of them (poll)" },
	{ .name = "bytes", .type = KEY_COUNT,
	  .offset = offsetof(struct channel_args, bytes.fixed), .min = 1,
	  .max = CHANNEL_MAX_BYTES, .def = 8, .unit = "bytes",
	  .help = "bytes per message expected (8): checked against the "
		  "senders'; each message is read whole at its sent size" },
	CHANNEL_COUNT_KEY,
	{ .name = "read", .type = KEY_COUNT,
	  .offset = offsetof(struct channel_args, read), .min = 1,
	  .max = CHANNEL_MAX_BYTES, .unit = "bytes",
	  .flags = KEYF_NO_DEFAULT, /* 0 (the arena's): the whole message */
	  .help = "bytes per read() of a stream channel's message (the "
		  "whole message)" },
	{ NULL }
};

static int channel_parse(struct parser *p, const char *path,
			 const struct jnode *v, struct event *ev,
			 const struct key *keys)
{
	struct channel_args *a = ev->args;
	const char *name;

	if (v->type == J_STRING) {
		if (!(a->peer.name = parser_name(p, path, v, "a channel name")))
			return -1;
	} else if (v->type == J_OBJECT) {
		if (keys_walk(p, path, v, keys, a))
			return -1;
	} else {
		parser_error(p, v, path,
			     "expected {\"%s\": channel, \"bytes\": n, \"count\": n} "
			     "or a channel name, got %s", keys[0].name,
			     jtype_name(v->type));
		return -1;
	}
	name = a->peer.name;
	ev->resource = parser_channel(p, name);
	if (a->peer.n_from > 1)
		name = arena_printf(p->a, "%s+%d", name, a->peer.n_from - 1);
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, name);
	return 0;
}

static int send_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	struct channel_args *a = ev->args;
	int rc = channel_parse(p, path, v, ev, send_keys);

	a->one_fixed = a->count == 1 && !a->bytes.dist && a->every <= 1;
	return rc;
}

static int recv_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	const struct channel_args *a = ev->args;
	const struct jnode *b = v->type == J_OBJECT ? jtree_get(v, "bytes")
						    : NULL;
	int rc;

	if (b && b->type == J_OBJECT) {
		parser_error(p, b, parser_path(p, path, "bytes"),
			     "recv takes each message whole, at the size it "
			     "was sent with: a distribution belongs on send's "
			     "\"bytes\"");
		return -1;
	}
	rc = channel_parse(p, path, v, ev, recv_keys);

	for (int k = 0; !rc && k < (a->peer.n_from ? a->peer.n_from : 1); k++) {
		int r = a->peer.n_from ? a->peer.from[k] : ev->resource;

		p->task->wake_paths |=
			1u << resource_kind_of(&p->w->resources[r])->wake_path;
	}
	return rc;
}

/* The sizes a send or recv may put on r: [*lo, *hi]. */
static void channel_size_range(const struct channel_args *a,
			       const struct resource *r, int64_t *lo,
			       int64_t *hi)
{
	int64_t max = channel_max_bytes(r);

	if (!a->bytes.dist) {
		*lo = *hi = a->bytes.fixed;
		return;
	}
	*lo = llround(a->bytes.dist->lo);
	*hi = llround(a->bytes.dist->hi);
	if (*hi > max)
		*hi = max;
	if (*lo > *hi)
		*lo = *hi;
}

/* The largest parameter of a size: what must fit in one message. */
static double channel_size_top(const struct dist_value *v)
{
	const struct dist *d = v->dist;
	double top = 0;

	if (!d)
		return (double)v->fixed;
	switch (d->kind) {
	case DIST_UNIFORM:
		return d->b;
	case DIST_CHOICE:
		for (size_t k = 0; k < d->n; k++)
			if (d->values[k] > top)
				top = d->values[k];
		return top;
	default:
		return d->a; /* a mean: its tail is clamped */
	}
}

/*
 * Once every task is parsed (the channel's kind is known): the size must
 * fit the channel, and the channel learns the sizes it carries, so that
 * it frames its messages when they may differ.
 */
static int channel_finalize(struct parser *p, const struct task *t,
			    struct event *ev)
{
	const struct channel_args *a = ev->args;
	int n = a->peer.n_from > 1 ? a->peer.n_from : 1;
	int errs = 0;

	for (int k = 0; k < n; k++) {
		struct resource *r =
			&p->w->resources[n > 1 ? a->peer.from[k] : ev->resource];
		double top = channel_size_top(&a->bytes);
		int64_t lo, hi;

		if (top > (double)channel_max_bytes(r)) {
			parser_event_error(p, t, ev,
				"bytes %s %.15g: channel \"%s\" is %s, whose "
				"messages are at most %lld bytes",
				a->bytes.dist ? "reaches" : "is", top, r->name,
				channel_what(r),
				(long long)channel_max_bytes(r));
			errs++;
			continue;
		}
		/* A datagram is taken in one call: a read cannot be cut. */
		if (a->read && r->type == RES_SOCKET &&
		    r->socket_mode == SOCKET_DGRAM) {
			parser_event_error(p, t, ev,
				"read %lld: channel \"%s\" is a datagram "
				"socket, whose messages are read whole in one "
				"call", (long long)a->read, r->name);
			errs++;
			continue;
		}
		channel_size_range(a, r, &lo, &hi);
		if (!r->msg_max || lo < r->msg_min)
			r->msg_min = lo;
		if (hi > r->msg_max)
			r->msg_max = hi;
		if (a->bytes.dist)
			r->msg_drawn = true;
	}
	return errs;
}

/* The body of every message: a fixed function of the byte's position,
 * periodic (131 is odd: k * 131 mod 256 runs through every byte). */
#define PATTERN_PERIOD 256

static unsigned char pattern_byte(int64_t k)
{
	return (unsigned char)(k * 131 + 7);
}

/*
 * Per thread, one allocation: the length header's slot, then the send
 * buffer (the pattern, as large as the largest message the thread sends or
 * receives: the reference a received body is checked against), then the
 * receive buffer (the largest message that can arrive on its channels).
 * A send writes its stamps into the send buffer and puts the pattern back
 * after the write.
 */
struct channel_state {
	unsigned char *msg;       /* the header slot */
	unsigned char *in;        /* the receive buffer */
	/* The pattern's first period and 16 bytes more (it repeats every
	 * 256 bytes): what a send's stamps overwrote, to restore. */
	unsigned char period[PATTERN_PERIOD + 16];
	int64_t out_max;          /* bytes of the send buffer */
	int64_t in_max;           /* bytes of the receive buffer */
	int poll_next;            /* recv from several: the last one served */
};

static const struct event_state channel_state;
extern const struct event_kind event_send;

/* The largest message the task sends and the largest it may receive
 * (*first: the first event asking for the larger). */
static void channel_task_max(const struct workload *w,
			     const struct task *task, int64_t *out_max,
			     int64_t *in_max, const struct event **first)
{
	int64_t most = 0;

	*out_max = *in_max = 0;
	for (size_t p = 0; p < task->n_phases; p++)
		for (size_t e = 0; e < task->phases[p].n_events; e++) {
			const struct event *ev = &task->phases[p].events[e];
			const struct channel_args *a = ev->args;
			int n;

			/* Another kind's args may be NULL: test the kind first. */
			if (ev->kind->state != &channel_state)
				continue;
			n = a->peer.n_from > 1 ? a->peer.n_from : 1;
			for (int k = 0; k < n; k++) {
				const struct resource *r = &w->resources[
					n > 1 ? a->peer.from[k] : ev->resource];
				int64_t lo, hi;

				if (ev->kind == &event_send) {
					channel_size_range(a, r, &lo, &hi);
					if (hi > *out_max)
						*out_max = hi;
				} else {
					hi = r->msg_max;
					if (hi > *in_max)
						*in_max = hi;
				}
				if (hi > most) {
					most = hi;
					*first = ev;
				}
			}
		}
}

static int64_t channel_body_bytes(int64_t out_max, int64_t in_max)
{
	return out_max > in_max ? out_max : in_max;
}

static uint64_t channel_state_bytes(const struct workload *w,
				    const struct task *task,
				    const struct event **ev)
{
	int64_t out_max, in_max;

	channel_task_max(w, task, &out_max, &in_max, ev);
	return CHANNEL_HEADER_BYTES +
	       (uint64_t)channel_body_bytes(out_max, in_max) +
	       (uint64_t)in_max;
}

static int channel_state_init(void *state, const struct workload *w,
			      const struct task *task)
{
	struct channel_state *s = state;
	const struct event *first = NULL;
	int64_t body;

	channel_task_max(w, task, &s->out_max, &s->in_max, &first);
	body = channel_body_bytes(s->out_max, s->in_max);
	if (!(s->msg = calloc(1, (size_t)(CHANNEL_HEADER_BYTES + body +
					  s->in_max + 1))))
		return -1;
	for (int64_t k = 0; k < body; k++)
		s->msg[CHANNEL_HEADER_BYTES + k] = pattern_byte(k);
	for (int k = 0; k < PATTERN_PERIOD + 16; k++)
		s->period[k] = pattern_byte(k);
	s->in = s->msg + CHANNEL_HEADER_BYTES + body;
	return 0;
}

static void channel_state_release(void *state, const struct task *task)
{
	struct channel_state *s = state;

	(void)task;
	free(s->msg);
}

static const struct event_state channel_state = {
	.size = sizeof(struct channel_state),
	.init = channel_state_init,
	.release = channel_state_release,
	.bytes = channel_state_bytes,
};

#define STAMP_LOW_BITS 40
#define STAMP_LOW_MASK ((INT64_C(1) << STAMP_LOW_BITS) - 1)
#define STAMP_AGE_MAX  ((INT64_C(1) << (64 - STAMP_LOW_BITS)) - 1)

/* A stamp from its low bits: the latest time at or before now with them. */
static int64_t stamp_rebuild(int64_t low, int64_t bits, int64_t now)
{
	int64_t mask = (INT64_C(1) << bits) - 1;
	int64_t stamp = (now & ~mask) | low;

	return stamp > now ? stamp - (INT64_C(1) << bits) : stamp;
}

/* The stamp and origin in the layout of n bytes (above); from 24 bytes the
 * stamp again at the tail: a message cut or shifted cannot check. */
static void stamp_fill(unsigned char *buf, int64_t n, int64_t stamp,
		       int64_t origin)
{
	if (n >= 16) {
		memcpy(buf, &stamp, 8);
		memcpy(buf + 8, &origin, 8);
		if (n >= 24)
			memcpy(buf + n - 8, &stamp, 8);
	} else if (n >= 8) {
		/* Rounded up: an origin read back is never later. */
		int64_t age = (stamp - origin + 999) / 1000;
		uint64_t word;

		if (age < 0)
			age = 0;
		if (age > STAMP_AGE_MAX)
			age = STAMP_AGE_MAX;
		word = (uint64_t)(stamp & STAMP_LOW_MASK) |
		       (uint64_t)age << STAMP_LOW_BITS;
		memcpy(buf, &word, 8);
	} else if (n >= 4) {
		uint32_t low = (uint32_t)stamp;

		memcpy(buf, &low, 4);
	}
}

/* The stamp and origin a message carried; false if it is damaged. ref
 * holds the pattern (the thread's own send buffer); t_zero bounds an
 * origin. */
static bool stamp_read(const unsigned char *buf, const unsigned char *ref,
		       int64_t n, int64_t now, int64_t t_zero,
		       const struct live_channel *c, int64_t *stamp,
		       int64_t *origin)
{
	if (n >= 16) {
		int64_t tail;
		int64_t end = n >= 24 ? n - 8 : n;

		memcpy(stamp, buf, 8);
		memcpy(origin, buf + 8, 8);
		if (n >= 24) {
			memcpy(&tail, buf + n - 8, 8);
			if (tail != *stamp)
				return false;
		}
		if (*origin < t_zero || *origin > *stamp)
			return false;
		return !memcmp(buf + 16, ref + 16, (size_t)(end - 16));
	} else if (n >= 8) {
		uint64_t word;

		memcpy(&word, buf, 8);
		*stamp = stamp_rebuild((int64_t)(word & STAMP_LOW_MASK),
				       STAMP_LOW_BITS, now);
		*origin = *stamp - (int64_t)(word >> STAMP_LOW_BITS) * 1000;
		return !memcmp(buf + 8, ref + 8, (size_t)(n - 8));
	} else if (n >= 4) {
		uint32_t low;

		memcpy(&low, buf, 4);
		*stamp = stamp_rebuild(low, 32, now);
	} else {
		*stamp = atomic_load_explicit(&c->stamp, memory_order_acquire);
	}
	*origin = atomic_load_explicit(&c->origin, memory_order_acquire);
	return true;
}

/*
 * The channel's syscalls without glibc's cancellation wrappers: once
 * mimic has had a second thread (the preflight probe runs in one), every
 * read() and write() of a thread or process instance switches
 * asynchronous cancellation on and off around the syscall, ~2 % of
 * hackbench's time; no mimic thread is ever cancelled. On x86-64 the
 * instruction itself, inline: syscall() is a call that shuffles its six
 * arguments into place, ~20 instructions a message on each side. The
 * kernel's result as it is, bytes or -errno: storing errno inline made
 * send_plain save and restore four registers around every write.
 */
static inline ssize_t chan_syscall3(long nr, long a, long b, long c)
{
#if defined(__x86_64__)
	long r;

	__asm__ volatile("syscall"
			 : "=a"(r)
			 : "0"(nr), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return r;
#else
	long r = syscall(nr, a, b, c);

	return r < 0 ? -errno : r;
#endif
}

/* Bytes read, or -errno. */
static inline ssize_t chan_read(int fd, void *buf, size_t n)
{
	return chan_syscall3(SYS_read, fd, (long)buf, (long)n);
}

/* Bytes written, or -errno. */
static inline ssize_t chan_write(int fd, const void *buf, size_t n)
{
	return chan_syscall3(SYS_write, fd, (long)buf, (long)n);
}

static ssize_t chan_recv(int fd, void *buf, size_t n, int flags)
{
	return syscall(SYS_recvfrom, fd, buf, n, flags, NULL, NULL);
}

/* Moves the rest of n bytes after a first syscall that returned r (or
 * -errno), each later call at most chunk bytes, unless the run stops;
 * false if it did not. Out of line: the common case (one call moves all)
 * never comes here. */
static __attribute__((noinline, cold)) bool
transfer_rest(struct event_ctx *ctx, int fd, unsigned char *buf, ssize_t r,
	      int64_t n, int64_t chunk, bool out)
{
	int64_t done = 0;

	for (;;) {
		int64_t want;

		if (r > 0)
			done += r;
		else if (r == 0 || r != -EINTR || event_ctx_stopping(ctx))
			return false;
		if (done >= n)
			return true;
		want = n - done < chunk ? n - done : chunk;
		r = out ? chan_write(fd, buf + done, (size_t)want)
			: chan_read(fd, buf + done, (size_t)want);
	}
}

/* All n bytes: the common case (one syscall moves them) inline, one
 * compare between the event and the kernel. */
static inline bool transfer(struct event_ctx *ctx, int fd, unsigned char *buf,
			    int64_t n, bool out)
{
	ssize_t r = out ? chan_write(fd, buf, (size_t)n)
			: chan_read(fd, buf, (size_t)n);

	return r == n || transfer_rest(ctx, fd, buf, r, n, n, out);
}

/* The pattern back where a send of n bytes (4 or more: a smaller one
 * writes none) wrote its stamps (period: the pattern's first period and
 * 16 bytes). */
static void pattern_restore(unsigned char *body, const unsigned char *period,
			    int64_t n)
{
	if (n >= 16)
		memcpy(body, period, 16);
	else
		memcpy(body, period, (size_t)n);
	if (n >= 24)
		memcpy(body + n - 8,
		       period + ((uint64_t)n - 8) % PATTERN_PERIOD, 8);
}

/*
 * One message's write. Above PIPE_BUF a stream channel's write may be cut
 * when the channel fills, and another sender's slipped in between the
 * pieces: on a channel that carries such writes, every send goes under
 * the channel's lock (resources/channel.h). Always inline: gcc 12 made it
 * a call once send_exec also looked at "every", 36 instructions more a
 * message.
 */
static inline __attribute__((always_inline)) bool
send_whole(struct event_ctx *ctx, struct live_channel *c, unsigned char *buf,
	   int64_t n)
{
	bool sent;

	if (!c->write_locked)
		return transfer(ctx, c->wfd, buf, n, true);
	pthread_mutex_lock(&c->write_lock);
	/* A sender that waited here while the run stopped. */
	sent = !event_ctx_stopping(ctx) &&
	       transfer(ctx, c->wfd, buf, n, true);
	pthread_mutex_unlock(&c->write_lock);
	return sent;
}

/* The n bytes of the send buffer's body as one message: after their
 * length header on a framed channel. */
static inline bool send_body(struct event_ctx *ctx, struct live_channel *c,
			     struct channel_state *s, int64_t n)
{
	uint32_t len = (uint32_t)n;

	if (!c->framed)
		return send_whole(ctx, c, s->msg + CHANNEL_HEADER_BYTES, n);
	memcpy(s->msg, &len, CHANNEL_HEADER_BYTES);
	return send_whole(ctx, c, s->msg, CHANNEL_HEADER_BYTES + n);
}

/* A drawn size: parsing bounded a fixed one, a draw's tail is clamped. */
static int64_t send_draw(const struct channel_args *a,
			 const struct live_channel *c,
			 const struct channel_state *s, struct rng *rng)
{
	int64_t n = dist_get(&a->bytes, rng);

	if (n > c->max_bytes)
		n = c->max_bytes;
	if (n > s->out_max)
		n = s->out_max;
	return n;
}

/* One message of n bytes, stamped now with origin (an unstamped
 * channel's: the pattern as it is); false if the run stopped it. */
static inline bool send_one(struct event_ctx *ctx, struct live_channel *c,
			    struct channel_state *s, int64_t n, int64_t origin)
{
	unsigned char *body = s->msg + CHANNEL_HEADER_BYTES;
	int64_t stamp;
	bool sent;

	if (c->unstamped)
		return send_body(ctx, c, s, n);
	stamp = time_now_ns();
	/* The write's wake-up orders them before the receiver's loads. */
	if (n < 8) {
		if (n < 4)
			atomic_store_explicit(&c->stamp, stamp,
					      memory_order_release);
		atomic_store_explicit(&c->origin, origin, memory_order_release);
	}
	stamp_fill(body, n, stamp, origin);
	sent = send_body(ctx, c, s, n);
	if (n >= 4)
		pattern_restore(body, s->period, n);
	return sent;
}

/* A channel's live state, as event_ctx_live gives it but inline (this
 * file knows struct live_resource): the one-message paths below then
 * make no call before their system call and save no registers. */
static inline struct live_channel *chan_of(const struct event_ctx *ctx,
					   int res)
{
	return channel_live(&ctx->live[res]);
}

/* The execution's count messages, stamped or drawn: the counts are
 * added to the thread's once per execution (read after the run only). */
static __attribute__((noinline)) void
send_messages(struct event_ctx *ctx, const struct channel_args *a,
	      struct live_channel *c, struct channel_state *s)
{
	const int64_t origin = event_ctx_chain_origin(ctx);
	const int64_t count = a->count;
	uint64_t bytes = 0;
	int64_t k;

	if (event_ctx_every_skips(ctx, a->every))
		return;
	for (k = 0; k < count; k++) {
		/* A fixed size: nothing to draw, and parsing made it fit. */
		int64_t n = a->bytes.dist ? send_draw(a, c, s, event_ctx_rng(ctx))
					  : a->bytes.fixed;

		if (!send_one(ctx, c, s, n, origin))
			break;
		bytes += (uint64_t)n;
	}
	event_ctx_count(ctx, EVENT_COUNT_SENT_BYTES, bytes);
	event_ctx_count(ctx, EVENT_COUNT_SENT, (uint64_t)k);
}

/*
 * One plain message of a fixed size every iteration (perf bench's
 * ping-pong, hackbench's senders) is one write; the rest is
 * send_messages. In a ping-pong the time from a task's write to
 * its next read is a window in which the woken partner, queued behind it
 * on its CPU, can be pulled to the other one: 100 ns more there on each
 * side (a spin in a clone of perf bench sched pipe, processes) cost 1 us
 * a round trip, 300 ns 4 us (2026-12-07).
 */
HOT static __attribute__((noinline)) void
send_plain(struct event_ctx *ctx, const struct channel_args *a,
	   struct live_channel *c)
{
	struct channel_state *s = event_ctx_state(ctx);
	bool sent = transfer(ctx, c->wfd, s->msg + CHANNEL_HEADER_BYTES,
			     a->bytes.fixed, true);

	event_ctx_count(ctx, EVENT_COUNT_SENT_BYTES,
			sent ? (uint64_t)a->bytes.fixed : 0);
	event_ctx_count(ctx, EVENT_COUNT_SENT, sent);
}

/* Only picks the path, so that both are tail calls: neither pays for
 * registers the other needs. */
HOT static void send_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct channel_args *a = ev->args;
	struct live_channel *c = chan_of(ctx, ev->resource);

	if (a->one_fixed && c->plain)
		send_plain(ctx, a, c);
	else
		send_messages(ctx, a, c, event_ctx_state(ctx));
}

/* One datagram into the receive buffer: its size in *n (-1 if it was cut
 * short: larger than any send names). False if the run stops. */
static bool recv_datagram(struct event_ctx *ctx, int fd,
			  const struct channel_state *s, int64_t *n)
{
	ssize_t r;

	while ((r = chan_recv(fd, s->in, (size_t)s->in_max, MSG_TRUNC)) < 0)
		if (errno != EINTR || event_ctx_stopping(ctx))
			return false;
	*n = r > 0 && r <= s->in_max ? r : -1;
	return true;
}

/*
 * n bytes in read() calls of at most chunk bytes each: a reader with a
 * chunk-byte buffer. Each call blocks while the channel is empty and
 * returns what it holds, so the reader wakes as that reader would (not
 * once per channel-full, as one read of the whole message). False if the
 * run stops.
 */
static bool read_in_parts(struct event_ctx *ctx, int fd, unsigned char *buf,
			  int64_t n, int64_t chunk)
{
	ssize_t r = chan_read(fd, buf, (size_t)(n < chunk ? n : chunk));

	return transfer_rest(ctx, fd, buf, r, n, chunk, false);
}

/*
 * A framed message's length header: the body's size in *n (-1: out of
 * range, the stream is lost; 0: the run stops).
 */
static bool recv_header(struct event_ctx *ctx, const struct live_channel *c,
			const struct channel_state *s, int64_t *n)
{
	unsigned char hdr[CHANNEL_HEADER_BYTES];
	uint32_t len;

	if (!transfer(ctx, c->rfd, hdr, CHANNEL_HEADER_BYTES, false))
		return false;
	memcpy(&len, hdr, CHANNEL_HEADER_BYTES);
	*n = len < 1 || len > (uint64_t)s->in_max ? -1 : (int64_t)len;
	return true;
}

/*
 * One message from a stream channel into the receive buffer, each part
 * one read (the common case: whole): its size in *n (-1: a length header
 * out of range, the stream is lost). False if the run stops.
 */
static bool recv_stream(struct event_ctx *ctx, const struct live_channel *c,
			int64_t size, const struct channel_state *s,
			int64_t *n)
{
	if (!c->framed) {
		*n = size;
		return transfer(ctx, c->rfd, s->in, size, false);
	}
	if (!recv_header(ctx, c, s, n))
		return false;
	return *n < 0 || transfer(ctx, c->rfd, s->in, *n, false);
}

/* The same in reads of at most chunk bytes (recv's "read"); out of
 * line, so that recv_exec's loop stays as short as without it. */
static __attribute__((noinline, cold)) bool
recv_stream_in_parts(struct event_ctx *ctx, const struct live_channel *c,
		     int64_t size, int64_t chunk,
		     const struct channel_state *s, int64_t *n)
{
	if (!c->framed) {
		*n = size;
		return read_in_parts(ctx, c->rfd, s->in, size, chunk);
	}
	if (!recv_header(ctx, c, s, n))
		return false;
	return *n < 0 || read_in_parts(ctx, c->rfd, s->in, *n, chunk);
}

/* The channel of several with a message waiting (poll, sleeping until
 * one has); -1 if the run stops. */
static int recv_poll(struct event_ctx *ctx, const struct event *ev)
{
	const struct channel_args *a = ev->args;
	struct channel_state *s = event_ctx_state(ctx);
	struct pollfd fds[CHANNEL_MAX_FROM];
	int n = a->peer.n_from;

	for (int k = 0; k < n; k++)
		fds[k] = (struct pollfd){
			.fd = channel_live(event_ctx_live(ctx, a->peer.from[k]))->rfd,
			.events = POLLIN };
	for (;;) {
		int r = poll(fds, (nfds_t)n, -1);

		if (r > 0) {
			/* Start after the last one served: no starvation. */
			for (int j = 1; j <= n; j++) {
				int k = (s->poll_next + j) % n;

				if (fds[k].revents) {
					s->poll_next = k;
					return a->peer.from[k];
				}
			}
		}
		if (r < 0 && (errno != EINTR || event_ctx_stopping(ctx)))
			return -1;
	}
}

/* What recv needs of one channel, looked up once per execution. */
struct recv_from {
	const struct resource *r;
	struct live_channel *c;
	struct event_ctx_received rec;
};

static void recv_from_get(struct event_ctx *ctx, int res, struct recv_from *f)
{
	f->r = event_ctx_resource(ctx, res);
	f->c = channel_live(event_ctx_live(ctx, res));
	f->rec = event_ctx_received_on(ctx, resource_kind_of(f->r)->wake_path);
}

/*
 * The counts are kept here and added to the thread's once per execution
 * (they are read after the run only); the latencies go to the histograms
 * message by message. A message stamped after the receiver's look (the
 * clock as the recv began, just before its first read: the iteration's
 * start when it is the first event; for a later message of the
 * execution, the time the previous one's read returned) was not there to
 * be read: the receiver slept for it, a wake-up. An unstamped channel's
 * messages are only counted, and need no look.
 */
static __attribute__((noinline)) void
recv_messages(struct event_ctx *ctx, const struct event *ev)
{
	const struct channel_args *a = ev->args;
	const struct channel_state *s = event_ctx_state(ctx);
	const unsigned char *ref = s->msg + CHANNEL_HEADER_BYTES;
	const int64_t t_zero = event_ctx_t_zero(ctx);
	const bool several = a->peer.n_from > 1;
	const int64_t count = a->count;
	uint64_t msgs = 0, bytes = 0, damaged = 0;
	int64_t look = event_ctx_wait_began(ctx);
	/* The earliest chain origin received; INT64_MAX: none. */
	int64_t earliest = INT64_MAX;
	struct recv_from f = { 0 };

	if (!several)
		recv_from_get(ctx, ev->resource, &f);
	if (!look && (several || !f.c->unstamped))
		look = time_now_ns();
	for (int64_t k = 0; k < count; k++) {
		int64_t now, stamp, origin, n;
		bool got;

		if (several) {
			int res = recv_poll(ctx, ev);

			if (res < 0)
				break;
			recv_from_get(ctx, res, &f);
		}
		if (f.c->datagram)
			got = recv_datagram(ctx, f.c->rfd, s, &n);
		else if (!a->read)
			got = recv_stream(ctx, f.c, f.r->msg_max, s, &n);
		else
			got = recv_stream_in_parts(ctx, f.c, f.r->msg_max,
						   a->read, s, &n);
		if (!got)
			break;
		msgs++;
		if (n > 0)
			bytes += (uint64_t)n;
		if (f.c->unstamped) {
			/* No time read: a request after it has no wake-up
			 * to measure from. */
			damaged += n < 0;
			event_ctx_woken(ctx, 0);
			continue;
		}
		now = time_now_ns();
		if (n < 0 || !stamp_read(s->in, ref, n, now, t_zero, f.c,
					 &stamp, &origin)) {
			damaged++;
			look = now;
			continue;
		}
		if (origin > 0 && origin < earliest)
			earliest = origin;
		event_ctx_record_received(ctx, &f.rec, now - stamp, now,
					  stamp > look);
		look = now;
	}
	if (earliest != INT64_MAX)
		event_ctx_chain_received(ctx, earliest);
	event_ctx_count(ctx, EVENT_COUNT_RECEIVED, msgs);
	event_ctx_count(ctx, EVENT_COUNT_RECEIVED_BYTES, bytes);
	event_ctx_count(ctx, EVENT_COUNT_DAMAGED, damaged);
}

/*
 * One unstamped message of a stream channel's fixed size (a ping-pong's
 * recv) is one read, without what a stamped or several messages need
 * first; the rest is recv_messages. Shorter for the window of
 * send_exec's comment: the read that blocks comes sooner after the write.
 */
HOT static __attribute__((noinline)) void
recv_one(struct event_ctx *ctx, const struct live_channel *c, int64_t n)
{
	const struct channel_state *s = event_ctx_state(ctx);

	if (!transfer(ctx, c->rfd, s->in, n, false))
		return;
	/* No time read: a request after it has no wake-up to measure
	 * from. */
	event_ctx_woken(ctx, 0);
	event_ctx_count(ctx, EVENT_COUNT_RECEIVED, 1);
	event_ctx_count(ctx, EVENT_COUNT_RECEIVED_BYTES, (uint64_t)n);
}

/* Only picks the path, as send_exec. */
HOT static void recv_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct channel_args *a = ev->args;
	const struct live_channel *c = chan_of(ctx, ev->resource);

	if (a->count == 1 && a->peer.n_from <= 1 && !a->read &&
	    c->unstamped && !c->framed && !c->datagram)
		recv_one(ctx, c, event_ctx_resource(ctx, ev->resource)->msg_max);
	else
		recv_messages(ctx, ev);
}

static void channel_dump(const struct workload *w, const struct event *ev,
			 struct json_object *out)
{
	const struct channel_args *a = ev->args;
	const struct resource *r = &w->resources[ev->resource];
	json_object_object_add(out, "channel", json_object_new_string(r->name));
	if (a->peer.n_from > 1) {
		struct json_object *from = json_object_new_array();

		for (int k = 0; k < a->peer.n_from; k++)
			json_object_array_add(from, json_object_new_string(
				w->resources[a->peer.from[k]].name));
		json_object_object_add(out, "from", from);
	}
	resource_dump(r, out); /* "kind": pipe, stream, dgram or tcp */
	json_object_object_add(out, "bytes",
			       a->bytes.dist ? dump_dist(a->bytes.dist)
					     : json_object_new_int64(a->bytes.fixed));
	json_object_object_add(out, "count", json_object_new_int64(a->count));
	if (a->every > 1)
		json_object_object_add(out, "every",
				       json_object_new_int64(a->every));
	if (a->read)
		json_object_object_add(out, "read",
				       json_object_new_int64(a->read));
}

/* The wiring checks' view: each channel, with the message size. */
static size_t channel_uses(const struct event *ev, struct event_use *out,
			   size_t max, enum event_role role)
{
	const struct channel_args *a = ev->args;
	size_t n = a->peer.n_from > 1 ? (size_t)a->peer.n_from : 1;

	for (size_t k = 0; k < n && k < max; k++)
		out[k] = (struct event_use){
			.resource = n > 1 ? a->peer.from[k] : ev->resource,
			.role = role,
			.amount = a->bytes.dist ? -1 : a->bytes.fixed };
	return n;
}

static size_t send_uses(const struct event *ev, struct event_use *out,
			size_t max)
{
	return channel_uses(ev, out, max, ROLE_SEND);
}

static size_t recv_uses(const struct event *ev, struct event_use *out,
			size_t max)
{
	return channel_uses(ev, out, max, ROLE_RECV);
}

/* A stamped message carries the sender's chain origin. */
static bool send_reads_origin(const struct workload *w, const struct event *ev)
{
	return ev->resource >= 0 &&
	       w->resources[ev->resource].messages == MESSAGES_STAMPED;
}

const struct event_kind event_send = {
	.key = "send", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "a channel name, or an object: send messages",
	.keys = send_keys, .args_size = sizeof(struct channel_args),
	.parse = send_parse, .finalize = channel_finalize,
	.state = &channel_state,
	.exec = send_exec, .dump = channel_dump, .uses = send_uses,
	.reads_origin = send_reads_origin,
};
const struct event_kind event_recv = {
	.key = "recv", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "a channel name, or an object: receive messages",
	.keys = recv_keys, .args_size = sizeof(struct channel_args),
	.parse = recv_parse, .finalize = channel_finalize,
	.state = &channel_state,
	.exec = recv_exec, .dump = channel_dump, .uses = recv_uses,
	.waits = true,
};
