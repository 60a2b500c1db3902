/*
 * bases.h: the bases product — base templates, range rulers and status
 * markers at true scale — as the CLI calls it. Includes neither Cairo
 * nor Pango.
 */
#ifndef SANDTABLE_RENDER_BASES_H
#define SANDTABLE_RENDER_BASES_H

#include <stdio.h>

#include "../render.h"

struct rnd_bases_opts {
	const char *paper; /* --paper, or NULL: ruleset, locale, A4 */
	const char *base;  /* --base SIZE or preset, or NULL: the ruleset's */
	int count;         /* bases per unit type; 0: the default battle */
	int tray;          /* bases per movement tray; 0: no trays */
	int guides;        /* figure-placement guides on the bases */
	int rulers;        /* print the range rulers and gauges */
	int markers;       /* print the status markers */
	                   /* guides, rulers, markers: -1 the template's */
	const char *tmpl;  /* NAME|PATH: -t, else the product row's */
	/* Bases by unit type that another product of the run fields, and
	 * what it is ("the scenario …"), or NULL: the default battle's. */
	const int *fielded;
	size_t nfielded;
	const char *fielded_by;
	FILE *dump; /* the layout as text (tab-separated), or NULL */
};

/* Defaults: what to print from the template (everything, no guides),
 * sizes and counts from the ruleset. */
void rnd_bases_opts_init(struct rnd_bases_opts *);

/*
 * Write base templates, range rulers and markers to path (PDF,
 * atomically). Returns 0 written, -1 failed (the reason is an error in
 * diags); labels that had to be shrunk or abbreviated are warnings.
 */
int rnd_bases(const struct ruleset *, const char *path,
    const struct rnd_bases_opts *, struct diags *);

#endif
