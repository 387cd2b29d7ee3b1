/* samples.c - per-thread latency samples (see samples.h). */
#include "record/samples.h"

#include "lib/timeutil.h"

_Static_assert(sizeof(struct sample) == 8, "a sample is 8 bytes");
_Static_assert(WAKE_PATHS <= 16, "enum wake_path fits a sample's 4 bits");


size_t samples_bytes(void)
{
	return sizeof(struct sample_log) + SAMPLES_MAX * sizeof(struct sample);
}

void samples_add(struct sample_log *l, size_t phase, enum wake_path path,
		 enum sample_kind kind, int64_t start_ns, int64_t end_ns)
{
	int64_t ns = end_ns - start_ns;
	struct sample *s;

	if (l->n >= SAMPLES_MAX) {
		l->lost++;
		return;
	}
	s = &l->s[l->n];
	s->ns = ns <= 0 ? 0 : ns >= UINT32_MAX ? UINT32_MAX : (uint32_t)ns;
	s->phase = (uint16_t)phase;
	s->path = (uint16_t)path & 15;
	s->kind = (uint16_t)kind & 3;
	s->start_sub_us = (uint16_t)(start_ns > 0 ? start_ns % 1000 : 0);
	l->n++;
}

uint64_t sample_clock_us(const struct sample *s)
{
	/* A reading start_sub_us ns into its µs, the other ns later. */
	return time_us_clock_delta(s->start_sub_us,
				   (int64_t)s->start_sub_us + s->ns);
}
