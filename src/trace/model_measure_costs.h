/*
 * model_measure_costs.h - `mimic model --measure-costs -o COSTS.json`:
 * mimic's own ping-pong of a known run, recorded on this machine and
 * modelled with the constants alone; what its model's run came out above
 * (or below) the known one is what a blocking of mimic's costs here
 * beyond the constants (doc/model.md, "Measuring mimic's own cost here").
 */
#ifndef MIMIC_TRACE_MODEL_MEASURE_COSTS_H
#define MIMIC_TRACE_MODEL_MEASURE_COSTS_H

#include <stdbool.h>

/* Measures, prints and writes the costs to path: an exit status (0, or
 * 1: the probe's run, its recording or the file failed). */
int model_measure_costs(const char *path, bool quiet);

#endif
