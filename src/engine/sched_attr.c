/* sched_attr.c - sched_setattr(2) and affinity for the calling thread. */
#define _GNU_SOURCE
#include "engine/sched_attr.h"

#include "lib/sched_abi.h"
#include "model/policy.h"

#include <errno.h>
#include <stdatomic.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MIMIC_SCHED_FLAG_UTIL_CLAMP_MIN 0x20
#define MIMIC_SCHED_FLAG_UTIL_CLAMP_MAX 0x40

static atomic_bool warned_missing;

/* The calling thread's soft RLIMIT_RTPRIO, for the message. */
static const char *rtprio_now(char *buf, size_t len)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_RTPRIO, &rl))
		return "unknown";
	if (rl.rlim_cur == RLIM_INFINITY)
		return "unlimited";
	snprintf(buf, len, "%llu", (unsigned long long)rl.rlim_cur);
	return buf;
}

int sched_attr_apply(const struct sched_attrs *want, bool allow_missing,
		     char *err, size_t len)
{
	struct kernel_sched_attr a;
	const char *what;
	char rtprio[24];

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.sched_policy = (uint32_t)want->policy;
	if (policy_is_rt(want->policy)) {
		a.sched_priority = (uint32_t)want->priority;
	} else if (want->policy == SCHED_DEADLINE) {
		a.sched_runtime = (uint64_t)want->dl_runtime_ns;
		a.sched_period = (uint64_t)(want->dl_period_ns
						    ? want->dl_period_ns
						    : want->dl_runtime_ns);
		a.sched_deadline = want->dl_deadline_ns
					   ? (uint64_t)want->dl_deadline_ns
					   : a.sched_period;
	} else {
		a.sched_nice = want->priority == MIMIC_UNSET ? 0
							     : want->priority;
		/* Linux >= 6.12: a custom slice for fair tasks. */
		a.sched_runtime = (uint64_t)want->dl_runtime_ns;
	}
	/* The kernel clamps a nice value; rt-app refuses one out of range
	 * for SCHED_OTHER and SCHED_BATCH when the thread starts (the parser
	 * refuses it first in mimic's own mode). */
	if ((want->policy == SCHED_OTHER || want->policy == SCHED_BATCH) &&
	    (a.sched_nice < -20 || a.sched_nice > 19)) {
		snprintf(err, len, "policy %s: nice %d invalid, valid between "
			 "-20 and 19", policy_name(want->policy), a.sched_nice);
		return -EINVAL;
	}
	if (want->util_min >= 0) {
		a.sched_flags |= MIMIC_SCHED_FLAG_UTIL_CLAMP_MIN;
		a.sched_util_min = (uint32_t)want->util_min;
	}
	if (want->util_max >= 0) {
		a.sched_flags |= MIMIC_SCHED_FLAG_UTIL_CLAMP_MAX;
		a.sched_util_max = (uint32_t)want->util_max;
	}
	if (syscall(SYS_sched_setattr, 0, &a, 0) == 0)
		return 0;

	int e = errno;
	if (e == EOPNOTSUPP && a.sched_flags && allow_missing) {
		/* --allow-missing: run without the clamps, say so once. */
		a.sched_flags = 0;
		if (!atomic_exchange(&warned_missing, true))
			fprintf(stderr, "mimic: warning: this kernel has no "
				"uclamp: util_min/util_max ignored "
				"(--allow-missing)\n");
		if (syscall(SYS_sched_setattr, 0, &a, 0) == 0)
			return 0;
		e = errno;
	}
	what = policy_name(want->policy);
	if (e == EOPNOTSUPP && a.sched_flags)
		snprintf(err, len,
			 "util_min/util_max: this kernel has no uclamp "
			 "(CONFIG_UCLAMP_TASK): %s", strerror(e));
	else if (e == EPERM && policy_is_rt(want->policy))
		snprintf(err, len,
			 "policy %s: %s (needs root, CAP_SYS_NICE or "
			 "RLIMIT_RTPRIO >= %d; RLIMIT_RTPRIO is %s: raise it "
			 "with ulimit -r or rtprio in limits.conf)", what,
			 strerror(e), want->priority, rtprio_now(rtprio,
								 sizeof(rtprio)));
	else if (e == EPERM && want->policy == SCHED_DEADLINE)
		snprintf(err, len,
			 "policy %s: %s (needs root or CAP_SYS_NICE; "
			 "RLIMIT_RTPRIO does not allow SCHED_DEADLINE)", what,
			 strerror(e));
	else if (e == EPERM)
		snprintf(err, len, "policy %s, nice %d: %s (negative nice needs "
			 "CAP_SYS_NICE or RLIMIT_NICE)", what, a.sched_nice,
			 strerror(e));
	else if (e == EBUSY && want->policy == SCHED_DEADLINE)
		snprintf(err, len,
			 "policy SCHED_DEADLINE: admission control refused "
			 "runtime %llu us / period %llu us: %s",
			 (unsigned long long)a.sched_runtime / 1000,
			 (unsigned long long)a.sched_period / 1000,
			 strerror(e));
	else
		snprintf(err, len, "policy %s: sched_setattr: %s", what,
			 strerror(e));
	return -e;
}

int sched_affinity_apply(const struct cpu_set_list *cpus, char *err,
			 size_t len)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (size_t k = 0; k < cpus->n; k++)
		CPU_SET(cpus->cpus[k], &set);
	if (sched_setaffinity(0, sizeof(set), &set) == 0)
		return 0;
	int e = errno;
	snprintf(err, len, "cpus: cannot set affinity: %s", strerror(e));
	return -e;
}
