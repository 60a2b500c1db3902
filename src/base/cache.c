/* cache.c: results remembered between runs, on disk (cache.h). */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base.h"
#include "cache.h"

/*
 * An entry: magic, format version, key, payload length, the payload's
 * checksum (the same hash), then the payload. Integers little-endian.
 */
#define MAGIC "SANDTBC\n"
#define FORMAT 1
#define HEAD (8 + 4 + CACHE_HASH_LEN + 8 + CACHE_HASH_LEN)
#define KINDS 8
#define STALE_TMP_S 3600 /* a temporary file left by a run that died */

struct cache_key {
	void *h; /* the hash state, until the digest is taken */
	const char *kind;
	unsigned char d[CACHE_HASH_LEN];
};

static const struct cache_hash *hash;
static int off;
static int dirfd_ = -2; /* -2: not opened yet; -1: no cache */
static unsigned long serial;

static struct {
	const char *kind;
	unsigned long hit, miss, bad;
} counts[KINDS];

void
cache_setup(const struct cache_hash *h)
{
	hash = h;
}

void
cache_off(void)
{
	off = 1;
}

static void
count(const char *kind, int what)
{
	int i;

	for (i = 0; i < KINDS && counts[i].kind != NULL; i++)
		if (strcmp(counts[i].kind, kind) == 0)
			break;
	if (i == KINDS)
		return;
	counts[i].kind = kind;
	if (what == 0)
		counts[i].hit++;
	else if (what == 1)
		counts[i].miss++;
	else
		counts[i].bad++;
}

int
cache_counts(char *buf, size_t sz)
{
	size_t n = 0;
	int i;

	*buf = '\0';
	for (i = 0; i < KINDS && counts[i].kind != NULL && n < sz; i++)
		n += (size_t)snprintf(buf + n, sz - n,
		    "%s%s hit %lu, miss %lu, bad %lu", i ? "; " : "",
		    counts[i].kind, counts[i].hit, counts[i].miss,
		    counts[i].bad);
	return i > 0;
}

/* mkdir that leaves an existing directory alone: 0, or -1. */
static int
mkdir_one(const char *path)
{
	return mkdir(path, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

/*
 * The cache directory, opened once: $XDG_CACHE_HOME/sandtable (an
 * absolute XDG_CACHE_HOME, as the XDG spec asks), else
 * $HOME/.cache/sandtable, made 0700 when missing. Never a link, and
 * only a directory of this user's. Returns its descriptor, or -1.
 */
static int
cache_dir(void)
{
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *base = NULL, *dir = NULL;
	struct stat st;
	int fd = -1;

	if (dirfd_ != -2)
		return dirfd_;
	if (x != NULL && x[0] == '/')
		base = xstrdup(x);
	else if (home != NULL && home[0] == '/') {
		base = xasprintf("%s/.cache", home);
		(void)mkdir_one(base);
	}
	if (base != NULL) {
		(void)mkdir_one(base);
		dir = xasprintf("%s/sandtable", base);
		(void)mkdir_one(dir);
		fd = open(dir,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	}
	if (fd >= 0 && (fstat(fd, &st) != 0 || st.st_uid != geteuid())) {
		close(fd);
		fd = -1;
	}
	free(base);
	free(dir);
	return dirfd_ = fd;
}

struct cache_key *
cache_key_new(const char *kind)
{
	struct cache_key *k;

	if (off || hash == NULL || cache_dir() < 0)
		return NULL;
	k = xcalloc(1, sizeof(*k));
	k->kind = kind;
	k->h = hash->begin();
	cache_key_str(k, "sandtable cache 1");
	cache_key_str(k, SANDTABLE_VERSION);
	cache_key_str(k, hash->stamp());
	cache_key_str(k, kind);
	return k;
}

void
cache_key_add(struct cache_key *k, const void *p, size_t n)
{
	unsigned char len[8];
	int i;

	if (k == NULL)
		return;
	for (i = 0; i < 8; i++)
		len[i] = (unsigned char)((uint64_t)n >> (8 * i));
	hash->add(k->h, len, sizeof(len));
	if (n > 0)
		hash->add(k->h, p, n);
}

void
cache_key_str(struct cache_key *k, const char *s)
{
	/* NULL and "" differ: NULL adds a length of its own. */
	if (s == NULL)
		cache_key_add(k, "\0(none)", 7);
	else
		cache_key_add(k, s, strlen(s));
}

void
cache_key_int(struct cache_key *k, long long v)
{
	char b[32];

	snprintf(b, sizeof(b), "%lld", v);
	cache_key_str(k, b);
}

void
cache_key_real(struct cache_key *k, double v)
{
	char b[64];

	snprintf(b, sizeof(b), "%a", v);
	cache_key_str(k, b);
}

/* The key's digest into d (the state is ended the first time). */
static void
digest(struct cache_key *k, unsigned char d[CACHE_HASH_LEN])
{
	if (k->h != NULL) {
		hash->end(k->h, k->d);
		k->h = NULL;
	}
	memcpy(d, k->d, CACHE_HASH_LEN);
}

void
cache_key_free(struct cache_key *k)
{
	unsigned char d[CACHE_HASH_LEN];

	if (k == NULL)
		return;
	digest(k, d);
	free(k);
}

static void
name_of(const unsigned char d[CACHE_HASH_LEN],
    char name[2 * CACHE_HASH_LEN + 1])
{
	int i;

	for (i = 0; i < CACHE_HASH_LEN; i++)
		snprintf(name + 2 * i, 3, "%02x", d[i]);
}

static void
sum(const void *p, size_t n, unsigned char out[CACHE_HASH_LEN])
{
	void *h = hash->begin();

	hash->add(h, p, n);
	hash->end(h, out);
}

static void
put_u64(unsigned char *p, uint64_t v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t
get_u64(const unsigned char *p, int n)
{
	uint64_t v = 0;
	int i;

	for (i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* Write all n bytes: 0, or -1. */
static int
write_all(int fd, const void *p, size_t n)
{
	const char *b = p;
	ssize_t w;

	while (n > 0) {
		w = write(fd, b, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		b += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Read the whole regular file at fd, of size n: 0, or -1. */
static int
read_all(int fd, unsigned char *b, size_t n)
{
	ssize_t r;
	size_t got = 0;

	while (got < n) {
		r = read(fd, b + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

int
cache_get(struct cache_key *k, char **data, size_t *len)
{
	unsigned char d[CACHE_HASH_LEN], ck[CACHE_HASH_LEN], *b = NULL;
	char name[2 * CACHE_HASH_LEN + 1];
	struct stat st;
	uint64_t n;
	int fd, rc = -1;

	*data = NULL;
	*len = 0;
	if (k == NULL)
		return -1;
	digest(k, d);
	name_of(d, name);
	/* A link planted in the directory is not followed: a bad entry. */
	fd = openat(dirfd_, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		count(k->kind, errno == ENOENT ? 1 : 2);
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < HEAD ||
	    (uint64_t)st.st_size > HEAD + (uint64_t)CACHE_ENTRY_MAX)
		goto out;
	b = xmalloc((size_t)st.st_size + 1);
	if (read_all(fd, b, (size_t)st.st_size) != 0 ||
	    memcmp(b, MAGIC, 8) != 0 || get_u64(b + 8, 4) != FORMAT ||
	    memcmp(b + 12, d, CACHE_HASH_LEN) != 0)
		goto out;
	n = get_u64(b + 12 + CACHE_HASH_LEN, 8);
	if (n != (uint64_t)st.st_size - HEAD)
		goto out;
	sum(b + HEAD, (size_t)n, ck);
	if (memcmp(ck, b + 20 + CACHE_HASH_LEN, CACHE_HASH_LEN) != 0)
		goto out;
	*data = xmalloc((size_t)n + 1);
	memcpy(*data, b + HEAD, (size_t)n);
	(*data)[n] = '\0';
	*len = (size_t)n;
	/* Used now: the last to go when the directory is over its bound. */
	(void)futimens(fd, NULL);
	rc = 0;
out:
	count(k->kind, rc == 0 ? 0 : 2);
	free(b);
	close(fd);
	return rc;
}

struct ent {
	time_t mtime;
	long nsec;
	off_t size;
	char *name;
};

static int
cmp_age(const void *a, const void *b)
{
	const struct ent *x = a, *y = b;

	if (x->mtime != y->mtime)
		return x->mtime < y->mtime ? -1 : 1;
	if (x->nsec != y->nsec)
		return x->nsec < y->nsec ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Whether a name is one of ours: an entry or a temporary file. */
static int
ours(const char *s)
{
	size_t n = strlen(s);

	if (strncmp(s, ".tmp.", 5) == 0)
		return 1;
	return n == 2 * CACHE_HASH_LEN && strspn(s, "0123456789abcdef") == n;
}

/* The directory over its bound: the entries least recently used go
 * first (and temporary files a run that died left behind). */
static void
evict(void)
{
	const char *e = getenv("SANDTABLE_CACHE_MAX");
	unsigned long long max = CACHE_MAX_BYTES, total = 0;
	struct ent *v = NULL, x;
	size_t n = 0, cap = 0, i;
	struct dirent *de;
	struct stat st;
	time_t now = time(NULL);
	DIR *dp;
	int fd;

	if (e != NULL && *e != '\0')
		max = strtoull(e, NULL, 10);
	if ((fd = dup(dirfd_)) < 0 || (dp = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return;
	}
	rewinddir(dp);
	while ((de = readdir(dp)) != NULL) {
		if (!ours(de->d_name) ||
		    fstatat(dirfd_, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (de->d_name[0] == '.' && st.st_mtime + STALE_TMP_S < now) {
			(void)unlinkat(dirfd_, de->d_name, 0);
			continue;
		}
		x.mtime = st.st_mtim.tv_sec;
		x.nsec = st.st_mtim.tv_nsec;
		x.size = S_ISREG(st.st_mode) ? st.st_size : 0;
		x.name = xstrdup(de->d_name);
		total += (unsigned long long)x.size;
		XPUSH(v, n, cap, x);
	}
	closedir(dp);
	if (total > max && n > 0)
		qsort(v, n, sizeof(*v), cmp_age);
	for (i = 0; i < n; i++) {
		if (total > max && v[i].name[0] != '.' &&
		    unlinkat(dirfd_, v[i].name, 0) == 0)
			total -= (unsigned long long)v[i].size;
		free(v[i].name);
	}
	free(v);
}

void
cache_put(struct cache_key *k, const void *data, size_t len)
{
	unsigned char d[CACHE_HASH_LEN], head[HEAD];
	char name[2 * CACHE_HASH_LEN + 1], tmp[64];
	int fd, ok;

	if (k == NULL || len > CACHE_ENTRY_MAX)
		return;
	digest(k, d);
	name_of(d, name);
	memcpy(head, MAGIC, 8);
	put_u64(head + 8, FORMAT, 4);
	memcpy(head + 12, d, CACHE_HASH_LEN);
	put_u64(head + 12 + CACHE_HASH_LEN, len, 8);
	sum(data, len, head + 20 + CACHE_HASH_LEN);
	/* A name of this run's own, made new (never through a link). */
	snprintf(tmp, sizeof(tmp), ".tmp.%ld.%lu.%lx", (long)getpid(),
	    serial++, (unsigned long)time(NULL));
	fd = openat(dirfd_, tmp,
	    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	ok = write_all(fd, head, HEAD) == 0 && write_all(fd, data, len) == 0;
	if (close(fd) != 0)
		ok = 0;
	/* The rename puts the whole entry in place at once: a reader sees
	 * the old one or the new, and a link of that name is replaced, not
	 * followed. */
	if (!ok || renameat(dirfd_, tmp, dirfd_, name) != 0) {
		(void)unlinkat(dirfd_, tmp, 0);
		return;
	}
	evict();
}
