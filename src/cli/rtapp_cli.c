/*
 * rtapp_cli.c - the command line of rt-app mode: chosen by the program's
 * name or --rt-app; rt-app's usage, help and version texts, word for word
 * where a client could read them (rt-app_args.c of rt-app 55cb0c0).
 */
#include "config.h"

#include "cli/rtapp_cli.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

bool rtapp_cli_detect(int argc, char **argv)
{
	const char *base;

	if (argc > 0 && argv[0]) {
		base = strrchr(argv[0], '/');
		base = base ? base + 1 : argv[0];
		if (!strcmp(base, "rt-app"))
			return true;
	}
	for (int k = 1; k < argc; k++) {
		if (!strcmp(argv[k], "--"))
			break;
		if (!strcmp(argv[k], "--rt-app"))
			return true;
	}
	return false;
}

void rtapp_cli_usage(void)
{
	fputs("Usage: rt-app [-l <debug_level>] <taskset.json>\n"
	      "Try 'rt-app --help' for more information.\n", stdout);
}

void rtapp_cli_help(void)
{
	fputs("Usage:\n"
	      "      rt-app [-l <debug_level>] <taskset.json>\n"
	      "      cat taskset.json | rt-app -\n\n"
	      "taskset.json is a json file describing the workload that will "
	      "be generatedby rt-app.\n\n"
	      "In the first example, the json file is opened and parsed by "
	      "rt-app.\n"
	      "In the second example, rt-app reads the workload description "
	      "in json format\n"
	      "through the standard input.\n\n"
	      "Miscellaneous:\n"
	      "  -v, --version      display version information and exit\n"
	      "  -l, --log          set verbosity level (10: ERROR/CRITICAL, "
	      "50: NOTICE (default)\n"
	      "                                    75: INFO, 100: DEBUG)\n"
	      "  -h, --help         display this help text and exit\n"
	      "\n"
	      "This rt-app is mimic " PACKAGE_VERSION " in rt-app mode; it also "
	      "takes\n"
	      "      --summary      print mimic's summary table on standard "
	      "output\n"
	      "      --summary=FILE write mimic's JSON summary to FILE\n"
	      "and mimic's other options (mimic(1)).\n", stdout);
}

void rtapp_cli_version(void)
{
	printf("rt-app mimic-%s (mimic in rt-app mode)\n", PACKAGE_VERSION);
}

int rtapp_cli_check_file(const char *file)
{
	struct stat st;

	if (!strcmp(file, "-") || !stat(file, &st))
		return 0;
	rtapp_cli_usage();
	return RTAPP_EXIT_NO_FILE;
}
