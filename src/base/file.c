/* file.c: reading whole files and writing them atomically. */
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1) /* renameat2(2) */
#endif

/* ---- the inputs of this run ---- */

struct input {
	dev_t dev;
	ino_t ino;
	char *name;
	unsigned gen; /* the mark it was last read under */
};

static struct {
	pthread_mutex_t lock;
	struct input *v;
	size_t n, cap;
	unsigned gen; /* file_inputs_mark()'s */
} inputs = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, 0 };

static int cmp_names(const void *, const void *);

static void
input_add(const struct stat *st, const char *path)
{
	size_t i;
	struct input in;

	pthread_mutex_lock(&inputs.lock);
	for (i = 0; i < inputs.n; i++)
		if (inputs.v[i].dev == st->st_dev &&
		    inputs.v[i].ino == st->st_ino)
			break;
	if (i == inputs.n) {
		in.dev = st->st_dev;
		in.ino = st->st_ino;
		in.name = xstrdup(path);
		in.gen = inputs.gen;
		XPUSH(inputs.v, inputs.n, inputs.cap, in);
	} else
		inputs.v[i].gen = inputs.gen;
	pthread_mutex_unlock(&inputs.lock);
}

unsigned
file_inputs_mark(void)
{
	unsigned g;

	pthread_mutex_lock(&inputs.lock);
	g = ++inputs.gen;
	pthread_mutex_unlock(&inputs.lock);
	return g;
}

char **
file_inputs_since(unsigned mark, size_t *n)
{
	char **v;
	size_t i;

	pthread_mutex_lock(&inputs.lock);
	v = xcalloc(inputs.n + 1, sizeof(char *));
	for (i = *n = 0; i < inputs.n; i++)
		if (inputs.v[i].gen >= mark)
			v[(*n)++] = xstrdup(inputs.v[i].name);
	pthread_mutex_unlock(&inputs.lock);
	qsort(v, *n, sizeof(char *), cmp_names);
	return v;
}

void
file_inputs_forget(void)
{
	size_t i;

	pthread_mutex_lock(&inputs.lock);
	for (i = 0; i < inputs.n; i++)
		free(inputs.v[i].name);
	free(inputs.v);
	inputs.v = NULL;
	inputs.n = inputs.cap = 0;
	pthread_mutex_unlock(&inputs.lock);
}

void
file_note_input(const char *path)
{
	struct stat st;

	if (stat(path, &st) == 0)
		input_add(&st, path);
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
file_inputs_list(size_t *n)
{
	char **v;
	size_t i;

	pthread_mutex_lock(&inputs.lock);
	v = xcalloc(inputs.n + 1, sizeof(char *));
	for (i = 0; i < inputs.n; i++)
		v[i] = xstrdup(inputs.v[i].name);
	*n = inputs.n;
	pthread_mutex_unlock(&inputs.lock);
	qsort(v, *n, sizeof(char *), cmp_names);
	return v;
}

const char *
file_is_input(const char *path)
{
	struct stat st;
	const char *name = NULL;
	size_t i;

	if (stat(path, &st) == -1)
		return NULL;
	pthread_mutex_lock(&inputs.lock);
	for (i = 0; i < inputs.n && name == NULL; i++)
		if (inputs.v[i].dev == st.st_dev &&
		    inputs.v[i].ino == st.st_ino)
			name = inputs.v[i].name;
	pthread_mutex_unlock(&inputs.lock);
	return name;
}

/* ---- reading ---- */

/* The message for a file over max bytes; size 0 when not known (a pipe
 * or a device). */
static char *
too_large(unsigned long long size, size_t max)
{
	if (size == 0)
		return xasprintf("file is too large (over the limit of %zu "
		                 "bytes)",
		    max);
	return xasprintf("file is too large (%llu bytes; the limit is %zu)",
	    size, max);
}

/* How long a named pipe may take to bring its first bytes, in seconds
 * (SANDTABLE_FIFO_WAIT may set 1 to 60; main() refuses other values). */
#define FIFO_WAIT_S 10
#define FIFO_WAIT_MAX 60

int
fifo_wait_valid(void)
{
	const char *s = getenv("SANDTABLE_FIFO_WAIT");
	char *end;
	long v;

	if (s == NULL || *s == '\0')
		return 1;
	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtol(s, &end, 10);
	return errno == 0 && *end == '\0' && v >= 1 && v <= FIFO_WAIT_MAX;
}

/* The wait in seconds. */
static int
fifo_wait(void)
{
	const char *s = getenv("SANDTABLE_FIFO_WAIT");

	if (s != NULL && *s != '\0' && fifo_wait_valid())
		return (int)strtol(s, NULL, 10);
	return FIFO_WAIT_S;
}

int
file_slurp(const char *path, size_t max, char **data, size_t *len, char **why)
{
	struct stat st, ls;
	char *buf = NULL;
	size_t n = 0, cap;
	ssize_t got;
	int fd, err;

	*data = NULL;
	*len = 0;
	*why = NULL;
	/* "-" is standard input (a ruleset piped in). */
	fd = strcmp(path, "-") == 0 ?
	    fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) :
	    open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
	if (fd == -1) {
		err = errno;
		*why = xstrdup(strerror(err));
		errno = err;
		return -1;
	}
	if (fstat(fd, &st) == -1) {
		err = errno;
		*why = xstrdup(strerror(err));
		goto fail;
	}
	if (S_ISDIR(st.st_mode)) {
		err = EISDIR;
		*why = xstrdup("is a directory, not a file");
		goto fail;
	}
	/* A terminal named as a file is refused ("-" may be one). */
	if (strcmp(path, "-") != 0 && isatty(fd)) {
		err = EINVAL;
		*why = xstrdup("is a terminal, not a file");
		goto fail;
	}
	/* Opened without waiting, so that a named pipe no one writes to
	 * cannot hold open() for ever: such a pipe (a FIFO by its own name,
	 * not a shell's /dev/fd/N, whose writer is there) is given
	 * fifo_wait() seconds to bring its first bytes or its end, then read as
	 * any pipe. */
	if (strcmp(path, "-") != 0 && S_ISFIFO(st.st_mode) &&
	    lstat(path, &ls) == 0 && S_ISFIFO(ls.st_mode)) {
		struct pollfd p = { fd, POLLIN, 0 };
		int r;

		while ((r = poll(&p, 1, fifo_wait() * 1000)) == -1 &&
		    errno == EINTR)
			;
		if (r == 0) {
			err = ETIMEDOUT;
			*why = xasprintf("a named pipe that no one writes to "
			                 "(waited %d s)",
			    fifo_wait());
			goto fail;
		}
	}
	if (strcmp(path, "-") != 0) {
		int fl = fcntl(fd, F_GETFL);

		if (fl != -1)
			(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	}
	if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > max) {
		*why = too_large((unsigned long long)st.st_size, max);
		err = EFBIG;
		goto fail;
	}
	input_add(&st, path);
	/* Read at most max + 1 bytes: a device or a pipe that never ends
	 * (/dev/zero) is too large, not a hang. */
	cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 65536;
	buf = xmalloc(cap + 1);
	for (;;) {
		if (n == cap) {
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
			buf = xrealloc(buf, cap + 1);
		}
		got = read(fd, buf + n, cap - n);
		if (got == -1 && errno == EINTR)
			continue;
		if (got == -1) {
			err = errno;
			*why = xstrdup(strerror(err));
			goto fail;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > max) {
			*why = too_large(0, max);
			err = EFBIG;
			goto fail;
		}
	}
	close(fd);
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return 0;
fail:
	free(buf);
	close(fd);
	errno = err;
	return -1;
}

int
mkdir_p(const char *path)
{
	char *p = xstrdup(path), *s;
	int rc = 0;

	for (s = p + 1; *s != '\0'; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) == -1 && errno != EEXIST) {
			rc = -1;
			break;
		}
		*s = '/';
	}
	if (rc == 0 && mkdir(p, 0777) == -1 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

/* ---- writing ---- */

/*
 * A group: while one is open, a commit renames nothing; the group's end
 * renames all its files with the directory locked against other runs of
 * sandtable and the signals held, so that a reader and another run see
 * the files of one run only.
 */
static struct {
	int open;
	size_t n;
	struct {
		char *tmp, *path, *shown;
		int slot;
	} v[FILE_GROUP_MAX];
} group;

/* The directory part of path ("." when there is none); caller frees. */
static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

/* The permissions a new file gets: 0666 less the umask. */
static mode_t umask_seen;

static void
umask_read(void)
{
	umask_seen = umask(022);
	umask(umask_seen);
}

static mode_t
new_file_mode(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, umask_read);
	return 0666 & ~umask_seen;
}

/* The descriptor that /dev/stdout, /dev/stderr, /dev/fd/N or
 * /proc/self/fd/N names, or -1: written through as it is (a file the
 * shell opened for appending stays so). */
static int
named_fd(const char *path)
{
	const char *n = NULL;
	char *end;
	long fd;

	if (strcmp(path, "/dev/stdout") == 0)
		return 1;
	if (strcmp(path, "/dev/stderr") == 0)
		return 2;
	if (strncmp(path, "/dev/fd/", 8) == 0)
		n = path + 8;
	else if (strncmp(path, "/proc/self/fd/", 14) == 0)
		n = path + 14;
	if (n == NULL || *n == '\0')
		return -1;
	fd = strtol(n, &end, 10);
	return *end == '\0' && fd >= 0 && fd < 1024 ? (int)fd : -1;
}

static int refuse(struct atomic_file *, char **, const char *, ...)
    __attribute__((format(printf, 3, 4)));

static int
refuse(struct atomic_file *af, char **why, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);

	*why = xasprintf("%s: %s", af->shown, msg);
	free(msg);
	free(af->path);
	free(af->shown);
	memset(af, 0, sizeof(*af));
	return -1;
}

/* Write through to fd (a device, a pipe, the shell's descriptor): no
 * temporary file, nothing replaced. 0, or -1 with *why. */
static int
through(struct atomic_file *af, int fd, char **why)
{
	if (fd == -1 || (af->fp = fdopen(fd, "wb")) == NULL) {
		if (fd != -1)
			close(fd);
		return refuse(af, why, "%s", strerror(errno));
	}
	return 0;
}

int
atomic_open(struct atomic_file *af, const char *path, char **why)
{
	struct stat st;
	char *dir, *real;
	mode_t mode;
	int fd;

	memset(af, 0, sizeof(*af));
	/* The refusals (an input, a directory, a socket …) are the check's;
	 * what kind of file the output is, the commit sees. */
	if (atomic_check(path, NULL, why) == -1)
		return -1;
	af->shown = xstrdup(path);
	af->path = xstrdup(path);
	if ((fd = named_fd(path)) >= 0)
		return through(af, dup(fd), why);
	if (stat(path, &st) == 0) {
		if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
			return through(af,
			    open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC), why);
		/* Through a link, the file it names is replaced. */
		if ((real = realpath(path, NULL)) != NULL) {
			free(af->path);
			af->path = real;
		}
		mode = st.st_mode & 07777;
	} else
		mode = new_file_mode();
	/* A short name beside the target, so that a target name of the
	 * longest length the file system takes still works. */
	dir = dir_of(af->path);
	af->tmp = xasprintf("%s/" FILE_TEMP_PREFIX "%ld-XXXXXX", dir,
	    (long)getpid());
	free(dir);
	if ((fd = mkstemp(af->tmp)) == -1) {
		free(af->tmp);
		af->tmp = NULL;
		return refuse(af, why, "%s", strerror(errno));
	}
	fchmod(fd, mode);
	af->left = file_left_add(af->tmp) + 1;
	if ((af->fp = fdopen(fd, "wb")) == NULL) {
		*why = xasprintf("%s: %s", af->shown, strerror(errno));
		close(fd);
		atomic_abandon(af);
		return -1;
	}
	return 0;
}

static const char not_this_kind[] =
    "exists and is not a file of this "
    "kind; not replacing it (remove it, or write elsewhere)";

/* The first line of a file (its first 64 bytes at most) into buf;
 * returns its length. */
static size_t
first_line(const char *path, char *buf, size_t sz)
{
	FILE *fp = fopen(path, "rb");
	size_t n = 0;
	int c;

	if (fp == NULL)
		return 0;
	while (n + 1 < sz && (c = getc(fp)) != EOF && c != '\n')
		buf[n++] = (char)c;
	buf[n] = '\0';
	fclose(fp);
	return n;
}

/*
 * Whether an output whose first line is a (na bytes) may replace the
 * file at target: when there is none, or it is empty, or it begins as
 * the new one does (the same signature for PDF, PNG and SVG, and for a
 * battlefield file, whose first line names its measure; the same first
 * line for other text).
 */
static int
kind_matches(const char *a, size_t na, const char *target)
{
	static const char *const sig[] = { "%PDF-", "\x89PNG", "<?xml", "<svg",
		"# sandtable battlefield;", NULL };
	char b[65];
	struct stat st;
	size_t i, nb;

	if (stat(target, &st) == -1 || !S_ISREG(st.st_mode) || st.st_size == 0)
		return 1;
	nb = first_line(target, b, sizeof(b));
	for (i = 0; sig[i] != NULL; i++)
		if (na >= strlen(sig[i]) &&
		    strncmp(a, sig[i], strlen(sig[i])) == 0)
			return strncmp(b, sig[i], strlen(sig[i])) == 0;
	return na == nb && memcmp(a, b, na) == 0;
}

static int
same_kind(const char *tmp, const char *target)
{
	char a[65];
	size_t na = first_line(tmp, a, sizeof(a));

	return kind_matches(a, na, target);
}

int
atomic_check(const char *path, const char *begins, char **why)
{
	struct stat st;
	const char *input;
	char *dir;
	size_t n;

	if (*path == '\0') {
		*why = xstrdup("the output file name is empty");
		return -1;
	}
	if ((input = file_is_input(path)) != NULL) {
		*why = xasprintf("%s: is an input of this run (%s); not "
		                 "writing over it",
		    path, input);
		return -1;
	}
	if (named_fd(path) >= 0)
		return 0;
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			*why = xasprintf("%s: is a directory", path);
			return -1;
		}
		if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
			return 0;
		if (!S_ISREG(st.st_mode)) {
			*why = xasprintf("%s: is a special file; not writing "
			                 "to it",
			    path);
			return -1;
		}
		n = begins != NULL ? strcspn(begins, "\n") : 0;
		if (begins != NULL &&
		    !kind_matches(begins, n > 64 ? 64 : n, path)) {
			*why = xasprintf("%s: %s", path, not_this_kind);
			return -1;
		}
		return 0;
	}
	dir = dir_of(path);
	if (access(dir, W_OK | X_OK) == -1) {
		*why = xasprintf("%s: cannot write in %s: %s", path, dir,
		    strerror(errno));
		free(dir);
		return -1;
	}
	free(dir);
	return 0;
}

int
atomic_commit(struct atomic_file *af, char **why)
{
	const char *err = NULL;
	char *dir;
	int fd;

	if (fflush(af->fp) != 0 || ferror(af->fp))
		err = strerror(errno ? errno : EIO);
	else if (af->tmp != NULL && fsync(fileno(af->fp)) == -1 &&
	    errno != EINVAL)
		err = strerror(errno);
	if (fclose(af->fp) != 0 && err == NULL)
		err = strerror(errno);
	af->fp = NULL;
	if (err == NULL && af->tmp != NULL && group.open &&
	    group.n < FILE_GROUP_MAX) {
		/* Renamed with the rest of its group, at the group's end. */
		group.v[group.n].tmp = af->tmp;
		group.v[group.n].path = af->path;
		group.v[group.n].shown = af->shown;
		group.v[group.n++].slot = af->left - 1;
		memset(af, 0, sizeof(*af));
		return 0;
	}
	if (err == NULL && af->tmp != NULL && !same_kind(af->tmp, af->path))
		err = not_this_kind;
	if (err == NULL && af->tmp != NULL && rename(af->tmp, af->path) == -1)
		err = strerror(errno);
	if (err != NULL) {
		*why = xasprintf("%s: %s", af->shown, err);
		atomic_abandon(af);
		return -1;
	}
	if (af->tmp != NULL) {
		/* The new name is durable only once its directory is. */
		dir = dir_of(af->path);
		if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) !=
		    -1) {
			fsync(fd);
			close(fd);
		}
		free(dir);
	}
	file_left_drop(af->left - 1);
	free(af->tmp);
	free(af->path);
	free(af->shown);
	memset(af, 0, sizeof(*af));
	return 0;
}

void
atomic_abandon(struct atomic_file *af)
{
	if (af->fp != NULL)
		fclose(af->fp);
	if (af->tmp != NULL)
		unlink(af->tmp);
	file_left_drop(af->left - 1);
	free(af->tmp);
	free(af->path);
	free(af->shown);
	memset(af, 0, sizeof(*af));
}

int
atomic_write(const char *path, const void *buf, size_t n, char **why)
{
	struct atomic_file af;

	if (atomic_open(&af, path, why) == -1)
		return -1;
	if (n > 0 && fwrite(buf, 1, n, af.fp) != n) {
		*why = xasprintf("%s: write failed: %s", path,
		    strerror(errno));
		atomic_abandon(&af);
		return -1;
	}
	return atomic_commit(&af, why);
}

/* ---- removing what this program made, and only that ---- */

/*
 * Whether name is one this program gives its temporary files and stages:
 * FILE_TEMP_PREFIX, "build-" or not, a process id, '-' and mkstemp's six
 * letters. Stores the process id.
 */
static int
temp_name(const char *name, long *pid)
{
	size_t n = strlen(FILE_TEMP_PREFIX), i;
	const char *s;
	char *end;

	if (strncmp(name, FILE_TEMP_PREFIX, n) != 0)
		return 0;
	s = name + n;
	if (strncmp(s, "build-", 6) == 0)
		s += 6;
	if (*s < '1' || *s > '9')
		return 0;
	errno = 0;
	*pid = strtol(s, &end, 10);
	if (errno != 0 || *pid <= 0 || *end != '-')
		return 0;
	for (i = 1; i <= 6; i++)
		if (!((end[i] >= 'a' && end[i] <= 'z') ||
		        (end[i] >= 'A' && end[i] <= 'Z') ||
		        (end[i] >= '0' && end[i] <= '9')))
			return 0;
	return end[7] == '\0';
}

/*
 * Remove name in the directory dfd when it is a plain file, or a plain
 * directory holding only plain files, on the device dev and (when own)
 * owned by this user. Links are never followed: lstat's view of each
 * name, the directory opened with O_NOFOLLOW and checked again once
 * open, each file unlinked by name inside it. Anything else is left
 * alone, whole. Returns 0 when it was removed.
 */
static int
remove_plain(int dfd, const char *name, dev_t dev, int own)
{
	struct stat st, in;
	struct dirent *e;
	int fd, ok = 1;
	DIR *dp;

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
	    st.st_dev != dev || (own && st.st_uid != geteuid()))
		return -1;
	if (S_ISREG(st.st_mode))
		return unlinkat(dfd, name, 0);
	if (!S_ISDIR(st.st_mode))
		return -1;
	fd = openat(dfd, name,
	    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd == -1)
		return -1;
	if (fstat(fd, &in) == -1 || in.st_dev != st.st_dev ||
	    in.st_ino != st.st_ino || (dp = fdopendir(fd)) == NULL) {
		close(fd);
		return -1;
	}
	/* First look: a directory with anything but plain files in it is
	 * not one this program made; nothing in it is touched. */
	while (ok && (e = readdir(dp)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 ||
		    strcmp(e->d_name, "..") == 0)
			continue;
		if (fstatat(fd, e->d_name, &in, AT_SYMLINK_NOFOLLOW) == -1 ||
		    !S_ISREG(in.st_mode) || in.st_dev != dev ||
		    (own && in.st_uid != geteuid()))
			ok = 0;
	}
	rewinddir(dp);
	while (ok && (e = readdir(dp)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 ||
		    strcmp(e->d_name, "..") == 0)
			continue;
		/* Checked again: what was a file a moment ago may not be. */
		if (fstatat(fd, e->d_name, &in, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(in.st_mode))
			unlinkat(fd, e->d_name, 0);
	}
	closedir(dp);
	return ok ? unlinkat(dfd, name, AT_REMOVEDIR) : -1;
}

/* The directory part of path opened (links in it followed: it is the
 * user's), and the last part at *base. -1 when it cannot be opened. */
static int
open_parent(const char *path, const char **base, dev_t *dev)
{
	const char *slash = strrchr(path, '/');
	struct stat st;
	char *dir;
	int fd;

	*base = slash != NULL ? slash + 1 : path;
	dir = dir_of(path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (fd != -1 && fstat(fd, &st) == -1) {
		close(fd);
		return -1;
	}
	if (fd != -1)
		*dev = st.st_dev;
	return fd;
}

void
file_remove(const char *path)
{
	const char *base;
	dev_t dev;
	int dfd;

	if ((dfd = open_parent(path, &base, &dev)) == -1)
		return;
	remove_plain(dfd, base, dev, 0);
	close(dfd);
}

void
file_sweep(const char *dir)
{
	struct stat st;
	struct dirent *e;
	long pid;
	DIR *dp;
	int fd;

	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return;
	if (fstat(fd, &st) == -1 || (dp = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	while ((e = readdir(dp)) != NULL) {
		/* Only what a run that is over left behind: a name this
		 * program makes, of a process that no longer runs. */
		if (!temp_name(e->d_name, &pid) || pid == (long)getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		remove_plain(fd, e->d_name, st.st_dev, 1);
	}
	closedir(dp);
}

/* ---- what a run removes when it is interrupted ---- */

/*
 * The temporary files and stages this run has open, in slots a signal
 * handler may read: a slot's path is written before it is marked used,
 * and changed only after it is marked free.
 */
#define LEFT_MAX 64
static struct {
	volatile sig_atomic_t used;
	char path[PATH_MAX];
} left[LEFT_MAX];
static pthread_mutex_t left_lock = PTHREAD_MUTEX_INITIALIZER;

int
file_left_add(const char *path)
{
	int i;

	if (strlen(path) >= PATH_MAX)
		return -1;
	pthread_mutex_lock(&left_lock);
	for (i = 0; i < LEFT_MAX && left[i].used; i++)
		continue;
	if (i < LEFT_MAX) {
		strcpy(left[i].path, path);
		__atomic_store_n(&left[i].used, 1, __ATOMIC_RELEASE);
	} else
		i = -1;
	pthread_mutex_unlock(&left_lock);
	return i;
}

void
file_left_drop(int slot)
{
	if (slot >= 0 && slot < LEFT_MAX)
		__atomic_store_n(&left[slot].used, 0, __ATOMIC_RELEASE);
}

/* The kernel's directory entries, as getdents64 gives them. */
struct dent64 {
	unsigned long long ino;
	long long off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

/* Remove path, a file or a stage of files, with async-signal-safe
 * calls only: no link is followed. */
static void
left_remove(const char *path)
{
	unsigned long long buf[512]; /* aligned for struct dent64 */
	long n, at;
	int fd;

	if (unlink(path) == 0 || (errno != EISDIR && errno != EPERM))
		return;
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd == -1)
		return;
	while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0)
		for (at = 0; at < n;) {
			struct dent64 *e = (struct dent64 *)((char *)buf + at);

			if (e->type == DT_REG)
				unlinkat(fd, e->name, 0);
			at += e->reclen;
		}
	close(fd);
	rmdir(path);
}

static void
left_signal(int sig)
{
	int i;

	for (i = 0; i < LEFT_MAX; i++)
		if (__atomic_load_n(&left[i].used, __ATOMIC_ACQUIRE))
			left_remove(left[i].path);
	signal(sig, SIG_DFL);
	raise(sig);
}

void
file_signals_install(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = left_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction old;

		/* A signal the shell ignores (nohup) stays ignored. */
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

/* Block the signals that would interrupt a switch of versions. */
static void
signals_hold(sigset_t *old)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	sigaddset(&s, SIGTERM);
	sigaddset(&s, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &s, old);
}

/* ---- one version of several files ---- */

int
file_lock_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd == -1)
		return -1;
	while (flock(fd, LOCK_EX) == -1 && errno == EINTR)
		continue;
	return fd;
}

void
file_unlock_dir(int fd)
{
	if (fd != -1)
		close(fd); /* and its lock with it */
}

void
file_group_begin(void)
{
	/* A group inside a group (a product's pages inside a scenario's
	 * PDF and YAML) is part of it. */
	if (group.open++ == 0)
		group.n = 0;
}

const char *
file_group_pending(const char *path)
{
	size_t i;

	for (i = 0; group.open > 0 && i < group.n; i++)
		if (strcmp(group.v[i].shown, path) == 0)
			return group.v[i].tmp;
	return path;
}

static void
group_clear(int unlink_tmp)
{
	size_t i;

	for (i = 0; i < group.n; i++) {
		if (unlink_tmp)
			unlink(group.v[i].tmp);
		file_left_drop(group.v[i].slot);
		free(group.v[i].tmp);
		free(group.v[i].path);
		free(group.v[i].shown);
	}
	group.n = 0;
	group.open = 0;
}

void
file_group_abandon(void)
{
	group_clear(1);
}

int
file_group_end(char **why)
{
	sigset_t old;
	size_t i;
	int lock = -1, rc = 0;
	char *dir;

	if (group.open == 0 || --group.open > 0)
		return 0;
	if (group.n > 0) {
		dir = dir_of(group.v[0].path);
		lock = file_lock_dir(dir);
		free(dir);
	}
	signals_hold(&old);
	for (i = 0; i < group.n && rc == 0; i++)
		if (!same_kind(group.v[i].tmp, group.v[i].path)) {
			*why = xasprintf("%s: %s", group.v[i].shown,
			    not_this_kind);
			rc = -1;
		}
	for (i = 0; i < group.n && rc == 0; i++)
		if (rename(group.v[i].tmp, group.v[i].path) == -1) {
			*why = xasprintf("%s: %s", group.v[i].shown,
			    strerror(errno));
			rc = -1;
		}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	file_unlock_dir(lock);
	group_clear(rc != 0);
	return rc;
}

/* ---- a directory's version switched in one step ---- */

int
file_dir_swap(const char *stage, const char *dir, char **why)
{
	const char *base, *sbase;
	struct dirent *e;
	struct stat st, ss;
	sigset_t old;
	int dfd, sfd, ofd, lock, rc = 0;
	char *aside = NULL;
	dev_t dev;
	DIR *dp;

	if ((dfd = open_parent(dir, &base, &dev)) == -1) {
		*why = xasprintf("%s: %s", dir, strerror(errno));
		return -1;
	}
	sbase = strrchr(stage, '/') != NULL ? strrchr(stage, '/') + 1 : stage;
	lock = dup(dfd);
	while (flock(lock, LOCK_EX) == -1 && errno == EINTR)
		continue;
	sfd = openat(dfd, sbase,
	    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (sfd == -1 || fstat(sfd, &ss) == -1) {
		*why = xasprintf("%s: %s", stage, strerror(errno));
		rc = -1;
		goto out;
	}
	if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) == -1) {
		/* The first build: the stage becomes the directory. */
		new_file_mode();
		fchmod(sfd, 0777 & ~umask_seen);
		signals_hold(&old);
		if (renameat(dfd, sbase, dfd, base) == -1) {
			*why = xasprintf("%s: %s", dir, strerror(errno));
			rc = -1;
		}
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		goto out;
	}
	if (!S_ISDIR(st.st_mode)) {
		*why = xasprintf("%s: is not a directory (a link or a file "
		                 "is in the way); not replacing it",
		    dir);
		rc = -1;
		goto out;
	}
	/* What the user keeps beside the products goes on in the new
	 * version: a file by a second link, anything else moved. A name
	 * both have is the product's, unless it is not a plain file or is
	 * an input of this run. */
	ofd = openat(dfd, base,
	    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (ofd == -1 || (dp = fdopendir(ofd)) == NULL) {
		*why = xasprintf("%s: %s", dir, strerror(errno));
		if (ofd != -1)
			close(ofd);
		rc = -1;
		goto out;
	}
	while (rc == 0 && (e = readdir(dp)) != NULL) {
		struct stat fs, ns;
		char *p;

		if (strcmp(e->d_name, ".") == 0 ||
		    strcmp(e->d_name, "..") == 0)
			continue;
		if (fstatat(ofd, e->d_name, &fs, AT_SYMLINK_NOFOLLOW) == -1)
			continue;
		if (fstatat(sfd, e->d_name, &ns, AT_SYMLINK_NOFOLLOW) == 0) {
			p = xasprintf("%s/%s", dir, e->d_name);
			if (!S_ISREG(fs.st_mode)) {
				*why = xasprintf("%s: in the way of the "
				                 "output (not a regular file)",
				    p);
				rc = -1;
			} else if (file_is_input(p) != NULL) {
				*why = xasprintf("%s: is an input of this "
				                 "run; not writing over it",
				    p);
				rc = -1;
			}
			free(p);
			continue;
		}
		if (S_ISREG(fs.st_mode) &&
		    linkat(ofd, e->d_name, sfd, e->d_name, 0) == 0)
			continue;
		if (renameat(ofd, e->d_name, sfd, e->d_name) == -1) {
			*why = xasprintf("%s/%s: cannot keep it in the new "
			                 "version: %s",
			    dir, e->d_name, strerror(errno));
			rc = -1;
		}
	}
	closedir(dp);
	if (rc == -1)
		goto out;
	fchmod(sfd, st.st_mode & 07777);
	signals_hold(&old);
	if (syscall(SYS_renameat2, dfd, sbase, dfd, base, RENAME_EXCHANGE) ==
	    0)
		;
	else if (errno == EINVAL || errno == ENOSYS || errno == ENOTSUP) {
		/* No exchange here (an old kernel or file system): the old
		 * version is moved aside, over an empty directory of a name
		 * the sweep knows, then the new one into place, and the old
		 * one to the stage's name, where the caller removes it. */
		char *d = dir_of(dir);

		aside = xasprintf("%s/" FILE_TEMP_PREFIX "build-%ld-XXXXXX", d,
		    (long)getpid());
		free(d);
		if (mkdtemp(aside) == NULL ||
		    renameat(dfd, base, AT_FDCWD, aside) == -1 ||
		    renameat(dfd, sbase, dfd, base) == -1 ||
		    renameat(AT_FDCWD, aside, dfd, sbase) == -1)
			rc = -1;
	} else
		rc = -1;
	if (rc == -1)
		*why = xasprintf("%s: %s", dir, strerror(errno));
	pthread_sigmask(SIG_SETMASK, &old, NULL);
out:
	if (sfd != -1)
		close(sfd);
	file_unlock_dir(lock);
	close(dfd);
	free(aside);
	return rc;
}

/* ---- paths between files ---- */

char *
file_relative(const char *target, const char *file)
{
	char *t, *dir, *d, *out;
	size_t i, k, up;

	if ((t = realpath(target, NULL)) == NULL)
		return xstrdup(target);
	dir = dir_of(file);
	d = realpath(dir, NULL);
	free(dir);
	if (d == NULL) {
		free(t);
		return xstrdup(target);
	}
	/* The longest common run of whole components ("/a/b" and "/a/bc"
	 * share "/a" only); d is a directory, so all of it may be shared. */
	for (i = k = 0; t[i] != '\0' && t[i] == d[i]; i++)
		if (t[i] == '/')
			k = i;
	if (d[i] == '\0' && t[i] == '/')
		k = i;
	if (strcmp(d, "/") == 0)
		k = 0;
	/* One "../" for each component of d after the shared run. */
	for (up = 0, i = k; d[i] != '\0'; i++)
		if (d[i] == '/' && d[i + 1] != '\0')
			up++;
	out = xmalloc(up * 3 + strlen(t) + 1);
	for (i = 0; i < up; i++)
		memcpy(out + 3 * i, "../", 3);
	strcpy(out + 3 * up, t + k + 1);
	free(t);
	free(d);
	return out;
}

char *
file_beside(const char *path, const char *file)
{
	char *dir, *p;

	if (path[0] == '/' || strchr(file, '/') == NULL)
		return xstrdup(path);
	dir = dir_of(file);
	p = xasprintf("%s/%s", dir, path);
	free(dir);
	return p;
}

/* The last second of the year 9999, UTC: past it a date has five digits. */
#define SDE_MAX 253402300799LL

int
source_date_epoch_valid(void)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (s == NULL || *s == '\0')
		return 1;
	/* Digits only: strtoll() would take a sign or leading blanks. */
	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtoll(s, &end, 10);
	return errno == 0 && *end == '\0' && v >= 0 && v <= SDE_MAX;
}

long long
source_date_epoch(void)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");

	if (s != NULL && *s != '\0' && source_date_epoch_valid())
		return strtoll(s, NULL, 10);
	return (long long)time(NULL);
}
