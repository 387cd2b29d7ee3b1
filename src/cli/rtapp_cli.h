/*
 * rtapp_cli.h - mimic's command line when it runs as rt-app
 * (doc/rtapp-mode.md): how the mode is chosen, and rt-app 55cb0c0's own
 * usage, help, version texts and command-line exit statuses.
 */
#ifndef MIMIC_RTAPP_CLI_H
#define MIMIC_RTAPP_CLI_H

#include <stdbool.h>

/* rt-app's exit statuses (rt-app_types.h) where they differ from mimic's:
 * a bad command line, and a workload file that does not exist. */
#define RTAPP_EXIT_INV_COMMANDLINE 3
#define RTAPP_EXIT_NO_FILE 1

/* True if mimic was started as "rt-app" (argv[0]'s base name) or with
 * --rt-app among its options. */
bool rtapp_cli_detect(int argc, char **argv);

/* rt-app's two-line usage, on standard output, as rt-app prints it for
 * every command-line mistake. */
void rtapp_cli_usage(void);
/* --help: rt-app's help, then the options mimic adds. */
void rtapp_cli_help(void);
/* --version: rt-app's form, naming mimic. */
void rtapp_cli_version(void);
/* rt-app's test of the workload argument: "-" or a path that exists;
 * else its usage and RTAPP_EXIT_NO_FILE, as rt-app. 0 when it is fine. */
int rtapp_cli_check_file(const char *file);

#endif
