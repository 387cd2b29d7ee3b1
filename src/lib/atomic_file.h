/*
 * atomic_file.h - a file written whole or not at all: written under a
 * temporary name in the same directory, then renamed onto its name, so a
 * run cut short (a third stop signal, a crash) never leaves a half-written
 * summary or trace behind, only the previous file or none.
 */
#ifndef MIMIC_ATOMIC_FILE_H
#define MIMIC_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Creates a temporary file beside path (its name in tmp, n bytes), mode
 * SAFE_FILE_MODE (0644) less the umask; NULL with errno on failure. A
 * path that is a character device (/dev/null) is opened in place instead
 * (tmp ""); a symbolic link (ELOOP), directory (EISDIR), FIFO or socket
 * (ENXIO) is refused (doc/security.md). */
FILE *atomic_file_open(const char *path, char *tmp, size_t n);
/* Closes f and renames tmp onto path; -1 with errno (tmp removed) if
 * anything written or the rename failed. */
int atomic_file_commit(FILE *f, const char *tmp, const char *path);
/* Gives up: closes f and removes tmp. */
void atomic_file_abort(FILE *f, const char *tmp);

#endif
