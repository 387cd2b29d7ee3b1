/*
 * channel.c - "send" and "recv": messages over a real kernel channel (a
 * pipe, or a socket declared in "resources"), so the kernel's own wake
 * path is what gets measured.
 *   "send": {"to": ch, "bytes": 8, "count": 1}
 *   "recv": {"from": ch, "bytes": 8, "count": 1}
 *   "recv": {"from": [ch1, ch2, ...], ...}: each message from whichever
 *   channel has one (poll), as a server with several clients reads.
 * Each message carries the sender's CLOCK_MONOTONIC stamp: in its first 8
 * bytes (and its last 8 from 16 bytes on), the low 32 bits for 4..7-byte
 * messages, or beside the channel for smaller ones; the rest is a fixed
 * pattern, checked on receipt with one memcmp.
 * The receiver records wake-up latency = its time after read() - stamp.
 * Writes and reads loop over short transfers: a message is never split.
 */
#include "lib/arena.h"
#include "event.h"
#include "parse/jtree.h"
#include "parse/parse.h"
#include "resource.h"
#include "resources/channel.h"
#include "engine/thread.h"
#include "lib/timeutil.h"

#include <errno.h>
#include <json-c/json.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#define CHANNEL_MAX_BYTES (64 * 1024 * 1024)
#define CHANNEL_MAX_FROM  1024

/* "from": [names]: every one a channel; the first is ev->msg.resource. */
static const char *channel_list(struct parser *p, const char *path,
				const struct jnode *v, struct event *ev)
{
	int *ids;

	if (v->n < 1 || v->n > CHANNEL_MAX_FROM) {
		parser_error(p, v, path, "expected 1 .. %d channel names",
			     CHANNEL_MAX_FROM);
		return NULL;
	}
	ids = arena_alloc(p->a, v->n * sizeof(*ids));
	for (size_t k = 0; k < v->n; k++) {
		const char *name = parser_name(
			p, parser_path(p, path, arena_printf(p->a, "%zu", k)),
			v->kids[k], "a channel name");

		if (!name)
			return NULL;
		ids[k] = parser_channel(p, name);
		for (size_t j = 0; j < k; j++)
			if (ids[j] == ids[k]) {
				parser_error(p, v->kids[k], path,
					     "channel \"%s\" listed twice", name);
				return NULL;
			}
	}
	ev->msg.from = ids;
	ev->msg.n_from = (int)v->n;
	return v->kids[0]->s;
}

static int channel_parse(struct parser *p, const char *path,
			 const struct jnode *v, struct event *ev,
			 const char *peer)
{
	const char *name = NULL;

	ev->msg.bytes = 8;
	ev->msg.count = 1;
	if (v->type == J_STRING) {
		name = parser_name(p, path, v, "a channel name");
	} else if (v->type == J_OBJECT) {
		for (size_t k = 0; k < v->n; k++) {
			const struct jnode *m = v->kids[k];
			const char *mp = parser_path(p, path, m->key);

			if (!strcmp(m->key, peer) && m->type == J_ARRAY &&
			    peer[0] == 'f') {
				if (!(name = channel_list(p, mp, m, ev)))
					return -1;
			} else if (!strcmp(m->key, peer)) {
				name = parser_name(p, mp, m, "a channel name");
			} else if (!strcmp(m->key, "bytes") || !strcmp(m->key, "count")) {
				int64_t *out = m->key[0] == 'b' ? &ev->msg.bytes
								: &ev->msg.count;

				if (m->type != J_INT || m->i < 1 ||
				    (m->key[0] == 'b' && m->i > CHANNEL_MAX_BYTES)) {
					parser_error(p, m, mp,
						     "expected an integer 1 .. %s",
						     m->key[0] == 'b' ? "67108864"
								      : "2^63");
					return -1;
				}
				*out = m->i;
			} else {
				parser_error(p, m, mp,
					     "unknown key (expected %s, bytes, count)",
					     peer);
				return -1;
			}
		}
		if (!name && !jtree_get(v, peer))
			parser_error(p, v, path, "missing \"%s\"", peer);
	} else {
		parser_error(p, v, path,
			     "expected {\"%s\": channel, \"bytes\": n, \"count\": n} "
			     "or a channel name, got %s", peer, jtype_name(v->type));
		return -1;
	}
	if (!name)
		return -1;
	ev->msg.resource = parser_channel(p, name);
	if (ev->msg.n_from > 1)
		name = arena_printf(p->a, "%s+%d", name, ev->msg.n_from - 1);
	if (ev->msg.bytes > p->task->msg_bytes_max)
		p->task->msg_bytes_max = ev->msg.bytes;
	ev->desc = arena_printf(p->a, "%s:%s", ev->key, name);
	return 0;
}

static int send_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	return channel_parse(p, path, v, ev, "to");
}

static int recv_parse(struct parser *p, const char *path,
		      const struct jnode *v, struct event *ev)
{
	int rc = channel_parse(p, path, v, ev, "from");

	for (int k = 0; !rc && k < (ev->msg.n_from ? ev->msg.n_from : 1); k++) {
		int r = ev->msg.n_from ? ev->msg.from[k] : ev->msg.resource;

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

/* t->msg: the send buffer then the receive buffer, msg_bytes_max each; the
 * send buffer keeps the pattern, a message only changes its stamps. */
static void channel_prepare(struct thread *t)
{
	int64_t n = t->task->msg_bytes_max;

	for (int64_t k = 0; k < n; k++)
		t->msg[k] = pattern_byte(k);
	t->msg_ready = true;
}

/* The stamp at the head and, from 16 bytes, again at the tail: a message
 * cut or shifted by a framing error cannot check. */
static void stamp_fill(unsigned char *buf, int64_t n, int64_t stamp)
{
	if (n >= 8) {
		memcpy(buf, &stamp, 8);
		if (n >= 16)
			memcpy(buf + n - 8, &stamp, 8);
	} else if (n >= 4) {
		uint32_t low = (uint32_t)stamp;

		memcpy(buf, &low, 4);
	}
}

/* The stamp a message carried; false if it is damaged. ref holds the
 * pattern (the thread's own send buffer). */
static bool stamp_read(const unsigned char *buf, const unsigned char *ref,
		       int64_t n, int64_t now, const struct live_channel *c,
		       int64_t *stamp)
{
	if (n >= 8) {
		int64_t tail;
		int64_t body = n >= 16 ? n - 16 : n - 8;

		memcpy(stamp, buf, 8);
		if (n >= 16) {
			memcpy(&tail, buf + n - 8, 8);
			if (tail != *stamp)
				return false;
		}
		return !memcmp(buf + 8, ref + 8, (size_t)body);
	} else if (n >= 4) {
		uint32_t low;

		memcpy(&low, buf, 4);
		*stamp = (now & ~INT64_C(0xffffffff)) | low;
		if (*stamp > now)
			*stamp -= INT64_C(1) << 32;
	} else {
		*stamp = atomic_load(&c->stamp);
	}
	return true;
}

/* Moves all n bytes unless the run stops; false if it did not. */
static bool transfer(struct thread *t, int fd, unsigned char *buf, int64_t n,
		     bool out)
{
	int64_t done = 0;

	while (done < n) {
		ssize_t r = out ? write(fd, buf + done, (size_t)(n - done))
				: read(fd, buf + done, (size_t)(n - done));

		if (r > 0) {
			done += r;
		} else if (r == 0 || errno != EINTR || thread_should_stop(t)) {
			return false;
		}
	}
	return true;
}

static void send_exec(struct thread *t, const struct event *ev)
{
	struct live_channel *c = channel_live(thread_live(t, ev->msg.resource));

	if (!t->msg_ready)
		channel_prepare(t);
	for (int64_t k = 0; k < ev->msg.count; k++) {
		int64_t stamp = time_now_ns();

		if (ev->msg.bytes < 4)
			atomic_store(&c->stamp, stamp);
		stamp_fill(t->msg, ev->msg.bytes, stamp);
		if (!transfer(t, c->wfd, t->msg, ev->msg.bytes, true))
			return;
		t->stats.sent++;
	}
}

/* The channel of several with a message waiting; -1 if the run stops. */
static int recv_poll(struct thread *t, const struct event *ev)
{
	struct pollfd fds[CHANNEL_MAX_FROM];
	int n = ev->msg.n_from;

	for (int k = 0; k < n; k++)
		fds[k] = (struct pollfd){
			.fd = channel_live(thread_live(t, ev->msg.from[k]))->rfd,
			.events = POLLIN };
	for (;;) {
		int r = poll(fds, (nfds_t)n, -1);

		if (r > 0) {
			/* Start after the last one served: no starvation. */
			for (int j = 1; j <= n; j++) {
				int k = (t->poll_next + j) % n;

				if (fds[k].revents) {
					t->poll_next = k;
					return ev->msg.from[k];
				}
			}
		}
		if (r < 0 && (errno != EINTR || thread_should_stop(t)))
			return -1;
	}
}

static void recv_exec(struct thread *t, const struct event *ev)
{
	unsigned char *in = t->msg + t->task->msg_bytes_max;

	if (!t->msg_ready)
		channel_prepare(t);
	for (int64_t k = 0; k < ev->msg.count; k++) {
		int res = ev->msg.n_from > 1 ? recv_poll(t, ev) : ev->msg.resource;
		struct live_channel *c;
		enum wake_path path;
		int64_t now, stamp;

		if (res < 0)
			return;
		c = channel_live(thread_live(t, res));
		path = resource_kind_of(thread_resource(t, res))->wake_path;
		if (!transfer(t, c->rfd, in, ev->msg.bytes, false))
			return;
		now = time_now_ns();
		t->stats.received++;
		if (stamp_read(in, t->msg, ev->msg.bytes, now, c, &stamp))
			thread_record_wake(t, path, now - stamp);
		else
			t->stats.damaged++;
	}
}

static void channel_dump(const struct workload *w, const struct event *ev,
			 struct json_object *out)
{
	const struct resource *r = &w->resources[ev->msg.resource];

	json_object_object_add(out, "channel", json_object_new_string(r->name));
	if (ev->msg.n_from > 1) {
		struct json_object *a = json_object_new_array();

		for (int k = 0; k < ev->msg.n_from; k++)
			json_object_array_add(a, json_object_new_string(
				w->resources[ev->msg.from[k]].name));
		json_object_object_add(out, "from", a);
	}
	resource_dump(r, out); /* "kind": pipe, stream, dgram or tcp */
	json_object_object_add(out, "bytes", json_object_new_int64(ev->msg.bytes));
	json_object_object_add(out, "count", json_object_new_int64(ev->msg.count));
}

const struct event_kind event_send = {
	.key = "send", .ftrace_type = RTAPP_TYPE_NONE, .parse = send_parse,
	.exec = send_exec, .dump = channel_dump,
};
const struct event_kind event_recv = {
	.key = "recv", .ftrace_type = RTAPP_TYPE_NONE, .parse = recv_parse,
	.exec = recv_exec, .dump = channel_dump,
};
