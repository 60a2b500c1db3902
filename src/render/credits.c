/*
 * credits.c: the ruleset's credits as the products print them. FORMAT.md
 * promises title, author, year and version on every product; the
 * reference sheet, the cards and the report all word them alike.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* "v1.0" for a version that is a number, else the words as written
 * ("second edition", "v2"); NULL when the ruleset has none. */
static char *
credit_version(const struct ruleset *rs)
{
	if (rs->version == NULL || rs->version[0] == '\0')
		return NULL;
	if (isdigit((unsigned char)rs->version[0]))
		return xasprintf("v%s", rs->version);
	return xstrdup(rs->version);
}

/* Returns "TITLE · v1.0 · AUTHOR, YEAR" with title (its first tlen
 * bytes, then "…", when tlen is less than its length) and the parts the
 * ruleset has that what asks for. */
static char *
credits_cut(const struct ruleset *rs, int what, size_t tlen)
{
	const char *t = rs->title != NULL ? rs->title : rs->name;
	const char *colon = (what & RND_CREDIT_SHORT) ? strchr(t, ':') : NULL;
	const char *au = (what & RND_CREDIT_AUTHOR) ? rs->author : NULL;
	const char *yr = (what & RND_CREDIT_YEAR) ? rs->year : NULL;
	size_t n = colon != NULL ? (size_t)(colon - t) : strlen(t);
	char *v = credit_version(rs), *s;

	/* "Modern War…", not "Modern War …". */
	while (tlen < n && tlen > 1 && t[tlen - 1] == ' ')
		tlen--;
	s = xasprintf("%.*s%s%s%s%s%s%s%s", (int)(tlen < n ? tlen : n), t,
	    tlen < n ? "\xe2\x80\xa6" : "", v != NULL ? " \xc2\xb7 " : "",
	    v != NULL ? v : "", au != NULL || yr != NULL ? " \xc2\xb7 " : "",
	    au != NULL ? au : "", au != NULL && yr != NULL ? ", " : "",
	    yr != NULL ? yr : "");
	free(v);
	return s;
}

/* Returns "TITLE · v1.0 · AUTHOR, YEAR" with the parts the ruleset has
 * (caller frees). RND_CREDIT_SHORT cuts the title at a colon;
 * RND_CREDIT_AUTHOR adds the author, RND_CREDIT_YEAR the year. */
char *
rnd_credits(const struct ruleset *rs, int what)
{
	return credits_cut(rs, what, (size_t)-1);
}

/* The width (mm) of before, s and after on one line in font f. */
static double
credits_w(cairo_t *cr, const struct rnd_font *f, const char *before,
    const char *s, const char *after)
{
	char *all = xasprintf("%s%s%s", before != NULL ? before : "", s,
	    after != NULL ? after : "");
	PangoLayout *l = rnd_layout_new(cr, f, 0);
	double w;

	rnd_layout_text(l, all);
	rnd_layout_size(l, &w, NULL);
	g_object_unref(l);
	free(all);
	return w;
}

/* The credits between before and after (either may be NULL) in font f,
 * as many parts as fit w mm on one line: author and year, then the year
 * alone, then title and version; then the title cut short, so that the
 * version stays (caller frees). */
char *
rnd_credits_fit(cairo_t *cr, const struct rnd_font *f,
    const struct ruleset *rs, int what, const char *before, const char *after,
    double w)
{
	const int drop[] = { 0, RND_CREDIT_AUTHOR,
		RND_CREDIT_AUTHOR | RND_CREDIT_YEAR };
	const char *t = rs->title != NULL ? rs->title : rs->name, *e;
	char *s = NULL, *r;
	size_t i;

	for (i = 0; i < sizeof(drop) / sizeof(drop[0]); i++) {
		free(s);
		s = rnd_credits(rs, what & ~drop[i]);
		if (credits_w(cr, f, before, s, after) <= w)
			goto out;
	}
	/* Shorter titles, a character at a time (UTF-8), down to one. */
	for (e = t + strlen(t); e > t;) {
		e = g_utf8_prev_char(e);
		if (e == t)
			break;
		free(s);
		s = credits_cut(rs, what & ~drop[2], (size_t)(e - t));
		if (credits_w(cr, f, before, s, after) <= w)
			break;
	}
out:
	r = xasprintf("%s%s%s", before != NULL ? before : "", s,
	    after != NULL ? after : "");
	free(s);
	return r;
}
