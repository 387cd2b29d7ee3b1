/*
 * open_gate.h - a gate that opens once: threads wait until main opens it,
 * and one arriving later passes at once. One word, a futex that is not
 * private: it lives in the engine's shared region, so process instances
 * wait at it too. The start gate's go (start_gate.h) is one; finished
 * threads park at another until main has read their /proc after the run
 * (engine.c, engine_read_kernel).
 */
#ifndef MIMIC_OPEN_GATE_H
#define MIMIC_OPEN_GATE_H

#include <stdatomic.h>
#include <stdint.h>

struct open_gate {
	_Atomic uint32_t open;     /* futex word: 0 closed, 1 open */
};

void open_gate_init(struct open_gate *g);
/* Returns once main has opened the gate. */
void open_gate_wait(struct open_gate *g);
/* Main: releases every thread waiting, and any arriving later. */
void open_gate_open(struct open_gate *g);

#endif
