/* file.c: reading whole files and writing them atomically. */
#include <sys/stat.h>

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

/* ---- the inputs of this run ---- */

struct input {
	dev_t dev;
	ino_t ino;
	char *name;
};

static struct {
	pthread_mutex_t lock;
	struct input *v;
	size_t n, cap;
} inputs = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0 };

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
		XPUSH(inputs.v, inputs.n, inputs.cap, in);
	}
	pthread_mutex_unlock(&inputs.lock);
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

/* How long a named pipe may take to bring its first bytes. */
#define FIFO_WAIT_MS 10000

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
	 * FIFO_WAIT_MS to bring its first bytes or its end, then read as
	 * any pipe. */
	if (strcmp(path, "-") != 0 && S_ISFIFO(st.st_mode) &&
	    lstat(path, &ls) == 0 && S_ISFIFO(ls.st_mode)) {
		struct pollfd p = { fd, POLLIN, 0 };
		int r;

		while ((r = poll(&p, 1, FIFO_WAIT_MS)) == -1 && errno == EINTR)
			;
		if (r == 0) {
			err = ETIMEDOUT;
			*why = xasprintf("a named pipe that no one writes to "
			                 "(waited %d s)",
			    FIFO_WAIT_MS / 1000);
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

void
file_remove(const char *path)
{
	struct dirent *e;
	char *f;
	DIR *dp;

	if ((dp = opendir(path)) == NULL) {
		unlink(path);
		return;
	}
	while ((e = readdir(dp)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 ||
		    strcmp(e->d_name, "..") == 0)
			continue;
		f = xasprintf("%s/%s", path, e->d_name);
		unlink(f);
		free(f);
	}
	closedir(dp);
	rmdir(path);
}

void
file_sweep(const char *dir)
{
	size_t n = strlen(FILE_TEMP_PREFIX);
	struct dirent *e;
	const char *s;
	char *end;
	long pid;
	DIR *dp;

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((e = readdir(dp)) != NULL) {
		if (strncmp(e->d_name, FILE_TEMP_PREFIX, n) != 0)
			continue;
		s = e->d_name + n;
		if (strncmp(s, "build-", 6) == 0)
			s += 6;
		pid = strtol(s, &end, 10);
		/* Only what a run that is over left behind. */
		if (end == s || *end != '-' || pid <= 0 ||
		    (kill((pid_t)pid, 0) == 0 || errno != ESRCH))
			continue;
		{
			char *p = xasprintf("%s/%s", dir, e->d_name);

			file_remove(p);
			free(p);
		}
	}
	closedir(dp);
}

/* ---- paths between files ---- */

char *
file_relative(const char *target, const char *file)
{
	char *t, *dir, *d, *out, *base;
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
	/* A build writes into a stage inside its directory, then renames
	 * each file up into it: the file's place is the stage's parent. */
	base = strrchr(d, '/');
	if (base != NULL && base != d &&
	    strncmp(base + 1, FILE_TEMP_PREFIX, strlen(FILE_TEMP_PREFIX)) == 0)
		*base = '\0';
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
