/* firepower.h: the firepower family's rule ids and odds, for tests and
 * the check pipeline (internal to src/engine and its tests). */
#ifndef SANDTABLE_FIREPOWER_H
#define SANDTABLE_FIREPOWER_H

#include "engine.h"

enum fp_rule {
	FP_R_INITIATIVE, /* rule 0 of every family: eng_initiative() */
	FP_R_ALTERNATE,
	FP_R_END_ANNIHILATION,
	FP_R_END_TURN_LIMIT,
	FP_R_MOVE_ONCE,
	FP_R_MOVE_ALLOWANCE,
	FP_R_MOVE_MELEE_STOP,
	FP_R_MOVE_BASE_BLOCKS,
	FP_R_MOVE_ROAD,
	FP_R_FIRE_ONCE,
	FP_R_FIRE_HIT,
	FP_R_FIRE_MISS,
	FP_R_FIRE_CLASS,
	FP_R_FIRE_RANGE,
	FP_R_FIRE_SIGHT,
	FP_R_FIRE_INDIRECT,
	FP_R_FIRE_FORD,
	FP_R_FIRE_MELEE_INSTEAD,
	FP_R_FIRE_AFTER_MELEE,
	FP_R_MELEE_COMPULSORY,
	FP_R_MELEE_BLOCKED_END,
	FP_R_MELEE_BOTH,
	FP_R_MELEE_ATTACKER_WINS,
	FP_R_MELEE_DEFENDER_WINS,
	FP_R_MELEE_DRAW,
	FP_R_MELEE_UPHILL,
	FP_R_MELEE_RIVER,
	FP_R_MELEE_FLOOR,
	FP_R_MELEE_RANGE,
	FP_R_MELEE_NO_VEHICLES,
	FP_R_MELEE_ONE_EACH,
	FP_R_VEH_IGNORE_RANGE,
	FP_R_VEH_RUN_DOWN,
	FP_R_VEH_RUN_DOWN_SHORT,
	FP_R_VEH_NO_RUN_DOWN_VEHICLE,
	FP_R_VEH_SCOUT_STOPS,
	FP_R_RIVER_IMPASSABLE,
	FP_R_FORD_STOP,
	FP_R_FORD_LEAVE,
	FP_R__MAX
};

/* Situations of a melee, for the attacker. */
enum { FP_SIT_OPEN, FP_SIT_UPHILL, FP_SIT_RIVER, FP_SIT_UPHILL_RIVER };

/* g->tally: melee results by powers (attacker, defender 0..6), and
 * shots by the number of hitting faces (1..6). */
enum { FP_T_ATT_WINS, FP_T_DEF_WINS, FP_T_BOTH };
#define FP_TALLY_MELEE(pa, pd, r) (((pa)*7 + (pd)) * 3 + (r))
#define FP_TALLY_SHOT(faces, hit) (160 + (faces)*2 + (hit))

extern const struct eng_rule fp_rules[FP_R__MAX];
/* Exact odds of a melee between powers pa (attacker) and pd. */
void fp_melee_odds(int pa, int pd, struct eng_odds_melee *);
const char *fp_situation_name(int);
/* The Units table's columns of its own: Melee (or the sources' word,
 * Melee power). */
extern const char *const fp_unit_cols[];
/* Whether a unit type melees (infantry, artillery; never vehicles). */
int fp_type_melees(const struct ruleset *, const struct rs_unit *);
/* A unit's melee power, its Melee column (the family's own, read from
 * its cell): 0 to 6, -1 none, -2 not a power (fp_check says so). */
int fp_melee(const struct ruleset *, const struct rs_unit *);

/* What the products show of the family (fp_show.c). */
extern const struct eng_show fp_show;

#endif
