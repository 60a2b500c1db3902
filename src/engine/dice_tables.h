/*
 * dice_tables.h: private to the dice family (dice.c, dice_tables.c) —
 * its tables as read and checked from a ruleset: the Combat settings,
 * the Wound table, the Melee outcomes and Quality test tables, and the
 * columns of the Units and Weapons tables it reads from the game's own
 * stats. Every value keeps the place it was written, for the errors of
 * the mechanisms that will play them.
 */
#ifndef SANDTABLE_DICE_TABLES_H
#define SANDTABLE_DICE_TABLES_H

#include "engine.h"
#include "dicex.h"

/* The family's rule ids (dice.c names them; dice_play.c counts them):
 * rule 0 is the initiative roll (eng_initiative). */
enum {
	DI_R_INITIATIVE,
	DI_R_ALTERNATE,
	DI_R_PHASED,
	DI_R_END_ANNIHILATION,
	DI_R_END_TURN_LIMIT,
	DI_R_MOVE_ALLOWANCE,
	DI_R_MOVE_CONTACT_STOP,
	DI_R_SHOOT_RANGE,
	DI_R_SHOOT_SIGHT,
	DI_R_SHOOT_ATTACKS,
	DI_R_SHOOT_HIT,
	DI_R_SHOOT_MISS,
	DI_R_SHOOT_WOUND,
	DI_R_SHOOT_NO_WOUND,
	DI_R_SHOOT_SAVE,
	DI_R_SHOOT_AP,
	DI_R_SHOOT_MODIFIER,
	DI_R_SHOOT_DAMAGE,
	DI_R_SHOOT_REMOVED,
	DI_R_SHOOT_ACCUMULATED,
	DI_R_SHOOT_HALF,
	DI_R_MELEE_CONTACT,
	DI_R_MELEE_OPPOSED,
	DI_R_MELEE_FACTOR_CLASS,
	DI_R_MELEE_MODIFIER,
	DI_R_MELEE_BEATEN,
	DI_R_MELEE_DOUBLE,
	DI_R_MELEE_EQUAL,
	DI_R_MELEE_RECOIL,
	DI_R_MELEE_FALL_BACK,
	DI_R_MELEE_DESTROYED,
	DI_R_MELEE_AGAIN,
	DI_R_MELEE_ACCUMULATED,
	DI_R_MELEE_PIPELINE,
	DI_R_QUALITY_TEST,
	DI_R_QUALITY_BELOW_HALF,
	DI_R_QUALITY_PASSED,
	DI_R_QUALITY_FAILED,
	DI_R_QUALITY_FAILED_BY,
	DI_R_KEYWORD,
	DI_R_KEYWORD_MODIFIER,
	DI_R_KEYWORD_REROLL,
	DI_R_KEYWORD_WOUNDS,
	DI_R_KEYWORD_NO_SAVE,
	DI_R_UNIT_ACTIVATION,
	DI_R_ORDER_DICE,
	DI_R_ACTIVATION_TEST,
	DI_R_ACTIVATION_FAILED,
	DI_R_ACTIVATION_TURN_ENDS,
	DI_R_SHOOT_MODELS,
	DI_R_SHOOT_EXCESS_LOST,
	DI_R_MELEE_AT_ONCE,
	DI_R_MELEE_ATTACKER_ONLY,
	DI_R_MELEE_INITIATIVE,
	DI_R_QUALITY_LOST_MODEL,
	DI_R_QUALITY_WOUNDED,
	DI_R_MELEE_PURSUED,
	DI_R_FACING,
	DI_R_QUALITY_FALL_BACK,
	DI_R_QUALITY_ROUT,
	DI_R_MARKER_PLACED,
	DI_R_MARKER_REMOVED,
	DI_R_MARKER_MODIFIER,
	DI_R_KEYWORD_EXTRA_HITS,
	DI_R_KEYWORD_MORTAL,
	DI_R_SHOOT_CLOSE,
	DI_R__MAX
};

#define DT_MAX_WOUND 32  /* rows (Strength) and columns (Toughness) */
#define DT_MAX_STAT 99   /* Strength, Toughness, Wounds */
#define DT_MAX_FX 4      /* effects in one outcome cell */
#define DT_MAX_AGAIN 10  /* "fight again at most N times" */
#define DT_MAX_MODELS 50 /* models of one unit */
#define DT_MAX_TSIG 64   /* keyed rolls the agreement check tallies */
#define DT_MAX_MOST 10   /* markers of one kind on one unit */

/*
 * Lasting markers (FORMAT.md, Markers; dice_markers.c): the Markers
 * table's Placed column, the events that give a unit one; its Removed
 * column, the ways they go; Most, the most a unit carries. A unit's
 * counts are packed in 64 bits, 4 a marker (RS_MAX_MARKERS of them, each
 * at most DT_MAX_MOST).
 */
enum dt_mk_event {
	DT_MK_SHOT_AT = 1u << 0,     /* a volley aims at it */
	DT_MK_WOUNDED = 1u << 1,     /* it loses Wounds to a volley, a strike
	                              * or a melee round */
	DT_MK_FAILED_TEST = 1u << 2, /* it fails a quality or activation
	                              * test */
	DT_MK_BEATEN = 1u << 3       /* it is beaten in an opposed melee */
};
enum dt_mk_way {
	DT_MK_ONE_END = 1u << 0,    /* one at the end of its side's turn */
	DT_MK_ALL_END = 1u << 1,    /* all at the end of its side's turn */
	DT_MK_ONE_PASSED = 1u << 2, /* one when it passes a test */
	DT_MK_ALL_PASSED = 1u << 3  /* all when it passes a test */
};
struct dt_marker {
	unsigned placed;  /* enum dt_mk_event */
	unsigned removed; /* enum dt_mk_way */
	int most;
};
#define DT_MK_COUNT(m, k) ((int)(((m) >> (4 * (k))) & 15u))
#define DT_MK_SET(m, k, n)                                                    \
	(((m) & ~((uint64_t)15u << (4 * (k)))) | ((uint64_t)(n) << (4 * (k))))

enum dt_shoot { DT_SHOOT_PIPELINE, DT_SHOOT_ACCUMULATED, DT_SHOOT_NONE };
enum dt_melee { DT_MELEE_OPPOSED, DT_MELEE_ACCUMULATED, DT_MELEE_PIPELINE };
/* The turn (FORMAT.md, Play): whole sides, both sides each phase, a
 * unit of each side in turn, a unit of the side whose order die is
 * drawn. */
enum dt_turn {
	DT_TURN_ALTERNATE,
	DT_TURN_PHASED,
	DT_TURN_UNITS,
	DT_TURN_ORDER_DICE
};
/* What a unit that fails its activation test loses: its own action, or
 * its side's activations for the rest of the game turn. */
enum dt_failed { DT_FAILED_UNIT_STAYS, DT_FAILED_TURN_ENDS };
/* Who strikes in a melee by the pipeline (the Combat setting strikes):
 * the attacker, then the other back; both at once, each with the models
 * it had when the round began; the attacker alone; the higher Initiative
 * first, equal ones at once. */
enum dt_strikes {
	DT_STRIKES_FIRST,
	DT_STRIKES_AT_ONCE,
	DT_STRIKES_ONLY,
	DT_STRIKES_INITIATIVE
};
/* When a unit tests its Quality (a mask). */
enum dt_qwhen {
	DT_Q_BELOW_HALF = 1u << 0,
	DT_Q_BEATEN = 1u << 1,
	DT_Q_LOST_MODEL = 1u << 2, /* a unit of models loses one */
	DT_Q_WOUNDED = 1u << 3     /* a unit loses Wounds */
};

/*
 * A dice expression as written in a cell ("d6", "2d6kh1+1", "3"): its
 * text and place, and the expression dicex.c compiled from it.
 */
struct dt_expr {
	const char *text; /* the model's cell; NULL: none written */
	struct pos pos;
	struct dx dx; /* compiled (dicex.h) */
};

/*
 * The conditions of the Fire and Melee modifiers tables (FORMAT.md): a
 * Fire modifier is added to each To hit roll (the hits rolled, when
 * shooting is accumulated); a Melee modifier to the unit's total in an
 * opposed melee, to its roll in an accumulated one, to its weapons' To
 * hit rolls in a pipeline.
 */
enum dt_fmod {
	DT_FM_LONG_RANGE,
	DT_FM_MOVED,
	DT_FM_TARGET_IN_COVER,
	DT_FM_TARGET_UPHILL,
	DT_FM__N
};
enum dt_mmod {
	DT_MM_UPHILL,
	DT_MM_IN_COVER,
	DT_MM_CHARGING,
	DT_MM_BELOW_HALF,
	DT_MM_FLANK, /* the unit fights in its enemy's flank */
	DT_MM_REAR,  /* ... rear */
	DT_MM__N
};
extern const char *const dt_fmod_keys[DT_FM__N];
extern const char *const dt_mmod_keys[DT_MM__N];

/* Results of a melee, rows of the Melee outcomes table; and of a
 * Quality test, rows of the Quality test table. */
enum dt_result {
	DT_RES_BEATEN,
	DT_RES_DOUBLE,
	DT_RES_EQUAL,
	DT_RES_PASSED,
	DT_RES_FAILED,
	DT_RES_FAILED_BY, /* "failed by N or more" (dt_tables.fail_by) */
	DT_RES__MAX
};
enum dt_fx {
	DT_FX_NOTHING,
	DT_FX_RECOIL,
	DT_FX_FALL_BACK,
	DT_FX_DESTROYED,
	DT_FX_BOTH_RECOIL,
	DT_FX_FIGHT_AGAIN,
	DT_FX_TEST,
	DT_FX_ROUT,
	DT_FX_PURSUED /* the winner follows the beaten unit back */
};
struct dt_effect {
	enum dt_fx kind;
	double amount; /* recoil: bases; fall back: mm; fight again: times */
};
struct dt_outcome {
	int given;
	struct pos pos; /* the Effect cell */
	struct dt_effect fx[DT_MAX_FX];
	int nfx;
};

/*
 * Keywords (dice_keywords.c): a row of the Keywords table is a name
 * ("Deadly", "Deadly(X)" when it takes a number), the roll it acts on and
 * its effects; a weapon's or a unit's Keywords cell a list of them with
 * their X. A roll made with its keywords is a struct dt_roll.
 */
#define DT_MAX_KEYWORDS 32 /* rows of the Keywords table */
#define DT_MAX_KW_PER 8    /* keywords of one weapon or unit */
#define DT_MAX_KFX 4       /* effects of one keyword */
#define DT_MAX_KW_NAME 40  /* characters of a keyword's name */
enum dt_step {
	DT_STEP_HIT,
	DT_STEP_WOUND,
	DT_STEP_SAVE,
	DT_STEP_TEST,
	DT_STEP__N
};
enum dt_kfx_kind {
	DT_KFX_MOD,          /* +n: the face needed n lower */
	DT_KFX_REROLL_FAILS, /* a failed roll is rolled again, once */
	DT_KFX_REROLL_ONES,  /* a natural 1 is rolled again, once */
	DT_KFX_ALWAYS,       /* a natural n or more succeeds */
	DT_KFX_NEVER,        /* a natural n or less fails */
	DT_KFX_WOUNDS,       /* to hit: a success on n+ wounds, no roll */
	DT_KFX_NO_SAVE,      /* a success on n+ cannot be saved */
	DT_KFX_EXTRA_HITS,   /* to hit: a hit on n+ scores count more hits */
	DT_KFX_MORTAL        /* a success on n+ is count mortal wounds */
};
#define DT_MAX_TRIGGER 6 /* the extra hits or mortal wounds of one effect */
/* When an effect acts (its condition, written after it: "+1 in cover");
 * of a to hit or to wound roll, the target in cover, beyond half the
 * weapon's Range, the shooter moved or below half its Wounds; of a save
 * or test, the unit itself (and the shooter at long range). */
enum dt_when {
	DT_WHEN_COVER = 1u << 0,
	DT_WHEN_LONG = 1u << 1,
	DT_WHEN_MOVED = 1u << 2,
	DT_WHEN_BELOW_HALF = 1u << 3,
	DT_WHEN_FLANK = 1u << 4, /* the attack comes from the target's flank */
	DT_WHEN_REAR = 1u << 5   /* ... from its rear */
};
#define DT_WHEN_BITS 6
struct dt_kfx {
	enum dt_kfx_kind kind;
	int n;         /* the modifier (signed) or the face */
	int x;         /* n is the keyword's X instead */
	int sign;      /* of a modifier +X or -X */
	unsigned when; /* the conditions it needs (all of them); 0 always */
	int per_lost;  /* a modifier per Wound the unit has lost */
	int per_mk;    /* a modifier per marker: 1 + its index; 0 none */
	int count;     /* extra hits or mortal wounds: how many (1-6) */
	int count_x;   /* count is the keyword's X instead */
};
struct dt_keyword {
	char name[DT_MAX_KW_NAME + 1];
	struct pos pos;
	enum dt_step step;
	int takes_x;
	struct dt_kfx fx[DT_MAX_KFX];
	int nfx;
	int bad; /* its row's Roll is an error (said): named, no more said */
};
struct dt_kwlist {
	struct {
		int k; /* index into dt_tables.kw */
		int x; /* its X (0: it takes none) */
	} v[DT_MAX_KW_PER];
	int n;
};
enum { DT_REROLL_FAILS = 1, DT_REROLL_ONES = 2 };
/* What a roll of one die gives: failure, a success, a success that
 * wounds without a roll, one that cannot be saved; a success that is
 * mortal wounds (the attack goes no further); and the first three with
 * the roll's extra hits (DT_ROLL_EXTRA: one of PLAIN, WOUNDS, NO_SAVE
 * plus this). */
enum {
	DT_ROLL_FAIL,
	DT_ROLL_PLAIN,
	DT_ROLL_WOUNDS,
	DT_ROLL_NO_SAVE,
	DT_ROLL_MORTAL,
	DT_ROLL_PLAIN_X,
	DT_ROLL_WOUNDS_X,
	DT_ROLL_NO_SAVE_X,
	DT_ROLL__N
};
#define DT_ROLL_EXTRA (DT_ROLL_PLAIN_X - DT_ROLL_PLAIN)
/* A result without its extra hits, and whether it has them. */
#define DT_ROLL_BASE(r) ((r) >= DT_ROLL_PLAIN_X ? (r)-DT_ROLL_EXTRA : (r))
#define DT_ROLL_HAS_EXTRA(r) ((r) >= DT_ROLL_PLAIN_X)
struct dt_roll {
	int need;      /* the face needed, modifiers taken off */
	int reroll;    /* 0, DT_REROLL_FAILS or DT_REROLL_ONES */
	int always;    /* a natural face this or more succeeds; 0 none */
	int never;     /* a natural face this or less fails; 0 none */
	int wounds_on; /* a success on this natural face or more wounds */
	int nosave_on; /* ... cannot be saved */
	int extra_on;  /* a success on this natural face or more scores
	                * extra_n more hits (to hit; 0 none) */
	int extra_n;
	int mortal_on; /* a success on this natural face or more is
	                * mortal_n mortal wounds instead (0 none) */
	int mortal_n;
	int keyed;  /* a keyword acts on it */
	int modded; /* a keyword's modifier among them */
	int marked; /* a modifier per marker the unit carries acted */
	int tslot;  /* its place among the tallied keyed rolls, -1 none */
};

/* A unit's numbers for the family; a roll is the face needed (4 for
 * "4+"), 0 for "-" (no save), -1 when not written. */
struct dt_unit {
	int toughness; /* -1: none */
	int save;
	int wounds;     /* 0: none; of the whole unit, all its models */
	int models;     /* 1 unless a Models column gives more */
	int initiative; /* strikes: by initiative; -1 not written */
	int wpm;        /* the Wounds of one model: wounds / models */
	struct pos models_pos;
	int quality;
	int combat[RS_CLASS_SLOTS]; /* factor against each class slot
	                             * (rs_class_slot); -1 none */
	struct dt_kwlist kw;        /* its saves' and tests' keywords */
};
struct dt_weapon {
	struct dt_expr attacks, damage;
	int to_hit;          /* face needed; 0: "-", hits always */
	int strength;        /* -1: none */
	int ap;              /* how much worse the save is, 0-6 */
	struct dt_kwlist kw; /* its to hit and to wound rolls' keywords */
};

struct dt_tables {
	enum dt_shoot shooting;
	enum dt_melee melee;
	enum dt_turn turn;
	int activation_test; /* a unit activating tests its Quality */
	enum dt_strikes strikes;
	struct pos strikes_pos; /* its Value cell; line 0: not given */
	enum dt_failed failed;  /* what a failed activation test does */
	struct pos failed_pos;  /* the failed activation Value cell */
	unsigned quality;       /* enum dt_qwhen */
	int fail_by; /* the Quality test's "failed by N or more": N; 0 none */
	struct pos quality_pos; /* its Value cell */
	unsigned half_hits;     /* classes (1 << rs_class) that take half
	                         * the hits of accumulated shooting */
	struct pos half_pos;    /* its Value cell */
	int hits_to_destroy;    /* Wounds of a unit with none written; 0 */
	int models;             /* a unit type has more than one model */
	int facing; /* a condition or modifier reads facing: units face the
	             * way they last moved */
	int excess_spills;         /* excess damage: carries over (1) or is
	                            * lost (0) */
	int fmod[DT_FM__N];        /* the Fire modifiers' values, 0: none */
	int mmod[DT_MM__N];        /* the Melee modifiers' */
	int nfmod, nmmod;          /* how many of each are given */
	double contact_mm;         /* the Combat table's, else the setting's */
	struct pos contact_pos;    /* the Combat table's value; line 0: none */
	struct dt_expr melee_roll; /* opposed: what each side rolls */
	/* What a quality test rolls: the Combat table's test roll ("2d6"),
	 * a unit passing on a total of its Quality or more; test_roll_given
	 * 0: one die of the ruleset's. */
	struct dt_expr test_roll;
	int test_roll_given;
	/* The highest face N of an "N+" roll above the d6 rolled without
	 * dice: in the front matter (0: none), and whether it was said:
	 * one error names the die the faces need, not one a cell. */
	int face_max, face_said;
	/* The unit types a command asks about (eng_ctx.focus), -1 none:
	 * the memo's cap and the work check count only theirs. */
	int focus[2];
	struct dt_keyword kw[DT_MAX_KEYWORDS]; /* the Keywords table */
	int nkw;
	/* The Markers table as played (dice_markers.c), by rs marker
	 * index; the events that place any and the ways any go (masks);
	 * the steps (1 << enum dt_step) some keyword reads a marker on. */
	struct dt_marker mk[RS_MAX_MARKERS];
	int nmk;
	unsigned mk_placed, mk_removed, mk_read;
	/* The conditions the keywords name (dt_kw_conditions): of attack
	 * rolls [1], of saves and tests [0]; a game reckons only these. */
	unsigned conds[2];
	/* The Combat settings every unit and every weapon (0, 1): the
	 * keywords each has besides its own, as written and read. */
	const char *every[2];
	struct pos every_pos[2];
	struct dt_kwlist every_kw[2];
	/* The Wound table: need[s][t] for Strength str[s] against
	 * Toughness tough[t]; 0 cannot wound, -1 a hole (empty cell). */
	int wound_given;
	int nstr, ntough;
	int str[DT_MAX_WOUND], tough[DT_MAX_WOUND];
	signed char need[DT_MAX_WOUND][DT_MAX_WOUND];
	struct dt_outcome out[DT_RES__MAX];
	struct dt_unit *units;     /* by rs unit index */
	struct dt_weapon *weapons; /* by rs weapon index */
	/* For the greedy player (dice_play.c): the expected Wounds a shot
	 * of weapon w takes from a unit of type u, ev[w * nunits + u]. */
	double *ev;
	/* The greedy player's melee edge of unit type a charging b under
	 * melee: opposed, [a * nunits + b]: the exact chance a's total is
	 * higher less the chance b's is, each beating the other by double
	 * counted twice; NULL under another melee. */
	double *medge;
	int nunits;
	double reach; /* free table: centres of units in contact are
	                    * at most this far apart on each axis */
	/* The keyed rolls self-play tallies against their exact chance
	 * (dt_tsig_build): each distinct roll a weapon's to hit and to
	 * wound, a unit's save and test make in the open, by step. */
	struct dt_roll tsig[DT_MAX_TSIG];
	enum dt_step tstep[DT_MAX_TSIG];
	int ntsig;
	/* Exact odds worked out once (dice_volley.c); dt_read() makes it
	 * for tables that read. */
	struct do_memo *memo;
};

/*
 * Read and check every table of the family in rs into t: a placed error
 * in d for each bad cell, a missing table or column the combat it names
 * needs, a hole in the Wound table, an outcome that can fight a melee
 * for ever. contact_mm is the contact setting's value (given: written in
 * the front matter). Returns 0, or -1 when an error was reported.
 */
int dt_read(const struct ruleset *, double contact_mm, int given,
    const int focus[2], struct dt_tables *, struct diags *);
/* The models of unit type u that stand with left Wounds (0 or less:
 * none), each model's Wounds taken in turn (FORMAT.md). */
int dt_models_left(const struct dt_tables *, int u, int left);
/* Whether damage past a model's Wounds is lost in some volley: a unit
 * of several models, a Damage that can exceed 1. */
int dt_excess_lost(const struct ruleset *, const struct dt_tables *);
/* Whether unit type u is one the tables serve (all, without a focus). */
int dt_in_focus(const struct dt_tables *, size_t u);
void dt_free(struct dt_tables *);
/* The memo of the ruleset's exact odds (dice_volley.c): shared by the
 * tables of every context of one ruleset, freed with the last. */
struct do_memo *do_memo_new(const struct ruleset *, const struct dt_tables *);
void do_memo_free(struct do_memo *);
/*
 * The budget of a ruleset's exact odds (dice_volley.c): its distinct
 * expressions' distributions and distinct volleys at Wounds cap within
 * DO_WORK_MAX steps of dx_work(), about 2 s; past that an error at the
 * cell that asks for the most. Returns 0 or -1.
 */
#define DO_WORK_MAX 500e6
/* And each volley's fractions within about this many digits: 100d6
 * attacks of 20d100kh10 at Wounds 99 are 1,800. */
#define DO_VOLLEY_DIGITS 5000
int do_work_check(const struct ruleset *, const struct dt_tables *, int cap,
    struct diags *);

/* ---- play (dice_play.c) ---- */
/* What play needs beyond the tables (the greedy player's expectations).
 * 0, or -1 when an expression's distribution cannot be worked out. */
int dp_prepare(const struct eng_ctx *, struct dt_tables *);
void dp_setup(struct eng_game *);
void dp_play_turn(struct eng_game *);
int dp_step(struct eng_game *, const struct eng_action *, char *err,
    size_t errsz);
int dp_unit_key(struct eng_game *, int unit, const char *key,
    const struct rs_node *value, char *err, size_t errsz, struct pos *at);
int dp_expect_unit(const struct eng_game *, int unit, const struct rs_node *,
    char *err, size_t errsz, struct pos *at);
void dp_unit_gauges(const struct eng_game *, int unit, int *out);

/*
 * g->tally of the dice family, summed by self-play for the report's
 * agreement check (eng_show.outcomes): attacks by the face To hit needs
 * (1 to 32) and whether they hit; opposed melee rounds by the attacker's
 * factor less the defender's (-16 to 16) and the result (0 the attacker's
 * total is higher, 1 equal, 2 lower); quality tests by the total the
 * unit's Quality needs (1 to 32) and whether it passed.
 */
#define DI_TALLY_NEED_MAX 32
#define DI_TALLY_HIT(need, hit) ((need)*2 + (hit))
#define DI_TALLY_DIFF_MAX 16
#define DI_TALLY_MELEE(diff, r) (80 + ((diff) + DI_TALLY_DIFF_MAX) * 3 + (r))
#define DI_TALLY_TEST(need, pass) (180 + (need)*2 + (pass))
/* Keyed rolls (a keyword acts on them) by what they are, dt_tables.tsig:
 * whether each succeeded (a hit, a wound, a save, a test passed). */
#define DI_TALLY_KEYED(slot, ok) (256 + (slot)*2 + (ok))

/*
 * A dice expression in a cell, in the whole language of dicex.h (keep,
 * reroll, explode, count successes, min and max). Returns 0, or -1 with
 * the 1-based column in text where it fails and why.
 */
int dt_expr_check(const char *text, struct dt_expr *, int *col,
    const char **why);

/* The Keywords table into t (none: no keywords). Returns 0, or -1. */
int dt_read_keywords(const struct ruleset *, struct dt_tables *,
    struct diags *);
/* A Keywords cell (NULL: none) of owner ("weapon 'Bow'"), a weapon's
 * (weapon 1) or a unit's, at at, into out. Returns 0, or -1. */
int dt_read_kwlist(const struct ruleset *, const struct dt_tables *,
    const char *cell, struct pos at, const char *owner, int weapon,
    struct dt_kwlist *out, struct diags *);
/* A roll of step st needing need (a face, or a total for a test), mod
 * added, with the keywords of kw (NULL: none) that act on st and whose
 * conditions when holds (enum dt_when); lost: the Wounds the unit making
 * the roll has lost (a shooter's, a saving or testing unit's), for a
 * modifier "per wound lost"; marks: that unit's markers (DT_MK_COUNT),
 * for a modifier "per MARKER". */
void dt_roll_make(const struct dt_tables *, enum dt_step st, int need, int mod,
    const struct dt_kwlist *kw, unsigned when, int lost, uint64_t marks,
    struct dt_roll *);
/* A volley's conditions packed into a contest's situation with its To
 * hit modifier: those of its attacks' rolls, and of the target's saves,
 * DT_WHEN_BITS each; a volley of none is its modifier alone. */
#define DT_SITUATION(mod, hit_when, save_when)                                \
	((mod) + 1024 * (int)((hit_when) | (save_when) << DT_WHEN_BITS))
#define DT_SITUATION_WHEN(s) ((unsigned)(((s) + 512) / 1024))
#define DT_SITUATION_MOD(s) ((s)-1024 * (int)DT_SITUATION_WHEN(s))
#define DT_SITUATION_HIT(s) (DT_SITUATION_WHEN(s) & ((1u << DT_WHEN_BITS) - 1))
#define DT_SITUATION_SAVE(s) (DT_SITUATION_WHEN(s) >> DT_WHEN_BITS)
/* The exact chances of each DT_ROLL_* result of one die of die faces. */
void dt_roll_odds(const struct dt_roll *, int die, mpq_t p[DT_ROLL__N]);
/* Roll it with the game's dice: its DT_ROLL_* result; *rerolled 1 when
 * the first die was rolled again. */
int dt_roll_play(const struct dt_roll *, struct eng_dice *, int die,
    int *rerolled);
/* The keyed rolls the tables' units and weapons make in the open into
 * t->tsig (at most DT_MAX_TSIG; the rest are not tallied). */
void dt_tsig_build(const struct ruleset *, struct dt_tables *);
/* The conditions the keywords of attack rolls (attack 1: to hit, to
 * wound) or of saves and tests (0) name. */
unsigned dt_kw_conditions(const struct dt_tables *, int attack);
/* The Markers table's Placed, Removed and Most into t (dice_markers.c).
 * Returns 0, or -1 with an error at each bad cell. */
int dt_read_markers(const struct ruleset *, struct dt_tables *,
    struct diags *);
/* The marker named s (its label, as names compare), or -1. */
int dt_marker_find(const struct ruleset *, const char *s);
/* Every marker's label for a message ("Pin, Fatigue"), into buf. */
char *dt_marker_names(const struct ruleset *, char *buf, size_t sz);

/* Whether the keywords kw (a weapon's) have a trigger, extra hits or
 * mortal wounds, in any condition: 1, the most extra hits into *extra;
 * else 0. */
int dt_kw_triggers(const struct dt_tables *, const struct dt_kwlist *kw,
    int *extra);
/* Whether the roll is rolled at all (a save no face can make is not). */
int dt_roll_rolls(const struct dt_roll *, int die);

/* dice_words.c: a row of the Combat table as a rule in a player's words
 * (eng_show.setting_words). */
char *di_setting_words(const char *const *keys, const char *const *values,
    size_t n, size_t k);
/* dice_words.c: a cell of the Wound table, the Melee outcomes or the
 * Quality test table in a player's words (eng_show.cell_words). */
char *di_cell_words(const char *section, const char *header, size_t row,
    const char *cell);

#endif
