/*
 * scenario.h: the scenario briefing — the public face of
 * src/render/scenario.c for the CLI (no Cairo here). Page 1 is the map
 * (drawn by the map renderer) with deployment zones, objectives and the
 * tested set-up; page 2 the orders of battle with unit stats,
 * deployment, objectives, victory conditions, the turn limit, the
 * special rule and the balance figure.
 */
#ifndef SANDTABLE_RENDER_SCENARIO_H
#define SANDTABLE_RENDER_SCENARIO_H

#include <stdio.h>

#include <jansson.h>

#include "../../base/base.h"
#include "../../scenario/play.h"
#include "../../scenario/scenario.h"
#include "../render.h"

struct rnd_scenario_opts {
	const char *paper;           /* --paper, or NULL */
	const struct sc_values *val; /* unit points (NULL: not printed) */
	int balanced;     /* -1 not asked, 0 not reached, 1 reached */
	const char *tmpl; /* NAME|PATH: -t, else the product row's */
	FILE *dump;       /* --dump: the layout as text (dump.c), or NULL */
};

/*
 * Write the briefing to path atomically. Returns 0 written, -1 failed
 * (error in diags).
 */
int rnd_scenario(const struct ruleset *, const struct scenario *,
    const char *path, const struct rnd_scenario_opts *, struct diags *);

/*
 * The scenario product (product.c). What the command or build asks for:
 * rq (seed, points, table, density, special), the games of its measure,
 * --balanced, the threads, a file to read instead of generating, paper
 * and template, and the progress of the balancing search (NULL: none).
 */
#define RND_SC_CANDIDATES 40 /* the balancing search's most candidates */
struct rnd_sc_req {
	struct sc_request rq;
	long games;
	int balanced, jobs;
	const char *from;
	const char *paper, *tmpl;
	progress_fn progress;
	void *parg;
	FILE *dump; /* --dump, or NULL */
};
/* What was made: the scenario, its unit values, the engine that played
 * it, whether the search balanced it. */
struct rnd_sc_made {
	struct scenario *s;
	struct sc_values val;
	struct sc_engine *e;
	int ok;
};
/*
 * Generate (or read) the scenario of the analysis and measure it.
 * Returns 0 made, -1 failed, 1 when the ruleset's engine is not played;
 * the diagnostics in d. Free m with rnd_sc_made_free() in every case.
 */
int rnd_scenario_make(struct analysis *, const struct rnd_sc_req *,
    struct rnd_sc_made *m, struct diags *d);
/* Write the briefing to out and its YAML beside it as one version;
 * 0 with the YAML's path in *yaml (caller frees), or -1 (d). */
int rnd_scenario_write(const struct ruleset *, const struct rnd_sc_made *,
    const struct rnd_sc_req *, const char *out, char **yaml, struct diags *d);
void rnd_sc_made_free(struct rnd_sc_made *);
/* FILE.pdf (.png, .svg) → FILE.yaml (caller frees). */
char *rnd_scenario_yaml_path(const char *pdf);
/* 1 when two paths name the same file. */
int rnd_same_file(const char *a, const char *b);

/*
 * The short marks of the unit types on the map, indexed by type, unique
 * among the types a scenario fields: the initials of the name ("Machine
 * Gun" → "MG"), longer where two would clash ("Squad", "Sherman" → "Sq",
 * "Sh"), a number where even that clashes; letters of any script.
 * Caller frees.
 */
#define RND_MARK_SZ 24
char (*rnd_unit_marks(const struct ruleset *,
    const struct scenario *))[RND_MARK_SZ];

/* scenario's own options (their rows in product.c) and what its command
 * (src/cli/cmd_scenario.c) adds to them. */
struct sopts {
	struct sc_request rq;
	long games;
	int balanced, jobs, quiet;
	json_t *json; /* --json: what was made goes here, not on stdout */
	const char *paper, *out, *table;
	const char *tmpl; /* --template, or NULL */
	const char *from; /* --from FILE.yaml: read, do not generate */
	char *table_opt, *points_opt; /* "scenario: --table 1x1mm" … */
	FILE *dump;                   /* --dump */
};

#endif
