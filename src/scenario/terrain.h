/*
 * terrain.h: a battlefield's terrain — hills with contour levels, woods,
 * a river with fords, roads, a town and fortifications — generated from
 * a seed and a table size, read from and written to YAML, and snapped to
 * a grid. The kinds are the model's enum rs_terrain_kind.
 *
 * Coordinates are table millimetres: origin at the top-left corner of
 * the table, x to the right, y down. The files have y up from Blue's
 * edge (`axes: y-up`), as the user sees everything: tr_to_yaml() and
 * tr_parse() turn it.
 *
 * The generator is deterministic: the same seed, table and kinds give
 * the same battlefield on every machine (its own PRNG, splitmix64; no
 * rand(), no locale). It follows Bob Cordery's dice-driven method: the
 * table is cut into sectors and a die decides each sector's terrain;
 * then a river enters and leaves by table edges chosen by dice and is
 * routed round the hills and woods, with fords; then roads run from
 * edge to edge through the town, crossing the river at fords.
 *
 * The YAML shape (also in README, "### map"):
 *
 *   axes: y-up               # y up from Blue's edge; none: y down
 *   table: 72x48in           # optional; lengths with units
 *   seed: 7                  # optional, for the record
 *   terrain:
 *     - kind: hill           # contours: outermost first, each a ring
 *       contours:
 *         - [[100, 100], [300, 90], [320, 260], [120, 280]]
 *         - [[160, 150], [260, 150], [250, 220]]
 *     - kind: wood
 *       outline: [[500, 500], [700, 480], [720, 650], [520, 660]]
 *     - kind: river
 *       width: 1.5in
 *       path: [[0, 600], [900, 650], [1829, 700]]
 *       fords: [[900, 650]]
 *     - kind: road
 *       width: 1in
 *       path: [[0, 200], [1829, 240]]
 *     - kind: town
 *       buildings: [[800, 300, 60, 40], [880, 310, 50, 50]]  # x, y, w, h
 *     - kind: fortification
 *       path: [[400, 900], [700, 900]]
 *
 * Numbers are lengths: bare numbers are millimetres unless the file sets
 * `measure: in` (or cm, ft); "3in" style values are accepted anywhere.
 */
#ifndef SANDTABLE_TERRAIN_H
#define SANDTABLE_TERRAIN_H

#include <stddef.h>
#include <stdint.h>

#include "../base/base.h"
#include "../ruleset/ruleset.h"
#include "grid.h"

/* The first line of a terrain file sandtable writes (--write-terrain). */
/* The first line's beginning: "lengths in inches" (the file's measure)
 * follows it; files of earlier versions say "millimetres". */
#define TR_YAML_FIRST "# sandtable battlefield; lengths in"

/*
 * Limits on a battlefield read from a file (README, "Limits and hostile
 * input"), so that every map and briefing of one is drawn in seconds:
 * terrain items, points of one outline or path, points in the whole file
 * (a ford or a building counts as one), the length of all outlines and
 * paths together (in table perimeters), and how far off the table a
 * point may lie (a table's width or depth). Widths run from TR_MIN_WIDTH
 * to a quarter of the table's shorter side.
 */
#define TR_MAX_FEATURES 200
#define TR_MAX_POINTS 1000
#define TR_MAX_TOTAL_POINTS 2000
#define TR_MAX_ROUNDS 20
#define TR_MIN_WIDTH 1.0 /* mm */

/* ---- a small deterministic PRNG (the engine's splitmix64) ---- */
struct tr_rng {
	uint64_t s;
};
void tr_rng_seed(struct tr_rng *, uint64_t seed);
uint64_t tr_rng_next(struct tr_rng *);
/* Uniform integer in [0, n) (n > 0), without modulo bias. */
uint32_t tr_rng_below(struct tr_rng *, uint32_t n);
/* One six-sided die: 1 … 6. */
int tr_rng_d6(struct tr_rng *);
/* Uniform double in [a, b). */
double tr_rng_range(struct tr_rng *, double a, double b);

struct tr_point {
	double x, y;
};

/* A polygon (closed ring) or a path (open polyline). */
struct tr_line {
	struct tr_point *v;
	size_t n, cap;
};

struct tr_hill {
	struct tr_line *contours; /* outermost first; level k is contours[k] */
	size_t n, cap;
};

struct tr_rect {
	double x, y, w, h;
};

/* A linear feature: river, road or fortification line. */
struct tr_path {
	struct tr_line path;
	double width;           /* mm */
	struct tr_point *fords; /* river only: points on the path */
	size_t nfords, capfords;
};

struct battlefield {
	double table_w, table_h;
	uint64_t seed; /* 0 when read from a file without one */
	struct tr_hill *hills;
	size_t nhills, caphills;
	struct tr_line *woods; /* closed outlines */
	size_t nwoods, capwoods;
	struct tr_path *rivers;
	size_t nrivers, caprivers;
	struct tr_path *roads;
	size_t nroads, caproads;
	struct tr_rect *town; /* the buildings of the town, if any */
	size_t ntown, captown;
	struct tr_path *forts;
	size_t nforts, capforts;
};

/* A mask of (1u << rs_terrain_kind) naming the kinds a ruleset uses. */
#define TR_KINDS_ALL ((1u << RS_TERRAIN__MAX) - 1)
/* The kinds listed in a ruleset's Terrain table (all kinds when it has
 * none). */
unsigned tr_kinds_of(const struct ruleset *);

/*
 * The axes of a file (terrain_yaml.c): 1 when root says `axes: y-up` (y
 * up from Blue's edge, as everything sandtable shows and writes), 0 for
 * a file of an earlier version (no key: y down, with a note in d), -1 on
 * a bad value (an error in d). tr_flip_y() turns a battlefield's y from
 * one to the other (a town's buildings by their corner).
 */
struct rs_node;
int tr_axes_y_up(const struct rs_node *root, struct diags *d,
    const char *file);
void tr_flip_y(struct battlefield *);

/* An empty battlefield for a table (caller frees). */
struct battlefield *tr_new(double table_w, double table_h);
void tr_free(struct battlefield *);

/*
 * Generate terrain for a table from a seed, using only the kinds in
 * mask. Coordinates are rounded to 0.01 mm, so tr_to_yaml() and
 * tr_parse() give back the very same battlefield (a river needs RS_TERRAIN_RIVER; fords need RS_TERRAIN_FORD too,
 * or the river is left out as impassable everywhere). Returns a new
 * battlefield; same arguments, same result.
 */
struct battlefield *tr_generate(uint64_t seed, double table_w, double table_h,
    unsigned mask);
/* The same with a terrain density: 0 sparse, 1 normal (tr_generate), 2
 * dense — the odds of a hill or a wood in each sector. */
struct battlefield *tr_generate_density(uint64_t seed, double table_w,
    double table_h, unsigned mask, int density);

/*
 * Read the terrain of a scenario YAML file held in memory (shape above).
 * table_w/table_h give the table when the file does not. Returns a new
 * battlefield, or NULL with errors added to diags.
 */
struct battlefield *tr_parse(const char *file, const char *data, size_t len,
    double table_w, double table_h, struct diags *);
/* Same, reading the file. */
struct battlefield *tr_read(const char *path, double table_w, double table_h,
    struct diags *);

/*
 * The battlefield as YAML text in the shape above, its lengths in u (a
 * ruleset's measure, said by the file's `measure:` key) to 0.01 mm
 * (len_file_decimals); locale-independent and deterministic. Returns a
 * string the caller frees. tr_to_yaml writes millimetres.
 */
char *tr_to_yaml_in(const struct battlefield *, enum unit_of_length u);
char *tr_to_yaml(const struct battlefield *);

/* ---- queries ---- */
/* 1 when (x, y) lies inside the closed polygon. */
int tr_inside(const struct tr_line *, double x, double y);
/* Distance from (x, y) to the polyline. */
double tr_path_dist(const struct tr_line *, double x, double y);
/* Contour level of the hills at (x, y): 0 off any hill, else 1 … n. */
int tr_hill_level(const struct battlefield *, double x, double y);
/*
 * What is at (x, y): a mask of (1u << rs_terrain_kind) — hill, wood,
 * river, ford, road, town, fortification; 0 means open ground.
 */
unsigned tr_at(const struct battlefield *, double x, double y);

/* ---- snapping to a grid ---- */
/*
 * Terrain by cell, for grids where the rules play on cells: kind[i] is a
 * mask of (1u << rs_terrain_kind) for cell i (tr_at at its centre, plus
 * every cell a river, road or fortification passes through), level[i]
 * the hill contour level at the centre.
 */
struct tr_cells {
	int cols, rows;
	unsigned *kind;
	unsigned char *level;
};
/* Terrain of every cell of the grid (caller frees with tr_cells_free). */
struct tr_cells *tr_snap(const struct battlefield *, const struct grid *);
void tr_cells_free(struct tr_cells *);
/*
 * The chain of cells a path passes through, in order, each cell next to
 * the one before (squares share an edge). Returns the number of cells
 * and sets *cells (index r * cols + c; caller frees).
 */
size_t tr_snap_path(const struct tr_line *, const struct grid *, int **cells);

#endif
