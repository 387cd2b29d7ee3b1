/* test-matmul.c - matmul's two loops (on x86-64 schbench's instructions
 * in assembly, at two places in a cache line) compute C = A x B, against
 * a plain C product. */
#include "events/matmul.h"
#include "tap.h"

#include <stdbool.h>
#include <stddef.h>

/* C of a filled n x n buffer equals the i-j-k product of its A and B. */
static void matmul_product_is_a_times_b(int64_t n, bool steady)
{
	unsigned long *buf = matmul_buffer_create(n, true);
	size_t nn = (size_t)n * (size_t)n;
	bool same = true;

	if (!buf) {
		TAP_OK(false, "matmul_product_is_a_times_b n=%lld steady=%d: "
		       "no memory", (long long)n, steady);
		return;
	}
	/* Values above 32 bits, so a narrower multiply would show. */
	for (size_t k = 0; k < 2 * nn; k++)
		buf[k] = (unsigned long)(k * 2654435761u) * 0x10001ul + k;
	matmul_multiply(buf, n, steady);
	for (size_t i = 0; i < (size_t)n && same; i++)
		for (size_t j = 0; j < (size_t)n && same; j++) {
			unsigned long want = 0;

			for (size_t k = 0; k < (size_t)n; k++)
				want += buf[i * n + k] * buf[nn + k * n + j];
			same = buf[2 * nn + i * n + j] == want;
		}
	TAP_OK(same, "matmul_product_is_a_times_b n=%lld steady=%d",
	       (long long)n, steady);
	matmul_buffer_free(buf, n);
}

/* The zero page inputs of schbench give a zero C. */
static void matmul_zero_inputs_give_zero(void)
{
	int64_t n = 104;
	unsigned long *buf = matmul_buffer_create(n, false);
	size_t nn = (size_t)(n * n);
	bool zero = buf != NULL;

	if (buf) {
		buf[2 * nn + 5] = 7;
		matmul_multiply(buf, n, false);
		for (size_t k = 2 * nn; k < 3 * nn && zero; k++)
			zero = buf[k] == 0;
		matmul_buffer_free(buf, n);
	}
	TAP_OK(zero, "matmul_zero_inputs_give_zero");
}

int main(void)
{
	static const int64_t sizes[] = { 1, 2, 7, 104 };

	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++)
		for (int steady = 0; steady < 2; steady++)
			matmul_product_is_a_times_b(sizes[k], steady);
	matmul_zero_inputs_give_zero();
	return tap_done();
}
