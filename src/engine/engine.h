/*
 * engine.h: the public header of src/engine — the game core that every
 * rule family plays on.
 *
 *   dice      a seeded generator (xoshiro256**); each game's stream comes
 *             from (seed, game number), so results never depend on the
 *             number of threads; scripted dice for test games
 *   rationals exact odds (struct eng_q)
 *   board     a free table in millimetres or a square/hex grid in cells;
 *             terrain pieces (hill, wood, river, ford, road, …); sight
 *   units     fixed-size state, what every family has (place, facing,
 *             the turn's flags) and a few flag bits and counters free
 *             for the family; the rest of a unit's state (hits, morale)
 *             is the family's own (eng_game.fam_state)
 *   game      fixed-size state: no allocation while a game is played
 *   families  struct eng_family: the hooks a rule family fills in
 *             (firepower.c, morale.c, dice.c), and what it reads of a
 *             ruleset beyond the reader's model (its own columns and
 *             sections); the core never decides a rule
 *   test games, self-play and statistics, rule coverage, odds
 *
 * Board units. Every position and length inside a game is in "board
 * units": millimetres on a free table, cells on a grid (cell centres at
 * integer coordinates, column x from 0, row y from 0 at Blue's edge; on
 * hexes the cells of the lattice the map draws, base/hex.c, with its
 * rows turned: eng_board_cell() and eng_board_point() convert). eng_ctx
 * converts the ruleset's lengths once; eng_dist2() gives the squared distance in
 * board units (edge to edge on a free table, cells counted — diagonals
 * included on squares — on a grid), so a range test is d2 <= r * r.
 *
 * Sides: side 0 is "blue" and deploys at the bottom (small y), side 1 is
 * "red" at the top. A unit's facing is in radians, 0 towards +y.
 *
 * Adding a rule family. Everything above the engine (check/, scenario/,
 * render/, cli/) learns about a family only through struct eng_family
 * and its struct eng_show, never by asking which one it is. The files a
 * new family NAME touches:
 *   src/engine/NAME.c     the family: fill a `const struct eng_family
 *                         eng_NAME` (firepower.c, morale.c, dice.c),
 *                         whose .name is its `engine:` name;
 *   src/engine/NAME_show.c  its `struct eng_show`, facts as data: the
 *                         stats a card shows, a unit's key stats, what
 *                         its chances are, its own tables of exact
 *                         chances, the outcomes its tallies hold against
 *                         exact odds, what ends its battles (fp_show.c,
 *                         mo_show.c);
 *   src/engine/game.c     one row F(NAME) in ENG_FAMILIES, which
 *                         declares eng_NAME and lists it in families[]:
 *                         eng_family_find() resolves the reader's
 *                         engine: name there, and the messages that list
 *                         the engines (unknown engine, print only) are
 *                         made from it (engine.h declares the built-in
 *                         ones too, for the unit tests);
 *   the columns and sections of its own it reads: declare them in
 *                         unit_cols, weapon_cols and sections, and read
 *                         them from the own-stat cells (eng_own_col,
 *                         eng_unit_cell, eng_cell_int) and
 *                         rs_table_find(); say a bad cell in check() at
 *                         RS_CHECK_UNIT_CELLS; a column it shows as a
 *                         card stat (firepower's Melee, morale's Morale
 *                         and dice) goes in eng_show.stat_cols with its
 *                         value from eng_show.stat, and ruleset.txt
 *                         gets it from the dump hook; its numbers that
 *                         are not a unit's are settings (below);
 *   rulesets/FORMAT.md, README.md  its columns and rules; and a ruleset
 *                         with test games under tests/.
 * The smallest family is tests/family/coin.c (a coin-flip duel), which
 * tests/check/example_family.sh adds to a copy of the tree as one file
 * and one row.
 * The reader (src/ruleset/) knows no family: it keeps the engine: name
 * as written and notes where a family's findings stand among its own
 * (struct rs_check); what the family needs of a unit, a weapon or the
 * whole (firepower: a Melee; morale: a Morale) is its check hook's.
 * What the family must do:
 *   1. its rule table: stable ids "area.rule", rule 0 is the initiative
 *      roll (eng_initiative() counts it); count every application with
 *      ENG_COVER(g, rule) — `check` warns for ids no test game applies;
 *   2. prepare() sets ctx->melee_range (board units) and may keep
 *      per-type data in ctx->fam_data (freed by release()); the numbers
 *      the sources fix are settings (eng_setting: key, kind, default,
 *      range), read into ctx->set before prepare() (settings.c), that
 *      gauges() and markers() read too;
 *   2a. its own per-game state is state_size bytes at g->fam_state (a
 *      game is made with eng_game_new() for its family), set up by
 *      setup() once the units are placed;
 *   3. play_turn() plays one turn with g->player[] and must advance
 *      g->sturns / g->gturn and end the battle (eng_check_end());
 *   4. step() plays the scripted steps of test games (move, fire,
 *      melee, end turn, and its own verbs via ENG_ACT_FAMILY; a refused
 *      step returns -1 with the reason and counts the rule that refused
 *      it); unit_key() and expect_unit() read its own unit keys;
 *   5. record the first fire or melee in g->contest and answer
 *      contest_odds() for the test games' `odds:` expectations;
 *   6. odds() lists its fire and melee matchups; the reference sheet,
 *      the cards, the report and `sandtable odds` are drawn from them
 *      and from eng_show (odds_doc when it has more to say).
 *   7. check() says what it needs of the reader's model at each place
 *      the reader noted (a unit without a value it plays, no Weapons
 *      table when it cannot play without one …); eng_family_check()
 *      puts those messages where the reader met the item.
 *
 * Knows no Markdown, Cairo or CLI; reads the ruleset model only.
 */
#ifndef SANDTABLE_ENGINE_H
#define SANDTABLE_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <gmp.h>

#include "../base/base.h"
#include "../ruleset/ruleset.h"

#define ENG_MAX_UNITS 64         /* both sides, one game */
#define ENG_MAX_TERRAIN 32       /* terrain pieces on one board */
#define ENG_MAX_CELLS 16384      /* grid boards: columns * rows */
#define ENG_MAX_RULES 96         /* rule ids of one family */
#define ENG_MAX_PATH 16          /* waypoints of one scripted move */
#define ENG_TEST_MAX_STEPS 1000  /* steps of one test game */
#define ENG_TEST_MAX_TURNS 10000 /* game turns one test game may play */
#define ENG_ODDS_MARKERS (-2)    /* contest_odds(): not with markers */
#define ENG_MAX_TALLY 512        /* family's outcome counters per game */
#define ENG_NAME 24              /* test-game unit labels */

enum { ENG_BLUE = 0, ENG_RED = 1 };
enum eng_player { ENG_PLAYER_RANDOM, ENG_PLAYER_GREEDY };

/* ---- random numbers (rng.c) ---- */
struct eng_rng {
	uint64_t s[4];
};
/* Seed the stream of game number `stream` under seed `seed`. */
void eng_rng_seed(struct eng_rng *, uint64_t seed, uint64_t stream);
/*
 * Run fn on each of n jobs (job k at jobs + k * size): job 0 on this
 * thread, the others on threads of their own (or on this one when a
 * thread cannot start). Returns when all are done (fanout.c).
 */
void eng_fan_out(void *(*fn)(void *), void *jobs, size_t size, int n);
/* splitmix64 (Steele, Lea, Flood 2014): one step; returns the next
 * output and advances *x. The seeding of eng_rng, and the generator of
 * seeded terrain (scenario/terrain.c), so that there is one of it. */
uint64_t eng_splitmix64(uint64_t *x);

/* fmin and fmax inline, with libm's answers: the smaller (larger) of two
 * numbers, b when they are equal (so fmin(-0.0, 0.0) is 0.0, as x86-64's
 * minsd gives), the other when one is NaN. libm's are calls, which the
 * games make millions of times. */
static inline double
eng_fmin(double a, double b)
{
	return a < b ? a : b != b ? a : b;
}

static inline double
eng_fmax(double a, double b)
{
	return a > b ? a : b != b ? a : b;
}

/* The next 64 bits: xoshiro256** (Blackman and Vigna). Inline, as the
 * games roll dice in their innermost loops. */
static inline uint64_t
eng_rng_next(struct eng_rng *r)
{
	uint64_t *s = r->s;
	uint64_t x = s[1] * 5, out = ((x << 7) | (x >> 57)) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return out;
}

/* Uniform integer in [0, n), unbiased (Lemire's multiply and reject). */
static inline uint32_t
eng_rng_below(struct eng_rng *r, uint32_t n)
{
	uint64_t m;
	uint32_t lo, thresh;

	if (n <= 1)
		return 0;
	m = (uint64_t)(uint32_t)(eng_rng_next(r) >> 32) * n;
	lo = (uint32_t)m;
	if (lo < n) {
		thresh = (uint32_t)(-n) % n;
		while (lo < thresh) {
			m = (uint64_t)(uint32_t)(eng_rng_next(r) >> 32) * n;
			lo = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

/*
 * Dice: random (from rng) or scripted (a test game's `dice:` list, used
 * in order, a die of any size taking the next). A scripted stream that
 * runs out, or whose next die is not a face of the die rolled (a 7
 * listed for a d6), sets `out` and returns 1 from then on (1 ends every
 * roll-under melee, so loops stop); the test runner reports the failure,
 * the second at the listed die.
 */
struct eng_dice {
	struct eng_rng rng;
	const int *script; /* NULL: random */
	size_t nscript, next;
	int out;       /* scripted dice ran out, or one was not a face */
	size_t bad;    /* 1 + the index of the die that was not a face */
	int bad_sides; /* the die it was rolled for */
	unsigned long rolled;
	/* Who rolls the dice rolled now, for an example of play to say:
	 * ENG_BY_UNIT(i), ENG_BY_SIDE(s), or 0 not said (the families set
	 * it around a roll with eng_dice_by); by_log: each scripted die's,
	 * when a test game keeps a record (else NULL). */
	int by;
	int *by_log;
};
#define ENG_BY_UNIT(i) (1 + (i))
#define ENG_BY_SIDE(s) (-1 - (s))
/* Say who rolls what follows (0: no one said); returns the one said
 * before, to put back. */
static inline int
eng_dice_by(struct eng_dice *d, int by)
{
	int was = d->by;

	d->by = by;
	return was;
}
/* The next die of a scripted stream, for a die of sides faces. */
int eng_die_scripted(struct eng_dice *, int sides);
/* One six-sided die, 1..6. */
static inline int
eng_die(struct eng_dice *d)
{
	if (d->script != NULL)
		return eng_die_scripted(d, 6);
	d->rolled++;
	return 1 + (int)eng_rng_below(&d->rng, 6);
}
/* One die of `sides` faces (2 and up), 1..sides; scripted: the next
 * listed face, as eng_die() (dice expressions, dicex.h). eng_die() stays
 * as it is so that the d6 families' games do not change. */
static inline int
eng_die_n(struct eng_dice *d, int sides)
{
	if (d->script != NULL)
		return eng_die_scripted(d, sides);
	d->rolled++;
	return 1 + (int)eng_rng_below(&d->rng, (uint32_t)sides);
}

/* ---- exact rationals (rational.c) ----
 * An exact fraction of any size, in lowest terms: held in two int64 when
 * it fits (no allocation: a ruleset's odds are many small fractions),
 * else a GMP rational on the heap. Each is eng_q_init()ed before use and
 * eng_q_clear()ed after; a struct that holds one clears it in its own
 * free function (eng_odds_free, eng_record_free). A copy of the struct
 * by value moves the value: the old place must not be cleared too. Read
 * it only through these functions. */
struct eng_q {
	int64_t num, den; /* the value when big is NULL; den > 0 */
	mpq_t *big;       /* else the value */
};
void eng_q_init(struct eng_q *); /* to 0 */
void eng_q_clear(struct eng_q *);
void eng_q_set(struct eng_q *, const struct eng_q *);
void eng_q_set_si(struct eng_q *, long num, long den);
void eng_q_set_mpq(struct eng_q *, const mpq_t);
/* x = q, x mpq_init()ed. */
void eng_q_get_mpq(const struct eng_q *, mpq_t x);
void eng_q_add(struct eng_q *, const struct eng_q *, const struct eng_q *);
void eng_q_sub(struct eng_q *, const struct eng_q *, const struct eng_q *);
void eng_q_mul(struct eng_q *, const struct eng_q *, const struct eng_q *);
void eng_q_div(struct eng_q *, const struct eng_q *, const struct eng_q *);
int eng_q_cmp(const struct eng_q *, const struct eng_q *);
int eng_q_eq(const struct eng_q *, const struct eng_q *);
/* Whether q is num/den (den > 0). */
int eng_q_is(const struct eng_q *, long num, long den);
/* num/den when both fit in a long; 0, or -1 when they do not. */
int eng_q_small(const struct eng_q *, long *num, long *den);
double eng_q_double(const struct eng_q *);
/* "4/7", or "1" / "0" for whole numbers; caller frees. */
char *eng_q_str(const struct eng_q *);
/* Parse "4/7", "1", "0.25" (exact decimal) into an initialised q.
 * Returns 0 or -1. */
int eng_q_parse(const char *, struct eng_q *);

/* ---- board (board.c) ---- */
enum eng_shape { ENG_SHAPE_CIRCLE, ENG_SHAPE_RECT, ENG_SHAPE_BAND };

/* A terrain piece, in board units. Hills have a height: the highest
 * point is the centre (circle) or the middle (rect), falling to 0 at
 * the edge; a band (river, road) runs from (x, y) to (x2, y2). */
struct eng_terrain {
	enum rs_terrain_kind kind;
	enum eng_shape shape;
	double x, y;    /* circle centre, rect corner, band start */
	double x2, y2;  /* band end */
	double r;       /* circle radius, band half width */
	double w, h;    /* rect size */
	struct pos pos; /* where it was declared (test game), or zero */
};

struct eng_board {
	enum rs_grid grid; /* RS_GRID_NONE: a free table in mm */
	double cell_mm;    /* grid cell size; 1 on a free table */
	double w, h;       /* size in board units (mm or cells) */
	int cols, rows;    /* grid only */
	/* The table in mm, and on a hex grid where its lattice starts (mm
	 * from the left and from Red's edge): the map's lattice of hex.c,
	 * fitted and centred as scenario/grid.c draws it. */
	double table_w, table_h, ox, oy;
	struct eng_terrain t[ENG_MAX_TERRAIN];
	int nt;
	/* Grid only: per cell, a mask of (1u << rs_terrain_kind) and the
	 * index + 1 of the hill or wood piece covering it (0: none). */
	uint16_t cell_kinds[ENG_MAX_CELLS];
	uint8_t cell_piece[ENG_MAX_CELLS];
};

/* Set up an empty board: w x h mm, grid kind and cell size (mm).
 * Returns 0, or -1 with a reason in *why (static) when the grid is too
 * large or the cell size is not positive. */
int eng_board_init(struct eng_board *, double w_mm, double h_mm, enum rs_grid,
    double cell_mm, const char **why);
/*
 * A point of the table (mm from the left and from Blue's edge) in board
 * units: itself on a free table, the cell it falls in on a grid (the
 * square counted from Blue's left corner; the hex of the map's lattice
 * whose centre is nearest).
 */
void eng_board_cell(const struct eng_board *, double x_mm, double y_mm,
    double *bx, double *by);
/* The other way: the centre of the cell at board units (bx, by), in mm
 * from the left and from Blue's edge. */
void eng_board_point(const struct eng_board *, double bx, double by,
    double *x_mm, double *y_mm);
/* Add a terrain piece (board units) and update the cell masks.
 * Returns 0, or -1 when the board is full. */
int eng_board_add(struct eng_board *, const struct eng_terrain *);
/* Mask of (1u << rs_terrain_kind) at a point, in board units. */
unsigned eng_board_kinds_at(const struct eng_board *, double x, double y);
/* Height of the ground at a point (0 off every hill), and the index of
 * the hill there (-1 none). */
double eng_board_height(const struct eng_board *, double x, double y,
    int *hill);
/* Index + 1 of the wood or hill piece at a point (0: none). */
int eng_board_piece_at(const struct eng_board *, double x, double y,
    unsigned kindmask);
/* Convert a length in mm to board units (cells: floor, with a small
 * tolerance). *whole is set to 0 when it is not a whole number of cells. */
double eng_board_len(const struct eng_board *, double mm, int *whole);

/* ---- units and game state ---- */
enum eng_unit_flag {
	ENG_UF_MOVED = 1u << 0,       /* moved (or began moving) this turn */
	ENG_UF_FIRED = 1u << 1,       /* fired this turn */
	ENG_UF_MELEE_START = 1u << 2, /* fought its start-of-move melee */
	ENG_UF_MELEE_END = 1u << 3,   /* fought its end-of-move melee */
	ENG_UF_FAMILY5 = 1u << 11,    /* free for the family */
	ENG_UF_FAMILY1 = 1u << 12,    /* free for the family */
	ENG_UF_FAMILY2 = 1u << 13,
	ENG_UF_FAMILY3 = 1u << 14,
	ENG_UF_FAMILY4 = 1u << 15,
};
#define ENG_UF_TURN                                                           \
	(ENG_UF_MOVED | ENG_UF_FIRED | ENG_UF_MELEE_START | ENG_UF_MELEE_END)

struct eng_unit {
	double x, y;   /* centre, board units */
	double facing; /* radians, 0 towards +y */
	int16_t type;  /* index into rs->units */
	uint8_t side;  /* ENG_BLUE / ENG_RED */
	uint8_t alive;
	uint16_t flags;      /* enum eng_unit_flag */
	int16_t c[4];        /* free counters for the family */
	char name[ENG_NAME]; /* test-game label ("A"), or "" */
};

/* Per unit type, the ruleset's numbers converted to board units once. */
struct eng_kind {
	double move, road_move; /* 0: no road move */
	double hw, hd;          /* half base width / depth */
	double range[RS_MAX_WEAPONS_PER_UNIT];
};

/* A fire or melee the family resolved: the first one of a test game is
 * the one its `odds:` expectation is about. */
struct eng_contest {
	int kind;   /* 0 none, 1 fire, 2 melee */
	int a, b;   /* unit indices: shooter/attacker, target/defender */
	int weapon; /* rs weapon index (fire) */
	int a_power, b_power; /* melee: powers after penalties */
	int situation; /* family's own code (firepower: open/uphill/river;
	                    * dice: a volley's To hit modifier) */
	/* What else its odds start from (the units' state when it began)
	 * is the family's own state (eng_game.fam_state). */
};

/* ---- settings: the numbers a family plays with (settings.c) ---- */
/*
 * A family declares the numbers its sources fix (the melee range, a
 * penalty, a saving throw) as data; a ruleset may change each with a
 * front-matter key of the same name. The sources' values are the
 * defaults, so that a ruleset that writes none plays as before.
 */
enum eng_set_kind {
	ENG_SET_LENGTH, /* a length: "3cm", or bare in the measure; mm */
	ENG_SET_INT,    /* a whole number */
	ENG_SET_PCT,    /* a whole percentage: "50%" or "50" */
	ENG_SET_FACES,  /* faces of a d6: "4-6", "4+", "5, 6"; a bit mask */
};
struct eng_setting {
	const char *key; /* front-matter key: "melee_range" */
	enum eng_set_kind kind;
	double def;       /* the sources' value (length: mm) */
	double min, max;  /* allowed range (length: mm) */
	const char *text; /* one line: what it does */
	/* A whole number's unit, one and many ("turn", "turns"); NULL for
	 * a length, a percentage or faces, which say their own. */
	const char *unit[2];
};
#define ENG_MAX_SETTINGS 8 /* settings of one family */
/* The settings of sight over terrain, for a family whose shooting is
 * blocked by woods and hills to list among its own (eng_sight). */
#define ENG_SETTING_WOOD_DEPTH                                                  \
	{                                                                       \
		"wood_depth", ENG_SET_LENGTH, 2 * 25.4, 0, 1000,                \
		    "a line of sight may run this far through woods; further, " \
		    "they block it",                                            \
		{                                                               \
			NULL, NULL                                              \
		}                                                               \
	}
#define ENG_SETTING_HILL_RISE                                                     \
	{                                                                         \
		"hill_rise", ENG_SET_LENGTH, 25.4, 0, 1000,                       \
		    "a hill hides what is behind it where its ground rises more " \
		    "than this above the higher of the two units",                \
		{                                                                 \
			NULL, NULL                                                \
		}                                                                 \
	}
/* A setting's default in rs: its def, a length rounded to the ruleset's
 * measure (len_round_to: 2in is 5cm in centimetres, 30mm is 1in in
 * inches). */
double eng_setting_default(const struct ruleset *, const struct eng_setting *);
/* The values a ruleset gives a family's settings, in its order. */
struct eng_values {
	double v[ENG_MAX_SETTINGS];  /* length: mm; faces: bit f = face f */
	int given[ENG_MAX_SETTINGS]; /* written in the front matter */
};

/* Read-only per ruleset (shared by all games and threads). */
struct eng_ctx {
	const struct ruleset *rs;
	const struct eng_family *fam;
	struct eng_board board; /* the default battle's board */
	struct eng_kind kinds[RS_MAX_UNITS];
	double wrange[RS_MAX_WEAPONS]; /* weapon ranges, board units */
	double melee_range;            /* board units */
	struct eng_values set;         /* the family's settings */
	/* Sight over terrain, from the family's settings wood_depth and
	 * hill_rise (ENG_SETTING_WOOD_DEPTH, ENG_SETTING_HILL_RISE), mm;
	 * 0 when it lists neither. */
	double wood_depth, hill_rise;
	int turn_limit; /* game turns */
	double deploy;  /* depth of deployment, board units */
	/* The unit types a command asks about (odds A B), -1 none: a
	 * family may work out what only they need, so that a pair of a
	 * ruleset too large to work out whole still has its odds; such a
	 * context serves that command alone (eng_ctx_new_focus). */
	int focus[2];
	void *fam_data; /* family's prepared data */
};

struct eng_game {
	const struct eng_ctx *ctx;
	const struct eng_board *board; /* ctx's, or a test game's own */
	struct eng_unit u[ENG_MAX_UNITS];
	int nu;
	int alive[2];
	int side;       /* the side whose turn it is */
	int first;      /* the side that moves first this turn */
	int opener;     /* the side that took the battle's first turn */
	int gturn;      /* game turn, 1-based (one turn for each side) */
	int sturns;     /* side turns played */
	int turn_limit; /* game turns; 0: none */
	int over;       /* the battle has ended */
	int winner;     /* side, or -1 for a draw */
	int timeout;    /* ended on the turn limit */
	int player[2];  /* enum eng_player of each side */
	struct eng_dice dice;
	struct eng_rng ai;           /* the players' own choices (not dice) */
	uint32_t cov[ENG_MAX_RULES]; /* times each rule id was applied */
	uint16_t kills[ENG_MAX_UNITS]; /* enemy units each unit destroyed */
	/* Outcome counters the family defines (firepower: melee results by
	 * powers, shots by hit chance), summed by self-play so that tests
	 * can hold the frequencies against the exact odds. */
	uint32_t tally[ENG_MAX_TALLY];
	struct eng_contest contest; /* the first fire/melee resolved */
	/* Contests resolved so far: [1] shots, [2] melees (each family
	 * counts every one, where contest keeps the first). */
	uint32_t fights[3];
	int fight_a, fight_b;      /* the units of the last one */
	int8_t occ[ENG_MAX_CELLS]; /* grid: unit index at a cell, or -1 */
	/* The family's own state, its state_size bytes (eng_game_new()). */
	_Alignas(16) unsigned char fam_state[];
};

/* ---- geometry (board.c) ---- */
/* Squared distance between two units in board units: edge to edge on a
 * free table (axis-aligned bases), cells on a grid (0 = same cell,
 * 1 = adjacent, diagonals included on squares). */
double eng_dist2(const struct eng_game *, const struct eng_unit *,
    const struct eng_unit *);
/* The same for a unit of half extents (hw, hd) standing at (x, y). */
double eng_dist2_at(const struct eng_game *, double x, double y, double hw,
    double hd, const struct eng_unit *);
/* A terrain piece as a shape of geom.h, in its board units. */
struct geo_shape;
void eng_piece_shape(const struct eng_terrain *, struct geo_shape *);
/*
 * Whether the straight line between two units' centres is clear of
 * other units' bases (units != 0, whatever their height) and of the
 * given terrain kinds (mask), exactly (geom.c): woods block a line that
 * runs more than ctx->wood_depth through them in all; a hill blocks
 * where its ground (rising evenly from its edge: the height of a spot
 * is how far inside the edge it lies) stands more than ctx->hill_rise
 * above the higher of the two units. On a grid each wood square between
 * the two counts its whole width, a hill square its centre's height,
 * and a line through the corner of two squares is blocked when both
 * block it.
 */
int eng_sight(const struct eng_game *, const struct eng_unit *,
    const struct eng_unit *, int units, unsigned kindmask);
/* Grid: the cell index at (x, y), or -1 off the board. */
int eng_cell(const struct eng_board *, double x, double y);
/* Place / move / remove a unit keeping the grid occupancy up to date. */
void eng_unit_place(struct eng_game *, int i, double x, double y);
void eng_unit_remove(struct eng_game *, int i);
/* Remove unit i, destroyed by unit `by` (-1: no one), who is credited
 * with the kill when it is an enemy (the report's kills per type). */
void eng_unit_kill(struct eng_game *, int i, int by);

/* ---- rule ids and coverage ---- */
struct eng_rule {
	const char *id;      /* stable: "melee.draw_reroll" */
	const char *section; /* the ruleset section that states it */
	const char *text;    /* one line */
};
/* Count one application of rule r (a family's enum). Rule 0 of every
 * family is its initiative roll: eng_initiative() counts it. */
#define ENG_COVER(g, r) ((g)->cov[(r)]++)

/* ---- scripted steps of a test game ---- */
/* Whether rule k of the context's family can apply to its ruleset
 * (eng_family.applies). */
int eng_rule_applies(const struct eng_ctx *, int rule);
/* Whether a battle of the ruleset can hold terrain of kind k: its
 * Terrain table has a row of that kind, or it has no Terrain table (the
 * battles then draw on every kind). For the families' applies hooks. */
int eng_terrain_possible(const struct ruleset *, enum rs_terrain_kind k);
/* A step the family refuses: count the rule that refused it (rule < 0:
 * none) and write the reason to err. Returns -1, for step()'s return. */
int eng_refuse(struct eng_game *, int rule, char *err, size_t sz,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
enum eng_act_kind {
	ENG_ACT_MOVE,
	ENG_ACT_FIRE,
	ENG_ACT_MELEE,
	ENG_ACT_END_TURN,
	ENG_ACT_FAMILY
};
struct eng_action {
	enum eng_act_kind kind;
	int unit, target; /* unit indices, -1 none */
	int weapon;       /* rs weapon index, -1: the family chooses */
	int npath;        /* move: waypoints, board units */
	double path[ENG_MAX_PATH][2];
	const char *verb; /* ENG_ACT_FAMILY: the step's key ("charge") */
	const struct rs_node *node; /* the step's value, for extra keys */
};
/* The checks a family's step() makes first, for a step of its own kind:
 * a family step it does not know, a unit destroyed or not of the side
 * whose turn it is, a target that is not an enemy on the table. Returns
 * 0, or -1 refused (eng_refuse). */
int eng_step_check(struct eng_game *, const struct eng_action *, char *err,
    size_t sz);

/* ---- exact odds tables (sandtable odds) ---- */
struct eng_odds_fire {
	int shooter, weapon, target; /* rs indices */
	struct eng_q p_hit;
};
struct eng_odds_melee {
	int attacker, defender; /* rs unit indices */
	const char *situation;  /* "open", "uphill", "river", … */
	/* Each side's power in the melee, for a family whose melee is
	 * power against power (powers 1); else left out of the odds. */
	int powers, a_power, d_power;
	struct eng_q attacker_wins, defender_wins, both_destroyed;
	struct eng_q expected_rolls; /* valid when resolves */
	int resolves;                /* 0: the melee can never end */
};
/* The table owns its entries' chances: an entry is added with them
 * initialised (to 0), and eng_odds_free() clears them. */
struct eng_odds {
	struct eng_odds_fire *fire;
	size_t nfire, capfire;
	struct eng_odds_melee *melee;
	size_t nmelee, capmelee;
};
struct eng_odds_fire *eng_odds_add_fire(struct eng_odds *, int shooter,
    int weapon, int target);
struct eng_odds_melee *eng_odds_add_melee(struct eng_odds *, int attacker,
    int defender, const char *situation);
/* A melee entry of one's own, outside a table: its four chances. */
void eng_odds_melee_init(struct eng_odds_melee *);
void eng_odds_melee_clear(struct eng_odds_melee *);
void eng_odds_free(struct eng_odds *);

/* ---- statistics of self-play ---- */
#define ENG_TURNS_HIST 256
struct eng_stats {
	long games, wins[2], draws, timeouts, first_player_wins;
	long turns_max;
	long long turns_sum, turns_sumsq; /* integers: exact for any jobs */
	long greedy_games, greedy_wins;   /* greedy vs random, either side */
	uint64_t cov[ENG_MAX_RULES];
	uint64_t tally[ENG_MAX_TALLY];
	double seconds;
	/* Main series only, for the report: turns_hist[t] games lasted t
	 * game turns (the last bin holds the longer ones); per unit type,
	 * the units that took the field and those alive at the end. */
	long turns_hist[ENG_TURNS_HIST];
	long fielded[RS_MAX_UNITS], survived[RS_MAX_UNITS];
	long kills[RS_MAX_UNITS]; /* enemy units destroyed (eng_unit_kill) */
};

/* A distance the rules measure besides moves and weapon ranges (a gauge
 * for the bases sheet): the melee range, the stop distance. */
struct eng_gauge {
	double mm;
	const char *label;
};
#define ENG_MAX_GAUGES 8 /* a family's gauges (the ruleset's own apart) */

/* ---- what the products show of a family (show.c) ---- */
/*
 * Print products and the report learn about a family only from this
 * description, as data (and a few hooks where the family words or
 * computes something itself): they never ask which family it is.
 *
 * It holds facts, never wording or layout chosen for one product: a
 * unit's stats and key stats as (key, label, value) (stat, unit_facts),
 * what its chances are (melee_of, fire_of: title, legend, note, a few
 * words), whether a melee is the same whoever charged, what ends a
 * battle (end: losses, units unfit to fight, a broken share), tables of
 * exact chances with their titles and notes. Each product lays them out
 * from their shape and words them itself, by rules of its own that name
 * no family: the cards put a Move that is all a playing family gives in
 * the grid of the game's own stats, and choose their odds columns from
 * the chances; the reference sheet numbers a matrix's columns under the
 * numbered wording it has of the matrix's title; the bases sheet sets a
 * unit's key stats two a line, with short labels when more than two
 * would crowd its one line; the scenario words the end of a battle.
 */

/* The unit stats a card and the reference sheet show, in this order;
 * a stat no unit of the ruleset has is left out. */
enum eng_stat_bit {
	ENG_STAT_MOVE = 1u << 0,
	ENG_STAT_ROAD = 1u << 1,  /* road move */
	ENG_STAT_MELEE = 1u << 2, /* melee factor */
	ENG_STAT_MORALE = 1u << 3,
	ENG_STAT_FIRE_DICE = 1u << 4,
	ENG_STAT_MELEE_DICE = 1u << 5,
};
#define ENG_STAT_ALL 0x3fu

/* An exact chance as a table shows it: p < 0 is none (the cell is
 * left empty); exact is the fraction ("4/7"), owned by the table. */
struct eng_chance {
	double p;
	char *exact;
};
/* A labelled table of exact chances that the family works out itself
 * (beyond the fire and melee matchups of odds()). */
struct eng_table {
	/* "Fire: hits scored by one volley"; a sheet may number the
	 * columns when rows and columns are the same unit types, more than
	 * six, if it has a numbered wording of the title. */
	char *title;
	char *rowhead, *colhead; /* what rows and columns are (report) */
	char *legend;            /* what a cell is (report) */
	char *note;              /* the situation it assumes (report) */
	size_t nrows, ncols;
	char **rows, **cols;
	struct eng_chance *cells; /* nrows * ncols, row by row */
	/* The rows each row stands for, when the family gave rows that are
	 * alike once (NULL: one each): a report table over
	 * ENG_TABLE_SHARE_OVER rows or columns, whose alike rows the report
	 * shows once anyway. */
	size_t *rowcount;
};
/* A report heat map with more rows or columns than this shows its alike
 * rows and columns once (README, Limits and hostile input). */
#define ENG_TABLE_SHARE_OVER 64
struct eng_tables {
	struct eng_table *v;
	size_t n, cap;
};
/* A new table of nrows x ncols empty cells (p = -1) at the end of t. */
struct eng_table *eng_table_add(struct eng_tables *, const char *title,
    size_t nrows, size_t ncols);
void eng_tables_free(struct eng_tables *);
enum eng_tables_for {
	ENG_TABLES_SHEET,  /* the reference sheet's panels (percentages) */
	ENG_TABLES_REPORT, /* the report's heat maps (exact fractions) */
};

/* An outcome self-play tallied, against its exact chance: the report's
 * agreement check (check/agree.c) reads the family's tallies only so. */
struct eng_outcome {
	char *label; /* "Melee, power 3 v 2: attacker wins" */
	long k, n;   /* times it happened, of n times it could */
	double p;    /* the exact chance */
	char *exact; /* as a fraction */
};
struct eng_outcomes {
	struct eng_outcome *v;
	size_t n, cap;
};
void eng_outcome_add(struct eng_outcomes *, char *label, long k, long n,
    double p, char *exact);
void eng_outcomes_free(struct eng_outcomes *);

/* A melee situation's key (eng_odds_melee) and how it is said. */
struct eng_words {
	const char *key, *words;
};

/*
 * A family's own test-game step told as a player tells it in an example
 * of play: its verb ("charge") and words, an N_() msgid whose %s take
 * what `takes` says: ENG_VERB_NONE nothing, ENG_VERB_UNIT the step's
 * unit, ENG_VERB_PAIR its unit and target, ENG_VERB_ARG its argument as
 * written ("Melee"). Ended by { NULL }.
 */
enum eng_verb_takes {
	ENG_VERB_NONE,
	ENG_VERB_UNIT,
	ENG_VERB_PAIR,
	ENG_VERB_ARG
};
struct eng_verb {
	const char *key, *words;
	enum eng_verb_takes takes;
};

/*
 * Where a family's odds document (`sandtable odds`) goes, value by value
 * as it is made, so that the odds of a big ruleset are never held whole
 * (256 unit types make 65,536 melee entries). The document is members:
 * values, and tables of entries (table() opens one; its entries are
 * open(NULL, 0) … close(), members of the document follow it). A value
 * goes under key in an object, with key NULL in a list; open() begins an
 * object or a list (list 1), close() ends the last one begun. A chance is
 * given exact() (its fraction) or real() (the double the family gives
 * beside it); how either is written is the emitter's. A table's title
 * says what its entries are, in words.
 *
 * Values that many entries share (the hits of 20 dice): share() before
 * one names it by id and part (the family's, alive as long as the
 * document). It returns 1 when the emitter put in what it kept of that
 * value under key, and the family emits nothing more of it; 0 when the
 * next value, an object or list opened under key, is that one, which the
 * emitter may keep.
 *
 * How a table is laid out in lines (the text of `sandtable odds`) is the
 * emitter's too; the family says only what to show: column() names a
 * value of each entry (key "exact.p_hit": p_hit in the entry's object
 * "exact") and its head, and the least width of its values (0: the
 * head's); note() a sentence to be read under the table. Both come after
 * table() and before its first entry, columns in the order shown; an
 * entry's values that no column names are left out of the lines. JSON
 * has no use for either.
 */
struct eng_emit {
	void (*table)(void *arg, const char *key, const char *title);
	void (
	    *column)(void *arg, const char *key, const char *head, int width);
	void (*note)(void *arg, const char *text);
	void (*open)(void *arg, const char *key, int list);
	void (*close)(void *arg);
	void (*string)(void *arg, const char *key, const char *);
	void (*integer)(void *arg, const char *key, long);
	void (*boolean)(void *arg, const char *key, int);
	void (*null)(void *arg, const char *key);
	void (*real)(void *arg, const char *key, double);
	void (*exact)(void *arg, const char *key, const mpq_t);
	int (*share)(void *arg, const char *key, const void *id, int part);
	void *arg;
};

/*
 * A number the family keeps of each unit that the rulebook's examples of
 * play tell when a step changes it ("A has 2 hits"): its words, N_()
 * msgids with the unit's name in markup (%s) and the new value (%d):
 * rises and falls by which way it went, one when it is now 1 (NULL: as
 * rises and falls say).
 */
#define ENG_MAX_UGAUGES 2
struct eng_ugauge {
	const char *key; /* "hits" */
	const char *rises, *falls, *one;
};

/*
 * A unit's key stat as data (eng_show.unit_facts): its key ("morale"),
 * its label and short label as N_() msgids ("Morale", "Mo"; brief NULL:
 * the label), and its value as written ("" none). How stats are laid
 * out — in lines, with short labels where room is short, a dash for
 * none — is the product's (the bases sheet's markers).
 */
#define ENG_MAX_FACTS 8
struct eng_fact {
	const char *key, *label, *brief;
	char value[24];
};

/*
 * What ends a battle before its last turn, as data (eng_show.end): a
 * side loses when it has no units left, or with unfit, no unit fit to
 * fight (a unit the family counts out of the fight though on the
 * table); and with break_pct > 0, when its army breaks, that share (%)
 * of its fighting units lost. How it is said is the product's (the
 * scenario's briefing).
 */
struct eng_end {
	int unfit;
	int break_pct;
};

/*
 * What one kind of a family's exact chances is, as a table of them is
 * described (N_() msgids): the title of all of them, what one chance is
 * (legend, and in a few words, head), what they assume and how they are
 * worked out (note). NULL:
 * the common case in the product's words (melee: the attacker wins and
 * only the defender is removed; fire: a hit with one shot, which the
 * target's class may make 0).
 */
struct eng_chances_of {
	const char *title, *legend, *note;
	const char *head; /* one chance in a few words ("attack wounds") */
};

struct eng_show {
	/* No family plays the ruleset (engine: none): products leave out
	 * what needs one (odds, self-play), and play and odds refuse. */
	int print_only;
	/* Why a family's ruleset is not played, when it is not (a family
	 * whose mechanisms are not written yet): play and odds refuse and
	 * check sums up with these words. NULL: no family (print only). */
	const char *unplayed;
	unsigned stats; /* enum eng_stat_bit */
	/* A unit's value of stat (one bit of stats beyond Move and Road
	 * move, which are the model's) as a card prints it into buf (""
	 * a dash): 1, or 0 when the unit has none. NULL: no unit has
	 * any. */
	int (*stat)(const struct ruleset *, const struct rs_unit *,
	    unsigned stat, char *buf, size_t sz);
	/* The Units table's own columns (eng_family.unit_cols) it shows as
	 * those stats: not among the game's own (NULL-terminated, or
	 * NULL: none). */
	const char *const *stat_cols;
	int weapon_destroys; /* weapons show the classes they destroy */
	/* Weapons show the faces they hit on (a "Hits on" column): not a
	 * family whose weapons roll To hit of their own columns, where
	 * the column would be a dash for every weapon. */
	int weapon_hits_on;
	/* The melee situation odds tables assume (NULL: each matchup's
	 * first, for a family of one situation); the title of its melee
	 * chances, attacker by defender; and the title of its fire
	 * chances, shooter by target (NULL: no fire chances are shown, on
	 * the sheet, the cards or in the report: a family whose fire does
	 * not depend on its target). A family says what its chances are. */
	const char *situation;
	const char *melee_title, *fire_title;
	/* A melee's chances are the same whoever charged (b's
	 * defender_wins against a is a's attacker_wins against b): one
	 * number says how a unit fares against an enemy, not two. */
	int melee_either_way;
	/* Each melee situation in words. */
	const struct eng_words *situations; /* ended by { NULL } */
	/* What the chances of its melee and fire matchups (eng_odds:
	 * attacker_wins, p_hit) are, for any table of them. */
	struct eng_chances_of melee_of, fire_of;
	/* What the melee chances are for rs, when that depends on the
	 * ruleset (a family with several mechanisms): *out starts as
	 * melee_of. NULL: melee_of. */
	void (
	    *melee_of_rs)(const struct ruleset *, struct eng_chances_of *out);
	/* What an example of play tells of a unit's state, in this order
	 * (eng_family.unit_gauges gives the values). */
	const struct eng_ugauge *ugauges;
	int nugauges;
	/* Its own steps in words (may be NULL). */
	const struct eng_verb *verbs;
	/* Its settings table (the section settings_section, columns
	 * Setting and Value), row k of keys and values (n rows, NULL where
	 * a row has none) as a rule in a player's words (caller frees), or
	 * NULL when the row says nothing a player needs. NULL: printed as
	 * written. */
	const char *settings_section;
	char *(*setting_words)(const char *const *keys,
	    const char *const *values, size_t n, size_t k);
	/* A cell of one of its own tables (section, the English heading;
	 * header, its column's first cell; row 0 the header itself) in a
	 * player's words (caller frees), or NULL: printed as written. NULL:
	 * every cell as written. */
	char *(*cell_words)(const char *section, const char *header,
	    size_t row, const char *cell);
	/* The family's own tables of exact chances (may be NULL). */
	void (*tables)(const struct eng_ctx *, enum eng_tables_for,
	    struct eng_tables *);
	/* Each outcome self-play tallied against its exact chance, in the
	 * report's order (may be NULL). */
	void (*outcomes)(const struct eng_ctx *, const struct eng_stats *,
	    struct eng_outcomes *);
	/* `sandtable odds` when the family has more to say than the fire
	 * and melee tables of odds(): its own document, into an emitter
	 * (units a and b filter; NULL all). May be NULL. */
	void (*odds_doc)(const struct eng_ctx *, const char *a, const char *b,
	    const struct eng_emit *);
	/* About how many bytes of JSON odds_doc would write for a and b:
	 * counting stops past limit (any answer over it will do). NULL: a
	 * family whose document is always small. */
	size_t (*odds_size)(const struct eng_ctx *, const char *a,
	    const char *b, size_t limit);
	/* What ends a battle of this family before its last turn, for
	 * rs, into *out (cleared by the caller). NULL: losses alone (a
	 * side with no units left loses). */
	void (*end)(const struct ruleset *, struct eng_end *out);
	/* A unit's key stats beyond its Move (the model's), in order, into
	 * out[ENG_MAX_FACTS]; returns how many. NULL: none. */
	size_t (*unit_facts)(const struct ruleset *, const struct rs_unit *,
	    struct eng_fact *out);
	/* A unit's fire is a stat of its own (unit_facts gives it), not
	 * its weapons: its weapons and their ranges are not among its key
	 * stats. 0: they are (a family whose units fire their weapons). */
	int fire_is_stat;
	/* What its terrain does to a line of sight and to a move, as
	 * masks of (1u << rs_terrain_kind), for what draws the table
	 * for another game to play it (a virtual tabletop's walls):
	 * terrain that blocks a line of sight through it whole
	 * (sight_blocks); that a line may run into some way but not
	 * through (sight_limits: woods wood_depth deep, a hill's ground
	 * below hill_rise); that no move may cross (move_blocks). 0:
	 * none of its terrain does. */
	unsigned sight_blocks, sight_limits, move_blocks;
};
/* The description of the family that plays rs; a print-only one (every
 * stat, no odds) when no family does, or rs is NULL. Never NULL. */
const struct eng_show *eng_show_of(const struct ruleset *);
/* The widest name of rs's unit types (weapons 0) or weapons (1), in
 * characters: an odds table's column of them is that wide. */
int eng_names_width(const struct ruleset *, int weapons);
/* The words for a melee situation (the key itself when unknown). */
const char *eng_situation_words(const struct eng_show *, const char *key);
/* A length as a marker shows it, in u: 9″, 12 cm or 40 mm (len_format_as).
 * Returns buf. */
char *eng_len_label(char *buf, size_t sz, double mm, enum unit_of_length);

/* ---- a rule family ---- */
struct eng_family {
	const char *name; /* "firepower": its engine: name, in any case */
	const struct eng_rule *rules;
	int nrules;
	/* Whether rule k can apply to this ruleset at all (a mechanism its
	 * tables do not choose cannot): coverage counts and warns only for
	 * those that can. NULL: every rule applies. */
	int (*applies)(const struct eng_ctx *, int rule);
	/* The unit classes it plays, a mask of (1u << rs_class): a unit of
	 * another class is an error when the ruleset is prepared. */
	unsigned classes;
	/* It plays classes of the game's own words too ("trooper": a unit's
	 * rs_class_slot() beyond the six); else such a class is an error
	 * at its cell. */
	int own_classes;
	/* It rolls a d6 only: a Hits on face above 6 is a mistake at the
	 * face; else (dice, print only) it asks for the die that has it. */
	int d6_only;
	/* It plays the default battle's army break point (battle:
	 * break: 50%); else a ruleset that gives one is warned. */
	int plays_break;
	/* It plays the Markers table's Placed, Removed and Most columns
	 * (the dice family); else a ruleset that gives them is told. */
	int plays_markers;
	/* Per ruleset, after the core filled ctx (board, kinds, ranges):
	 * family data and warnings (lengths off the grid …). 0 or -1. */
	int (*prepare)(struct eng_ctx *, struct diags *);
	void (*release)(struct eng_ctx *);
	/* The bytes of its own per-game state (eng_game.fam_state): a game
	 * of this family is made with that many, and no more. */
	size_t state_size;
	/* A new game's units are placed: set up family state (all of
	 * fam_state the family reads; eng_game_init() clears fam_state
	 * only for families without this hook). */
	void (*setup)(struct eng_game *);
	/* A test game's unit entry has a key the core does not know
	 * (morale: 4, disordered: true). Returns 0 taken, -1 with err, said
	 * at *at: the key's place, unless the family names a place within
	 * its value (as expect_unit's, the expectation's). */
	int (*unit_key)(struct eng_game *, int unit, const char *key,
	    const struct rs_node *value, char *err, size_t errsz,
	    struct pos *at);
	/* A test game's own keys of the family's (morale: break: 50%), of
	 * its YAML doc, into a new test game before its units are placed;
	 * called for every test game. Returns 0, or -1 with the place in
	 * *at and a message in err. NULL: none. */
	int (*test_keys)(struct eng_game *, const struct rs_node *doc,
	    struct pos *at, char *err, size_t errsz);
	/* Play one turn with the built-in players: the family decides what
	 * a turn is (firepower: one side's; morale: all phases of both).
	 * Must advance gturn and set over/winner when the battle ends. */
	void (*play_turn)(struct eng_game *);
	/* A scripted test-game step. Returns 0, or -1 with a message in err
	 * (the step is illegal or the family does not know it). */
	int (*step)(struct eng_game *, const struct eng_action *, char *err,
	    size_t errsz);
	/* A family-specific expectation of a unit's state: the scalar
	 * ("disordered") or the whole map ({at: …, hits: 3}; the family
	 * skips the core's keys `at` and `alive`). Returns 1 met, 0 not met
	 * (err says why), -1 unknown key. */
	int (*expect_unit)(const struct eng_game *, int unit,
	    const struct rs_node *, char *err, size_t errsz, struct pos *at);
	/* Unit's values of the family's show->ugauges, into out[] in their
	 * order. NULL: none. */
	void (*unit_gauges)(const struct eng_game *, int unit, int *out);
	/* A unit's facing in radians, for a family that plays facing and
	 * keeps it in a form of its own (morale: worked out when read).
	 * NULL: the family does not play facing (fronts are not drawn). */
	double (*facing)(const struct eng_game *, int unit);
	/* Exact odds of a contest by key ("attacker_wins", "p_hit") into
	 * the caller's initialised q. 0, -1 (no such key), or
	 * ENG_ODDS_MARKERS: markers change the contest's rolls and its odds
	 * are not worked out. */
	int (*contest_odds)(const struct eng_game *,
	    const struct eng_contest *, const char *key, struct eng_q *);
	/* All fire and melee matchups of the ruleset. */
	void (*odds)(const struct eng_ctx *, struct eng_odds *);
	/* Findings on the ruleset and on the self-play statistics (may be
	 * NULL): unwinnable melees, units nothing can destroy, … */
	void (*findings)(const struct eng_ctx *, const struct eng_stats *,
	    struct diags *);
	/* Whether weapon w (an index into rs->weapons) can ever be used in
	 * a game: 0 when no game of the ruleset can use it, with why, a
	 * sentence of the rules that forbids it ("its Range is within the
	 * contact distance, and a unit in contact may not shoot"); NULL:
	 * every weapon can be. The core notes each one never used. */
	int (*weapon_usable)(const struct eng_ctx *, int w, const char **why);
	/* The numbers it plays with that a ruleset may set (settings.c). */
	const struct eng_setting *settings;
	int nsettings;
	/* What it reads of the ruleset beyond the reader's model, as data:
	 * the columns of the Units and of the Weapons table (headings, as
	 * names compare: "To hit"), which the reader keeps as the game's
	 * own stats and the family reads from their cells (eng_own_col), so
	 * that they are not in the note on columns printed but not played;
	 * and the level-2 sections of its own whose first table it reads
	 * (rs_table_find). Each NULL-terminated, or NULL: none. */
	const char *const *unit_cols, *const *weapon_cols;
	const char *const *sections;
	/* The family's gauges for a ruleset, at the lengths its settings
	 * give, into out[ENG_MAX_GAUGES]; returns how many. May be NULL. */
	size_t (*gauges)(const struct ruleset *, struct eng_gauge *out);
	/* The value the family plays for its setting k when a table of the
	 * ruleset gives it instead of the front matter (the dice family's
	 * Combat table's contact), with where it comes from in *from; NAN
	 * when the setting's own is played. May be NULL. */
	double (
	    *setting_played)(const struct ruleset *, int k, const char **from);
	/* The status markers a table needs for a ruleset ("Disordered",
	 * "1 hit" …), none that cannot apply to it: *out gets an array of
	 * strings the caller frees with eng_markers_free(); returns how
	 * many. May be NULL: none. */
	size_t (*markers)(const struct ruleset *, char ***out);
	/* What the print products and the report show of it. */
	const struct eng_show *show;
	/* What it needs of the reader's model, said at each place the
	 * reader noted (struct rs_check: a unit, a weapon, no Weapons
	 * table, the whole), into d in their order: eng_family_check()
	 * puts them among the reader's messages. NULL: nothing. */
	void (*check)(const struct ruleset *, const struct rs_check *,
	    struct diags *d);
	/* What rs_dump() prints of what it reads beyond the model: its
	 * settings, its columns (rs_dump_fn). NULL: nothing. */
	rs_dump_fn *dump;
};
void eng_markers_free(char **, size_t);

/*
 * The values of f's settings in rs's front matter, each its default when
 * not written. A value that does not parse or is out of range is an
 * error in d (may be NULL) at the value and keeps the default. Returns
 * 0, or -1 when a value was bad.
 */
int eng_settings_read(const struct ruleset *, const struct eng_family *,
    struct eng_values *, struct diags *);
/*
 * The front matter as the family that plays rs knows it: a warning for
 * each key neither the reader nor the family reads (a misspelt key is
 * otherwise silently a default) and the errors of eng_settings_read().
 * Returns 0, or -1 on errors.
 */
int eng_front_check(const struct ruleset *, struct diags *);
/*
 * What only the family can tell of a ruleset once read, d the list the
 * reader was given: an unknown engine: (the names known from the
 * family table); at each place the reader noted (rs->checks), the
 * core's findings and the family's check hook's — a note on the columns
 * of the game's own stats it does not read (printed on the cards, not
 * played), what it needs of each unit and weapon — among the reader's
 * messages; a warning for a second section of the family's own (it
 * reads the first), and eng_front_check. Returns 0, or -1 on errors.
 */
int eng_family_check(const struct ruleset *, struct diags *);
/* The no-Weapons-table finding of c (RS_CHECK_NO_WEAPONS): needs the
 * family that cannot play without weapons (its check hook), or NULL
 * when only a unit naming a weapon wants the table. */
void eng_no_weapons(const struct ruleset *, const struct rs_check *c,
    const struct eng_family *needs, struct diags *);
/* The index of the own-stat column named name (as names compare) in
 * oc, or -1. */
int eng_own_col(const struct rs_own_cols *, const char *name);
/* Unit u's cell under the first of its own columns named one of names
 * (NULL-terminated), its place into *at (may be NULL): NULL when the
 * table has no such column or the cell says none (rs_is_none). */
const char *eng_unit_cell(const struct ruleset *, const struct rs_unit *,
    const char *const *names, struct pos *at);
/* A whole number cell s as the reader reads its numbers (a leading '+'
 * allowed), what its column in messages: 0 with *v, or -1 with an error
 * at `at` in d (may be NULL). */
int eng_cell_int(const char *s, const char *what, int lo, int hi,
    struct pos at, int *v, struct diags *d);
/* Whether heading h is one of the NULL-terminated names (NULL: none). */
int eng_col_named(const char *const *names, const char *h);
/* Print the family's settings for `check -v`: key, value, default. */
void eng_settings_dump(const struct ruleset *, FILE *);

/* The family an engine: name names (in any case; "none": print only),
 * or NULL: none is built in of that name. */
const struct eng_family *eng_family_find(const char *name);
/* The family of rs: eng_none when it names no engine; NULL only for a
 * name no row has (an error the reader reports at it). */
const struct eng_family *eng_family_of(const struct ruleset *);
/* The classes f plays among the six, for a message: "infantry,
 * artillery, vehicle" into buf. Returns buf. */
char *eng_family_classes(const struct eng_family *f, char *buf, size_t sz);
/* The name of the family that plays rs, or "none". */
const char *eng_engine_name(const struct ruleset *);
/* The playing families' engine: names for a message, from the family
 * table: each after pre, the last joined by last ("engine: firepower,
 * engine: morale or engine: dice"); caller frees. */
char *eng_family_names(const char *pre, const char *last);
/* Every row's name, none first ("none, firepower, morale, dice"), for
 * the known engines of a message; caller frees. */
char *eng_family_known(void);
/* "; did you mean 'dice'?" for an engine name near a family's, or "". */
const char *eng_family_hint(const char *word, char *buf, size_t sz);
/* rs_dump() as the family that plays rs names it and dumps its own. */
void eng_dump(const struct ruleset *, FILE *);
extern const struct eng_family eng_firepower;
extern const struct eng_family eng_morale;
extern const struct eng_family eng_dice;

/* ---- context and games (game.c) ---- */
/*
 * Prepare a ruleset for play. grid/cell_mm override the ruleset's grid
 * when grid >= 0 (RS_GRID_NONE: a free table). Returns the context, or
 * NULL when the ruleset is print only (engine: none, no note: the
 * caller says so), its engine is not played (a note says so; a family
 * without play_turn is prepared first, so that its tables are checked)
 * or an error was added to diags.
 */
struct eng_ctx *eng_ctx_new(const struct ruleset *, int grid, double cell_mm,
    struct diags *);
/* The same, for the unit types a and b alone (indices; b may be a):
 * what the family works out, and its limits, are theirs. */
struct eng_ctx *eng_ctx_new_focus(const struct ruleset *, int grid,
    double cell_mm, int a, int b, struct diags *);
void eng_ctx_free(struct eng_ctx *);
/* Fill ctx->kinds/wrange/melee_range for a board (test games with a
 * board of their own use a copy of the ctx). */
void eng_ctx_convert(struct eng_ctx *, const struct eng_board *,
    struct diags *);

/* A game of the context's family, with room for the family's own state
 * (state_size); free() it. Every game is made so. */
struct eng_game *eng_game_new(const struct eng_ctx *);
/* Empty game on the context's board; dice random from (seed, game). */
void eng_game_init(struct eng_game *, const struct eng_ctx *, uint64_t seed,
    uint64_t game);
/* Add a unit of type `type` for side at (x, y) board units; returns its
 * index or -1 when the game is full. */
int eng_game_add(struct eng_game *, int type, int side, double x, double y);
/* Place both sides' forces of the default battle, mirrored. */
void eng_battle_setup(struct eng_game *);
/* Roll for the first turn (Initiative: higher die, ties rolled again). */
int eng_initiative(struct eng_game *);
/* End of battle: a side with no units loses; on the turn limit the side
 * with more units wins, equal numbers draw. Sets over/winner/timeout;
 * returns g->over. */
/* The game turn g is in, or (ended by its turn limit) the last it
 * played: a game of turns: 6 that ran its course played 6, whatever
 * turn number the family's count has moved on to. */
int eng_game_turn(const struct eng_game *);
int eng_check_end(struct eng_game *);
/* Play a whole game with the built-in players. */
void eng_game_play(struct eng_game *);
/*
 * A game's life: eng_game_init(), the units placed (eng_battle_setup()
 * or eng_game_add()), then eng_game_ready() — the family sets up its own
 * state, which every game needs, test games too — and, for a game the
 * built-in players play, eng_game_run(): ready, the roll for the first
 * turn, and play to the end.
 */
void eng_game_ready(struct eng_game *);
void eng_game_run(struct eng_game *);

/* ---- self-play (selfplay.c) ---- */
/*
 * Play `games` games of the default battle, game i with dice from
 * (seed, i), on `jobs` threads; players alternate sides by game. The
 * statistics do not depend on jobs (but `seconds`). mode 0: greedy vs
 * greedy; then also greedy vs random games for the skill measure.
 */
void eng_selfplay(const struct eng_ctx *, long games, uint64_t seed, int jobs,
    struct eng_stats *);
/* The same, reporting progress (games played of all, from the calling
 * thread) to progress(parg, done, total) when it is not NULL. */
void eng_selfplay_progress(const struct eng_ctx *, long games, uint64_t seed,
    int jobs, struct eng_stats *, progress_fn progress, void *parg);

/* ---- test games (testgame.c) ---- */
/*
 * Play every test game of the ruleset. Failures are errors in diags at
 * the step that failed: "test game 'NAME', step N: expected B destroyed,
 * but it is alive". cov (may be NULL) accumulates rule coverage.
 * Returns the number of test games that failed.
 */
int eng_testgames_run(const struct eng_ctx *, struct diags *, uint64_t *cov,
    int *played);
/* Play one test game; same conventions. Returns 0 passed, -1 failed. */
int eng_testgame_run(const struct eng_ctx *, const struct rs_testgame *,
    struct diags *, uint64_t *cov);

/*
 * The engine's own record of a test game, for the rulebook's examples of
 * play: the table and its terrain, every unit before the first step and
 * after each step, and for each step the dice it rolled and the rules it
 * applied; then the exact odds of the first fire or melee. Lengths are
 * mm of the table, x from Blue's left, y from Blue's edge.
 */
#define ENG_REC_DICE 24  /* dice kept of one step (ndice counts all) */
#define ENG_REC_RULES 12 /* rules kept of one step */
#define ENG_REC_ODDS 8
struct eng_rec_unit {
	char name[ENG_NAME];
	int type, side, alive;
	double x, y;   /* centre */
	double hw, hd; /* half the base (on a grid, of the marker) */
	double facing; /* radians, 0 towards Red's edge */
	int gauge[ENG_MAX_UGAUGES]; /* the family's (show->ugauges) */
};
struct eng_rec_step {
	enum eng_act_kind kind;
	char verb[24];  /* the step's word: "fire", "charge", "play" */
	char arg[64];   /* its value as written, when short: "Melee" */
	struct pos pos; /* of the step in the test game */
	int unit, target, weapon; /* -1: none */
	int side, turn; /* whose turn, and the game turn, at its start */
	int refused;    /* refused by the rules, as the test game expected */
	int shots, melees; /* contests the step resolved (a charge: melees) */
	int fight_a, fight_b; /* the units of its last contest, or -1 */
	int dice[ENG_REC_DICE], ndice;
	int by[ENG_REC_DICE]; /* who rolled each (eng_dice.by), 0: not said */
	int rules[ENG_REC_RULES], nrules; /* family rule indices, in order */
	struct eng_rec_unit *after;       /* nu units */
};
struct eng_rec_odds {
	const char *key; /* static: "attacker_wins" */
	struct eng_q q;
};
struct eng_record {
	const struct eng_family *fam;
	enum rs_grid grid;
	double table_w, table_h, cell_mm;
	struct eng_terrain t[ENG_MAX_TERRAIN]; /* in mm */
	int nt;
	int nu;
	struct eng_rec_unit *start; /* nu units */
	struct eng_rec_step *steps;
	size_t nsteps, capsteps;
	int scripted;        /* the dice were listed, not seeded */
	int facing;          /* the family plays facing: units have a front */
	int contest, ca, cb; /* the first contest: 1 fire, 2 melee; units */
	struct eng_rec_odds odds[ENG_REC_ODDS];
	int nodds;
	int over, winner, gturn;
};
/* Play one test game as eng_testgame_run does, keeping its record in
 * rec (may be NULL). The record is complete only when it passed;
 * eng_record_free() it in either case. */
int eng_testgame_play(const struct eng_ctx *, const struct rs_testgame *,
    struct diags *, uint64_t *cov, struct eng_record *rec);
void eng_record_free(struct eng_record *);
/* The test games marked `example:` (true, or a caption), played with
 * their records: the caption (the test game's name when the key is just
 * true) and the section each belongs under: its `section:`, else the
 * section of the first rule its expectations name, else of the first
 * rule it applied (initiative aside), else "Examples of play". */
struct eng_example {
	const struct rs_testgame *t;
	const char *caption, *section;
	int passed;
	struct eng_record rec;
};
/* Whether test game t is an example, and its caption (NULL: not one). */
const char *eng_example_caption(const struct rs_testgame *);
/* Play the examples into *out (the caller frees it with
 * eng_examples_free); failures are errors in diags as in check, and
 * counted in *failed. Returns how many examples there are. */
int eng_examples(const struct eng_ctx *, struct diags *,
    struct eng_example **out, int *failed);
void eng_examples_free(struct eng_example *, int n);
/* The odds keys of contest_odds() that a record tries, with words. */
extern const struct eng_odds_key {
	const char *key, *words;
} eng_odds_keys[];

#endif
