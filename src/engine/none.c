/*
 * none.c: the print-only family (engine: none, or no engine at all).
 * It plays nothing and has no rules, but it is a row of the family
 * table like the others, so that every ruleset that names no engine
 * has a family, and what asks for one need not ask first whether
 * there is one.
 */
#include <stdio.h>

#include "engine.h"

/* Every stat the ruleset gives is shown, and no odds. */
static const struct eng_show show_none = {
	.print_only = 1,
	.stats = ENG_STAT_ALL,
	.weapon_destroys = 0,
	.weapon_hits_on = 1,
	/* It plays no rule of sight: the tables' common one, woods and
	 * hills a line may see into but not through (as the families
	 * that shoot over terrain, firepower and dice, play it). */
	.sight_limits = (1u << RS_TERRAIN_WOOD) | (1u << RS_TERRAIN_HILL),
};

/* No play_turn: eng_ctx_new() prepares no engine for it. */
const struct eng_family eng_none = {
	.name = "none",
	.show = &show_none,
};
