/* file.c: reading whole files and writing them atomically. */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

int
file_slurp(const char *path, size_t max, char **data, size_t *len, char **why)
{
	FILE *fp;
	struct stat st;
	char *buf = NULL;
	size_t n = 0, cap = 0, got;
	int rc = -1;

	*data = NULL;
	*len = 0;
	if ((fp = fopen(path, "rb")) == NULL) {
		*why = xasprintf("%s", strerror(errno));
		return -1;
	}
	if (fstat(fileno(fp), &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			*why = xstrdup("is a directory");
			goto fail;
		}
		if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > max) {
			*why = xasprintf("file is too large (%lld bytes; the limit "
			    "is %zu)", (long long)st.st_size, max);
			rc = -2;
			goto fail;
		}
	}
	for (;;) {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 65536;
			buf = xrealloc(buf, cap + 1);
		}
		got = fread(buf + n, 1, cap - n, fp);
		n += got;
		if (n > max) {
			*why = xasprintf("file is too large (the limit is %zu "
			    "bytes)", max);
			rc = -2;
			goto fail;
		}
		if (got == 0)
			break;
	}
	if (ferror(fp)) {
		*why = xasprintf("%s", strerror(errno));
		goto fail;
	}
	fclose(fp);
	if (buf == NULL)
		buf = xmalloc(1);
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return 0;
fail:
	free(buf);
	fclose(fp);
	return rc;
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

int
atomic_open(struct atomic_file *af, const char *path, char **why)
{
	int fd;

	memset(af, 0, sizeof(*af));
	af->path = xstrdup(path);
	af->tmp = xasprintf("%s.tmpXXXXXX", path);
	if ((fd = mkstemp(af->tmp)) == -1) {
		*why = xasprintf("%s: %s", path, strerror(errno));
		free(af->path);
		free(af->tmp);
		memset(af, 0, sizeof(*af));
		return -1;
	}
	fchmod(fd, 0644);
	if ((af->fp = fdopen(fd, "wb")) == NULL) {
		*why = xasprintf("%s: %s", path, strerror(errno));
		close(fd);
		atomic_abandon(af);
		return -1;
	}
	return 0;
}

int
atomic_commit(struct atomic_file *af, char **why)
{
	int bad = 0;

	if (af->fp != NULL) {
		bad = ferror(af->fp) != 0;
		if (fclose(af->fp) != 0)
			bad = 1;
		af->fp = NULL;
	}
	if (bad || rename(af->tmp, af->path) == -1) {
		*why = xasprintf("%s: %s", af->path,
		    bad ? "write failed" : strerror(errno));
		atomic_abandon(af);
		return -1;
	}
	free(af->tmp);
	free(af->path);
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
	memset(af, 0, sizeof(*af));
}

int
atomic_write(const char *path, const void *buf, size_t n, char **why)
{
	struct atomic_file af;

	if (atomic_open(&af, path, why) == -1)
		return -1;
	if (n > 0 && fwrite(buf, 1, n, af.fp) != n) {
		*why = xasprintf("%s: write failed", path);
		atomic_abandon(&af);
		return -1;
	}
	return atomic_commit(&af, why);
}

long long
source_date_epoch(void)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (s != NULL && *s != '\0') {
		errno = 0;
		v = strtoll(s, &end, 10);
		if (errno == 0 && *end == '\0' && v >= 0)
			return v;
	}
	return (long long)time(NULL);
}
