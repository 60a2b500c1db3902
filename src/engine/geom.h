/*
 * geom.h: exact plane geometry for moves, areas and sight, with no step
 * size anywhere. Every shape the engine meets is a rounded convex
 * polygon: the hull of a few core points grown by a radius. A base is
 * its four corners (radius 0), a round piece of terrain its centre
 * (radius r), a river or road band its two ends (radius half its
 * width), a rectangular piece its four corners, a point a point.
 *
 * A shape moved along a segment meets another where the point of the
 * moving shape's reference runs into their Minkowski difference: the
 * hull of the core differences grown by both radii and the distance
 * asked. That set is convex, so what a move meets is one interval of
 * the move, found by clipping a segment against a convex polygon and
 * circles (geo_sweep). A line of sight is a point moved along the line.
 */
#ifndef SANDTABLE_GEOM_H
#define SANDTABLE_GEOM_H

#define GEO_MAX_CORE 4

struct geo_shape {
	int n;                     /* core points, 1 to GEO_MAX_CORE */
	double p[GEO_MAX_CORE][2]; /* in any order: their hull counts */
	double r;                  /* grown by this (>= 0) */
};

/* An axis-aligned box of half extents (hw, hd) centred at (cx, cy). */
void geo_box(struct geo_shape *, double cx, double cy, double hw, double hd);
/* A point (r 0) or a disc. */
void geo_disc(struct geo_shape *, double cx, double cy, double r);
/* A band: the segment (ax, ay)-(bx, by) grown by r. */
void geo_band(struct geo_shape *, double ax, double ay, double bx, double by,
    double r);

/* The distance between two shapes, 0 when they meet or overlap. */
double geo_dist(const struct geo_shape *, const struct geo_shape *);

/*
 * The part of a move that brings shape a, moved by t (dx, dy) for t in
 * [0, 1], within d of shape b (d may be 0: touching; a caller asks for
 * overlap by shrinking a first). Returns 0 when no t in [0, 1] does,
 * else 1 with the interval's ends in *t0 <= *t1 (clipped to [0, 1]).
 * A move of length 0 is [0, 1] when the shapes are within d, else none.
 */
int geo_sweep(const struct geo_shape *a, double dx, double dy,
    const struct geo_shape *b, double d, double *t0, double *t1);

/*
 * Two upright boxes, the common case, in closed form: the first t in
 * [0, 1] at which a point at (px, py) from the centre of a box of half
 * extents (W, H), moved by (dx, dy), comes within d of the box, or
 * INFINITY; with W and H the two bases' half extents added, where one
 * base moving meets the other (geo_sweep's answer, *t0).
 */
double geo_box_meet(double px, double py, double dx, double dy, double W,
    double H, double d);

/*
 * Depth of a point inside a piece of ground: how far it lies from the
 * shape's outline, > 0 inside, <= 0 outside (minus the distance to the
 * shape). A box's depth is to its nearest side; a disc's and a band's
 * to their rim.
 */
double geo_depth(const struct geo_shape *, double x, double y);

/*
 * The most that the ground of a hill, shape s, rising evenly from its
 * edge (its height at a point is geo_depth there, 0 outside), stands
 * above the line from height za at (ax, ay) to height zb at (bx, by),
 * over the open segment between them; <= 0 when the line passes over it
 * everywhere. Exact for boxes, discs and bands (the ground is concave:
 * its highest point above a line is at a kink or where its slope along
 * the line equals the line's).
 */
double geo_rise(const struct geo_shape *s, double ax, double ay, double za,
    double bx, double by, double zb);

#endif
