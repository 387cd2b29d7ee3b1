/*
 * record_cmd.h - `mimic record`: a command's or a running process's
 * scheduling trace into a trace.dat (doc/record.md).
 */
#ifndef MIMIC_TRACE_RECORD_CMD_H
#define MIMIC_TRACE_RECORD_CMD_H

#include "trace/capture.h"

/* argv[0] is "record"; returns the exit status (doc/mimic.1). */
int record_main(int argc, char **argv);

/* The line both `mimic record` and `mimic --record` print at the end. */
void record_print_report(const char *output, const struct capture_report *r);

#endif
