/* channel.h - what send and recv see of a channel (pipe or socket). */
#ifndef MIMIC_RESOURCES_CHANNEL_H
#define MIMIC_RESOURCES_CHANNEL_H

#include "resource.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* The largest message on a stream channel (a pipe, a stream or TCP
 * socket), and on a datagram socket: one datagram, well within the
 * kernel's default socket buffer (net.core.wmem_default, 208 KiB). */
#define CHANNEL_MAX_BYTES       (64 * 1024 * 1024)
#define CHANNEL_DGRAM_MAX_BYTES (64 * 1024)

/* The length header before each message of a framed channel. */
#define CHANNEL_HEADER_BYTES 4

/* The largest write a pipe keeps whole against other writers (PIPE_BUF).
 * The kernel may cut a larger write to a stream channel when the channel
 * fills mid-write and let another sender's write in between: on a stream
 * channel that may carry one, every send takes the channel's write_lock. */
#define CHANNEL_ATOMIC_WRITE PIPE_BUF

/*
 * A pipe or socket: the receiver reads rfd, senders write wfd. A stream
 * channel whose messages may differ in size (a drawn size, or two sizes
 * named on it) is framed: each message is preceded by its length, 4 bytes
 * in host order; one whose messages are all one size carries them bare,
 * byte for byte as before. A datagram is a message: never framed.
 */
struct live_channel {
	int rfd, wfd;
	bool framed;              /* a length header before each message */
	bool datagram;            /* one read, one message */
	bool unstamped;           /* messages carry no stamp (workload.h) */
	int64_t max_bytes;        /* the largest message: draws clamp to it */
	bool write_locked;        /* sends take write_lock (above) */
	bool plain;               /* unstamped, unframed, unlocked: a
				   * message is one write as it is */
	pthread_mutex_t write_lock;
	_Atomic int64_t stamp;    /* last send, for messages under 4 bytes */
	_Atomic int64_t origin;   /* last send's chain origin, under 8 bytes */
};

static inline struct live_channel *channel_live(const struct live_resource *l)
{
	return l->state;
}

/* The largest message channel r carries (CHANNEL_*MAX_BYTES). */
int64_t channel_max_bytes(const struct resource *r);
/* What r is, in messages: "a pipe", "a datagram socket", ... */
const char *channel_what(const struct resource *r);

#endif
