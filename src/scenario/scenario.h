/*
 * scenario.h: a scenario — a battlefield, two forces picked to a points
 * total, where each deploys, one or two objectives, a turn limit and an
 * optional special rule — generated from a seed, written to and read
 * from a hand-editable YAML file, and balanced by test games.
 *
 * Coordinates are table millimetres as in terrain.h: origin at the
 * top-left corner of the table as printed, x to the right, y down.
 * Blue (side 0) deploys along the bottom edge, Red (side 1) along the
 * top edge.
 *
 * This header knows no engine: balancing takes functions that play
 * games (struct sc_games); src/scenario/play.h supplies the ones that
 * play through the engine.
 */
#ifndef SANDTABLE_SCENARIO_H
#define SANDTABLE_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "../base/base.h"
#include "../ruleset/ruleset.h"
#include "terrain.h"

/* The first line of a scenario file sandtable writes: an output replaces
 * only a file that begins so (atomic_check of base.h). */
#define SC_YAML_FIRST                                                         \
	"# A sandtable scenario. Edit it freely (unit "                       \
	"names as in the ruleset,"

#define SC_MAX_SIDE 32 /* units a side may field (engine: 64 in all) */
#define SC_MAX_OBJECTIVES 2
#define SC_BAND_LO 0.45 /* a balanced scenario's win rate band */
#define SC_BAND_HI 0.55

enum { SC_BLUE = 0, SC_RED = 1 };

/* A line of an order of battle: count units of one type. */
struct sc_entry {
	int type; /* index into rs->units */
	int count;
};

struct sc_force {
	struct sc_entry *v;
	size_t n, cap;
	int points; /* total value of the force */
};

struct sc_rect {
	double x, y, w, h;
};

struct sc_objective {
	char *name;
	double x, y;   /* centre */
	double radius; /* held by a side with a unit within, no enemy */
	int value;     /* victory points for holding it at the end */
};

/* Special rules that change only set-up and victory, so that every rule
 * family plays them without knowing them. Their effect is applied when
 * the scenario is generated and written out as such (zones, turns,
 * objective values), so the file says what is played. */
enum sc_special {
	SC_SPECIAL_NONE,
	SC_SPECIAL_VITAL_GROUND,   /* the first objective is worth 2 */
	SC_SPECIAL_FORCED_MARCH,   /* Red's zone is half again as deep */
	SC_SPECIAL_EARLY_DUSK,     /* the turn limit is two thirds */
	SC_SPECIAL_RECONNAISSANCE, /* Blue's zone is half again as deep */
	SC_SPECIAL__MAX
};

/* What the balance games found. */
struct sc_balance {
	long games;
	long wins[2], draws;
	long at_limit;  /* games that went to the turn limit */
	long turns_sum; /* game turns of all games */
	uint64_t seed;  /* game seed the figure came from */
	int candidates; /* scenarios tried before this one (1: the first) */
	int stopped;    /* the search stopped at its budget of play */
	double rate;    /* Blue's score: (wins + draws / 2) / games */
	double lo, hi;  /* Wilson 95% interval of rate */
	/* How the search made it (sc_balance_again): its candidate, the
	 * force adjustments made to it, bit i set when the i-th took from
	 * Blue's side or gave to Red's (Blue the stronger). */
	int cand, nadj;
	unsigned strong;
};

struct scenario {
	char *title;
	char *ruleset; /* path of the ruleset, as seen from here */
	uint64_t seed; /* the seed of this scenario */
	double table_w, table_h;
	struct battlefield *bf;
	struct sc_force side[2];
	struct sc_rect zone[2];
	struct sc_objective obj[SC_MAX_OBJECTIVES];
	int nobj;
	int turns;  /* game turns */
	int points; /* the requested points per side */
	enum sc_special special;
	struct sc_balance bal; /* games == 0: not measured */
	/* Where a scenario read from a file gives what sc_validate checks
	 * (pos.file NULL: generated, not read). */
	struct pos at_turns, at_zone[2], at_forces[2], at_table;
	struct pos at_obj[SC_MAX_OBJECTIVES];
};

/* What the generator is asked for. 0 / NULL fields take the defaults. */
struct sc_request {
	uint64_t seed;
	int points;              /* per side; 0: the default battle's value */
	double table_w, table_h; /* 0: the ruleset's table */
	int density;             /* terrain: 0 sparse, 1 normal, 2 dense */
	int special;             /* -1 by dice, else enum sc_special */
	/* What a table or points that cannot be met are blamed on (an
	 * option, say); file NULL: the ruleset. */
	struct pos table_at, points_at;
	/* Both sides field this force as it is, instead of one picked to
	 * points (a print-only ruleset: no values, no games); NULL: pick. */
	const struct sc_force *forces;
};

/* Unit values (points), one per ruleset unit type; 0: not fielded. */
struct sc_values {
	int *v;
	size_t n;
	/* How the values were found, for the briefing. */
	long games; /* self-play games used */
	int own;    /* the designer's own Points column, as written */
};
void sc_values_free(struct sc_values *);

/* ---- forces ---- */
/*
 * Pick a force of at most `points` from unit values (value[i] > 0 means
 * type i may be fielded), by a seeded draw that favours variety, then
 * filled up greedily so little is left over; at most maxunits units.
 * Returns the points spent, or -1 when points is below the cheapest
 * unit (the force is then empty).
 */
int sc_pick_force(const int *value, size_t ntypes, int points, uint64_t seed,
    int maxunits, struct sc_force *);
/*
 * A print-only ruleset's unit values: the whole numbers of its Units
 * table's own column `Points` (or `Pts`, `Cost`, `Value`; any case), for
 * forces to points without an engine to price them. v (may be NULL)
 * gets one value a unit type (0: not bought). Returns the column, or -1
 * when there is none.
 */
int sc_own_values(const struct ruleset *, struct sc_values *v);
/*
 * The force of a ruleset that nothing plays, so nothing prices: its
 * default battle's forces when it has them, else one unit of each type
 * (the first SC_MAX_SIDE types). Returns 0, or -1 with an error in diags
 * when the battle's forces field more than SC_MAX_SIDE units.
 */
int sc_default_force(const struct ruleset *, struct sc_force *,
    struct diags *);
/* Number of units of a force. */
int sc_force_units(const struct sc_force *);
/* The side a measured balance favours: SC_BLUE or SC_RED when its 95%
 * interval leaves out an even game (a score of 50%), else -1: a
 * scenario within the band is still not even then, and says so. */
int sc_favoured(const struct sc_balance *);
/* Add n units of a type (merging with its line). */
void sc_force_add(struct sc_force *, int type, int n);
/* Remove one unit of a type; 0, or -1 when there is none. */
int sc_force_remove(struct sc_force *, int type);
/* The cheapest value > 0, or 0 when there is none. */
int sc_cheapest(const int *value, size_t ntypes);
void sc_force_free(struct sc_force *);

/* ---- generation ---- */
/*
 * Deployment zone depth for a ruleset and table (mm): the ruleset's
 * `deploy`, else a quarter of the table depth; whole cells on a grid.
 */
double sc_deploy_depth(const struct ruleset *, double table_h);
/*
 * Generate a scenario for a ruleset from a request and unit values.
 * Returns it, or NULL with an error in diags (at the position of what
 * made the request impossible: points below the cheapest unit, a table
 * too small for two deployment zones and a gap between them).
 */
struct scenario *sc_generate(const struct ruleset *, const char *rs_path,
    const struct sc_request *, const struct sc_values *, struct diags *);
/* Whether the ruleset's table holds the scenario a build makes of it:
 * 0, or -1 with errors at its table: line in d. */
int sc_table_check(const struct ruleset *, struct diags *);
void sc_free(struct scenario *);

const char *sc_special_name(enum sc_special);  /* "vital-ground" */
const char *sc_special_title(enum sc_special); /* "Vital ground" */
const char *sc_special_text(enum sc_special);  /* one sentence */

/*
 * Where the units of a side stand at the start: n positions (mm) for
 * the force's units in order of its lines, spread over the zone in
 * ranks from the front edge, off rivers (fords allowed) and town
 * buildings; on a grid, at cell centres. Returns the number placed
 * (all, unless the zone is too small; then fewer).
 */
int sc_deploy(const struct scenario *, const struct ruleset *, int side,
    double (*xy)[2], int max);

/*
 * The victory conditions applied at the end of the turn limit: each
 * objective held (a unit of the side within its radius and none of the
 * enemy) scores its value; more points win, equal points go to the side
 * with more units left, equal units draw. alive[i] says whether unit i
 * of the deployed order (Blue's then Red's) is alive, xy its position.
 * Returns SC_BLUE, SC_RED or -1 for a draw.
 */
int sc_victory(const struct scenario *, int n, const int *side,
    const int *alive, const double (*xy)[2]);

/* ---- YAML ---- */
/* The scenario as YAML text (caller frees); deterministic, locale-free.
 * Names the ruleset as s->ruleset has it. */
char *sc_to_yaml(const struct scenario *, const struct ruleset *);
/* The same, for the file at path: the ruleset is named relative to it,
 * so that the file and its ruleset can move together. */
char *sc_to_yaml_at(const struct scenario *, const struct ruleset *,
    const char *path);
/*
 * Read a scenario file for a ruleset (the ruleset resolves unit names).
 * Returns it, or NULL with errors (file:line:col) in diags.
 */
struct scenario *sc_parse(const char *file, const char *data, size_t len,
    const struct ruleset *, struct diags *);
struct scenario *sc_read(const char *path, const struct ruleset *,
    struct diags *);
/* The `ruleset:` path named in a scenario file, as seen from here
 * (relative to the file), or NULL (caller frees); *at: where the file
 * names it. */
char *sc_read_ruleset_path(const char *path, struct pos *at, struct diags *);
/*
 * Check a scenario against its ruleset: forces of known units, within
 * the engine's limits, zones on the table and apart, objectives on the
 * table, a positive turn limit. Returns 0, or -1 with errors in diags
 * (at the place in the scenario file, when it was read from one).
 */
int sc_validate(const struct scenario *, const struct ruleset *,
    struct diags *);

/* ---- balance ---- */

/*
 * How games of a scenario are played (play.c plays them through the
 * engine; tests use a fake). prepare makes the per-scenario state (NULL:
 * the scenario cannot be played), play plays game number `game` with
 * dice from (seed, game) and returns SC_BLUE, SC_RED or -1 for a draw
 * (*turns: game turns played; *at_limit: 1 when the battle went to the
 * turn limit, so the victory conditions decided it); play may run on
 * several threads at once.
 */
struct sc_games {
	void *(*prepare)(void *arg, const struct scenario *);
	int (*play)(void *state, uint64_t seed, uint64_t game, int *turns,
	    int *at_limit);
	void (*release)(void *state);
	void *arg;
	/* Optional (NULL: play): play with a thread's scratch, *scratch
	 * NULL at its first game and kept for the next (the engine's game
	 * made once a thread, not once a game); scratch_free frees it when
	 * the thread is done. */
	int (*play_in)(void *state, void **scratch, uint64_t seed,
	    uint64_t game, int *turns, int *at_limit);
	void (*scratch_free)(void *scratch);
};
/*
 * Play `games` games (on `jobs` threads; the result does not depend on
 * jobs) and fill s->bal (candidates is left as it is). Returns 0, or -1
 * when the scenario cannot be played.
 */
int sc_measure(struct scenario *, const struct sc_games *, long games,
    uint64_t seed, int jobs);

/*
 * --balanced: generate candidates from the request (seeds derived from
 * request->seed) and adjust their forces until Blue's score lies within
 * the middle of the band (47–53%, so that a replay with other dice stays
 * within 45–55%) in `games` games and again in a second series with other
 * dice (bal then counts both), at most max_candidates tries; a candidate
 * that cannot pass stops early. Returns the scenario (bal.candidates
 * says how many were tried) and sets *ok to 1 when it is
 * within the band, 0 when the best one found is returned instead; NULL
 * with an error in diags when none could be generated.
 */
struct scenario *sc_balance(const struct ruleset *, const char *rs_path,
    const struct sc_request *, const struct sc_values *,
    const struct sc_games *, long games, int jobs, int max_candidates, int *ok,
    progress_fn, void *parg, struct diags *);

/*
 * The scenario sc_balance() returned with *ok set, made again from what
 * its bal says of how the search made it, without a game: its candidate
 * generated (what generating it says into diags) and the same forces
 * adjusted; bal then b. Returns it, or NULL.
 */
struct scenario *sc_balance_again(const struct ruleset *, const char *rs_path,
    const struct sc_request *, const struct sc_values *,
    const struct sc_balance *b, struct diags *);

#endif
