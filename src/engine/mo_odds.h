/*
 * mo_odds.h: exact odds of the morale family (rulesets with
 * "engine: morale", e.g. Gauntlet Ancients). Pure functions of the
 * ruleset model: hit distributions of fire and melee dice, the chance of
 * passing a morale test, and melee outcomes between two units.
 *
 * Every probability in this family is a fraction whose denominator is
 * 2^a 3^b (six-sided dice, saving throws of 1/2, tie-breaks of 1/2), so
 * it is kept exactly as a big natural number over 2^a 3^b.
 */
#ifndef SANDTABLE_MO_ODDS_H
#define SANDTABLE_MO_ODDS_H

#include <stdint.h>

#include <gmp.h>

#include "../ruleset/ruleset.h"

#define MO_QLIMBS 20   /* 640 bits: enough for 2 x 20 dice with saves */
#define MO_MAX_DICE 20 /* the reader caps Fire dice and Melee dice at 20 */

/* An exact probability n / (2^a 3^b), kept reduced. */
struct mo_q {
	uint32_t n[MO_QLIMBS]; /* little-endian limbs */
	int a, b;
};

/* x = num / (2^a 3^b). */
void mo_q_set(struct mo_q *x, uint32_t num, int a, int b);
/* r = x + y; r may alias either. */
void mo_q_add(struct mo_q *r, const struct mo_q *x, const struct mo_q *y);
/* r = x - y for x >= y (aborts otherwise); r may alias either. */
void mo_q_sub(struct mo_q *r, const struct mo_q *x, const struct mo_q *y);
/* r = x * y; r may alias either. */
void mo_q_mul(struct mo_q *r, const struct mo_q *x, const struct mo_q *y);
/* Returns <0, 0, >0 as x is less than, equal to or greater than y. */
int mo_q_cmp(const struct mo_q *x, const struct mo_q *y);
/* r = x exactly, for the odds the family gives the core. */
void mo_q_to_mpq(const struct mo_q *x, mpq_t r);
/* Returns the nearest double. */
double mo_q_double(const struct mo_q *x);
/* Returns x as "n/d" ("0" and "1" for those values); caller frees. */
char *mo_q_str(const struct mo_q *x);

/* A distribution of hits: p[h] for h = 0..max. */
struct mo_dist {
	int max;
	struct mo_q p[MO_MAX_DICE + 1];
};

/*
 * Faces of a d6 that hit with a die modifier: the score is changed first
 * and a modified score of 6 or more hits (Clarification 8), so +1 hits
 * on 5-6 and -1 never hits.
 */
int mo_hit_faces(int die_mod);
/*
 * The exact distribution of hits from dice d6 with die_mod on each die;
 * saved: the faces of the target's saving throw, 0 when it does not
 * save (the roller is steady); 3 for the sources' 4-6.
 */
void mo_hits_dist(struct mo_dist *, int dice, int die_mod, int saved);
/* The faces of rs's saving throw (the setting saving_throw): 3 for 4-6. */
int mo_save_faces(const struct ruleset *);
/* Returns the chance that a morale test is passed: one die, failed when
 * it scores higher than morale + mod_total. */
void mo_morale_pass(struct mo_q *, int morale, int mod_total);

/* One round of melee between A and D. */
struct mo_melee {
	struct mo_dist a_hits, d_hits; /* hits scored by A, by D */
	struct mo_q a_wins, d_wins;    /* who wins the round */
	struct mo_q tiebreak;          /* the hits were equal */
};

/*
 * Exact outcome of one melee round (Melee: "The fight"): more hits wins;
 * equal hits go to one die each, rolled again when equal, so 1/2 each.
 */
void mo_melee_odds(struct mo_melee *, int a_dice, int a_mod, int a_saved,
    int d_dice, int d_mod, int d_saved);

/*
 * The total melee die modifier of a unit type from the ruleset's Melee
 * modifiers table (pike_front when fighting to its front, armoured,
 * levy); keys missing from the table count 0.
 */
int mo_melee_die_mod(const struct ruleset *, const struct rs_unit *,
    int to_front);
/* The total fire die modifier (the Fire modifiers table, by trait key). */
int mo_fire_die_mod(const struct ruleset *, const struct rs_unit *);

#endif
