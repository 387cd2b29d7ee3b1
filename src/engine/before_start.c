/*
 * before_start.c - runs the checks made before time zero in their order:
 * what the input names must exist here, the machine's limits must hold
 * the run, real-time tasks need RT throttling, and every attribute set
 * must be accepted by the kernel. The stages stay in their own files;
 * this one says the order and passes the options.
 */
#include "engine/before_start.h"

#include "engine/hostcheck.h"
#include "engine/hostlimits.h"
#include "engine/mem_estimate.h"
#include "engine/preflight.h"
#include "engine/rt_watchdog.h"
#include "engine/taskgroup.h"
#include "lib/diag.h"
#include "model/workload.h"

#include <stdio.h>

static int before_start_host(const struct workload *w, struct diag *d)
{
	return hostcheck_paths(w, d) ? MIMIC_EXIT_BADINPUT : MIMIC_EXIT_OK;
}

static int before_start_limits(const struct workload *w,
			       const struct before_start_opts *o,
			       struct diag *d)
{
	struct mem_estimate_opts mo = {
		.check_only = o->check_only,
		.allow_overcommit = o->allow_overcommit,
		.quiet = o->quiet,
		.per_thread_extra = o->per_thread_extra,
	};

	if (!o->check_only && hostlimits_check(w))
		return MIMIC_EXIT_FAILURE;
	return mem_estimate_check(w, &mo, d);
}

static int before_start_rt(const struct workload *w,
			   const struct before_start_opts *o)
{
	return rt_watchdog_check(w, o->allow_unthrottled, o->quiet)
		       ? MIMIC_EXIT_FAILURE
		       : MIMIC_EXIT_OK;
}

/* The groups are made here so that joining them can be probed. */
static int before_start_probe(const struct workload *w,
			      const struct before_start_opts *o)
{
	char err[512];

	if (taskgroup_setup(w, err, sizeof(err))) {
		fprintf(stderr, "%s: error: %s\n", w->file, err);
		goto fail;
	}
	if (preflight_workload(w, o->allow_missing))
		goto fail;
	return MIMIC_EXIT_OK;
fail:
	taskgroup_cleanup();
	return MIMIC_EXIT_FAILURE;
}

int before_start(const struct workload *w, const struct before_start_opts *o,
		 struct diag *d)
{
	/* rt-app's parser checks the CPUs and nodes, and stops there. */
	int ids = hostcheck_ids(w, d);
	int rc;

	if (ids && o->rtapp)
		return MIMIC_EXIT_BADINPUT;
	rc = before_start_host(w, d);
	if (ids)
		return MIMIC_EXIT_BADINPUT; /* both stages' errors reported */
	if (!rc)
		rc = before_start_limits(w, o, d);
	if (!rc && !o->check_only)
		rc = before_start_rt(w, o);
	if (!rc && !o->check_only)
		rc = before_start_probe(w, o);
	/* rt-app finds all of these only once it runs: exit 1. */
	return rc && o->rtapp && !o->check_only ? MIMIC_EXIT_FAILURE : rc;
}
