/*
 * map_internal.h: what the map's output code (map.c) shares with its
 * drawing code (map_draw.c). Only src/render includes this.
 */
#ifndef SANDTABLE_RENDER_MAP_INTERNAL_H
#define SANDTABLE_RENDER_MAP_INTERNAL_H

#include "../internal.h"
#include "map.h"

/* The look of a map (templates/battle-map.yaml). */
struct rnd_map_look {
	struct rnd_font title, body, small, legend; /* page text */
	const char *label_font; /* cell labels, the ruler, tile names */
	unsigned grid, label, ruler, tiles; /* 0xRRGGBB */
	int instructions, legend_on;        /* the plan page's steps and key */
	double margin; /* mm around a one-page map (--paper none) */
};
/* The defaults: what a map (and a briefing's map) has without one. */
extern const struct rnd_map_look map_look_default;
#define MAP_LOOK(o) ((o)->look != NULL ? (o)->look : &map_look_default)

/* The part of the table being drawn (table mm) and how. */
struct map_view {
	double x0, y0, x1, y1; /* cull outside this rectangle */
	double line;           /* grid line width in table mm */
	double font;           /* label size in table mm */
	int png;               /* raster output: crisp lines, no border */
	/* The whole picture the view is a part of (a band of a PNG): a
	 * label is left out only where it would cut it. All 0: the view. */
	double ex0, ey0, ex1, ey1;
};

/*
 * Draw the map (table coordinates in mm, current transform maps them to
 * the page) for the part of the table in view: terrain (on cells when tc
 * is not NULL), grid lines, centre dots, labels, border ruler.
 */
void map_draw(cairo_t *, const struct rnd_map_opts *, const struct tr_cells *,
    const struct map_view *);

/* The cell labels' font at one size, measured once in a context. */
struct map_labels;
/* Measure the labels' font at size fs (table mm) in cr's transform. */
struct map_labels *map_labels_new(cairo_t *, const struct rnd_map_opts *,
    double fs);
void map_labels_free(struct map_labels *);

/*
 * The boxes (x, y, w, h in table mm, four doubles each, into *out of
 * *cap doubles, grown as needed) around each cell label that meets the
 * rectangle view (x0, y0, x1, y1) and, when nnear > 0, one of the nnear
 * rectangles near (four doubles each): where marks and lines drawn over
 * the map must not go. Returns how many boxes.
 */
size_t map_label_boxes(const struct map_labels *, const double view[4],
    const double *near, int nnear, double **out, size_t *cap);

/*
 * A key to the terrain kinds the battlefield has, in rows from (x, y)
 * within width w. Returns the y below it.
 */
double map_legend(cairo_t *, const struct rnd_map_look *,
    const struct battlefield *, const struct ruleset *, double x, double y,
    double w);

#endif
