/*
 * finish_gate.h - where a finished thread waits until main has read its
 * kernel accounting from /proc, after the run. Threads that read their
 * own /proc files as they ended slowed the threads still running:
 * hackbench -p -T's 160 threads took 6-16 % longer with those reads (a
 * hackbench clone 5-13 % longer with them), the reads 65 us of CPU a
 * thread but 4.6-9.4 ms of wall time. A parked thread sleeps, so what
 * main reads is what the thread left. One word in the engine's shared
 * region: the futex is not private, process instances park here too.
 */
#ifndef MIMIC_FINISH_GATE_H
#define MIMIC_FINISH_GATE_H

#include <stdatomic.h>
#include <stdint.h>

struct finish_gate {
	_Atomic uint32_t open;     /* futex word: 0 closed, 1 open */
};

void finish_gate_init(struct finish_gate *g);
/* A finished thread: returns once main has opened the gate. */
void finish_gate_park(struct finish_gate *g);
/* Main: releases every parked thread, and any finishing later. */
void finish_gate_open(struct finish_gate *g);

#endif
