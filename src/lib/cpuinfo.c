/*
 * cpuinfo.c - the CPU model from /proc/cpuinfo, for the run's metadata and
 * the calibration store's key: one reading, so both name a machine alike.
 */
#include "lib/cpuinfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const model_keys[] = { "model name", "Processor", "Model",
					  "cpu model", "cpu" };
#define N_KEYS (sizeof(model_keys) / sizeof(model_keys[0]))

/* Whether line names key exactly: the key, blanks, then the colon. */
static int names_key(const char *line, const char *colon, const char *key)
{
	size_t kl = strlen(key);

	return !strncmp(line, key, kl) &&
	       strspn(line + kl, " \t") == (size_t)(colon - line) - kl;
}

void cpuinfo_model_in(const char *path, int cpu, char *out, size_t len)
{
	FILE *f = fopen(path, "re");
	char line[512];
	size_t best = N_KEYS;
	int cur = -1;

	out[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		if (names_key(line, colon, "processor")) {
			/* Past the CPU's block with its model: done. */
			if (best < N_KEYS && cur >= 0 && cur == cpu)
				break;
			cur = atoi(colon + 1);
			if (cpu < 0)
				cpu = cur;
			continue;
		}
		/* Lines before the first "processor" hold for every CPU. */
		if (cur >= 0 && cur != cpu)
			continue;
		for (size_t k = 0; k < best; k++) {
			if (!names_key(line, colon, model_keys[k]))
				continue;
			colon += 1 + strspn(colon + 1, " \t");
			colon[strcspn(colon, "\n")] = '\0';
			snprintf(out, len, "%s", colon);
			best = k;
			break;
		}
	}
	fclose(f);
	/* The calibration store is tab-separated. */
	for (char *c = out; *c; c++)
		if (*c == '\t')
			*c = ' ';
}

void cpuinfo_model(int cpu, char *out, size_t len)
{
	cpuinfo_model_in("/proc/cpuinfo", cpu, out, len);
}
