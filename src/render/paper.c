/* paper.c: paper presets, parsing and the default choice. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render.h"

const struct rnd_paper rnd_papers[] = {
	{ "A5", 148, 210 },
	{ "A4", 210, 297 },
	{ "A3", 297, 420 },
	{ "Letter", 215.9, 279.4 },
	{ "Legal", 215.9, 355.6 },
	{ "Tabloid", 279.4, 431.8 },
	{ NULL, 0, 0 },
};

/* Returns the preset named (any case), or NULL. */
static const struct rnd_paper *
paper_find(const char *name, size_t n)
{
	const struct rnd_paper *p;

	for (p = rnd_papers; p->name != NULL; p++)
		if (strlen(p->name) == n && strncasecmp(p->name, name, n) == 0)
			return p;
	return NULL;
}

/* Returns 0 with the size as oriented, or -1 with *why. */
int
rnd_paper_parse(const char *spec, double *w, double *h, const char **why)
{
	const struct rnd_paper *p;
	char *s = xstrdup(spec), *e;
	int orient = 0, rc = -1; /* 1 portrait, 2 landscape */
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
	} else if (*w < 20 || *h < 20 || *w > 5000 || *h > 5000) {
		*why = "paper size out of range (20 mm to 5 m)";
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

/* Returns "Letter" where the locale's territory uses it, else "A4". */
const char *
rnd_paper_locale(void)
{
	static const char *letter[] = { "US", "CA", "MX", "PH", "CL", "CO",
		"VE", "PR", "GT", "CR", "PA", "SV", "NI", "DO", NULL };
	const char *vars[] = { "LC_ALL", "LC_PAPER", "LANG" };
	const char *v = NULL, *u;
	size_t i;

	for (i = 0; i < 3; i++)
		if ((v = getenv(vars[i])) != NULL && *v != '\0')
			break;
	if (v == NULL || *v == '\0' || (u = strchr(v, '_')) == NULL)
		return "A4";
	for (i = 0; letter[i] != NULL; i++)
		if (strncmp(u + 1, letter[i], 2) == 0)
			return "Letter";
	return "A4";
}

/* Returns 0 with the portrait size, or -1 with *from and *why. */
int
rnd_paper_choose(const char *opt, const struct ruleset *rs, double *w,
    double *h, const char **from, const char **why)
{
	const char *spec = rnd_paper_locale();

	*from = "locale";
	if (opt != NULL) {
		spec = opt;
		*from = "--paper";
	} else if (rs != NULL && rs->paper != NULL) {
		spec = rs->paper;
		*from = "ruleset";
	}
	if (rnd_paper_parse(spec, w, h, why) == -1)
		return -1;
	if (*w > *h) {
		double t = *w;

		*w = *h;
		*h = t;
	}
	return 0;
}
