/*
 * engine.h - instantiates a workload (threads, logs, timers), releases all
 * threads together at time zero, and stops them at the duration, at the
 * end of their loops or on a signal, losing no log row; what the run did
 * comes back as a struct run_result (record/result.h) for the reports.
 */
#ifndef MIMIC_ENGINE_H
#define MIMIC_ENGINE_H

#include "engine/engine_options.h"
#include "model/workload.h"
#include "record/result.h"

#define ENGINE_MAX_FORKS WORKLOAD_MAX_FORKS /* per task, as rt-app */


/*
 * Runs w to its end and fills r (r->started false: refused before time
 * zero, the reason printed). What r points at stays valid until
 * engine_release(r).
 */
void engine_run(const struct workload *w, double ns_per_loop,
		const struct engine_options *opt, struct run_result *r);
void engine_release(struct run_result *r);

#endif
