/*
 * test-cpuinfo.c - the CPU model from sample /proc/cpuinfo files of
 * several architectures: the key each uses, the CPU's own block against
 * the header's, the first CPU for -1, tabs made spaces, none found.
 */
#include "lib/cpuinfo.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[] = "/tmp/mimic-test-cpuinfo-XXXXXX";

static void model(const char *text, int cpu, const char *want,
		  const char *what)
{
	char got[128];
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
	cpuinfo_model_in(path, cpu, got, sizeof(got));
	TAP_OK(!strcmp(got, want), "%s: \"%s\" (got \"%s\")", what, want, got);
}

int main(void)
{
	static const char x86[] =
		"processor\t: 0\nvendor_id\t: GenuineIntel\n"
		"cpu family\t: 6\nmodel\t\t: 85\n"
		"model name\t: Intel(R) Xeon(R) CPU\n\n"
		"processor\t: 1\nmodel name\t: Other\tCPU\n";
	static const char arm32[] =
		"Processor\t: ARMv7 rev 4 (v7l)\n"
		"processor\t: 0\nBogoMIPS\t: 38.40\n\n"
		"Hardware\t: BCM2835\n";
	static const char arm64[] =
		"processor\t: 0\nBogoMIPS\t: 108.00\n"
		"CPU implementer\t: 0x41\n\nModel\t\t: Raspberry Pi 4\n";
	static const char power[] =
		"processor\t: 0\ncpu\t\t: POWER9 (raw), altivec supported\n"
		"clock\t\t: 2900MHz\n";
	static const char none[] = "processor\t: 0\nBogoMIPS\t: 1.00\n";
	int fd = mkstemp(path);

	if (fd < 0)
		return 1;
	close(fd);
	model(x86, 0, "Intel(R) Xeon(R) CPU", "x86 \"model name\", CPU 0");
	model(x86, 1, "Other CPU", "x86, CPU 1's own block, tab made space");
	model(x86, -1, "Intel(R) Xeon(R) CPU", "-1 is the first CPU");
	model(x86, 7, "", "a CPU the file does not list");
	model(arm32, 0, "ARMv7 rev 4 (v7l)", "32-bit ARM: the header's \"Processor\"");
	model(arm64, 0, "Raspberry Pi 4", "arm64 board: \"Model\" after the blocks");
	model(power, 0, "POWER9 (raw), altivec supported",
	      "POWER: \"cpu\", not \"cpu family\"-like keys");
	model(none, 0, "", "no model key");
	unlink(path);
	{
		char got[8] = "stale";

		cpuinfo_model_in(path, 0, got, sizeof(got));
		TAP_OK(!got[0], "a missing file leaves \"\" (got \"%s\")",
		       got);
	}
	return tap_done();
}
