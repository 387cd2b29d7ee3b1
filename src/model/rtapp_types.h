/*
 * rtapp_types.h - rt-app's numbers for the kinds of events, written as
 * "rtapp_event: ... type=<n>" in ftrace markers (record/ftrace.c) that
 * LISA reads. Kinds rt-app does not have are RTAPP_TYPE_NONE. One place
 * for the numbers; each event kind names its own (doc/grammar.md §10.1).
 */
#ifndef MIMIC_RTAPP_TYPES_H
#define MIMIC_RTAPP_TYPES_H

enum rtapp_type {
	RTAPP_TYPE_NONE = 0,
	RTAPP_TYPE_WAIT = 2,
	RTAPP_TYPE_SIGNAL = 3,
	RTAPP_TYPE_BROADCAST = 4,
	RTAPP_TYPE_SLEEP = 5,
	RTAPP_TYPE_RUN = 6,
	RTAPP_TYPE_SIG_AND_WAIT = 7,
	RTAPP_TYPE_LOCK = 8,
	RTAPP_TYPE_UNLOCK = 9,
	RTAPP_TYPE_TIMER = 10,
	RTAPP_TYPE_TIMER_UNIQUE = 11,
	RTAPP_TYPE_SUSPEND = 12,
	RTAPP_TYPE_RESUME = 13,
	RTAPP_TYPE_MEM = 14,
	RTAPP_TYPE_MEM_WRITE = 15,     /* memrun "write" */
	RTAPP_TYPE_MEM_READ = 16,      /* memrun "read" */
	RTAPP_TYPE_MEM_CHASE = 17,     /* memrun "chase" */
	RTAPP_TYPE_IORUN = 18,
	RTAPP_TYPE_RUNTIME = 19,
	RTAPP_TYPE_YIELD = 20,
	RTAPP_TYPE_BARRIER = 21,
	RTAPP_TYPE_FORK = 22,
	RTAPP_TYPE_SEM_WAIT = 23,
	RTAPP_TYPE_SEM_POST = 24,
};

#endif
