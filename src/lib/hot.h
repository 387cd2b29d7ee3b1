/*
 * hot.h - HOT marks the functions on an iteration's way between two
 * blockings (a timer loop's: the thread's loop, run, timer, their
 * recording, the sleep; a message's: send, recv). The compiler places
 * them together (.text.hot): a couple of pages of code, not one page
 * each across the binary, to fetch back into a CPU gone cold over every
 * sleep, and fewer TLB entries to refill after every switch between
 * processes (hackbench -P's 160).
 */
#ifndef MIMIC_HOT_H
#define MIMIC_HOT_H

#define HOT __attribute__((hot))

#endif
