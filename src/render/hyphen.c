/*
 * hyphen.c: hyphenation for the rulebook's body text, by libhyphen (the
 * hyphenation library of LibreOffice, TeX's patterns) and Debian's
 * dictionaries in /usr/share/hyphen. A word gets soft hyphens (U+00AD)
 * where its patterns allow a break; Pango breaks a line there only when
 * it must, and then draws the hyphen. Words shorter than RND_HYPH_MIN
 * letters, words with capitals inside or digits, and words of other
 * scripts than the dictionary's are left alone.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <hyphen.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "internal.h"

#define RND_HYPH_MIN 6   /* letters of the shortest word hyphenated */
#define RND_HYPH_WORD 64 /* bytes of the longest */
#define RND_HYPH_FILE (8L * 1024 * 1024) /* bytes of a pattern file */
#define RND_HYPH_DICTS 8 /* pattern files one run keeps loaded */

/*
 * A language's patterns are loaded once a run, and only when a word is
 * first hyphenated: libhyphen takes about 3 s of CPU for the German
 * ones, which a reference sheet whose tables all fit never needs. The
 * loaded dictionaries are kept by file (device and inode, so that
 * hyph_de.dic and hyph_de_DE.dic, one a link to the other, load once)
 * and freed at exit.
 */
struct loaded {
	dev_t dev;
	ino_t ino;
	HyphenDict *dict; /* NULL: the file could not be loaded */
};

static struct loaded loaded[RND_HYPH_DICTS];
static size_t nloaded;
static pthread_mutex_t loaded_lock = PTHREAD_MUTEX_INITIALIZER;

struct rnd_hyph {
	char path[512]; /* the pattern file */
	dev_t dev;
	ino_t ino;
	HyphenDict *dict; /* once loaded */
	int tried;        /* dict is what loading gave */
	char lang[16];
};

static void
loaded_free(void)
{
	size_t i;

	for (i = 0; i < nloaded; i++)
		if (loaded[i].dict != NULL)
			hnj_hyphen_free(loaded[i].dict);
	nloaded = 0;
}

/* Open path as a pattern file without waiting (a FIFO or device in the
 * dictionary folder is no pattern file and must not hold the run): a
 * readable regular file of at most RND_HYPH_FILE bytes; the descriptor,
 * its identity in *st, or -1. */
static int
pattern_open(const char *path, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);

	if (fd == -1)
		return -1;
	if (fstat(fd, st) == -1 || !S_ISREG(st->st_mode) ||
	    st->st_size > RND_HYPH_FILE) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Load the patterns of h, once a run for each file; the dictionary or
 * NULL. A handle is const to the code that hyphenates with it: what it
 * caches is written under the lock. */
static HyphenDict *
hyph_dict(const struct rnd_hyph *ch)
{
	struct rnd_hyph *h = (struct rnd_hyph *)(uintptr_t)ch;
	struct stat st;
	HyphenDict *d = NULL;
	FILE *f;
	size_t i;
	int fd;

	pthread_mutex_lock(&loaded_lock);
	if (h->tried) {
		d = h->dict;
		pthread_mutex_unlock(&loaded_lock);
		return d;
	}
	for (i = 0; i < nloaded; i++)
		if (loaded[i].dev == h->dev && loaded[i].ino == h->ino) {
			d = loaded[i].dict;
			goto out;
		}
	/* The file of the same name as when it was found, still a plain
	 * file; libhyphen reads it through a stream of ours. */
	if ((fd = pattern_open(h->path, &st)) != -1) {
		if ((f = fdopen(fd, "r")) != NULL) {
			d = hnj_hyphen_load_file(f);
			fclose(f);
		} else
			close(fd);
	}
	if (nloaded == 0)
		atexit(loaded_free);
	if (nloaded < RND_HYPH_DICTS) {
		loaded[nloaded].dev = h->dev;
		loaded[nloaded].ino = h->ino;
		loaded[nloaded++].dict = d;
	}
out:
	h->dict = d;
	h->tried = 1;
	pthread_mutex_unlock(&loaded_lock);
	return d;
}

/* Whether path is a pattern file (looked at, not opened: it is read
 * only when a word is hyphenated); its identity in h when so. */
static int
hyph_find(struct rnd_hyph *h, const char *path)
{
	struct stat st;

	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode) ||
	    st.st_size > RND_HYPH_FILE || access(path, R_OK) == -1)
		return 0;
	snprintf(h->path, sizeof(h->path), "%s", path);
	h->dev = st.st_dev;
	h->ino = st.st_ino;
	return 1;
}

/* The dictionary for a language tag ("en", "de-DE", "fr_CH"): the exact
 * file, else the language's main country, else the bare language. Its
 * patterns are loaded when first needed. */
struct rnd_hyph *
rnd_hyph_open(const char *lang)
{
	static const char *const main[][2] = { { "en", "en_US" },
		{ "de", "de_DE" }, { "fr", "fr_FR" }, { NULL, NULL } };
	const char *dir = getenv("SANDTABLE_HYPHEN_DIR");
	char tag[16], path[512], base[4];
	struct rnd_hyph *h;
	int found;
	size_t i;

	if (lang == NULL || *lang == '\0')
		lang = "en_US";
	if (dir == NULL || *dir == '\0')
		dir = "/usr/share/hyphen";
	snprintf(tag, sizeof(tag), "%s", lang);
	for (i = 0; tag[i] != '\0'; i++)
		if (tag[i] == '-')
			tag[i] = '_';
	snprintf(base, sizeof(base), "%.2s", tag);
	h = xcalloc(1, sizeof(*h));
	snprintf(path, sizeof(path), "%s/hyph_%s.dic", dir, tag);
	found = hyph_find(h, path);
	for (i = 0; main[i][0] != NULL && !found; i++)
		if (strcasecmp(base, main[i][0]) == 0) {
			snprintf(path, sizeof(path), "%s/hyph_%s.dic", dir,
			    main[i][1]);
			found = hyph_find(h, path);
		}
	if (!found) {
		snprintf(path, sizeof(path), "%s/hyph_%s.dic", dir, base);
		found = hyph_find(h, path);
	}
	if (!found) {
		free(h);
		return NULL;
	}
	snprintf(h->lang, sizeof(h->lang), "%s", tag);
	return h;
}

void
rnd_hyph_close(struct rnd_hyph *h)
{
	free(h); /* its dictionary stays loaded for the run */
}

/* Whether byte c is a letter of a word hyphenated: ASCII letters, and
 * the bytes of UTF-8 sequences when the dictionary is UTF-8 (é, ß, ü). */
static int
letter(const HyphenDict *d, unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return 1;
	return c >= 0x80 && strcmp(d->cset, "UTF-8") == 0;
}

/* Append word w (len bytes) to out, soft hyphens where it may break. */
static void
hyph_word(HyphenDict *d, const char *w, size_t len, char **out, size_t *n,
    size_t *cap)
{
	char low[RND_HYPH_WORD + 1], hy[RND_HYPH_WORD + 5];
	char **rep = NULL;
	int *pos = NULL, *cut = NULL;
	size_t i, letters = 0, caps = 0;
	int ok;

	for (i = 0; i < len; i++) {
		letters += ((unsigned char)w[i] & 0xc0) != 0x80;
		caps += i > 0 && w[i] >= 'A' && w[i] <= 'Z';
	}
	ok = len <= RND_HYPH_WORD && letters >= RND_HYPH_MIN && caps == 0;
	if (ok) {
		for (i = 0; i < len; i++)
			low[i] = w[i] >= 'A' && w[i] <= 'Z' ?
			    (char)(w[i] - 'A' + 'a') :
			    w[i];
		low[len] = '\0';
		memset(hy, 0, sizeof(hy));
		ok = hnj_hyphen_hyphenate3(d, low, (int)len, hy, NULL, &rep,
		         &pos, &cut, 2, 3, 2, 3) == 0 &&
		    rep == NULL;
	}
	if (rep != NULL) {
		for (i = 0; i < len; i++)
			free(rep[i]);
		free(rep);
		free(pos);
		free(cut);
	}
	for (i = 0; i < len; i++) {
		if (*n + 4 > *cap) {
			*cap = *cap * 2 + 64;
			*out = xrealloc(*out, *cap);
		}
		(*out)[(*n)++] = w[i];
		/* A break after byte i: hy[i] odd, inside the word, not in
		 * the middle of a UTF-8 sequence, nor inside a ligature (ff,
		 * fi, fl: a soft hyphen there would stay in the PDF's text
		 * and break a search for the word). */
		if (ok && i + 1 < len && (hy[i] & 1) &&
		    ((unsigned char)w[i + 1] & 0xc0) != 0x80 &&
		    !(w[i] == 'f' && strchr("fil", w[i + 1]) != NULL)) {
			(*out)[(*n)++] = (char)0xc2;
			(*out)[(*n)++] = (char)0xad;
		}
	}
}

char *
rnd_hyphenate(const struct rnd_hyph *h, const char *t)
{
	size_t n = 0, cap = strlen(t) + 64, i = 0, j;
	HyphenDict *d = hyph_dict(h);
	char *out;

	if (d == NULL)
		return xstrdup(t);
	out = xmalloc(cap);
	while (t[i] != '\0') {
		if (!letter(d, (unsigned char)t[i])) {
			if (n + 2 > cap) {
				cap *= 2;
				out = xrealloc(out, cap);
			}
			out[n++] = t[i++];
			continue;
		}
		for (j = i; t[j] != '\0' && letter(d, (unsigned char)t[j]);
		     j++)
			;
		hyph_word(d, t + i, j - i, &out, &n, &cap);
		i = j;
	}
	out[n] = '\0';
	return out;
}

char *
rnd_hyphenate_markup(const struct rnd_hyph *h, const char *m)
{
	size_t n = strlen(m), len = 0, i = 0, j;
	char *out = xmalloc(n + 1), *seg, *hy;

	while (m[i] != '\0') {
		/* A tag or an entity, copied as it is. */
		if (m[i] == '<' || m[i] == '&') {
			const char *end = strchr(m + i,
			    m[i] == '<' ? '>' : ';');

			j = end != NULL ? (size_t)(end - m) + 1 : n;
			out = xrealloc(out, len + (j - i) + n + 1);
			memcpy(out + len, m + i, j - i);
			len += j - i;
			i = j;
			continue;
		}
		for (j = i; m[j] != '\0' && m[j] != '<' && m[j] != '&'; j++)
			;
		seg = xstrndup(m + i, j - i);
		hy = rnd_hyphenate(h, seg);
		out = xrealloc(out, len + strlen(hy) + n + 1);
		memcpy(out + len, hy, strlen(hy));
		len += strlen(hy);
		free(seg);
		free(hy);
		i = j;
	}
	out[len] = '\0';
	return out;
}
