/*
 * safe_file.h - the one way mimic creates files (logs, .plot scripts,
 * --summary, --trace-json) and opens global.io_device: symbolic links are
 * never followed, FIFOs never block or get written, and only regular files
 * are replaced (doc/security.md).
 */
#ifndef MIMIC_SAFE_FILE_H
#define MIMIC_SAFE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

/* What a file of that mode is, when it is not a regular file, for
 * messages: "is a symbolic link (not followed)", "is a FIFO (not opened)". */
const char *safe_file_kind(mode_t mode);

/* Why opening path failed with err: what is there when it is not a
 * regular file (a link, a FIFO: safe_file_kind), else strerror(err). */
const char *safe_file_strerror(const char *path, int err);

/* The mode of every file mimic creates (before the umask). */
#define SAFE_FILE_MODE 0644

/*
 * Opens the directory path to create files in, O_DIRECTORY|O_CLOEXEC and,
 * unless follow, O_NOFOLLOW: a symbolic link as its last component is
 * refused (trailing slashes do not make it followed). -1 with errno set
 * (ELOOP for that link).
 */
int safe_dir_open(const char *path, bool follow);

/*
 * Opens name in dir_fd for writing, empty: a new file (O_CREAT|O_EXCL,
 * mode), or an existing regular file with one link, truncated. Never
 * follows a symbolic link, never blocks on a FIFO. -1 on error, with why
 * ("is a symbolic link (not followed)", ...) in why[len].
 */
int safe_file_create(int dir_fd, const char *name, mode_t mode, char *why,
		     size_t len);
/* The same as a stdio stream ("w"). */
FILE *safe_file_fopen(int dir_fd, const char *name, char *why, size_t len);
/* The same for a path the user typed: its directory as written, then its
 * last part, which may also be a character device (/dev/null). */
FILE *safe_file_fopen_path(const char *path, char *why, size_t len);

/*
 * global.io_device: a character device, a new file, or an empty regular
 * file with one link; with overwrite also a non-empty regular file or a
 * block device. Never a symbolic link, FIFO, socket or directory. The
 * check looks without opening; 0 or -1 with why.
 */
int safe_file_check_device(const char *path, bool overwrite, char *why,
			   size_t len);
/* Checks, then opens it for writing (created when new); fd or -1. */
int safe_file_open_device(const char *path, bool overwrite, char *why,
			  size_t len);

#endif
