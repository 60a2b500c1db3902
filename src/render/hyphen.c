/*
 * hyphen.c: hyphenation for the rulebook's body text, by libhyphen (the
 * hyphenation library of LibreOffice, TeX's patterns) and Debian's
 * dictionaries in /usr/share/hyphen. A word gets soft hyphens (U+00AD)
 * where its patterns allow a break; Pango breaks a line there only when
 * it must, and then draws the hyphen. Words shorter than RND_HYPH_MIN
 * letters, words with capitals inside or digits, and words of other
 * scripts than the dictionary's are left alone.
 */
#include <hyphen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

#define RND_HYPH_MIN 6   /* letters of the shortest word hyphenated */
#define RND_HYPH_WORD 64 /* bytes of the longest */

struct rnd_hyph {
	HyphenDict *dict;
	char lang[16];
};

/* The dictionary for a language tag ("en", "de-DE", "fr_CH"): the exact
 * file, else the language's main country, else the bare language. */
struct rnd_hyph *
rnd_hyph_open(const char *lang)
{
	static const char *const main[][2] = { { "en", "en_US" },
		{ "de", "de_DE" }, { "fr", "fr_FR" }, { NULL, NULL } };
	const char *dir = getenv("SANDTABLE_HYPHEN_DIR");
	char tag[16], path[512], base[4];
	struct rnd_hyph *h;
	HyphenDict *d = NULL;
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
	snprintf(path, sizeof(path), "%s/hyph_%s.dic", dir, tag);
	if ((d = hnj_hyphen_load(path)) == NULL)
		for (i = 0; main[i][0] != NULL && d == NULL; i++)
			if (strcasecmp(base, main[i][0]) == 0) {
				snprintf(path, sizeof(path), "%s/hyph_%s.dic",
				    dir, main[i][1]);
				d = hnj_hyphen_load(path);
			}
	if (d == NULL) {
		snprintf(path, sizeof(path), "%s/hyph_%s.dic", dir, base);
		d = hnj_hyphen_load(path);
	}
	if (d == NULL)
		return NULL;
	h = xcalloc(1, sizeof(*h));
	h->dict = d;
	snprintf(h->lang, sizeof(h->lang), "%s", tag);
	return h;
}

void
rnd_hyph_close(struct rnd_hyph *h)
{
	if (h == NULL)
		return;
	hnj_hyphen_free(h->dict);
	free(h);
}

/* Whether byte c is a letter of a word hyphenated: ASCII letters, and
 * the bytes of UTF-8 sequences when the dictionary is UTF-8 (é, ß, ü). */
static int
letter(const struct rnd_hyph *h, unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return 1;
	return c >= 0x80 && strcmp(h->dict->cset, "UTF-8") == 0;
}

/* Append word w (len bytes) to out, soft hyphens where it may break. */
static void
hyph_word(const struct rnd_hyph *h, const char *w, size_t len, char **out,
    size_t *n, size_t *cap)
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
		ok = hnj_hyphen_hyphenate3(h->dict, low, (int)len, hy, NULL,
		         &rep, &pos, &cut, 2, 3, 2, 3) == 0 &&
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
	char *out = xmalloc(cap);

	while (t[i] != '\0') {
		if (!letter(h, (unsigned char)t[i])) {
			if (n + 2 > cap) {
				cap *= 2;
				out = xrealloc(out, cap);
			}
			out[n++] = t[i++];
			continue;
		}
		for (j = i; t[j] != '\0' && letter(h, (unsigned char)t[j]);
		     j++)
			;
		hyph_word(h, t + i, j - i, &out, &n, &cap);
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
