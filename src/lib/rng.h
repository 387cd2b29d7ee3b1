/*
 * rng.h - the per-thread pseudo-random generator every draw of a workload
 * comes from: xoshiro256** (Blackman and Vigna), its state filled by
 * splitmix64 from one 64-bit seed, so a run is reproducible by its seed.
 * No locks, no allocation: one generator per thread, on the hot path.
 */
#ifndef MIMIC_RNG_H
#define MIMIC_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

/*
 * The generator of stream number stream (a thread's index) of the run
 * seeded with seed: the state is splitmix64's output started at
 * seed ^ (stream + 1) * 0x9e3779b97f4a7c15, so streams of one seed differ
 * and the same (seed, stream) gives the same numbers on every machine.
 */
void rng_seed(struct rng *r, uint64_t seed, uint64_t stream);
/* splitmix64: one step, *x advanced (also mixes a seed from the clock). */
uint64_t rng_splitmix64(uint64_t *x);
/* A seed nobody chose: getrandom(2), or the clock and pid if it fails. */
uint64_t rng_random_seed(void);
/* 64 random bits. */
uint64_t rng_next(struct rng *r);
/* Uniform in [0, 1), 53 bits. */
double rng_uniform01(struct rng *r);
/* Standard normal (mean 0, stddev 1): Box-Muller, one draw per call. */
double rng_normal01(struct rng *r);
/* Exponential of mean 1: -log(1 - u). */
double rng_exponential1(struct rng *r);
/* Uniform integer in [0, n), n > 0, without modulo bias (Lemire). */
uint64_t rng_below(struct rng *r, uint64_t n);

#endif
