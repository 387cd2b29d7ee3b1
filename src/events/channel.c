/*
 * channel.c - "send" and "recv": messages over a real kernel channel (a
 * pipe, or a socket declared in "resources"), so the kernel's own wake
 * path is what gets measured.
 *   "send": {"to": ch, "bytes": 8, "count": 1}
 *   "recv": {"from": ch, "bytes": 8, "count": 1}
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
 * same difference) only for a message it slept for: before each message
 * it looks without blocking (recv MSG_DONTWAIT on a socket, poll with no
 * timeout on a pipe or several channels) and, finding nothing, blocks; the
 * message that ends the sleep was stamped by the sender just before the
 * write that woke it.
 * Writes and reads loop over short transfers: a message is never split.
 */
#include "lib/arena.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/keys.h"
#include "parse/parser.h"
#include "resource.h"
#include "resources/channel.h"
#include "event_ctx.h"
#include "lib/timeutil.h"

#include <errno.h>
#include <json-c/json.h>
#include <poll.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define CHANNEL_MAX_BYTES (64 * 1024 * 1024)
#define CHANNEL_MAX_FROM  1024

/* The channel (or channels) a message goes to or comes from. */
struct channel_peer {
	const char *name;         /* the first */
	const int *from;          /* recv from several: all of them */
	int n_from;               /* > 1: poll; else the event's resource */
};

struct channel_args {
	struct channel_peer peer;
	int64_t bytes;            /* per message */
	int64_t count;            /* messages per execution */
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

#define CHANNEL_SIZE_KEYS                                                  \
	{ .name = "bytes", .type = KEY_COUNT,                              \
	  .offset = offsetof(struct channel_args, bytes), .min = 1,        \
	  .max = CHANNEL_MAX_BYTES, .def = 8, .unit = "bytes",             \
	  .help = "bytes per message (8)" },                               \
	{ .name = "count", .type = KEY_COUNT,                              \
	  .offset = offsetof(struct channel_args, count), .min = 1,        \
	  .max = INT64_MAX, .def = 1,                                      \
	  .help = "messages per execution (1)" }

static const struct key send_keys[] = {
	{ .name = "to", .type = KEY_NAME,
	  .offset = offsetof(struct channel_args, peer.name),
	  .flags = KEYF_REQUIRED, .help = "a channel name" },
	CHANNEL_SIZE_KEYS,
	{ NULL }
};

static const struct key recv_keys[] = {
	{ .name = "from", .type = KEY_CUSTOM,
	  .offset = offsetof(struct channel_args, peer),
	  .parse = channel_peer_parse, .flags = KEYF_REQUIRED,
	  .help = "a channel name, or an array of them (poll)" },
	CHANNEL_SIZE_KEYS,
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
	return channel_parse(p, path, v, ev, send_keys);
}

static int recv_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	const struct channel_args *a = ev->args;
	int rc = channel_parse(p, path, v, ev, recv_keys);

	for (int k = 0; !rc && k < (a->peer.n_from ? a->peer.n_from : 1); k++) {
		int r = a->peer.n_from ? a->peer.from[k] : ev->resource;

		p->task->wake_paths |=
			1u << resource_kind_of(&p->w->resources[r])->wake_path;
	}
	return rc;
}

/* The body of every message: a fixed function of the byte's position. */
static unsigned char pattern_byte(int64_t k)
{
	return (unsigned char)(k * 131 + 7);
}

/*
 * Per thread: the send buffer then the receive buffer, of the task's
 * largest message each; the send buffer keeps the pattern, a message only
 * changes its stamps.
 */
struct channel_state {
	unsigned char *msg;
	int64_t max;              /* bytes of each buffer */
	int poll_next;            /* recv from several: the last one served */
};

static const struct event_state channel_state;

/* The task's largest message (its first event asking for it). */
static int64_t channel_task_max(const struct task *task,
				const struct event **first)
{
	int64_t max = 0;

	for (size_t p = 0; p < task->n_phases; p++)
		for (size_t e = 0; e < task->phases[p].n_events; e++) {
			const struct event *ev = &task->phases[p].events[e];
			const struct channel_args *a = ev->args;

			if (ev->kind->state == &channel_state && a->bytes > max) {
				max = a->bytes;
				*first = ev;
			}
		}
	return max;
}

/* Two buffers of the largest message: one to send, one to receive. */
static uint64_t channel_state_bytes(const struct task *task,
				    const struct event **ev)
{
	return 2 * (uint64_t)channel_task_max(task, ev);
}

static int channel_state_init(void *state, const struct workload *w,
			      const struct task *task)
{
	struct channel_state *s = state;
	const struct event *first = NULL;

	(void)w;
	s->max = channel_task_max(task, &first);
	if (!(s->msg = calloc(2, (size_t)s->max)))
		return -1;
	for (int64_t k = 0; k < s->max; k++)
		s->msg[k] = pattern_byte(k);
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
		*stamp = atomic_load(&c->stamp);
	}
	*origin = atomic_load(&c->origin);
	return true;
}

/* Moves all n bytes (done already moved) unless the run stops; false if
 * it did not. */
static bool transfer(struct event_ctx *ctx, int fd, unsigned char *buf,
		     int64_t done, int64_t n, bool out)
{
	while (done < n) {
		ssize_t r = out ? write(fd, buf + done, (size_t)(n - done))
				: read(fd, buf + done, (size_t)(n - done));

		if (r > 0) {
			done += r;
		} else if (r == 0 || errno != EINTR || event_ctx_stopping(ctx)) {
			return false;
		}
	}
	return true;
}

static void send_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct channel_args *a = ev->args;
	struct live_channel *c = channel_live(event_ctx_live(ctx, ev->resource));

	unsigned char *out = ((struct channel_state *)event_ctx_state(ctx))->msg;

	int64_t origin = event_ctx_chain_origin(ctx);

	for (int64_t k = 0; k < a->count; k++) {
		int64_t stamp = time_now_ns();

		if (a->bytes < 4)
			atomic_store(&c->stamp, stamp);
		if (a->bytes < 8)
			atomic_store(&c->origin, origin);
		stamp_fill(out, a->bytes, stamp, origin);
		if (!transfer(ctx, c->wfd, out, 0, a->bytes, true))
			return;
		event_ctx_count(ctx, EVENT_COUNT_SENT);
	}
}

/*
 * The start of a message on fd if one is there, without blocking: bytes
 * read into buf (a socket: recv MSG_DONTWAIT), 0 when there is one still
 * to read (a pipe: poll says so), -1 when there is none (the read will
 * block: a wake-up). One syscall either way.
 */
static int64_t recv_try(int fd, bool socket, unsigned char *buf, int64_t n)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ssize_t r;

	if (!socket)
		return poll(&pfd, 1, 0) == 1 ? 0 : -1;
	r = recv(fd, buf, (size_t)n, MSG_DONTWAIT);
	/* End of file and errors: the blocking read says what they are. */
	return r > 0 ? r : -1;
}

/* The channel of several with a message waiting, *blocked when none was
 * and poll slept; -1 if the run stops. */
static int recv_poll(struct event_ctx *ctx, const struct event *ev,
		     bool *blocked)
{
	const struct channel_args *a = ev->args;
	struct channel_state *s = event_ctx_state(ctx);
	struct pollfd fds[CHANNEL_MAX_FROM];
	int n = a->peer.n_from;

	for (int k = 0; k < n; k++)
		fds[k] = (struct pollfd){
			.fd = channel_live(event_ctx_live(ctx, a->peer.from[k]))->rfd,
			.events = POLLIN };
	*blocked = false;
	for (int wait = 0;; wait = -1) {
		int r = poll(fds, (nfds_t)n, wait);

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
		if (r == 0)
			*blocked = true;
	}
}

static void recv_exec(struct event_ctx *ctx, const struct event *ev)
{
	const struct channel_args *a = ev->args;
	const struct channel_state *s = event_ctx_state(ctx);
	unsigned char *in = s->msg + s->max;

	for (int64_t k = 0; k < a->count; k++) {
		bool blocked = false;
		int res = a->peer.n_from > 1 ? recv_poll(ctx, ev, &blocked)
					     : ev->resource;
		struct live_channel *c;
		enum wake_path path;
		int64_t now, stamp, origin, done = 0;

		if (res < 0)
			return;
		c = channel_live(event_ctx_live(ctx, res));
		path = resource_kind_of(event_ctx_resource(ctx, res))->wake_path;
		if (a->peer.n_from <= 1) {
			done = recv_try(c->rfd, path == WAKE_SOCKET, in,
					a->bytes);
			blocked = done < 0;
			if (done < 0)
				done = 0;
		}
		if (!transfer(ctx, c->rfd, in, done, a->bytes, false))
			return;
		now = time_now_ns();
		event_ctx_count(ctx, EVENT_COUNT_RECEIVED);
		if (!stamp_read(in, s->msg, a->bytes, now,
				event_ctx_t_zero(ctx), c, &stamp, &origin)) {
			event_ctx_count(ctx, EVENT_COUNT_DAMAGED);
			continue;
		}
		event_ctx_chain_received(ctx, origin);
		if (blocked)
			event_ctx_record_wake(ctx, path, now - stamp, now);
		event_ctx_record_message(ctx, path, now - stamp, now);
	}
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
	json_object_object_add(out, "bytes", json_object_new_int64(a->bytes));
	json_object_object_add(out, "count", json_object_new_int64(a->count));
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
			.role = role, .amount = a->bytes };
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

const struct event_kind event_send = {
	.key = "send", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "a channel name, or an object: send messages",
	.keys = send_keys, .args_size = sizeof(struct channel_args),
	.parse = send_parse, .state = &channel_state,
	.exec = send_exec, .dump = channel_dump, .uses = send_uses,
};
const struct event_kind event_recv = {
	.key = "recv", .ftrace_type = RTAPP_TYPE_NONE,
	.help = "a channel name, or an object: receive messages",
	.keys = recv_keys, .args_size = sizeof(struct channel_args),
	.parse = recv_parse, .state = &channel_state,
	.exec = recv_exec, .dump = channel_dump, .uses = recv_uses,
	.waits = true,
};
