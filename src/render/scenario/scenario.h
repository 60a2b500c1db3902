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

#include "../../scenario/scenario.h"
#include "../render.h"

struct rnd_scenario_opts {
	const char *paper;           /* --paper, or NULL */
	const struct sc_values *val; /* unit points (NULL: not printed) */
	int balanced;     /* -1 not asked, 0 not reached, 1 reached */
	const char *tmpl; /* NAME|PATH: -t, else the product row's */
};

/*
 * Write the briefing to path atomically. Returns 0 written, -1 failed
 * (error in diags).
 */
int rnd_scenario(const struct ruleset *, const struct scenario *,
    const char *path, const struct rnd_scenario_opts *, struct diags *);

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

#endif
