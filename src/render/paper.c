/* paper.c: paper presets, parsing and the default choice. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render.h"

int
rnd_paper_parse(const char *spec, double *w, double *h, const char **why)
{
	return paper_parse(spec, w, h, why);
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
