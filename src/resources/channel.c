/*
 * channel.c - the channel resources of send/recv: a pipe (also what an
 * undeclared channel is) or a socket declared with a mode: an AF_UNIX
 * stream or datagram pair, or a TCP connection to itself on 127.0.0.1.
 */
#define _GNU_SOURCE
#include "resources/channel.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* What the kernel buffers per channel: a pipe's 16 pages; a socket pair's
 * send and receive buffers (net.core.[wr]mem_default, 208 KiB each). */
#define CHANNEL_PIPE_BYTES   (64 << 10)
#define CHANNEL_SOCKET_BYTES (2 * (208 << 10))

static const char *const channel_modes[] = {
	[SOCKET_STREAM] = "stream",
	[SOCKET_DGRAM] = "dgram",
	[SOCKET_TCP] = "tcp",
	NULL,
};

static const char *const channel_messages[] = {
	[MESSAGES_STAMPED] = "stamped",
	[MESSAGES_UNSTAMPED] = "unstamped",
	NULL,
};

_Static_assert(sizeof(enum socket_mode) == sizeof(int) &&
		       sizeof(enum channel_messages) == sizeof(int),
	       "a KEY_ENUM row writes an int");

/* A TCP connection to ourselves on 127.0.0.1, as hackbench -i does. */
static int channel_tcp_pair(int *rfd, int *wfd)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), rc = 0;

	*rfd = *wfd = -1;
	if (lfd < 0)
		return errno;
	if (bind(lfd, (struct sockaddr *)&a, sizeof(a)) || listen(lfd, 1) ||
	    getsockname(lfd, (struct sockaddr *)&a, &len))
		goto fail;
	*wfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (*wfd < 0 || connect(*wfd, (struct sockaddr *)&a, sizeof(a)))
		goto fail;
	*rfd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	if (*rfd < 0)
		goto fail;
	close(lfd);
	return 0;
fail:
	rc = errno;
	if (*wfd >= 0)
		close(*wfd);
	close(lfd);
	return rc;
}

static bool channel_datagram(const struct resource *r)
{
	return r->type == RES_SOCKET && r->socket_mode == SOCKET_DGRAM;
}

int64_t channel_max_bytes(const struct resource *r)
{
	return channel_datagram(r) ? CHANNEL_DGRAM_MAX_BYTES : CHANNEL_MAX_BYTES;
}

const char *channel_what(const struct resource *r)
{
	if (r->type != RES_SOCKET)
		return "a pipe";
	return r->socket_mode == SOCKET_DGRAM  ? "a datagram socket"
	       : r->socket_mode == SOCKET_TCP ? "a TCP socket"
					      : "a stream socket";
}

/* A stream channel whose messages may differ in size (channel.h). */
static bool channel_framed(const struct resource *r)
{
	return !channel_datagram(r) &&
	       (r->msg_drawn || r->msg_min != r->msg_max);
}

/* What send and recv need to know of the channel, from its uses. */
static int channel_init(struct live_resource *l, const struct globals *g)
{
	struct live_channel *c = channel_live(l);
	const struct resource *r = l->r;

	atomic_init(&c->stamp, 0);
	atomic_init(&c->origin, 0);
	c->datagram = channel_datagram(r);
	c->unstamped = r->messages == MESSAGES_UNSTAMPED;
	c->max_bytes = channel_max_bytes(r);
	c->framed = channel_framed(r);
	c->write_locked = !c->datagram &&
			  r->msg_max + (c->framed ? CHANNEL_HEADER_BYTES : 0) >
				  CHANNEL_ATOMIC_WRITE;
	c->plain = c->unstamped && !c->framed && !c->write_locked;
	return resource_mutex_init(&c->write_lock, g, l->shared);
}

static int pipe_create(struct live_resource *l, const struct globals *g)
{
	struct live_channel *c = channel_live(l);
	int fds[2];
	int rc = channel_init(l, g);

	if (rc)
		return rc;
	if (pipe2(fds, O_CLOEXEC)) {
		rc = errno;
		pthread_mutex_destroy(&c->write_lock);
		return rc;
	}
	c->rfd = fds[0];
	c->wfd = fds[1];
	return 0;
}

static int socket_create(struct live_resource *l, const struct globals *g)
{
	struct live_channel *c = channel_live(l);
	int fds[2];
	int rc = channel_init(l, g);

	if (rc)
		return rc;
	if (l->r->socket_mode == SOCKET_TCP)
		rc = channel_tcp_pair(&c->rfd, &c->wfd);
	else if (socketpair(AF_UNIX,
			    (l->r->socket_mode == SOCKET_DGRAM ? SOCK_DGRAM
							       : SOCK_STREAM) |
				    SOCK_CLOEXEC,
			    0, fds))
		rc = errno;
	if (rc) {
		pthread_mutex_destroy(&c->write_lock);
		return rc;
	}
	if (l->r->socket_mode == SOCKET_TCP)
		return 0;
	c->rfd = fds[0];
	c->wfd = fds[1];
	return 0;
}

static void channel_destroy(struct live_resource *l)
{
	close(channel_live(l)->rfd);
	close(channel_live(l)->wfd);
	pthread_mutex_destroy(&channel_live(l)->write_lock);
}

/* What --dump shows of either kind beyond its kind. */
static void channel_dump_traits(const struct resource *r,
				struct json_object *out)
{
	if (channel_framed(r))
		json_object_object_add(out, "framed",
				       json_object_new_boolean(true));
	if (r->messages == MESSAGES_UNSTAMPED)
		json_object_object_add(out, "messages",
				       json_object_new_string("unstamped"));
}

static void pipe_dump(const struct resource *r, struct json_object *out)
{
	json_object_object_add(out, "kind", json_object_new_string("pipe"));
	channel_dump_traits(r, out);
}

static void socket_dump(const struct resource *r, struct json_object *out)
{
	json_object_object_add(out, "kind", json_object_new_string(
			channel_modes[r->socket_mode]));
	channel_dump_traits(r, out);
}

#define CHANNEL_MESSAGES_KEY                                                  \
	{ .name = "messages", .type = KEY_ENUM,                               \
	  .offset = offsetof(struct resource, messages),                      \
	  .def = MESSAGES_STAMPED, .values = channel_messages,                \
	  .help = "stamped: each message carries its send time (message "     \
		  "and wake-up latency, chains); unstamped: bytes only, "     \
		  "no clock read per message (stamped)" }

static const struct key pipe_keys[] = {
	CHANNEL_MESSAGES_KEY,
	{ NULL }
};

static const struct key socket_keys[] = {
	{ .name = "mode", .type = KEY_ENUM,
	  .offset = offsetof(struct resource, socket_mode),
	  .def = SOCKET_STREAM, .values = channel_modes,
	  .help = "socket: an AF_UNIX stream or datagram pair, or TCP to "
		  "itself on 127.0.0.1" },
	CHANNEL_MESSAGES_KEY,
	{ NULL }
};

const struct resource_kind resource_pipe = {
	.name = "pipe",
	.declared_as = "pipe",
	.keys = pipe_keys,
	.wake_path = WAKE_PIPE,
	.live_size = sizeof(struct live_channel),
	.fds = 2,
	.kernel_bytes = CHANNEL_PIPE_BYTES,
	.create = pipe_create,
	.destroy = channel_destroy,
	.dump = pipe_dump,
};

const struct resource_kind resource_socket = {
	.name = "socket",
	.declared_as = "socket",
	.keys = socket_keys,
	.found_as = 1u << RES_PIPE,
	.wake_path = WAKE_SOCKET,
	.live_size = sizeof(struct live_channel),
	.fds = 2,
	.kernel_bytes = CHANNEL_SOCKET_BYTES,
	.create = socket_create,
	.destroy = channel_destroy,
	.dump = socket_dump,
};
