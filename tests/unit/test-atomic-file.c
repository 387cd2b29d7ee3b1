/*
 * test-atomic-file.c - a file written through atomic_file appears whole
 * under its name only when committed: an aborted write leaves the old
 * file and no temporary behind; the mode is fopen's (0666 less umask).
 */
#include "lib/atomic_file.h"
#include "tap.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/mimic-atomic-XXXXXX";

static int entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

static void slurp(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	size_t got = f ? fread(buf, 1, n - 1, f) : 0;

	buf[got] = '\0';
	if (f)
		fclose(f);
}

static void commit_replaces_whole(const char *path)
{
	char tmp[4096], buf[64];
	struct stat st;
	FILE *f;
	int rc;

	/* TAP_OK evaluates its condition twice: calls go before it. */
	f = atomic_file_open(path, tmp, sizeof(tmp));
	TAP_OK(f != NULL, "a temporary file is created beside the target");
	fputs("first\n", f);
	TAP_OK(access(path, F_OK) != 0,
	       "the target does not exist before the commit");
	TAP_OK(!strncmp(tmp, dir, strlen(dir)) &&
		       !strchr(tmp + strlen(dir) + 1, '/'),
	       "the temporary is in the same directory (%s)", tmp);
	rc = atomic_file_commit(f, tmp, path);
	TAP_OK(rc == 0, "commit succeeds");
	slurp(path, buf, sizeof(buf));
	TAP_OK(!strcmp(buf, "first\n"), "the target holds what was written");
	TAP_OK(entries() == 1, "no temporary left after the commit");
	TAP_OK(!stat(path, &st) && (st.st_mode & 0777) == 0644,
	       "mode 0666 less umask 022 (0%o)", st.st_mode & 0777);
}

static void abort_keeps_old(const char *path)
{
	char tmp[4096], buf[64];
	FILE *f = atomic_file_open(path, tmp, sizeof(tmp));

	fputs("half a doc", f);
	atomic_file_abort(f, tmp);
	slurp(path, buf, sizeof(buf));
	TAP_OK(!strcmp(buf, "first\n"), "an aborted write leaves the old file");
	TAP_OK(entries() == 1, "and no temporary");
}

static void missing_dir_fails(void)
{
	char tmp[4096], path[4200];

	snprintf(path, sizeof(path), "%s/no/such/x.json", dir);
	FILE *f = atomic_file_open(path, tmp, sizeof(tmp));

	TAP_OK(f == NULL, "a missing directory fails at open");
}

/* A device is written in place, never replaced by a regular file. */
static void device_in_place(void)
{
	char tmp[4096];
	struct stat st;
	FILE *f = atomic_file_open("/dev/null", tmp, sizeof(tmp));
	int rc = f ? (fputs("x\n", f), atomic_file_commit(f, tmp, "/dev/null"))
		   : -1;

	TAP_OK(rc == 0 && tmp[0] == '\0', "/dev/null is written in place");
	TAP_OK(!stat("/dev/null", &st) && S_ISCHR(st.st_mode),
	       "and is still a character device");
}

int main(void)
{
	char path[4200];

	umask(022);
	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof(path), "%s/summary.json", dir);
	commit_replaces_whole(path);
	abort_keeps_old(path);
	missing_dir_fails();
	device_in_place();
	unlink(path);
	rmdir(dir);
	return tap_done();
}
