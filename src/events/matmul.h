/* matmul.h - the per-thread matrices of matmul events. */
#ifndef MIMIC_EVENTS_MATMUL_H
#define MIMIC_EVENTS_MATMUL_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Three n x n matrices of unsigned long, mapped and faulted in before time
 * zero. Without fill, the two inputs are left as the kernel's zero page,
 * as schbench's never-written malloc'd matrices are; with it they are
 * real, distinct memory. NULL when out of memory.
 */
unsigned long *matmul_buffer_create(int64_t n, bool fill);
void matmul_buffer_free(unsigned long *buf, int64_t n);

/* C = A x B once on a matmul_buffer_create buffer, with the loop a count
 * of multiplications runs (on x86-64 schbench's own instructions at its
 * place in a cache line) or, steady, the one op_time's rows run. */
void matmul_multiply(unsigned long *buf, int64_t n, bool steady);

/* schbench's rule: the largest n whose three matrices fit in bytes. */
int64_t matmul_n_for_footprint(int64_t bytes);

#endif
