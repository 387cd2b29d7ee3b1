/* samples.c - per-thread wake-up latency samples (see samples.h). */
#include "samples.h"

#include <sys/mman.h>

static size_t samples_bytes(void)
{
	return sizeof(struct sample_log) + SAMPLES_MAX * sizeof(struct sample);
}

struct sample_log *samples_new(void)
{
	/* Reserved, not committed: pages appear as samples are written. */
	void *m = mmap(NULL, samples_bytes(), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	return m == MAP_FAILED ? NULL : m;
}

void samples_free(struct sample_log *l)
{
	if (l)
		munmap(l, samples_bytes());
}

void samples_add(struct sample_log *l, size_t phase, enum wake_path path,
		 int64_t ns)
{
	struct sample *s;

	if (l->n >= SAMPLES_MAX) {
		l->lost++;
		return;
	}
	s = &l->s[l->n];
	s->ns = ns <= 0 ? 0 : ns >= UINT32_MAX ? UINT32_MAX : (uint32_t)ns;
	s->phase = (uint16_t)phase;
	s->path = (uint8_t)path;
	l->n++;
}
