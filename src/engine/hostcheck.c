/*
 * hostcheck.c - the workload's values that name parts of this machine
 * (CPUs, NUMA nodes, the log directory, the calibration CPU) exist here.
 * The first stage of before_start(); errors are bad input, at the
 * value's file:line:col.
 */
#include "engine/hostcheck.h"

#include "lib/diag.h"
#include "lib/safe_file.h"
#include "model/workload.h"

#include <errno.h>
#include <numa.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int check_cpus(const struct cpu_set_list *c, long ncpu, struct diag *d)
{
	for (size_t k = 0; k < c->n; k++) {
		if (c->cpus[k] >= ncpu) {
			diag_error(d, c->line, c->col, c->path,
				   "CPU %d does not exist: this machine has "
				   "CPUs 0 .. %ld", c->cpus[k], ncpu - 1);
			return 1;
		}
	}
	return 0;
}

static int check_nodes(const struct node_list *l, struct diag *d)
{
	if (!l->n)
		return 0;
	if (numa_available() < 0) {
		diag_error(d, l->line, l->col, l->path,
			   "NUMA is not available on this machine");
		return 1;
	}
	for (size_t k = 0; k < l->n; k++) {
		if (l->nodes[k] > numa_max_node()) {
			diag_error(d, l->line, l->col, l->path,
				   "node %d does not exist: this machine has "
				   "nodes 0 .. %d", l->nodes[k], numa_max_node());
			return 1;
		}
	}
	return 0;
}

int hostcheck_ids(const struct workload *w, struct diag *d)
{
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);
	int errs = 0;

	for (size_t t = 0; t < w->n_tasks; t++) {
		errs += check_cpus(&w->tasks[t].cpus, ncpu, d);
		errs += check_nodes(&w->tasks[t].nodes, d);
		for (size_t p = 0; p < w->tasks[t].n_phases; p++) {
			errs += check_cpus(&w->tasks[t].phases[p].cpus, ncpu, d);
			errs += check_nodes(&w->tasks[t].phases[p].nodes, d);
		}
	}
	return errs;
}

int hostcheck_paths(const struct workload *w, struct diag *d)
{
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);
	struct stat st;
	char dev_why[256];
	int fd;
	int errs = 0;

	if (w->g.calibration_ns == 0 && w->g.calibration_cpu >= ncpu) {
		diag_error(d, w->g.at_calibration.line, w->g.at_calibration.col,
			   "global.calibration",
			   "CPU%d does not exist: this machine has CPUs 0 .. %ld",
			   w->g.calibration_cpu, ncpu - 1);
		errs++;
	}
	if (w->g.log_mode == LOG_FILE) {
		const char *why = NULL;

		if (stat(w->g.logdir, &st))
			why = strerror(errno);
		else if (!S_ISDIR(st.st_mode))
			why = "not a directory";
		else if ((fd = safe_dir_open(w->g.logdir, false)) >= 0)
			close(fd);
		else
			why = errno == ELOOP ? "is a symbolic link (not "
					       "followed)" : strerror(errno);
		if (why) {
			/* Line 0: given by --logdir, not in the file. */
			diag_error(d, w->g.at_logdir.line, w->g.at_logdir.col,
				   w->g.at_logdir.line ? "global.logdir"
						       : "--logdir",
				   "%s: %s", w->g.logdir, why);
			errs++;
		}
	}
	if (w->uses_io_device &&
	    safe_file_check_device(w->g.io_device, w->g.io_device_overwrite,
				   dev_why, sizeof(dev_why))) {
		diag_error(d, w->g.at_io_device.line, w->g.at_io_device.col,
			   "global.io_device", "%s: %s", w->g.io_device,
			   dev_why);
		errs++;
	}
	return errs;
}
