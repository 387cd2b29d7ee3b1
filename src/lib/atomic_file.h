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
 * 0666 less the umask as fopen would; NULL with errno on failure. A path
 * that exists and is not a regular file (a device, a FIFO, a symbolic
 * link such as /dev/stdout) is opened in place instead (tmp ""). */
FILE *atomic_file_open(const char *path, char *tmp, size_t n);
/* Closes f and renames tmp onto path; -1 with errno (tmp removed) if
 * anything written or the rename failed. */
int atomic_file_commit(FILE *f, const char *tmp, const char *path);
/* Gives up: closes f and removes tmp. */
void atomic_file_abort(FILE *f, const char *tmp);

#endif
