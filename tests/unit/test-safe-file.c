/*
 * test-safe-file.c - lib/filename.c's rules for names that become file
 * names, and lib/safe_file.c's creation of files where others may have
 * planted links, hard links or FIFOs.
 */
#define _GNU_SOURCE
#include "lib/filename.h"
#include "lib/safe_file.h"
#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/mimic-safe-file.XXXXXX";
static int dfd;

/* dir/name; two buffers in turn, so at(a) and at(b) can be arguments of
 * one call. */
static char *at(const char *name)
{
	static char path[2][PATH_MAX];
	static int k;

	k = !k;
	snprintf(path[k], sizeof(path[k]), "%s/%s", dir, name);
	return path[k];
}

static void put(const char *name, const char *text)
{
	FILE *f = fopen(at(name), "w");

	fputs(text, f);
	fclose(f);
}

static bool holds(const char *name, const char *text)
{
	char buf[256] = "";
	FILE *f = fopen(at(name), "r");
	size_t n;

	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return !strcmp(buf, text);
}

static void names_with_slash_dots_or_controls_are_refused(void)
{
	TAP_OK(!filename_part_bad("rt-app"), "rt-app is a name");
	TAP_OK(!filename_part_bad("x'.system('id').'"), "quotes are fine in a name");
	TAP_OK(filename_part_bad("a/b") != NULL, "a/b refused");
	TAP_OK(filename_part_bad("..") != NULL && filename_part_bad(".") != NULL,
	       ". and .. refused");
	TAP_OK(!filename_part_bad("..x"), "..x is a name");
	TAP_OK(filename_part_bad("a\nb") != NULL &&
	       filename_part_bad("a\x7f") != NULL, "control characters refused");
}

static void the_longest_file_name_stays_within_name_max(void)
{
	char base[NAME_MAX + 2];

	TAP_OK(filename_longest(6, 1) == 6 + 1 + 1 + 22 + 5,
	       "rt-app and a 1-byte task: %zu bytes", filename_longest(6, 1));
	TAP_OK(filename_longest(6, 500) == filename_longest(6, FILENAME_TASK_BYTES),
	       "a task name counts up to %d bytes", FILENAME_TASK_BYTES);
	memset(base, 'b', sizeof(base));
	base[NAME_MAX - 28] = '\0';
	TAP_OK(!filename_part_bad(base), "a %zu-byte basename fits", strlen(base));
	base[NAME_MAX - 28] = 'b';
	base[NAME_MAX - 27] = '\0';
	TAP_OK(filename_part_bad(base) != NULL, "a %zu-byte one does not",
	       strlen(base));
}

static void a_new_file_is_created_with_the_mode(void)
{
	char why[128];
	struct stat st;
	int fd;

	umask(022);
	fd = safe_file_create(dfd, "new", SAFE_FILE_MODE, why, sizeof(why));
	TAP_OK(fd >= 0 && !fstat(fd, &st) && (st.st_mode & 07777) == 0644,
	       "new file, mode 0644");
	close(fd);
}

static void a_regular_file_is_replaced(void)
{
	char why[128];
	int fd;

	put("old", "old content");
	fd = safe_file_create(dfd, "old", SAFE_FILE_MODE, why, sizeof(why));
	TAP_OK(fd >= 0 && write(fd, "new", 3) == 3, "existing file opened");
	close(fd);
	TAP_OK(holds("old", "new"), "and truncated before the write");
}

static void a_symlink_is_never_followed(void)
{
	char why[128] = "";
	int fd;

	put("victim", "victim");
	symlink(at("victim"), at("link"));
	fd = safe_file_create(dfd, "link", SAFE_FILE_MODE, why, sizeof(why));
	TAP_OK(fd < 0 && strstr(why, "symbolic link"), "symlink refused: %s", why);
	TAP_OK(holds("victim", "victim"), "its target untouched");
	symlink(at("nowhere"), at("dangling"));
	fd = safe_file_create(dfd, "dangling", SAFE_FILE_MODE, why, sizeof(why));
	TAP_OK(fd < 0 && access(at("nowhere"), F_OK), "a dangling link creates nothing: %s",
	       why);
}

static void a_hard_link_is_not_truncated(void)
{
	char why[128] = "";
	int fd;

	link(at("victim"), at("hard"));
	fd = safe_file_create(dfd, "hard", SAFE_FILE_MODE, why, sizeof(why));
	TAP_OK(fd < 0 && holds("victim", "victim"), "hard link refused: %s", why);
}

static void a_fifo_never_blocks(void)
{
	char why[128] = "";
	int fd, reader;

	mkfifo(at("fifo"), 0666);
	fd = safe_file_create(dfd, "fifo", SAFE_FILE_MODE, why, sizeof(why));
	TAP_OK(fd < 0 && strstr(why, "FIFO"), "FIFO without a reader: %s", why);
	reader = open(at("fifo"), O_RDONLY | O_NONBLOCK);
	fd = safe_file_create(dfd, "fifo", SAFE_FILE_MODE, why, sizeof(why));
	TAP_OK(fd < 0 && strstr(why, "FIFO"), "FIFO with a reader: %s", why);
	close(reader);
}

static void a_symlinked_dir_is_not_opened(void)
{
	int fd;

	symlink(dir, at("dirlink"));
	fd = safe_dir_open(at("dirlink/"), false);
	TAP_OK(fd < 0 && errno == ELOOP, "dirlink/ refused as a link");
	fd = safe_dir_open(at("dirlink"), true);
	TAP_OK(fd >= 0, "followed when asked");
	close(fd);
}

static void io_device_is_a_device_a_new_or_an_empty_file(void)
{
	char why[256] = "";
	int fd;

	fd = safe_file_open_device("/dev/null", false, why, sizeof(why));
	TAP_OK(fd >= 0, "/dev/null");
	close(fd);
	fd = safe_file_open_device(at("io-new"), false, why, sizeof(why));
	TAP_OK(fd >= 0 && !access(at("io-new"), F_OK), "a new file is created");
	close(fd);
	fd = safe_file_open_device(at("io-new"), false, why, sizeof(why));
	TAP_OK(fd >= 0, "an empty file");
	close(fd);
	TAP_OK(safe_file_open_device(at("victim"), false, why, sizeof(why)) < 0,
	       "a file with data refused: %s", why);
	fd = safe_file_open_device(at("victim"), true, why, sizeof(why));
	TAP_OK(fd >= 0, "unless overwrite");
	close(fd);
	TAP_OK(safe_file_check_device(at("fifo"), true, why, sizeof(why)) < 0 &&
	       safe_file_open_device(at("fifo"), true, why, sizeof(why)) < 0,
	       "a FIFO always refused: %s", why);
	TAP_OK(safe_file_open_device(at("link"), true, why, sizeof(why)) < 0,
	       "a link always refused: %s", why);
	TAP_OK(safe_file_open_device(dir, true, why, sizeof(why)) < 0,
	       "a directory always refused: %s", why);
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	dfd = safe_dir_open(dir, false);
	names_with_slash_dots_or_controls_are_refused();
	the_longest_file_name_stays_within_name_max();
	a_new_file_is_created_with_the_mode();
	a_regular_file_is_replaced();
	a_symlink_is_never_followed();
	a_hard_link_is_not_truncated();
	a_fifo_never_blocks();
	a_symlinked_dir_is_not_opened();
	io_device_is_a_device_a_new_or_an_empty_file();
	close(dfd);
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		return 1;
	return tap_done();
}
