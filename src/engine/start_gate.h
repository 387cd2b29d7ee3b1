/*
 * start_gate.h - where every thread waits until main has created them all
 * and says go (time zero). A thread checking in is one atomic add: only
 * the last one to arrive wakes main, and main opens the gate with one
 * futex wake of everyone, so N threads cost O(N) wake-ups, not the O(N^2)
 * of a condition variable broadcast at every arrival. The words live in
 * the engine's shared region: the futexes are not private, so process
 * instances wait at the same gate.
 */
#ifndef MIMIC_START_GATE_H
#define MIMIC_START_GATE_H

#include "engine/open_gate.h"

#include <stdatomic.h>
#include <stdint.h>

struct start_gate {
	_Atomic uint32_t arrived;  /* futex word: threads checked in */
	_Atomic uint32_t expected; /* threads main created; UINT32_MAX before */
	struct open_gate go;       /* main opens it at time zero */
	_Atomic uint32_t left;     /* futex word: threads past the open gate */
};

void start_gate_init(struct start_gate *g);
/* A thread checks in; wakes main if it is the last one expected. */
void start_gate_arrive(struct start_gate *g);
/* A thread waits (after start_gate_arrive) for main to open the gate. */
void start_gate_wait_open(struct start_gate *g);
/* Main: n threads were created; returns once they have all checked in. */
void start_gate_wait_all(struct start_gate *g, uint32_t n);
/* Main: releases every thread at the gate, and any arriving later. */
void start_gate_open(struct start_gate *g);
/* A thread is past the open gate: the last one expected wakes main. */
void start_gate_leave(struct start_gate *g);
/* Main: returns once every expected thread has left the gate, or after
 * at most timeout_ms (a process instance may die on the way). */
void start_gate_wait_left(struct start_gate *g, unsigned timeout_ms);
/* Threads checked in so far (tests, reports). */
uint32_t start_gate_arrived(const struct start_gate *g);

#endif
