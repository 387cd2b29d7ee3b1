/* channel.h - what send and recv see of a channel (pipe or socket). */
#ifndef MIMIC_RESOURCES_CHANNEL_H
#define MIMIC_RESOURCES_CHANNEL_H

#include "resource.h"

#include <stdatomic.h>
#include <stdint.h>

/* A pipe or socket: the receiver reads rfd, senders write wfd. */
struct live_channel {
	int rfd, wfd;
	_Atomic int64_t stamp;    /* last send, for messages under 4 bytes */
	_Atomic int64_t origin;   /* last send's chain origin, under 8 bytes */
};

static inline struct live_channel *channel_live(const struct live_resource *l)
{
	return l->state;
}

#endif
