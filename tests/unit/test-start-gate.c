/* test-start-gate.c - threads check in, are released together, and main
 * learns when they have all left the gate (or stops waiting). */
#include "engine/start_gate.h"
#include "tap.h"

#include <pthread.h>
#include <time.h>

#define N 8

static struct start_gate gate;
static _Atomic int released;

static void *through_the_gate(void *arg)
{
	(void)arg;
	start_gate_arrive(&gate);
	start_gate_wait_open(&gate);
	atomic_fetch_add(&released, 1);
	start_gate_leave(&gate);
	return NULL;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void all_leave(void)
{
	pthread_t t[N];

	start_gate_init(&gate);
	for (int k = 0; k < N; k++)
		pthread_create(&t[k], NULL, through_the_gate, NULL);
	start_gate_wait_all(&gate, N);
	TAP_OK(start_gate_arrived(&gate) == N && atomic_load(&released) == 0,
	       "main goes on once all %d are at the gate, none released", N);
	start_gate_open(&gate);
	/* A generous bound: it must return because they left, not time out. */
	start_gate_wait_left(&gate, 60000);
	TAP_OK(atomic_load(&gate.left) == N,
	       "wait_left returns once all %d have left the gate", N);
	for (int k = 0; k < N; k++)
		pthread_join(t[k], NULL);
	TAP_OK(atomic_load(&released) == N, "every thread was released");
}

static void one_missing_times_out(void)
{
	double t0;

	start_gate_init(&gate);
	atomic_store(&gate.expected, 2);
	start_gate_leave(&gate);
	t0 = now_ms();
	start_gate_wait_left(&gate, 50);
	TAP_OK(now_ms() - t0 >= 49,
	       "one of two never leaving: wait_left gives up after its timeout");
	start_gate_leave(&gate);
	start_gate_wait_left(&gate, 60000);
	TAP_OK(atomic_load(&gate.left) == 2,
	       "and returns at once when both have left");
}

int main(void)
{
	all_leave();
	one_missing_times_out();
	return tap_done();
}
