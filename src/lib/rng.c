/* rng.c - xoshiro256** seeded by splitmix64, and the basic draws (rng.h). */
#include "lib/rng.h"

#include <math.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#define RNG_GOLDEN UINT64_C(0x9e3779b97f4a7c15)

uint64_t rng_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += RNG_GOLDEN);

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

uint64_t rng_random_seed(void)
{
	uint64_t x;
	struct timespec ts;

	if (getrandom(&x, sizeof(x), GRND_NONBLOCK) == sizeof(x))
		return x >> 1; /* JSON integers are signed: 0 .. 2^63 - 1 */
	clock_gettime(CLOCK_REALTIME, &ts);
	x = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	x ^= (uint64_t)getpid() << 32;
	return rng_splitmix64(&x) >> 1;
}

void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t x = seed ^ (stream + 1) * RNG_GOLDEN;

	for (int k = 0; k < 4; k++)
		r->s[k] = rng_splitmix64(&x);
	/* splitmix64 is a bijection of its counter: four outputs in a row
	 * are never all zero, the one state xoshiro must not have. */
}

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

double rng_uniform01(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

double rng_normal01(struct rng *r)
{
	/* u1 in (0, 1]: log(u1) is finite. */
	double u1 = 1.0 - rng_uniform01(r), u2 = rng_uniform01(r);

	return sqrt(-2.0 * log(u1)) * cos(6.283185307179586476925 * u2);
}

double rng_exponential1(struct rng *r)
{
	return -log(1.0 - rng_uniform01(r));
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
	unsigned __int128 m = (unsigned __int128)rng_next(r) * n;
	uint64_t low = (uint64_t)m;

	if (low < n) {
		uint64_t floor = -n % n;

		while (low < floor) {
			m = (unsigned __int128)rng_next(r) * n;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}
