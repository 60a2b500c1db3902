/* paper.c: paper sizes by name or by measure. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base.h"

/* A named sheet, portrait (w <= h), millimetres. */
static const struct paper {
	const char *name;
	double w_mm, h_mm;
} papers[] = {
	{ "A5", 148, 210 },
	{ "A4", 210, 297 },
	{ "A3", 297, 420 },
	{ "Letter", 215.9, 279.4 },
	{ "Legal", 215.9, 355.6 },
	{ "Tabloid", 279.4, 431.8 },
	{ NULL, 0, 0 },
};

/* Returns the preset named (any case), or NULL. */
static const struct paper *
paper_find(const char *name, size_t n)
{
	const struct paper *p;

	for (p = papers; p->name != NULL; p++)
		if (strlen(p->name) == n && strncasecmp(p->name, name, n) == 0)
			return p;
	return NULL;
}

int
paper_parse(const char *spec, double *w, double *h, const char **why)
{
	const struct paper *p;
	char *s = xstrdup(spec), *e;
	int orient = 0, rc = -1; /* 1 portrait, 2 landscape */
	double lo, hi;
	size_t n;

	n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	if ((e = strrchr(s, ' ')) != NULL || (e = strrchr(s, ',')) != NULL) {
		if (strcasecmp(e + 1, "landscape") == 0)
			orient = 2;
		else if (strcasecmp(e + 1, "portrait") == 0)
			orient = 1;
		if (orient != 0)
			*e = '\0';
	}
	n = strlen(s);
	while (n > 0 && (isspace((unsigned char)s[n - 1]) || s[n - 1] == ','))
		s[--n] = '\0';
	if ((p = paper_find(s, n)) != NULL) {
		*w = p->w_mm;
		*h = p->h_mm;
	} else if (len_parse_pair(s, LEN_NONE, w, h, why) == -1) {
		*why = "not a paper size: use A5, A4, A3, Letter, Legal, "
		       "Tabloid or WxH with units (210x297mm)";
		goto out;
	}
	lo = *w < *h ? *w : *h;
	hi = *w < *h ? *h : *w;
	/* Every product (the bases sheet's 100 mm calibration box, the
	 * report's tables, a card) is made on A5; smaller paper would
	 * clip. */
	if (lo < PAPER_MIN_SHORT_MM - 0.05 || hi < PAPER_MIN_LONG_MM - 0.05 ||
	    hi > PAPER_MAX_MM) {
		*why = "paper size out of range: from A5 (148 x 210 mm, "
		       "either way) to 5 m a side";
		goto out;
	}
	if ((orient == 2 && *w < *h) || (orient == 1 && *w > *h)) {
		double t = *w;

		*w = *h;
		*h = t;
	}
	rc = 0;
out:
	free(s);
	return rc;
}
