/* membuf.h - what memrun, mem and iorun see of a memory buffer resource. */
#ifndef MIMIC_RESOURCES_MEMBUF_H
#define MIMIC_RESOURCES_MEMBUF_H

#include "resource.h"

/* resource.size bytes, linked for pointer chasing (resource.stride). */
struct live_membuf {
	void *buf;
};

static inline void *membuf_live(const struct live_resource *l)
{
	return ((struct live_membuf *)l->state)->buf;
}

#endif
