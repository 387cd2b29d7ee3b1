/*
 * membuf.c - the memory buffer resource: memrun's "ref" and the task's
 * buffer of mem/iorun. Shared memory, so process instances share it too.
 */
#include "resources/membuf.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>

/* Slots in bit-reversed (spread) or sequential order, one cycle. */
static void membuf_link(unsigned char *buf, int64_t size, int64_t stride,
			bool sequential)
{
	size_t slots = 1, bits = 0;

	if (stride < (int64_t)sizeof(void *) || size < 2 * stride)
		return;
	while ((int64_t)(slots * 2) * stride <= size) {
		slots *= 2;
		bits++;
	}
	for (size_t k = 0; k < slots; k++) {
		size_t from = k, to = (k + 1) % slots;

		if (!sequential) {
			size_t rf = 0, rt = 0;

			for (size_t b = 0; b < bits; b++) {
				rf |= ((from >> b) & 1) << (bits - 1 - b);
				rt |= ((to >> b) & 1) << (bits - 1 - b);
			}
			from = rf;
			to = rt;
		}
		*(void **)(buf + from * (size_t)stride) =
			buf + to * (size_t)stride;
	}
}

static int membuf_create(struct live_resource *l, const struct globals *g)
{
	const struct resource *r = l->r;
	struct live_membuf *m = l->state;
	unsigned char *buf = mmap(NULL, (size_t)r->size, PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	(void)g;
	if (buf == MAP_FAILED)
		return ENOMEM;
	memset(buf, 0xaa, (size_t)r->size);
	membuf_link(buf, r->size, r->stride, r->sequential);
	m->buf = buf;
	return 0;
}

static void membuf_destroy(struct live_resource *l)
{
	munmap(membuf_live(l), (size_t)l->r->size);
}

const struct resource_kind resource_membuf = {
	.name = "memory buffer",
	/* Named after its task ("mem:<task>") or by memrun's "ref". */
	.shares_names = ~0u,
	.live_size = sizeof(struct live_membuf),
	.create = membuf_create,
	.destroy = membuf_destroy,
};
