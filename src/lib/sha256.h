/*
 * sha256.h - SHA-256 (FIPS 180-4), so a run directory's run.json can name
 * the exact workload file it ran without a crypto library.
 */
#ifndef MIMIC_SHA256_H
#define MIMIC_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_DIGEST_BYTES 32
/* Lower-case hex and its NUL. */
#define SHA256_HEX_BYTES (2 * SHA256_DIGEST_BYTES + 1)

struct sha256 {
	uint32_t h[8];
	uint64_t len;             /* bytes hashed so far */
	uint8_t block[64];
	size_t used;              /* bytes waiting in block */
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t n);
void sha256_final(struct sha256 *s, uint8_t out[SHA256_DIGEST_BYTES]);
/* The digest of data[n] as lower-case hex in hex[SHA256_HEX_BYTES]. */
void sha256_hex(const void *data, size_t n, char hex[SHA256_HEX_BYTES]);

#endif
