/*
 * bases_layout.h: the layout maths of the bases product, kept apart from
 * drawing (src/render/bases.c) — base sizes and presets, what goes on the
 * sheets (bases, trays, range rulers, gauges, markers), packing on pages,
 * splitting rulers longer than the paper, and fitting labels. Pure
 * functions: no Cairo, no Pango, so the unit tests can call them.
 * Lengths are millimetres.
 */
#ifndef SANDTABLE_BASES_LAYOUT_H
#define SANDTABLE_BASES_LAYOUT_H

#include <stddef.h>

#include "../../base/base.h"
#include "../../ruleset/ruleset.h"
#include "../../engine/engine.h"

enum bl_shape { BL_RECT, BL_ROUND, BL_OVAL };

/* A base footprint: w across the front, d front to back. */
struct bl_size {
	enum bl_shape shape;
	double w, d;
};

/*
 * Parse a base size: "30mm", "1.5in", "40x20mm", "25mm round",
 * "60x35mm oval", "40x20mm rect" or a preset name. Returns 0 and fills
 * *out, or -1 with a static reason in *why (zero, negative, unknown
 * shape, a round base that is not a circle…).
 */
int bl_size_parse(const char *spec, struct bl_size *out, const char **why);
/* "30 × 30 mm", "1 × 1 in", "25 mm round": how a size is named on sheets. */
void bl_size_format(char *buf, size_t sz, const struct bl_size *,
    enum unit_of_length);

/* ---- packing ---- */

struct bl_rect {
	double x, y, w, h;
};

/* One thing to place: its size, and where it went. */
struct bl_item {
	double w, h;
	int group;   /* > 0: items of a group are taken one after another */
	int page;    /* out: 0-based page */
	double x, y; /* out: top-left, page coordinates */
};

/*
 * The free area of an empty page: up to four rectangles that the packer
 * starts from (the content area less the calibration block).
 */
struct bl_page {
	struct bl_rect free[4];
	int nfree;
};

/*
 * Pack items onto as many pages as needed, each page starting with the
 * free area *pg, keeping gap mm between neighbours (guillotine packing,
 * top-left first fit, items taken tallest first, then widest — a group
 * by its widest member — then in the given order).
 * Returns the number of pages used, or -1 when an item fits on no empty
 * page (its index in *bad).
 */
int bl_pack(struct bl_item *, size_t n, const struct bl_page *pg, double gap,
    size_t *bad);

/* ---- rulers ---- */

struct bl_piece {
	double from, to; /* mm along the ruler */
};

/*
 * Split a ruler of length len into the fewest pieces no longer than
 * maxlen, cutting only at multiples of tick and keeping the pieces as
 * even as whole ticks allow (any odd remainder goes to the last piece).
 * Returns the number of pieces written to out (at most maxout), or -1
 * when even one tick is longer than maxlen or len <= 0.
 */
int bl_ruler_split(double len, double tick, double maxlen,
    struct bl_piece *out, int maxout);

/* A distinct range of the ruleset and who uses it. */
struct bl_range {
	double mm;
	char *label; /* "Move: Rifle, Tank · Fire: Tank Gun (Tank)" */
};

/*
 * The distinct move, road move and weapon ranges of the ruleset, and the
 * rule family's gauges, merged by length, shortest first. Returns the
 * count; *out is allocated (free with bl_ranges_free).
 */
size_t bl_ranges(const struct ruleset *, struct bl_range **out);
void bl_ranges_free(struct bl_range *, size_t);

/*
 * The gauges a rule family needs on the table (melee range, stop
 * distance), from the engine at the lengths the ruleset's settings
 * give, then the ruleset's own (its Gauges table), into
 * out[BL_MAX_GAUGES]. Returns the count.
 */
#define BL_MAX_GAUGES (ENG_MAX_GAUGES + RS_MAX_GAUGES)
size_t bl_gauges(const struct ruleset *, struct eng_gauge *out);

/*
 * The status markers the rules of the ruleset need ("In ford";
 * "Disordered", "Routing", hit and morale counters), then the ruleset's
 * own (its Markers table, rs->markers: the last rs->nmarkers). Returns
 * the count; *out is allocated, each string too (free with
 * bl_markers_free).
 */
size_t bl_markers(const struct ruleset *, char ***out);
void bl_markers_free(char **, size_t);

/* ---- labels ---- */

/*
 * Measure a label: the width and height (mm) of text set at size_pt and
 * wrapped at width_mm. The drawing code passes Pango; tests pass a fake.
 */
typedef void (*bl_measure_fn)(void *ctx, const char *text, double size_pt,
    double width_mm, double *w, double *h);

struct bl_fit {
	int candidate; /* index of the text used; -1: nothing fits */
	double size_pt;
	int shrunk;      /* set below the nominal size */
	int abbreviated; /* not the first candidate */
};

/*
 * Fit the first of n candidate texts (in order of preference) into a
 * w x h box, trying sizes from nominal down to min_pt in quarter points.
 * Returns the fit; candidate is -1 when none fits even at min_pt (draw
 * nothing rather than overflow).
 */
struct bl_fit bl_label_fit(const char *const *cand, int n, double w, double h,
    double nominal_pt, double min_pt, bl_measure_fn, void *ctx);

/* Shorten a name: "Armored Scout Car" -> "Arm. Scout Car" (level 1, words
 * over six letters cut to three and a dot) or "ASC" (level 2, initials).
 * Caller frees. */
char *bl_abbrev(const char *name, int level);

#endif
