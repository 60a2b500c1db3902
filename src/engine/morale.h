/*
 * morale.h: internal header of the morale rule family (morale.c and the
 * morale_*.c files of its rules): rule ids, the prepared per-ruleset
 * data and the per-game state kept in eng_game.fam_state. Unit tests
 * include it to inspect a game; what only the family's files share is in
 * morale_internal.h.
 */
#ifndef SANDTABLE_MORALE_H
#define SANDTABLE_MORALE_H

#include "engine.h"
#include "mo_odds.h"

/* Rule ids (coverage); names in mo_rules[] of morale.c. */
enum mo_rule {
	MO_R_INITIATIVE,
	MO_R_SEQUENCE,
	MO_R_MOVE,
	MO_R_MOVE_BONUS,
	MO_R_MOVE_STOP,
	MO_R_MOVE_NO_CLOSER,
	MO_R_FALL_BACK,
	MO_R_ROUT_MOVE,
	MO_R_OFF_TABLE,
	MO_R_FORCED_BLOCKED,
	MO_R_FORCED_EDGE,
	MO_R_FIRE,
	MO_R_FIRE_HOLD,
	MO_R_FIRE_FLANK,
	MO_R_SAVE,
	MO_R_PRE_FIRE,
	MO_R_MORALE_POINT,
	MO_R_DISORDER,
	MO_R_ROUT,
	MO_R_DISPERSED,
	MO_R_ONLY_DEFEND,
	MO_R_RALLY_ROUT,
	MO_R_RALLY_ROUT_FAIL,
	MO_R_RALLY_DISORDER,
	MO_R_RALLY_DISORDER_FAIL,
	MO_R_RALLY_NEVER,
	MO_R_CHARGE_TEST,
	MO_R_CHARGE_FAIL,
	MO_R_TARGET_TEST,
	MO_R_TARGET_ROUTS,
	MO_R_FRONT_FLANK,
	MO_R_TURN,
	MO_R_PIKE_NO_TURN,
	MO_R_EVADE,
	MO_R_CAUGHT,
	MO_R_NO_STRIKE,
	MO_R_MELEE,
	MO_R_LOSER,
	MO_R_LOSER_ROUTS,
	MO_R_TIEBREAK,
	MO_R_TIEBREAK_AGAIN,
	MO_R_MOD_DISORDERED,
	MO_R_MOD_BY_CAVALRY,
	MO_R_MOD_FIRED_FLANK,
	MO_R_MOD_BY_ELEPHANTS,
	MO_R_MOD_FROM_FLANK,
	MO_R_MOD_UNSUPPORTED,
	MO_R_MOD_HIGHER,
	MO_R_MOD_FORT,
	MO_R_MOD_MELEEING_FLANK,
	MO_R_MOD_ROUTING,
	MO_R_DIE_PIKE,
	MO_R_DIE_ARMOURED,
	MO_R_DIE_LEVY,
	MO_R_END_BROKEN,
	MO_R_END_ARMY_BREAKS,
	MO_R_END_LIMIT,
	MO_R__N
};

/* The Morale modifiers table's keys the engine knows. */
enum mo_mod {
	MO_MOD_DISORDERED,
	MO_MOD_MELEED_BY_CAVALRY,
	MO_MOD_FIRED_ON_FLANK,
	MO_MOD_CAV_BY_ELEPHANTS,
	MO_MOD_MELEED_FROM_FLANK,
	MO_MOD_UNSUPPORTED,
	MO_MOD_HIGHER_GROUND,
	MO_MOD_FORTIFICATIONS,
	MO_MOD_MELEEING_FLANK,
	MO_MOD_ROUTING,
	MO_MOD__N
};

/* The steps of the Sequence of play the engine knows. */
enum mo_phase {
	MO_PH_MOVEMENT,
	MO_PH_FIRING,
	MO_PH_RALLY,
	MO_PH_PRE_FIRING,
	MO_PH_PRE_MORALE,
	MO_PH_MELEE,
	MO_PH_RECORD,
	MO_PH__N
};

/* The Melee modifiers table's keys the engine knows (mo_ctx.die_mod). */
enum mo_die { MO_DIE_PIKE_FRONT, MO_DIE_ARMOURED, MO_DIE_LEVY, MO_DIE__N };

/* The family's settings, in the order of mo_settings[] (morale.c). */
enum mo_set {
	MO_SET_HALT,
	MO_SET_FREE_BONUS,
	MO_SET_FREE_CLEAR,
	MO_SET_SUPPORT,
	MO_SET_SAVE,
	MO_SET_HITS
};

/* A unit type's columns of the family's own (Morale, Fire dice, Melee
 * dice), read from its cells (mo_unit_cols); 0: none, or not a number
 * (mo_check says so). */
struct mo_cols {
	int grade, fire, melee;
};
/* The Units table's columns of its own, as mo_unit_cols() reads them. */
extern const char *const mo_unit_col_names[];
void mo_unit_cols(const struct ruleset *, const struct rs_unit *,
    struct mo_cols *);
/* Each of them alone. */
int mo_grade(const struct ruleset *, const struct rs_unit *);
int mo_fire_dice(const struct ruleset *, const struct rs_unit *);
int mo_melee_dice(const struct ruleset *, const struct rs_unit *);

/* Per ruleset, read-only (eng_ctx.fam_data). */
struct mo_ctx {
	int phase[16]; /* the ruleset's sequence */
	int nphase;
	int morale_mod[MO_MOD__N]; /* values from the Morale modifiers */
	int has_morale_mod[MO_MOD__N];
	int hits_per_morale;
	/* Movement's 30mm halt and the Morale modifiers' 60mm support, in
	 * board units; engaged_dist2: (stop_dist + 1e-3) squared, within
	 * which a unit is engaged (engaged()). */
	double stop_dist, support_dist;
	double engaged_dist2;
	/* Clarification 15: a move gains free_bonus (1.5: half again) when
	 * no enemy is within free_clear moves (2); the settings. */
	double free_bonus, free_clear;
	unsigned save_mask;     /* faces that save (bit f: face f) */
	int save_faces;         /* how many (3: the sources' 4-6) */
	int die_mod[MO_DIE__N]; /* values from the Melee modifiers */
	int has_die_mod[MO_DIE__N];
	int fire_mod[RS_MAX_UNITS]; /* fire die modifier per unit type */
	struct mo_cols cols[RS_MAX_UNITS]; /* each type's own columns */
	/* The greedy player's chance that a charger of type a beats a
	 * defender of type d (to its front, defender facing it). */
	float p_win[RS_MAX_UNITS][RS_MAX_UNITS];
};

/*
 * g->tally, summed by self-play so that tests can hold the frequencies
 * against the exact odds: hits of each volley of fire by dice (0..6),
 * saved (0/1) and hits (0..6), for dice without modifiers; and single
 * charger melee rounds without modifiers or saving throws by the dice of
 * each side (0..6) and who won (1: the charger).
 */
#define MO_TALLY_FIRE(dice, saved, hits) (((dice)*2 + (saved)) * 7 + (hits))
#define MO_TALLY_MELEE(ad, dd, win) (98 + ((ad)*7 + (dd)) * 2 + (win))

/* eng_unit.c[] slots. */
enum { MO_C_GRADE, MO_C_FOE, MO_C_CHARGE, MO_C_TURN };

/* Bits of eng_unit.c[MO_C_TURN], cleared at the end of each turn. */
enum {
	MO_T_FLANK_FIRED = 1 << 0,  /* fired on from a flank this turn */
	MO_T_NEW_DISORDER = 1 << 1, /* disorganised this turn */
	MO_T_NO_STRIKE = 1 << 2,    /* meleed without striking back */
	MO_T_PASSED = 1 << 3,       /* charger passed its test to close */
	MO_T_TARGET = 1 << 4,       /* charged this turn */
	MO_T_EVADED = 1 << 5,
	MO_T_TRIED = 1 << 6, /* tried to rally this turn */
};

/* A unit's state under the Morale rules, in the flag bits the core
 * leaves to the family (eng_unit.flags). */
#define MO_UF_DISORDERED ENG_UF_FAMILY1
#define MO_UF_ROUTING ENG_UF_FAMILY2
#define MO_UF_RALLIED ENG_UF_FAMILY3    /* rallied from a rout */
#define MO_UF_LOST_MELEE ENG_UF_FAMILY4 /* falls back next turn */

/*
 * Per game (eng_game.fam_state). Besides each unit's hits and morale,
 * the hits pending and the first contest, it holds what makes the family
 * fast (morale_space.c): each unit's centre and half base copied beside
 * the core's, by unit and by side, the squared distances between
 * enemies, each unit's nearest enemy, float boxes for quick overlap
 * tests, and the sine and cosine of each unit's facing. None of it changes a rule; all of it follows the
 * units as they move (place(), mo_remove()).
 */
struct mo_state {
	int16_t pending_hits[ENG_MAX_UNITS]; /* applied at the step's end */
	/* Each unit's nearest enemy on the table (-1: none) and the squared
	 * distance to it, kept up to date as units move; nearest_known:
	 * worked out at all; bit i of nearest_stale: unit i's is not. */
	double nearest_dist2[ENG_MAX_UNITS];
	int8_t nearest[ENG_MAX_UNITS];
	uint64_t nearest_stale;
	int nearest_known;
	/* Sine and cosine of each unit's facing, for the facing trig_facing
	 * they were worked out for (bit i of trig_valid: valid). */
	float trig_facing[ENG_MAX_UNITS], facing_sin[ENG_MAX_UNITS];
	float facing_cos[ENG_MAX_UNITS];
	uint64_t trig_valid;
	/* The units of each side, by index (side_unit[s][0 ..
	 * side_count[s] - 1]), and each unit's half base (made at setup);
	 * on_grid: the board is a grid. */
	int8_t side_count[2], side_unit[2][ENG_MAX_UNITS];
	double half_w[ENG_MAX_UNITS], half_d[ENG_MAX_UNITS];
	int on_grid;
	/* Each unit's centre, kept beside the core's as units move (the
	 * family's hot loops read these). */
	double centre_x[ENG_MAX_UNITS], centre_y[ENG_MAX_UNITS];
	int8_t side_place[ENG_MAX_UNITS];   /* unit i's k in side_unit[side] */
	int8_t side_first[2], side_last[2]; /* lowest, highest unit index */
	/* The centres and half bases again by side and place in side_unit[]
	 * (side_x[s][side_place[i]] is centre_x[i]), so that a moving unit's
	 * distances to the enemies are worked out two at a time
	 * (moved_on_free_table()). One side may hold all but one of the
	 * units (a test game of 40 against 2). */
	_Alignas(16) double side_x[2][ENG_MAX_UNITS];
	_Alignas(16) double side_y[2][ENG_MAX_UNITS];
	_Alignas(16) double side_half_w[2][ENG_MAX_UNITS];
	_Alignas(16) double side_half_d[2][ENG_MAX_UNITS];
	/* Each unit's base as a float box a little larger than the base,
	 * for a quick overlap test four units at a time
	 * (boxes_meeting()). */
	_Alignas(16) float box_x0[ENG_MAX_UNITS], box_x1[ENG_MAX_UNITS];
	_Alignas(16) float box_y0[ENG_MAX_UNITS], box_y1[ENG_MAX_UNITS];
	uint64_t alive_mask;   /* bit i: unit i is on the table */
	uint64_t side_mask[2]; /* bit i: unit i is of the side */
	uint64_t pending_mask; /* bit i: pending_hits[i] may be set */
	double fire_range[ENG_MAX_UNITS]; /* fire_range() of each unit */
	/* The offsets towards which each unit was last faced (face_to()):
	 * its facing when eng_unit.facing is INFINITY. */
	double faced_dx[ENG_MAX_UNITS], faced_dy[ENG_MAX_UNITS];
	int contest_recorded; /* the first contest is recorded */
	/* Bit c of charged_by[t]: unit c charged unit t when the charges
	 * were settled (charges are only dropped after that). */
	uint64_t charged_by[ENG_MAX_UNITS];
	/* The fighting units (those that may charge) each side brought
	 * to the battle, for its break point. */
	int fit_at_start[2];
	/* The first fire or melee: what its exact odds are about, for the
	 * attacker (the shooter, or the charger facing the target) and the
	 * defender; contest_chargers: the chargers in the melee. */
	int contest_att_dice, contest_att_mod, contest_att_saved;
	int contest_def_dice, contest_def_mod, contest_def_saved;
	int contest_chargers;
	/* A test game's place in the sequence of play this turn: twice the
	 * step's place in the ruleset's sequence, plus one once the whole
	 * step has been run (mo_step()); 0 at each Record. */
	int script_at;
	/* Its Movement step: 1 once the forced moves are made, 2 once a
	 * free move is (forced moves come first, once). */
	int script_moves;
	/* Last, as mo_setup() clears only what comes before it: the
	 * squared distance (dist2()) between every unit and each enemy,
	 * kept up to date as units move (entries of units off the table
	 * may be stale): enemy_dist2[s][side_place[i] * side_count[1 - s] +
	 * k] for unit i of side s and the k-th unit of the other side (at
	 * most 32 x 32 pairs, as the sides share ENG_MAX_UNITS). */
	double enemy_dist2[2][ENG_MAX_UNITS / 2 * ENG_MAX_UNITS / 2];
	/* Each unit's hits taken and its current morale (its grade less a
	 * point for every hits_per_morale hits), worked out at setup from
	 * the hits: none, or what a test game's units were given
	 * (keyed_hits: a unit key set some, before setup; a test game's
	 * state starts all zero, and self-play never sets it). */
	int16_t hits[ENG_MAX_UNITS], morale[ENG_MAX_UNITS];
	int keyed_hits;
	/* The army break point (%; 0: none, a side is beaten when it has
	 * no fighting unit left): the ruleset's battle: break, or in a
	 * test game its own break: (keyed_break: mo_test_keys() set it,
	 * before setup). */
	int break_pct, keyed_break;
};

extern const struct eng_family eng_morale;

/* Run one step of the sequence on g (test games and self-play);
 * scripted: no player decisions (test games). */
void mo_phase_run(struct eng_game *, enum mo_phase, int scripted);
/* The phase named (case-insensitive), or -1. */
int mo_phase_find(const char *);

/* What the products show of the family (mo_show.c), and its odds
 * document of `sandtable odds` (mo_odds_doc.c). */
extern const struct eng_show mo_show;
void mo_odds_doc(const struct eng_ctx *, const char *a, const char *b,
    const struct eng_emit *);

#endif
