/*
 * paper.c: paper presets, parsing and the default choice: the option,
 * the ruleset, then the system's paper through libpaper (Debian's
 * libpaper1: PAPERSIZE, /etc/papersize), then the locale.
 */
#include <ctype.h>
#include <paper.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render.h"

int
rnd_paper_parse(const char *spec, double *w, double *h, const char **why)
{
	return paper_parse(spec, w, h, why);
}

/* Returns "Letter" where the locale's territory uses it, else "A4": the
 * guess when libpaper has no opinion (no PAPERSIZE, no papersize file). */
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

/*
 * The system's paper as libpaper gives it: PAPERSIZE, else the file
 * PAPERCONF names, else /etc/papersize (paperconfig(8) keeps it). Returns
 * a spec paper_parse takes (caller frees), or NULL when libpaper has no
 * opinion, or names a paper we cannot use (one it does not know, or one
 * smaller than A5): the locale decides then.
 */
char *
rnd_paper_system(void)
{
	const struct paper *pp;
	const char *why;
	char *name, *spec = NULL, a[32], b[32];
	double w, h;

	if (paperinit() != 0)
		return NULL;
	name = systempapername();
	if (name == NULL || *name == '\0')
		goto out;
	/* Our own names first, so that A4 and Letter are the very sheets
	 * --paper gives (libpaper's are in points: A4 is 595.276). */
	if (paper_parse(name, &w, &h, &why) == 0)
		spec = xstrdup(name);
	else if ((pp = paperinfo(name)) != NULL) {
		fmt_double(a, sizeof(a), paperpswidth(pp) * 25.4 / 72, 1);
		fmt_double(b, sizeof(b), paperpsheight(pp) * 25.4 / 72, 1);
		spec = xasprintf("%sx%smm", a, b);
		if (paper_parse(spec, &w, &h, &why) == -1) {
			free(spec);
			spec = NULL;
		}
	}
out:
	free(name);
	paperdone();
	return spec;
}

/* Returns 0 with the portrait size, or -1 with *from and *why. */
int
rnd_paper_choose(const char *opt, const struct ruleset *rs, double *w,
    double *h, const char **from, const char **why)
{
	const char *spec;
	char *sys = NULL;
	int rc;

	if (opt != NULL) {
		spec = opt;
		*from = "--paper";
	} else if (rs != NULL && rs->paper != NULL) {
		spec = rs->paper;
		*from = "ruleset";
	} else if ((sys = rnd_paper_system()) != NULL) {
		spec = sys;
		*from = "system";
	} else {
		spec = rnd_paper_locale();
		*from = "locale";
	}
	rc = rnd_paper_parse(spec, w, h, why);
	free(sys);
	if (rc == -1)
		return -1;
	if (*w > *h) {
		double t = *w;

		*w = *h;
		*h = t;
	}
	return 0;
}
