/*
 * model_measure_costs.h - `mimic model --measure-costs -o COSTS.json`: mimic's
 * own workloads of known runs, recorded on this machine and modelled with
 * the constants alone; what each model's run came out above (or below)
 * the known one is what mimic's events cost here beyond the constants
 * (doc/model.md, "Calibrating").
 */
#ifndef MIMIC_TRACE_MODEL_MEASURE_COSTS_H
#define MIMIC_TRACE_MODEL_MEASURE_COSTS_H

#include <stdbool.h>

/* Measures, prints and writes the costs to path: an exit status (0, or
 * 1: a probe's run, its recording or the file failed). */
int model_measure_costs(const char *path, bool quiet);

#endif
