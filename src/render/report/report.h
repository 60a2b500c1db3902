/*
 * report.h: the validation report — a plain description of everything
 * the report shows, filled by the CLI from the engine's results, and the
 * charts it is drawn with. Render never computes a statistic or decides
 * a rule: every number here arrives ready (rates, intervals, counts,
 * odds), and the charts only draw the arrays they are given.
 *
 * Includes neither Cairo nor Pango; the chart functions that draw are
 * declared in src/render/chart.h (inside src/render only).
 */
#ifndef SANDTABLE_RENDER_REPORT_H
#define SANDTABLE_RENDER_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "../render.h"

/* A finding of the check (test game failure, static finding, self-play
 * finding), with the source position it names. */
struct rnd_finding {
	enum severity sev;
	char *where; /* "file:line:col", or NULL */
	char *msg;
	char *source; /* the text of the source line named, or NULL */
};

/* One bar of the win-rate chart: a proportion with its confidence
 * interval (all in 0..1), and the counts it came from. */
struct rnd_rate {
	char *label;   /* "Blue wins (mirror battle)" */
	long hits, of; /* e.g. 412 wins of 1000 games */
	double p, lo, hi;
	double exact;     /* the exact chance it estimates, or < 0 */
	char *exact_text; /* e.g. "4/7", or NULL */
	char *test_text;  /* its mark ("*": see agree_test), or NULL */
};

/* A histogram of whole numbers: count[i] is how often the value
 * first + i was seen. */
struct rnd_hist {
	long first;
	long *count;
	size_t n;
	char *xlabel, *ylabel;
	char *
	    note; /* a line under the chart ("mean 7.2, sd 2.1, max 19"), or NULL */
};

/* A matrix of probabilities (0..1) shown as a heat map: v[r * ncols + c];
 * a cell < 0 has no value (drawn crossed out). text, when not NULL, gives
 * each cell's printed label (e.g. "4/7"); else the percentage is printed. */
struct rnd_matrix {
	char *title;
	char *rowhead, *colhead; /* axis titles: "attacker", "defender" */
	char *legend;            /* what a cell means: "P(attacker wins)" */
	char *note;              /* a line under the map, or NULL */
	char **rows, **cols;
	size_t nrows, ncols;
	double *v;
	char **text;      /* nrows * ncols, or NULL */
	size_t *rowcount; /* the rows each row stands for; NULL: one */
};

/* One unit type in the self-play battles. kills < 0: not known. */
struct rnd_unit_stat {
	char *name;
	long fielded;  /* units of this type that took the field */
	long survived; /* of those, alive at the end */
	long kills;    /* enemy units this type destroyed */
};

/* One engine rule and how often it was exercised. */
struct rnd_rule_row {
	char *id;               /* "melee.draw_reroll" */
	char *section;          /* the ruleset section that states it */
	char *text;             /* one line; may be NULL */
	unsigned long tests;    /* applications in the test games */
	unsigned long selfplay; /* applications in self-play */
};

struct rnd_report {
	/* Identity and run settings, printed on the summary page. */
	char *title, *ruleset, *engine;
	unsigned long long seed;
	long games; /* self-play games of the default battle */
	/* Nothing played it (a print-only ruleset): the summary says so,
	 * counts the units read instead of test games, and its facts are
	 * what was read. */
	int print_only;
	size_t nunits_read;
	/* Summary */
	int tests_total, tests_passed;
	struct rnd_finding *findings;
	size_t nfindings, capfindings;
	/* Self-play figures shown as text: label/value pairs. */
	char **facts; /* 2 * nfacts strings: label, value, … */
	size_t nfacts, capfacts;
	/* Charts; each is left out of the report when empty. */
	struct rnd_rate *rates;
	size_t nrates, caprates;
	/* Self-play frequencies against the exact odds they estimate. */
	struct rnd_rate *agree;
	size_t nagree, capagree;
	/* How the points were tested, and what the test found: one line
	 * under the agreement chart's note, or NULL. */
	char *agree_test;
	struct rnd_hist length;
	struct rnd_matrix *maps; /* melee odds; hit distributions */
	size_t nmaps, capmaps;
	struct rnd_unit_stat *units;
	size_t nunits, capunits;
	struct rnd_rule_row *rules;
	size_t nrules, caprules;
};

/* An empty report (all zero). */
void rnd_report_init(struct rnd_report *);
void rnd_report_free(struct rnd_report *);
/* Append helpers (strings are copied). */
void rnd_report_finding(struct rnd_report *, enum severity, const char *where,
    const char *msg, const char *source);
void rnd_report_fact(struct rnd_report *, const char *label,
    const char *value);
void rnd_report_rate(struct rnd_report *, const char *label, long hits,
    long of, double p, double lo, double hi);
/* A self-play frequency and the exact chance it estimates. */
void rnd_report_agree(struct rnd_report *, const char *label, long hits,
    long of, double p, double lo, double hi, double exact,
    const char *exact_text);
/* The last agreement row's test against its exact chance (copied). */
void rnd_report_agree_test(struct rnd_report *, const char *test_text);
/* A new nrows x ncols matrix, every cell -1 (no value), labels unset. */
struct rnd_matrix *rnd_report_matrix(struct rnd_report *, const char *title,
    size_t nrows, size_t ncols);
void rnd_report_unit(struct rnd_report *, const char *name, long fielded,
    long survived, long kills);
void rnd_report_rule(struct rnd_report *, const char *id, const char *section,
    const char *text, unsigned long tests, unsigned long selfplay);

/*
 * Draw the report into a PDF at path (atomically). opts->paper picks the
 * paper (else the ruleset's, the locale's, A4) when rs is not NULL.
 * Returns 0 written, -1 failed (error in diags).
 */
int rnd_report(const struct ruleset *, const struct rnd_report *,
    const char *path, const struct rnd_opts *, struct diags *);

/* A report filled with made-up numbers of every kind, for tests and
 * `sandtable report --sample`. */
void rnd_report_sample(struct rnd_report *);

/* report's own options (its rows in product.c; src/cli/cmd_report.c). */
struct report_own {
	const char *grid;
	int sample;
	FILE *dump; /* --dump */
};

#endif
