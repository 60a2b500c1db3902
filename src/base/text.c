/* text.c: strict UTF-8 and printing untrusted text safely. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base.h"

size_t
utf8_seq(const unsigned char *s, size_t len, unsigned long *cp)
{
	unsigned char c, lo = 0x80, hi = 0xbf;
	size_t need, k;
	unsigned long v;

	if (len == 0)
		return 0;
	c = s[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	/* Unicode 15, table 3-7: the well-formed byte sequences. */
	if (c >= 0xc2 && c <= 0xdf) {
		need = 1;
		v = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		need = 2;
		v = c & 0x0f;
		if (c == 0xe0)
			lo = 0xa0; /* no overlong forms */
		else if (c == 0xed)
			hi = 0x9f; /* no surrogates */
	} else if (c >= 0xf0 && c <= 0xf4) {
		need = 3;
		v = c & 0x07;
		if (c == 0xf0)
			lo = 0x90; /* no overlong forms */
		else if (c == 0xf4)
			hi = 0x8f; /* nothing above U+10FFFF */
	} else
		return 0;
	if (len < need + 1)
		return 0;
	for (k = 1; k <= need; k++) {
		if (s[k] < lo || s[k] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
		v = v << 6 | (s[k] & 0x3f);
	}
	*cp = v;
	return need + 1;
}

int
is_control(unsigned long cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

char *
str_escape(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), i = 0, n, o = 0;
	unsigned long cp;
	char *out;

	/* At most four bytes out for each byte in ("\x1b"). */
	out = xmalloc(len * 4 + 1);
	while (i < len) {
		n = utf8_seq(p + i, len - i, &cp);
		if (n == 0) {
			o += (size_t)sprintf(out + o, "\\x%02x", p[i]);
			i++;
		} else if (is_control(cp) && cp != '\t') {
			if (cp < 0x80)
				o += (size_t)sprintf(out + o, "\\x%02lx", cp);
			else
				o += (size_t)sprintf(out + o, "\\u%04lx", cp);
			i += n;
		} else {
			memcpy(out + o, p + i, n);
			o += n;
			i += n;
		}
	}
	out[o] = '\0';
	return out;
}

int
str_control(const char *s, unsigned long *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), i = 0, n;
	unsigned long c;

	while (i < len) {
		if ((n = utf8_seq(p + i, len - i, &c)) == 0)
			n = 1;
		else if (is_control(c) && c != '\t' && c != '\n' &&
		    c != '\r' && c != '\f') {
			*cp = c;
			return 1;
		}
		i += n;
	}
	return 0;
}

size_t
utf8_chars(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

const char *
plural(long long n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

char *
str_utf8_fix(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), i = 0, n, k = 0;
	unsigned long cp;
	char *buf = xmalloc(3 * len + 1);

	while (i < len) {
		if ((n = utf8_seq(p + i, len - i, &cp)) == 0) {
			memcpy(buf + k, "\xef\xbf\xbd", 3);
			k += 3;
			i++;
			continue;
		}
		memcpy(buf + k, s + i, n);
		k += n;
		i += n;
	}
	buf[k] = '\0';
	return buf;
}

size_t
str_edit_distance(const char *a, const char *b, size_t cap)
{
	size_t la = strlen(a), lb = strlen(b), i, j, best, c;
	size_t r0[65], r1[65], r2[65], *pp = r0, *p = r1, *cur = r2, *t;

	if (la > 64 || lb > 64 || (la > lb ? la - lb : lb - la) > cap)
		return cap + 1;
	/* Optimal string alignment: a swap of two neighbours is one edit
	 * ("chekc"), as are an insertion, a deletion and a change. */
	for (j = 0; j <= lb; j++)
		p[j] = j;
	for (i = 1; i <= la; i++) {
		cur[0] = best = i;
		for (j = 1; j <= lb; j++) {
			int ai = tolower((unsigned char)a[i - 1]),
			    bj = tolower((unsigned char)b[j - 1]);

			c = p[j - 1] + (ai != bj);
			if (p[j] + 1 < c)
				c = p[j] + 1;
			if (cur[j - 1] + 1 < c)
				c = cur[j - 1] + 1;
			if (i > 1 && j > 1 &&
			    ai == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == bj &&
			    pp[j - 2] + 1 < c)
				c = pp[j - 2] + 1;
			cur[j] = c;
			if (c < best)
				best = c;
		}
		if (best > cap)
			return cap + 1;
		t = pp;
		pp = p;
		p = cur;
		cur = t;
	}
	return p[lb];
}

const char *
str_closest(const char *word, const char *const *names, size_t n)
{
	size_t i, d, best = (size_t)-1, len = strlen(word), cap, pre, k;
	const char *found = NULL, *start = NULL;
	int starts = 0;

	cap = len <= 7 ? 1 : len <= 14 ? 2 : 3;
	for (i = 0; i < n; i++) {
		if (names[i] == NULL || strcasecmp(names[i], word) == 0)
			continue;
		if ((d = str_edit_distance(word, names[i], cap)) <= cap &&
		    d < best) {
			best = d;
			found = names[i];
		}
	}
	if (found != NULL)
		return found;
	/* The word's first five letters or more, as one name begins. */
	for (pre = 0; pre < len && isalpha((unsigned char)word[pre]); pre++)
		;
	if (pre < 5)
		return NULL;
	for (i = 0; i < n; i++) {
		if (names[i] == NULL)
			continue;
		for (k = 0; k < pre && names[i][k] != '\0' &&
		     tolower((unsigned char)names[i][k]) ==
		         tolower((unsigned char)word[k]);
		     k++)
			;
		if (k == pre && start != names[i]) {
			start = names[i];
			starts++;
		}
	}
	return starts == 1 ? start : NULL;
}

const char *
str_did_you_mean(char *buf, size_t sz, const char *word,
    const char *const *names, size_t n)
{
	const char *c = str_closest(word, names, n);

	if (c == NULL || sz == 0)
		return "";
	snprintf(buf, sz, "; did you mean '%s'?", c);
	return buf;
}
