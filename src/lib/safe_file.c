/*
 * safe_file.c - creates the files mimic writes where other users may
 * write too (a shared log directory): a name planted there as a symbolic
 * link, a hard link or a FIFO must not make root write elsewhere or hang
 * before time zero. Files are opened relative to a directory descriptor,
 * with O_NOFOLLOW and O_NONBLOCK, and checked with fstat before anything
 * is truncated or written.
 */
#define _GNU_SOURCE
#include "lib/safe_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *safe_file_kind(mode_t mode)
{
	if (S_ISLNK(mode))
		return "is a symbolic link (not followed)";
	if (S_ISFIFO(mode))
		return "is a FIFO (not opened)";
	if (S_ISSOCK(mode))
		return "is a socket (not opened)";
	if (S_ISDIR(mode))
		return "is a directory";
	if (S_ISBLK(mode))
		return "is a block device";
	if (S_ISCHR(mode))
		return "is a character device";
	return "is not a regular file";
}

/* Why opening name failed with err: what is there, or strerror. */
static void safe_file_why(int dir_fd, const char *name, int err, char *why,
			  size_t len)
{
	struct stat st;

	if (!fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) &&
	    !S_ISREG(st.st_mode))
		snprintf(why, len, "%s", safe_file_kind(st.st_mode));
	else
		snprintf(why, len, "%s", strerror(err));
}

const char *safe_file_strerror(const char *path, int err)
{
	struct stat st;

	if (!lstat(path, &st) && !S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode))
		return safe_file_kind(st.st_mode);
	return strerror(err);
}

static int safe_file_blocking(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
}

int safe_dir_open(const char *path, bool follow)
{
	size_t n = strlen(path);
	char *copy = strdup(path);
	int fd, err;

	if (!copy)
		return -1;
	/* "link/" would resolve the link: drop the slashes (not "/"). */
	while (n > 1 && copy[n - 1] == '/')
		copy[--n] = '\0';
	fd = open(copy, O_RDONLY | O_DIRECTORY | O_CLOEXEC |
			(follow ? 0 : O_NOFOLLOW));
	err = errno;
	/* O_DIRECTORY|O_NOFOLLOW on a link says ENOTDIR: say what it is. */
	if (fd < 0 && err == ENOTDIR && !follow) {
		struct stat st;

		if (!lstat(copy, &st) && S_ISLNK(st.st_mode))
			err = ELOOP;
	}
	free(copy);
	errno = err;
	return fd;
}

/* An existing name: only a regular file with one link is truncated, a
 * character device written (if chr_ok); *absent when there is no such
 * name. */
static int safe_file_replace(int dir_fd, const char *name, bool chr_ok,
			     bool *absent, char *why, size_t len)
{
	int fd = openat(dir_fd, name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK |
				      O_NOCTTY | O_CLOEXEC);
	struct stat st;

	*absent = fd < 0 && errno == ENOENT;
	if (fd < 0) {
		if (!*absent)
			safe_file_why(dir_fd, name, errno, why, len);
		return -1;
	}
	if (fstat(fd, &st)) {
		snprintf(why, len, "%s", strerror(errno));
		goto fail;
	}
	if (chr_ok && S_ISCHR(st.st_mode)) {
		if (safe_file_blocking(fd)) {
			snprintf(why, len, "%s", strerror(errno));
			goto fail;
		}
		return fd;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, len, "%s", safe_file_kind(st.st_mode));
		goto fail;
	}
	if (st.st_nlink != 1) {
		snprintf(why, len, "has %lu hard links (not replaced)",
			 (unsigned long)st.st_nlink);
		goto fail;
	}
	if (ftruncate(fd, 0) || safe_file_blocking(fd)) {
		snprintf(why, len, "%s", strerror(errno));
		goto fail;
	}
	return fd;
fail:
	close(fd);
	return -1;
}

/* safe_file_create, and a character device is written if chr_ok. */
static int safe_file_open(int dir_fd, const char *name, mode_t mode,
			  bool chr_ok, char *why, size_t len)
{
	/* Replaced or created; a name that comes and goes between the two
	 * is tried again, a few times. */
	for (int tries = 0; tries < 3; tries++) {
		bool absent;
		int fd = safe_file_replace(dir_fd, name, chr_ok, &absent, why,
					   len);

		if (fd >= 0 || !absent)
			return fd;
		fd = openat(dir_fd, name, O_WRONLY | O_CREAT | O_EXCL |
					  O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0)
			return fd;
		if (errno != EEXIST) {
			safe_file_why(dir_fd, name, errno, why, len);
			return -1;
		}
	}
	snprintf(why, len, "appears and disappears while being created");
	return -1;
}

int safe_file_create(int dir_fd, const char *name, mode_t mode, char *why,
		     size_t len)
{
	return safe_file_open(dir_fd, name, mode, false, why, len);
}

static FILE *safe_file_stream(int dir_fd, const char *name, bool chr_ok,
			      char *why, size_t len)
{
	int fd = safe_file_open(dir_fd, name, SAFE_FILE_MODE, chr_ok, why,
				len);
	FILE *f;

	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	if (!f) {
		snprintf(why, len, "%s", strerror(errno));
		close(fd);
	}
	return f;
}

FILE *safe_file_fopen(int dir_fd, const char *name, char *why, size_t len)
{
	return safe_file_stream(dir_fd, name, false, why, len);
}

FILE *safe_file_fopen_path(const char *path, char *why, size_t len)
{
	char *d = strdup(path), *b = strdup(path);
	const char *name;
	FILE *f = NULL;
	int dir_fd = -1;

	if (!d || !b) {
		snprintf(why, len, "out of memory");
		goto out;
	}
	name = basename(b);
	/* The directory as the user wrote it; the file itself is not
	 * followed. */
	dir_fd = safe_dir_open(dirname(d), true);
	if (dir_fd < 0) {
		snprintf(why, len, "its directory: %s", strerror(errno));
		goto out;
	}
	if (!strcmp(name, "/") || !strcmp(name, ".") || !strcmp(name, "..")) {
		snprintf(why, len, "is a directory");
		goto out;
	}
	f = safe_file_stream(dir_fd, name, true, why, len);
out:
	if (dir_fd >= 0)
		close(dir_fd);
	free(d);
	free(b);
	return f;
}

/* The device check on st (from lstat or fstat). */
static int safe_file_device_ok(const struct stat *st, bool overwrite,
			       char *why, size_t len)
{
	if (S_ISCHR(st->st_mode))
		return 0;
	if (S_ISREG(st->st_mode) && !overwrite && st->st_nlink != 1) {
		snprintf(why, len, "has %lu hard links: iorun would write "
			 "into another name's file (refused; "
			 "--io-device-overwrite allows it)",
			 (unsigned long)st->st_nlink);
		return -1;
	}
	if (S_ISREG(st->st_mode) && !overwrite && st->st_size > 0) {
		snprintf(why, len, "is a regular file of %lld bytes: iorun "
			 "would overwrite it from its start (refused; "
			 "--io-device-overwrite allows it)",
			 (long long)st->st_size);
		return -1;
	}
	if (S_ISBLK(st->st_mode) && !overwrite) {
		snprintf(why, len, "is a block device: iorun would overwrite "
			 "it (refused; --io-device-overwrite allows it)");
		return -1;
	}
	if (S_ISREG(st->st_mode) || S_ISBLK(st->st_mode))
		return 0;
	snprintf(why, len, "%s; io_device must be a character device, a "
		 "new file or an empty regular file", safe_file_kind(st->st_mode));
	return -1;
}

int safe_file_check_device(const char *path, bool overwrite, char *why,
			   size_t len)
{
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : (snprintf(why, len, "%s",
						       strerror(errno)), -1);
	return safe_file_device_ok(&st, overwrite, why, len);
}

int safe_file_open_device(const char *path, bool overwrite, char *why,
			  size_t len)
{
	struct stat before, st;
	int fd = -1;

	for (int tries = 0; tries < 3; tries++) {
		if (lstat(path, &before)) {
			if (errno != ENOENT)
				goto fail_errno;
			fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
					O_NOCTTY | O_CLOEXEC, SAFE_FILE_MODE);
			if (fd >= 0)
				return fd;
			if (errno == EEXIST)
				continue;
			goto fail_errno;
		}
		/* Nothing is opened that the check refuses: opening a FIFO
		 * or some devices has effects of its own. */
		if (safe_file_device_ok(&before, overwrite, why, len))
			return -1;
		fd = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
				O_CLOEXEC);
		if (fd < 0)
			goto fail_errno;
		if (fstat(fd, &st))
			goto fail_errno;
		if (st.st_dev != before.st_dev || st.st_ino != before.st_ino) {
			close(fd);
			fd = -1;
			continue; /* replaced in between: look again */
		}
		if (safe_file_device_ok(&st, overwrite, why, len))
			goto fail;
		if (safe_file_blocking(fd))
			goto fail_errno;
		return fd;
	}
	snprintf(why, len, "changes while being opened");
	return -1;
fail_errno:
	if (errno == ELOOP)
		snprintf(why, len, "%s", safe_file_kind(S_IFLNK));
	else
		snprintf(why, len, "%s", strerror(errno));
fail:
	if (fd >= 0)
		close(fd);
	return -1;
}
