/*
 * play.h: scenarios played through the engine (play.c) — the games the
 * balance search and `sandtable play --scenario` use, and unit values
 * from the engine's exact odds and self-play.
 */
#ifndef SANDTABLE_SCENARIO_PLAY_H
#define SANDTABLE_SCENARIO_PLAY_H

#include "../engine/engine.h"
#include "scenario.h"

struct sc_engine; /* a ruleset prepared for play */

/* Prepare a ruleset; NULL when its engine is not played (a note or an
 * error in diags says why). */
struct sc_engine *sc_engine_new(const struct ruleset *, struct diags *);
/* The same over a context prepared already, and its exact odds (NULL:
 * worked out when needed), both the caller's and outliving it (a run
 * that makes several products prepares the engine once). */
struct sc_engine *sc_engine_share(const struct eng_ctx *,
    const struct eng_odds *);
void sc_engine_free(struct sc_engine *);
/* The games of scenarios through this engine, for sc_measure and
 * sc_balance. */
struct sc_games sc_engine_games(struct sc_engine *);
/*
 * The engine board of a battlefield for a ruleset (its grid), terrain
 * as circles, bands and rectangles. Returns 0, or -1 with *why.
 */
int sc_board(const struct ruleset *, const struct battlefield *,
    struct eng_board *, const char **why);
/*
 * Unit values from exact odds and about `games` self-play games in all
 * (see play.c). Returns 0, or -1 when the ruleset has no units.
 */
int sc_unit_values(struct sc_engine *, long games, uint64_t seed, int jobs,
    struct sc_values *);

#endif
