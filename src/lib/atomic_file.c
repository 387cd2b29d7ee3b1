/* atomic_file.c - write to a temporary name, rename (see atomic_file.h). */
#include "lib/atomic_file.h"

#include "lib/safe_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *atomic_file_open(const char *path, char *tmp, size_t n)
{
	const char *slash = strrchr(path, '/');
	int dir_len = slash ? (int)(slash - path + 1) : 0;
	struct stat st;
	mode_t mask;
	FILE *f;
	int fd;

	/* A character device (/dev/null) is written in place, never
	 * replaced; a link, FIFO, socket or directory is refused: links are
	 * not followed, a FIFO would block (lib/safe_file.h). */
	if (!lstat(path, &st) && !S_ISREG(st.st_mode)) {
		char why[128];

		tmp[0] = '\0';
		if (S_ISCHR(st.st_mode))
			return safe_file_fopen_path(path, why, sizeof(why));
		errno = S_ISLNK(st.st_mode) ? ELOOP
			: S_ISDIR(st.st_mode) ? EISDIR : ENXIO;
		return NULL;
	}
	if ((size_t)snprintf(tmp, n, "%.*s.%s.XXXXXX", dir_len, path,
			     slash ? slash + 1 : path) >= n) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	fd = mkstemp(tmp);
	if (fd < 0)
		return NULL;
	/* mkstemp makes 0600 (O_CREAT|O_EXCL: a new file, never a planted
	 * one); the file gets mimic's mode for every file it creates. */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, SAFE_FILE_MODE & ~mask) || !(f = fdopen(fd, "w"))) {
		int err = errno;

		close(fd);
		unlink(tmp);
		errno = err;
		return NULL;
	}
	return f;
}

int atomic_file_commit(FILE *f, const char *tmp, const char *path)
{
	int bad = ferror(f), err = errno;

	/* A failed write left its errno; fclose may set its own. */
	if (fclose(f) || bad) {
		err = bad ? (err ? err : EIO) : errno;
		goto fail;
	}
	if (!tmp[0] || !rename(tmp, path))
		return 0;
	err = errno;
fail:
	if (tmp[0])
		unlink(tmp);
	errno = err;
	return -1;
}

void atomic_file_abort(FILE *f, const char *tmp)
{
	int err = errno;

	fclose(f);
	if (tmp[0])
		unlink(tmp);
	errno = err;
}
