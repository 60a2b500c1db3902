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

/* Returns "TITLE · v1.0 · AUTHOR, YEAR" with the parts the ruleset has
 * (caller frees). RND_CREDIT_SHORT cuts the title at a colon;
 * RND_CREDIT_AUTHOR adds the author, RND_CREDIT_YEAR the year. */
char *
rnd_credits(const struct ruleset *rs, int what)
{
	const char *t = rs->title != NULL ? rs->title : rs->name;
	const char *colon = (what & RND_CREDIT_SHORT) ? strchr(t, ':') : NULL;
	const char *au = (what & RND_CREDIT_AUTHOR) ? rs->author : NULL;
	const char *yr = (what & RND_CREDIT_YEAR) ? rs->year : NULL;
	char *v = credit_version(rs), *s;

	s = xasprintf("%.*s%s%s%s%s%s%s", colon != NULL ? (int)(colon - t) :
	    (int)strlen(t), t, v != NULL ? " \xc2\xb7 " : "",
	    v != NULL ? v : "", au != NULL || yr != NULL ? " \xc2\xb7 " : "",
	    au != NULL ? au : "", au != NULL && yr != NULL ? ", " : "",
	    yr != NULL ? yr : "");
	free(v);
	return s;
}

/* The credits between before and after (either may be NULL) in font f,
 * as many parts as fit w mm on one line: author and year, then the year
 * alone, then title and version (caller frees; cut short by the caller's
 * layout when even that is too wide). */
char *
rnd_credits_fit(cairo_t *cr, const struct rnd_font *f,
    const struct ruleset *rs, int what, const char *before,
    const char *after, double w)
{
	const int drop[] = { 0, RND_CREDIT_AUTHOR, RND_CREDIT_AUTHOR |
	    RND_CREDIT_YEAR };
	char *s = NULL;
	size_t i;

	for (i = 0; i < sizeof(drop) / sizeof(drop[0]); i++) {
		char *c = rnd_credits(rs, what & ~drop[i]);
		PangoLayout *l;
		double tw;

		free(s);
		s = xasprintf("%s%s%s", before != NULL ? before : "", c,
		    after != NULL ? after : "");
		free(c);
		l = rnd_layout_new(cr, f, 0);
		rnd_layout_text(l, s);
		rnd_layout_size(l, &tw, NULL);
		g_object_unref(l);
		if (tw <= w)
			break;
	}
	return s;
}
