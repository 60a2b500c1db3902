/*
 * dice_odds.h: private to the dice family (dice.c, dice_odds.c) — its
 * exact odds, as GMP rationals: for each weapon against each unit type
 * the chance one attack removes a wound and the distribution of the
 * damage of a whole volley (capped at the target's Wounds), and for each
 * pair of unit types the outcome of one opposed melee roll, or of a melee
 * by accumulated hits or the pipeline fought to its end (dice_melee.c).
 */
#ifndef SANDTABLE_DICE_ODDS_H
#define SANDTABLE_DICE_ODDS_H

#include "dice_tables.h"

/*
 * The memo (dice_volley.c): each distinct expression's distribution and
 * each distinct volley of a ruleset worked out once, kept with its
 * tables (dt_tables.memo) until dt_free(). A volley is its weapon's
 * Attacks and Damage expressions, the chance q that one attack gets
 * through (pipeline) or the modifier and halving of accumulated hits,
 * and the cap: the same weapon at unit types whose steps multiply to the
 * same q shares one. At most DO_MEMO_LIMBS limbs of numbers are kept;
 * past that a volley is worked out for its caller alone.
 */
#define DO_MEMO_LIMBS (1u << 23)
/*
 * One attack whose rolls have triggers (FORMAT.md, Keywords: extra hits
 * and mortal wounds): what its to hit roll gives, and what each hit
 * that goes on then does. Such a volley is no longer attacks each
 * through with one chance, and takes the general path (dice_volley.c).
 */
struct do_shape {
	mpq_t hit[DT_ROLL__N]; /* the to hit roll's results */
	mpq_t go[3];           /* a hit that goes on as DT_ROLL_PLAIN, _WOUNDS,
	                * _NO_SAVE (go[res - DT_ROLL_PLAIN]): P(it is an
	                * unsaved wound, which takes its Damage) */
	mpq_t mortal; /* a plain hit: P(mortal wounds on its wound roll) */
	int extra;    /* the extra hits of a DT_ROLL_*_X hit */
	int mortal_hit, mortal_wound; /* the mortal wounds of each roll */
	int on;                       /* a trigger can act: the general path */
};
void do_shape_init(struct do_shape *);
void do_shape_clear(struct do_shape *);
/* P(one attack of shape sh takes at least one Wound), pos P(Damage >=
 * 1), into out. */
void do_shape_p_attack(const struct do_shape *sh, const mpq_t pos, mpq_t out);
struct dv_expr;
struct do_volley {
	struct dv_expr *att, *dmg; /* the memo's expressions (dmg: pipeline) */
	int accumulated, mod, half;
	int wpm; /* the target's Wounds a model when a model's excess
	                 * damage is lost (dt_excess_lost); 0: none */
	mpq_t q; /* pipeline: one attack through; accumulated: 0 */
	struct do_shape *sh; /* the attack's triggers (the general path);
	                      * NULL: none, each attack through with q */
	int cap;             /* the target's Wounds (left) */
	mpq_t *p;            /* P(damage = k), k = 0..cap (cap: removed) */
	mpq_t mean;          /* of the capped damage */
	mpq_t p_attack;      /* one attack takes at least one Wound */
	size_t doc; /* bytes of its text in the odds document; 0: unknown */
	struct do_volley *next;
};
/* The volley of w into a volley the memo keeps (*own 0) or the caller's
 * to free with do_volley_free() (*own 1); NULL when an expression has no
 * distribution. */
struct do_volley *do_volley_get(const struct dt_tables *,
    const struct dt_weapon *w, int models, int accumulated, const mpq_t q,
    const struct do_shape *sh, int mod, int half, int cap, int wpm, int *own);
void do_volley_free(struct do_volley *);
/* The distribution of x, kept by the memo: no free; NULL when it has
 * none. */
const struct dx_dist *do_dist(const struct dt_tables *, const struct dx *x);
/* P(x >= 1) into out (initialised); 0, or -1 when x has no
 * distribution. */
int do_p_positive(const struct dt_tables *, const struct dx *x, mpq_t out);

/* One weapon's volley at one unit type. */
struct do_fire {
	mpq_t p_hit, p_wound, p_unsaved; /* the steps of one attack */
	mpq_t p_attack;      /* one attack removes at least one wound */
	int wounds;          /* the target's Wounds: the cap of damage */
	const mpq_t *damage; /* P(damage = k), k = 0..wounds (wounds:
	                        * removed): v's */
	mpq_t expected;      /* the mean of the capped damage */
	int cannot_wound;    /* the Wound table's cell is - */
	struct do_volley *v; /* the volley: the memo's, or own */
	int own;
};
void do_fire_init(struct do_fire *);
void do_fire_clear(struct do_fire *);
/* The volley of weapon w at unit type target in f (initialised), each
 * To hit roll (or the hits, accumulated) changed by mod, against the
 * Wounds it has left (left; 0 or less: whole), made by a unit of models
 * models (its Attacks rolled once for each; 1 or less: once). Returns 0, or -1 when an
 * expression has no distribution. */
int do_fire_odds(const struct ruleset *, const struct dt_tables *, int w,
    int target, int mod, int left, int models, struct do_fire *);
/* The same without the volley: one attack's steps and p_attack only (no
 * damage), which are all the odds panels and most findings read. */
int do_fire_steps(const struct ruleset *, const struct dt_tables *, int w,
    int target, int mod, struct do_fire *);

/* The chance one attack of weapon w gets through to unit type target
 * (hit, wounded, not saved, with their keywords; no modifiers): what the
 * greedy player weighs a shot by. */
double do_attack_chance(const struct ruleset *, const struct dt_tables *,
    int w, int target);
/* The Wounds one attack of weapon w at unit type target takes on
 * average (no modifiers, no cap), dmg its Damage's mean: q dmg without
 * triggers; with them its unsaved wounds times dmg and its mortal
 * wounds. */
double do_attack_mean(const struct ruleset *, const struct dt_tables *, int w,
    int target, double dmg);

/* A unit type's Combat factor against another's class (0: none). */
int do_factor(const struct dt_tables *, const struct ruleset *, int unit,
    int enemy);
/* One opposed melee roll of attacker a against defender b: roll is the
 * melee roll's distribution, each side adds its factor. o is cleared
 * with dx_opposed_clear(). */
void do_melee_odds(const struct ruleset *, const struct dt_tables *,
    const struct dx_dist *roll, int a, int b, struct dx_opposed *o);

/* One opposed roll of the roll plus fa against the roll plus fb. */
void do_opposed(const struct dx_dist *roll, int fa, int fb,
    struct dx_opposed *o);
/* The same for the ruleset's melee roll, kept by the memo (no clear);
 * NULL when the roll has no distribution. */
const struct dx_opposed *do_opposed_pair(const struct dt_tables *, int fa,
    int fb);

/*
 * A melee by accumulated hits or the pipeline (dice_melee.c), of unit
 * type a (the attacker: it strikes first) with wa Wounds left against
 * b with wb, fought round by round until a unit is removed: the first
 * round's losses, and when wa * wb <= limit the chances of each end and
 * the mean number of rounds. The work of a pair grows as P wa wb (wa +
 * wb), P the places of the turns' order (1, 2 or 4), and its fractions
 * with it: a pair is worked out while wa * wb <= DO_CHAIN_MAX, and all
 * pairs of a ruleset together within DO_CHAIN_WORK such steps, the
 * limit lowered for the smaller pairs to fit (do_chain_limit();
 * FORMAT.md, limits).
 */
#define DO_CHAIN_MAX 400
#define DO_CHAIN_WORK 200000
/* The work of the pair weighed by the size of its fractions (strikes of
 * many dice make large ones): P wa wb (wa + wb) (1 + (L / 8)^2), L the
 * limbs a value of its chain may take; a unit of it is some 0.06 to 0.25
 * microseconds. A pair alone past DO_CHAIN_PAIR is not worked out, and
 * all pairs together within DO_CHAIN_WEIGHED as within DO_CHAIN_WORK. */
#define DO_CHAIN_PAIR 4e6
#define DO_CHAIN_WEIGHED 8e6
double do_chain_work(const struct eng_ctx *, int a, int b, int wa, int wb);
struct do_fight {
	int wa, wb;     /* Wounds left at the start */
	mpq_t *a_loses; /* the first round: P(a loses k), k = 0..wa */
	mpq_t *b_loses; /* the same for b, k = 0..wb */
	int resolves;   /* 0: neither can ever remove the other */
	int chained;    /* the ends below were worked out */
	int heavy;      /* not: its fractions past the budget alone */
	mpq_t a_wins;   /* b removed, a stands */
	mpq_t b_wins;   /* a removed, b stands */
	mpq_t both;     /* both removed in one round (accumulated) */
	mpq_t rounds;   /* the mean number of rounds fought */
};
/*
 * The strikes of each unit type at each, kept while a hook works out
 * many pairs (unit types whose weapons that reach the contact distance
 * are the same strike alike, by accumulated hits all do; unit types of
 * the same Wounds, and by the pipeline the same Toughness and Save, are
 * struck alike), at most DO_STRIKES_KEPT values: past that they are
 * worked out again. So are the melees of pairs whose strikes each way
 * and Wounds are the same: 65,536 pairs of 256 unit types are a few
 * different melees.
 */
#define DO_STRIKES_KEPT (1u << 20)
#define DO_FIGHT_SLOTS 4096 /* hash buckets of melees kept */
struct do_fight_kept;
struct do_strikes {
	const struct eng_ctx *c;
	int n;
	int *rep;    /* the first unit type striking as this one */
	int *trep;   /* the first unit type struck as this one */
	mpq_t **v;   /* [rep * n + trep]: P(k), k = 0..its Wounds */
	size_t kept; /* values held */
	struct do_fight_kept **fights; /* the melees kept */
	size_t fkept;                  /* their values */
	struct do_fight scratch;       /* a melee not kept */
	mpq_t *sscratch;               /* a strike not kept */
	int sfull;                     /* its Wounds */
};
void do_strikes_init(struct do_strikes *, const struct eng_ctx *);
/* x's strike at y in m: P(y loses k), k = 0..y's full Wounds (the last:
 * all of them); it lasts until m is cleared, or when m is full until the
 * next call. NULL when an expression has no distribution. */
mpq_t *do_strike_get(const struct eng_ctx *, struct do_strikes *, int x,
    int y);
void do_strikes_clear(struct do_strikes *);
void do_fight_init(struct do_fight *);
void do_fight_clear(struct do_fight *);
/* The melee of a and b in f (initialised) under the ruleset's melee
 * and turn (c->fam_data; the pipeline's weapons by c->wrange and
 * c->melee_range); limit 0: the first round only; m: strikes kept
 * (NULL: none). Returns 0, or -1 when an expression has no
 * distribution. */
int do_fight_odds(const struct eng_ctx *, int a, int b, int wa, int wb,
    int limit, struct do_strikes *m, struct do_fight *);
/* The same melee kept in m (read only; it lasts until m is cleared, or
 * when m is full until the next call); NULL when an expression has no
 * distribution. */
const struct do_fight *do_fight_get(const struct eng_ctx *, int a, int b,
    int wa, int wb, int limit, struct do_strikes *m);
/* The largest wa * wb worked out to the end for the ruleset of c: at
 * most DO_CHAIN_MAX, and all pairs of unit types from full Wounds
 * within DO_CHAIN_WORK. */
int do_chain_limit(const struct eng_ctx *);

/* The family's own state of a game (eng_game.fam_state): the Wounds
 * each unit of the game's contest (eng_game.contest: a, b) had taken
 * when it began, which a test game's odds start from; and a test game's
 * activations under turn: units or order dice (dice_play.c), each 1
 * more than it is so that a new game's zeros say none: the side that
 * leads the game turn, the side of the last activation, the unit
 * activated now, the side of an order die drawn and not yet used. */
struct dp_state {
	int taken_a, taken_b;
	int lead, last, cur, drawn;
	/* The step of the sequence of play a side's turn has come to, for
	 * a test game's steps (DP_PHASE_*): no move after a volley, no
	 * volley after a melee. */
	int phase;
	/* Each unit's markers (DT_MK_COUNT), and those the contest's two
	 * units carried when it began. */
	uint64_t mk[ENG_MAX_UNITS];
	uint64_t mk_a, mk_b;
};

/* The family's hooks (eng_family, eng_show). */
int do_contest_odds(const struct eng_game *, const struct eng_contest *,
    const char *key, struct eng_q *);
void do_odds(const struct eng_ctx *, struct eng_odds *);
void do_findings(const struct eng_ctx *, const struct eng_stats *,
    struct diags *);
/* Self-play's tallies (DI_TALLY_*) against their exact chances. */
void do_outcomes(const struct eng_ctx *, const struct eng_stats *,
    struct eng_outcomes *);
void do_tables(const struct eng_ctx *, enum eng_tables_for,
    struct eng_tables *);
void do_odds_doc(const struct eng_ctx *, const char *a, const char *b,
    const struct eng_emit *);
size_t do_odds_size(const struct eng_ctx *, const char *a, const char *b,
    size_t limit);

#endif
