/*
 * filename.c - names from a workload that become parts of file names are
 * checked before anything runs: a "/" or ".." would put a file outside the
 * log directory, a control character would break the scripts that name the
 * file, and a name too long fails only when the file is created.
 */
#include "lib/filename.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* "-" idx "-" fork: an int in decimal is at most 10 digits. */
#define FILENAME_ID_BYTES (1 + 10 + 1 + 10)
/* The longest suffix mimic writes after the name: ".plot". */
#define FILENAME_EXT_BYTES 5

size_t filename_longest(size_t base_len, size_t task_len)
{
	if (task_len > FILENAME_TASK_BYTES)
		task_len = FILENAME_TASK_BYTES;
	return base_len + 1 + task_len + FILENAME_ID_BYTES +
	       FILENAME_EXT_BYTES;
}

const char *filename_part_bad(const char *s)
{
	if (!strcmp(s, ".") || !strcmp(s, ".."))
		return "is \".\" or \"..\"";
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '/')
			return "contains \"/\"";
		if (*c < 0x20 || *c == 0x7f)
			return "contains a control character";
	}
	if (filename_longest(strlen(s), 0) > NAME_MAX)
		return "is too long for a file name";
	return NULL;
}

void filename_printable(const char *s, char *out, size_t n)
{
	size_t o = 0;

	if (!n)
		return;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		char tmp[5];
		size_t k;

		if (*c < 0x20 || *c == 0x7f || *c == '\\')
			snprintf(tmp, sizeof(tmp), "\\x%02x", *c);
		else
			snprintf(tmp, sizeof(tmp), "%c", *c);
		k = strlen(tmp);
		if (o + k + 4 > n) { /* room for "..." and the NUL */
			if (o + 4 <= n) {
				memcpy(out + o, "...", 3);
				o += 3;
			}
			break;
		}
		memcpy(out + o, tmp, k);
		o += k;
	}
	out[o] = '\0';
}
