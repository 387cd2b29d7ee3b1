/* samples.c - per-thread latency samples (see samples.h). */
#include "record/samples.h"


size_t samples_bytes(void)
{
	return sizeof(struct sample_log) + SAMPLES_MAX * sizeof(struct sample);
}

void samples_add(struct sample_log *l, size_t phase, enum wake_path path,
		 enum sample_kind kind, int64_t ns)
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
	s->kind = (uint8_t)kind;
	l->n++;
}
