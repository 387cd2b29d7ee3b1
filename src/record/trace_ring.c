/* trace_ring.c - the --trace-json slice ring's layout (see trace_ring.h). */
#include "record/trace_ring.h"

size_t trace_ring_bytes(uint64_t cap)
{
	return 64 + sizeof(struct trace_ring) +
	       (size_t)cap * sizeof(struct trace_slice);
}

struct trace_ring *trace_ring_init(void *mem, uint64_t cap)
{
	struct trace_ring *r = mem;

	r->slices = (struct trace_slice *)(r + 1);
	r->cap = cap;
	return r;
}

uint64_t trace_ring_ordered(const struct trace_ring *r,
			    struct trace_slice *out)
{
	uint64_t kept = r->n < r->cap ? r->n : r->cap;
	uint64_t first = r->n < r->cap ? 0 : r->pos;

	for (uint64_t k = 0; k < kept; k++)
		out[k] = r->slices[(first + k) % r->cap];
	return kept;
}
