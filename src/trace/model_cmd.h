/*
 * model_cmd.h - `mimic model TRACE [-o MODEL.json] [--pid P] [--comm C]`:
 * a workload inferred from a recording (doc/model.md).
 */
#ifndef MIMIC_TRACE_MODEL_CMD_H
#define MIMIC_TRACE_MODEL_CMD_H

/* argv[0] is "model"; returns the exit status (doc/mimic.1). */
int model_main(int argc, char **argv);

#endif
