/*
 * map_draw.c: drawing a battle map in table millimetres — terrain as
 * clean, printer-friendly vector layers (pale fills, dark edges), grid
 * lines, centre dots, coordinate labels and a measured border. Only
 * what is in view is drawn, so a tile of a large table stays small.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "map_internal.h"

/* Printer-friendly palette. */
static const unsigned hill_fill[4] = { 0xf4ecd8, 0xe9dab6, 0xdcc593,
	0xceb275 };
#define HILL_EDGE 0x8a6d3b
#define WOOD_FILL 0xdcecd0
#define WOOD_EDGE 0x4a7a36
#define WATER 0xcfe3f5
#define BANK 0x3d6fa8
#define FORD 0x8a6d3b
#define ROAD_FILL 0xf3ead6
#define ROAD_EDGE 0x6e6e6e
#define HOUSE_FILL 0xc4c4c4
#define HOUSE_EDGE 0x333333
#define FORT_EDGE 0x5a4632

const struct rnd_map_look map_look_default = {
	{ "DejaVu Sans", 15, 1, 0 },
	{ "DejaVu Sans", 8.5, 0, 0 },
	{ "DejaVu Sans", 7, 0, 0 },
	{ "DejaVu Sans", 8, 0, 0 },
	"DejaVu Sans",
	0x505050,
	0x6a6a6a,
	0x404040,
	0xb03020,
	1,
	1,
	10,
};
/* Cells smaller than this (mm) get no trees or houses: too small to
 * print, and a fine grid has a quarter of a million cells. */
#define DECOR_MIN_CELL 10.0

/* ---- culling and shapes ---- */

/* 1 when the bounding box of n points (padded by pad) meets the view. */
static int
pts_visible(const struct map_view *v, const struct tr_point *p, size_t n,
    double pad)
{
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	size_t i;

	for (i = 0; i < n; i++) {
		x0 = fmin(x0, p[i].x), x1 = fmax(x1, p[i].x);
		y0 = fmin(y0, p[i].y), y1 = fmax(y1, p[i].y);
	}
	return x1 + pad >= v->x0 && x0 - pad <= v->x1 && y1 + pad >= v->y0 &&
	    y0 - pad <= v->y1;
}

/*
 * 1 when the smooth curve through p (as curve() draws it, closed or
 * open), grown by pad, meets the view. The curve strays beyond its
 * points, as far as its control points (a sixth of the span round each
 * point): the points' box alone lost the part of a hill that bulged
 * across the edge of a tile, or of a band of a PNG.
 */
static int
curve_visible(const struct map_view *v, const struct tr_point *p, size_t n,
    int closed, double pad)
{
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	double dx, dy;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct tr_point *a =
		    &p[closed ? (i + n - 1) % n : (i ? i - 1 : 0)];
		const struct tr_point *c =
		    &p[closed ? (i + 1) % n : (i + 1 < n ? i + 1 : n - 1)];

		dx = fabs(c->x - a->x) / 6, dy = fabs(c->y - a->y) / 6;
		x0 = fmin(x0, p[i].x - dx), x1 = fmax(x1, p[i].x + dx);
		y0 = fmin(y0, p[i].y - dy), y1 = fmax(y1, p[i].y + dy);
	}
	return x1 + pad >= v->x0 && x0 - pad <= v->x1 && y1 + pad >= v->y0 &&
	    y0 - pad <= v->y1;
}

/* The whole picture v is part of (x0, y0, x1, y1): see map_view. */
static void
view_whole(const struct map_view *v, double b[4])
{
	if (v->ex1 > v->ex0) {
		b[0] = v->ex0, b[1] = v->ey0, b[2] = v->ex1, b[3] = v->ey1;
		return;
	}
	b[0] = v->x0, b[1] = v->y0, b[2] = v->x1, b[3] = v->y1;
}

/* ---- shapes at print resolution ---- */

/*
 * A battlefield from a file may have outlines of thousands of points,
 * crossing themselves and running far beyond the table. What is drawn is
 * what can be seen: points closer together than the print resolution are
 * merged, and the pieces of a shape that lie beyond the part of the
 * table in view are replaced by straight lines beyond it, so the work of
 * each page (and of Cairo's fill) follows what the page shows.
 */

/* A piece of a drawn outline: a cubic from a to d with controls b and c,
 * or the straight line a–d when line is set. */
struct piece {
	struct tr_point a, b, c, d;
	int line;
};

/* The print resolution in table mm: a quarter of a device unit (a
 * quarter point in PDF and SVG, a quarter pixel in PNG). */
static double
print_res(cairo_t *cr)
{
	double x1 = 1, y1 = 0, x2 = 0, y2 = 1, s;

	cairo_user_to_device_distance(cr, &x1, &y1);
	cairo_user_to_device_distance(cr, &x2, &y2);
	s = fmin(hypot(x1, y1), hypot(x2, y2));
	return s > 0 && isfinite(s) ? 0.25 / s : 0;
}

/* Squared distance between two points. */
static double
dist2(struct tr_point a, struct tr_point b)
{
	return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

/* The points of p farther than res from the point kept before them (an
 * open path keeps its last point, a ring does not end on its first) into
 * out; returns how many. */
static size_t
thin(const struct tr_point *p, size_t n, int closed, double res,
    struct tr_point *out)
{
	double r2 = res * res;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (k == 0 || dist2(p[i], out[k - 1]) > r2)
			out[k++] = p[i];
	if (!closed && n > 1 &&
	    (out[k - 1].x != p[n - 1].x || out[k - 1].y != p[n - 1].y)) {
		if (k > 1)
			out[k - 1] = p[n - 1];
		else
			out[k++] = p[n - 1];
	}
	while (closed && k > 3 && dist2(out[k - 1], out[0]) <= r2)
		k--;
	return k;
}

/* The smooth curve through p (Catmull-Rom as cubics), closed or open,
 * into out (n pieces closed, n - 1 open); returns how many. */
static size_t
curve(const struct tr_point *p, size_t n, int closed, struct piece *out)
{
	size_t i, m = closed ? n : n - 1;

	for (i = 0; i < m; i++) {
		struct tr_point a =
		    p[closed ? (i + n - 1) % n : (i ? i - 1 : 0)];
		struct tr_point b = p[i], c = p[(i + 1) % n];
		struct tr_point d =
		    p[closed ? (i + 2) % n : (i + 2 < n ? i + 2 : n - 1)];

		out[i].a = b;
		out[i].b.x = b.x + (c.x - a.x) / 6;
		out[i].b.y = b.y + (c.y - a.y) / 6;
		out[i].c.x = c.x - (d.x - b.x) / 6;
		out[i].c.y = c.y - (d.y - b.y) / 6;
		out[i].d = c;
		out[i].line = 0;
	}
	return m;
}

/* 1 when the piece (its control points, which hold the curve) lies
 * wholly beyond side k (0 left, 1 right, 2 top, 3 bottom) of box. */
static int
beyond(const struct piece *p, int k, const double box[4])
{
	const struct tr_point *q[4] = { &p->a, &p->b, &p->c, &p->d };
	int i;

	for (i = 0; i < 4; i++)
		if (k == 0     ? q[i]->x >= box[0] :
		        k == 1 ? q[i]->x <= box[2] :
		        k == 2 ? q[i]->y >= box[1] :
		                 q[i]->y <= box[3])
			return 0;
	return 1;
}

/*
 * Keep what can show in box (x0, y0, x1, y1): each run of pieces wholly
 * beyond one side becomes the straight line between its ends, beyond
 * that side too. The loop a run makes with its line lies beyond the
 * side, so the winding number of every point in the box is kept and a
 * fill looks the same there; a stroke no wider than the margin between
 * box and view does too. Returns the pieces left.
 */
static size_t
cull(struct piece *v, size_t n, const double box[4])
{
	size_t i, j, k;
	int side;

	for (side = 0; side < 4; side++) {
		for (i = k = 0; i < n; i = j) {
			j = i + 1;
			if (!beyond(&v[i], side, box)) {
				v[k++] = v[i];
				continue;
			}
			while (j < n && beyond(&v[j], side, box))
				j++;
			v[k].a = v[k].b = v[i].a;
			v[k].c = v[k].d = v[j - 1].d;
			v[k++].line = 1;
		}
		n = k;
	}
	return n;
}

/*
 * Add the smooth outline (closed) or path through p to the current path,
 * at print resolution; with a view, only as far as it can show within
 * pad of it (pad: at least half the widest stroke it gets).
 */
static void
shape(cairo_t *cr, const struct tr_point *p, size_t n, int closed,
    const struct map_view *v, double pad)
{
	struct tr_point *q;
	struct piece *pc;
	size_t i, k, m;

	if (n < 2)
		return;
	q = xmalloc(n * sizeof(*q));
	k = thin(p, n, closed, print_res(cr), q);
	pc = xmalloc(k * sizeof(*pc));
	m = curve(q, k, closed, pc);
	if (v != NULL) {
		double box[4] = { v->x0 - pad, v->y0 - pad, v->x1 + pad,
			v->y1 + pad };

		m = cull(pc, m, box);
	}
	if (m > 0) {
		cairo_move_to(cr, pc[0].a.x, pc[0].a.y);
		for (i = 0; i < m; i++)
			if (pc[i].line)
				cairo_line_to(cr, pc[i].d.x, pc[i].d.y);
			else
				cairo_curve_to(cr, pc[i].b.x, pc[i].b.y,
				    pc[i].c.x, pc[i].c.y, pc[i].d.x,
				    pc[i].d.y);
		if (closed)
			cairo_close_path(cr);
	}
	free(pc);
	free(q);
}

/*
 * The ring p clipped to box (Sutherland–Hodgman, one side at a time)
 * into out: what it cuts off is replaced by lines along the box, so
 * every point inside the box is inside the clipped ring exactly when
 * it is inside p (tr_inside), with fewer edges to test.
 */
static void
clip_ring(const struct tr_point *p, size_t n, const double box[4],
    struct tr_line *out)
{
	struct tr_line in = { 0 }, tmp;
	size_t i;
	int side;

	out->n = 0;
	for (i = 0; i < n; i++)
		XPUSH(out->v, out->n, out->cap, p[i]);
	for (side = 0; side < 4; side++) {
		tmp = in, in = *out, *out = tmp;
		out->n = 0;
		for (i = 0; i < in.n; i++) {
			struct tr_point s = in.v[(i + in.n - 1) % in.n],
			                e = in.v[i], x;
			double bs = side == 0 ? s.x - box[0] :
			    side == 1         ? box[2] - s.x :
			    side == 2         ? s.y - box[1] :
			                        box[3] - s.y;
			double be = side == 0 ? e.x - box[0] :
			    side == 1         ? box[2] - e.x :
			    side == 2         ? e.y - box[1] :
			                        box[3] - e.y;

			if ((bs >= 0) != (be >= 0)) {
				x.x = s.x + (e.x - s.x) * (bs / (bs - be));
				x.y = s.y + (e.y - s.y) * (bs / (bs - be));
				XPUSH(out->v, out->n, out->cap, x);
			}
			if (be >= 0)
				XPUSH(out->v, out->n, out->cap, e);
		}
	}
	free(in.v);
}

/* Direction (unit vector) of a path near point (x, y). */
static void
path_dir(const struct tr_line *l, double x, double y, double *dx, double *dy)
{
	size_t i, best = 0;
	double bd = INFINITY, d, len;

	for (i = 0; i + 1 < l->n; i++) {
		struct tr_line seg = { (struct tr_point *)&l->v[i], 2, 2 };

		if ((d = tr_path_dist(&seg, x, y)) < bd)
			bd = d, best = i;
	}
	*dx = l->n > 1 ? l->v[best + 1].x - l->v[best].x : 1;
	*dy = l->n > 1 ? l->v[best + 1].y - l->v[best].y : 0;
	len = hypot(*dx, *dy);
	if (len > 0)
		*dx /= len, *dy /= len;
	else
		*dx = 1, *dy = 0;
}

/* A small tree: a circle of radius r with a dot for the trunk. */
static void
tree(cairo_t *cr, double x, double y, double r)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
}

/* A hash of two integers to [0, 1), for jitter that never changes. */
static double
hash01(int a, int b)
{
	uint64_t z = (uint64_t)(uint32_t)a * 0x9e3779b97f4a7c15ULL ^
	    (uint64_t)(uint32_t)b * 0xc2b2ae3d27d4eb4fULL;

	z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ULL;
	z ^= z >> 29;
	return (double)(z >> 11) / 9007199254740992.0;
}

/* A ford across a river of width w at (x, y), river direction (dx, dy). */
static void
ford(cairo_t *cr, double x, double y, double dx, double dy, double w)
{
	double nx = -dy, ny = dx, t, half = w / 2 + 0.8;
	int i;

	cairo_save(cr);
	rnd_set_rgb(cr, 0xeadfc4);
	cairo_move_to(cr, x - dx * w * 0.7 - nx * half,
	    y - dy * w * 0.7 - ny * half);
	cairo_line_to(cr, x + dx * w * 0.7 - nx * half,
	    y + dy * w * 0.7 - ny * half);
	cairo_line_to(cr, x + dx * w * 0.7 + nx * half,
	    y + dy * w * 0.7 + ny * half);
	cairo_line_to(cr, x - dx * w * 0.7 + nx * half,
	    y - dy * w * 0.7 + ny * half);
	cairo_close_path(cr);
	cairo_fill(cr);
	rnd_set_rgb(cr, FORD);
	cairo_set_line_width(cr, fmax(0.25, w * 0.04));
	for (i = -2; i <= 2; i++) {
		t = i * w * 0.28;
		cairo_move_to(cr, x + dx * t - nx * half,
		    y + dy * t - ny * half);
		cairo_line_to(cr, x + dx * t + nx * half,
		    y + dy * t + ny * half);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* A river or road: a dark edge stroke then a pale fill stroke (only
 * what can show in view v, when not NULL). */
static void
band(cairo_t *cr, const struct tr_point *p, size_t n, double w, unsigned edge,
    unsigned fill, double edge_w, const struct map_view *v)
{
	cairo_save(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	shape(cr, p, n, 0, v, w / 2 + edge_w + 1);
	rnd_set_rgb(cr, edge);
	cairo_set_line_width(cr, w + 2 * edge_w);
	cairo_stroke_preserve(cr);
	rnd_set_rgb(cr, fill);
	cairo_set_line_width(cr, w);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* 1 when segment i of p, grown by pad, meets view v (or v is NULL). */
static int
seg_visible(const struct map_view *v, const struct tr_point *p, size_t i,
    double pad)
{
	return v == NULL || pts_visible(v, &p[i], 2, pad);
}

/*
 * The part [*lo, *hi] of the segment from a along the unit vector (dx,
 * dy), len long, that lies in view v grown by pad (all of it when v is
 * NULL; Liang–Barsky). Returns 0 when no part does.
 */
static int
seg_span(const struct map_view *v, struct tr_point a, double dx, double dy,
    double len, double pad, double *lo, double *hi)
{
	double p[4] = { -dx, dx, -dy, dy }, q[4], r;
	int k;

	*lo = 0;
	*hi = len;
	if (v == NULL)
		return 1;
	q[0] = a.x - (v->x0 - pad);
	q[1] = v->x1 + pad - a.x;
	q[2] = a.y - (v->y0 - pad);
	q[3] = v->y1 + pad - a.y;
	for (k = 0; k < 4; k++) {
		if (p[k] == 0) {
			if (q[k] < 0)
				return 0;
			continue;
		}
		r = q[k] / p[k];
		if (p[k] < 0 && r > *lo)
			*lo = r;
		else if (p[k] > 0 && r < *hi)
			*hi = r;
	}
	return *lo <= *hi;
}

/* A rampart: a thick line with teeth on one side (only what can show in
 * view v, when not NULL: a wall a kilometre long has teeth only where
 * the page shows it). */
static void
rampart(cairo_t *cr, const struct tr_point *p, size_t n, double w,
    const struct map_view *v)
{
	size_t i;
	double len, t, dx, dy, lo, hi, step = fmax(w * 1.3, 2);
	int gap = 1;

	cairo_save(cr);
	rnd_set_rgb(cr, FORT_EDGE);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_width(cr, w * 0.35);
	for (i = 0; i + 1 < n; i++) {
		if (!seg_visible(v, p, i, w)) {
			gap = 1;
			continue;
		}
		if (gap)
			cairo_move_to(cr, p[i].x, p[i].y);
		cairo_line_to(cr, p[i + 1].x, p[i + 1].y);
		gap = 0;
	}
	cairo_stroke(cr);
	for (i = 0; i + 1 < n; i++) {
		if (!seg_visible(v, p, i, w))
			continue;
		dx = p[i + 1].x - p[i].x;
		dy = p[i + 1].y - p[i].y;
		len = hypot(dx, dy);
		if (len <= 0)
			continue;
		dx /= len, dy /= len;
		if (!seg_span(v, p[i], dx, dy, len, w, &lo, &hi))
			continue;
		t = step / 2 + fmax(0, ceil((lo - step / 2) / step)) * step;
		for (; t <= hi && t + step / 4 < len; t += step) {
			double x = p[i].x + dx * t, y = p[i].y + dy * t;

			cairo_move_to(cr, x - dx * w * 0.3, y - dy * w * 0.3);
			cairo_line_to(cr, x + dy * w * 0.6, y - dx * w * 0.6);
			cairo_line_to(cr, x + dx * w * 0.3, y + dy * w * 0.3);
			cairo_close_path(cr);
		}
	}
	cairo_fill(cr);
	cairo_restore(cr);
}

/* ---- terrain as drawn (no grid, or not snapped) ---- */

/* The lattice the trees of every wood stand on, over the view. */
struct lattice {
	double s;            /* spacing (mm) */
	int i0, j0, ni, nj;  /* first column and row, columns and rows */
	unsigned char *tree; /* ni x nj: a tree is drawn there */
};

/*
 * Trees on the lattice inside a wood outline (tested against the outline
 * clipped to what is in view), where no wood drawn before put one: woods
 * that overlap share their trees, so the trees of a view are at most its
 * lattice points however many woods there are.
 */
static void
wood_trees(cairo_t *cr, const struct tr_line *l, struct lattice *t,
    const struct map_view *v)
{
	double s = t->s;
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY, x,
	       y, box[4];
	struct tr_line c = { 0 };
	int i, j;
	size_t k;

	for (k = 0; k < l->n; k++) {
		x0 = fmin(x0, l->v[k].x), x1 = fmax(x1, l->v[k].x);
		y0 = fmin(y0, l->v[k].y), y1 = fmax(y1, l->v[k].y);
	}
	/* Only where it can be seen: the view, and the table at most. */
	x0 = fmax(x0, fmax(v->x0, 0) - s), x1 = fmin(x1, v->x1 + s);
	y0 = fmax(y0, fmax(v->y0, 0) - s), y1 = fmin(y1, v->y1 + s);
	if (x1 < x0 || y1 < y0 || (x1 - x0) / s * (y1 - y0) / s > 4e6)
		return;
	box[0] = x0 - s, box[1] = y0 - s, box[2] = x1 + s, box[3] = y1 + s;
	clip_ring(l->v, l->n, box, &c);
	for (j = (int)floor(y0 / s); j <= (int)ceil(y1 / s); j++)
		for (i = (int)floor(x0 / s); i <= (int)ceil(x1 / s); i++) {
			unsigned char *seen;

			if (i < t->i0 || j < t->j0 || i >= t->i0 + t->ni ||
			    j >= t->j0 + t->nj)
				continue;
			seen = &t->tree[(size_t)(j - t->j0) * t->ni +
			    (i - t->i0)];
			if (*seen)
				continue;
			x = (i + 0.5 + (j & 1) * 0.5 +
			        0.3 * (hash01(i, j) - 0.5)) *
			    s;
			y = (j + 0.5 + 0.3 * (hash01(j, i) - 0.5)) * s;
			if (tr_inside(&c, x, y) &&
			    tr_inside(&c, x + s * 0.35, y) &&
			    tr_inside(&c, x - s * 0.35, y) &&
			    tr_inside(&c, x, y + s * 0.35) &&
			    tr_inside(&c, x, y - s * 0.35)) {
				tree(cr, x, y, s * 0.22);
				*seen = 1;
			}
		}
	free(c.v);
}

/* The lattice of trees over view v (empty when absurdly large: that is
 * judged on the whole picture, so that a band of a PNG has trees
 * exactly where the whole image has them). */
static void
lattice_init(struct lattice *t, double s, const struct map_view *v)
{
	double b[4], w, h;

	memset(t, 0, sizeof(*t));
	t->s = s;
	view_whole(v, b);
	w = (b[2] - fmax(b[0], 0)) / s + 4;
	h = (b[3] - fmax(b[1], 0)) / s + 4;
	if (!(w > 0 && h > 0 && w * h <= 4e6))
		return;
	w = (v->x1 - fmax(v->x0, 0)) / s + 4;
	h = (v->y1 - fmax(v->y0, 0)) / s + 4;
	if (!(w > 0 && h > 0))
		return;
	t->i0 = (int)floor((fmax(v->x0, 0) - s) / s) - 1;
	t->j0 = (int)floor((fmax(v->y0, 0) - s) / s) - 1;
	t->ni = (int)ceil(w) + 2;
	t->nj = (int)ceil(h) + 2;
	t->tree = xcalloc((size_t)t->ni * (size_t)t->nj, 1);
}

static void
draw_free_terrain(cairo_t *cr, const struct battlefield *bf,
    const struct map_view *v)
{
	size_t i, k;
	double dx, dy,
	    s = fmin(fmax(fmin(bf->table_w, bf->table_h) / 40, 8), 20);
	struct lattice trees;

	cairo_save(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (i = 0; i < bf->nhills; i++)
		for (k = 0; k < bf->hills[i].n; k++) {
			const struct tr_line *l = &bf->hills[i].contours[k];

			if (!curve_visible(v, l->v, l->n, 1, 1))
				continue;
			shape(cr, l->v, l->n, 1, v, 1);
			rnd_set_rgb(cr, hill_fill[k < 4 ? k : 3]);
			cairo_fill_preserve(cr);
			rnd_set_rgb(cr, HILL_EDGE);
			cairo_set_line_width(cr, k == 0 ? 0.5 : 0.3);
			cairo_stroke(cr);
		}
	for (i = 0; i < bf->nwoods; i++) {
		const struct tr_line *l = &bf->woods[i];

		if (!curve_visible(v, l->v, l->n, 1, 1))
			continue;
		shape(cr, l->v, l->n, 1, v, 1);
		rnd_set_rgb(cr, WOOD_FILL);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, WOOD_EDGE);
		cairo_set_line_width(cr, 0.45);
		cairo_stroke(cr);
	}
	/* The trees over every wood, once each. */
	lattice_init(&trees, s, v);
	cairo_set_line_width(cr, 0.3);
	for (i = 0; i < bf->nwoods && trees.tree != NULL; i++)
		if (pts_visible(v, bf->woods[i].v, bf->woods[i].n, 1))
			wood_trees(cr, &bf->woods[i], &trees, v);
	cairo_stroke(cr);
	free(trees.tree);
	for (i = 0; i < bf->nrivers; i++) {
		const struct tr_path *p = &bf->rivers[i];

		if (!curve_visible(v, p->path.v, p->path.n, 0, p->width))
			continue;
		band(cr, p->path.v, p->path.n, p->width, BANK, WATER, 0.5, v);
	}
	for (i = 0; i < bf->nroads; i++)
		if (curve_visible(v, bf->roads[i].path.v, bf->roads[i].path.n,
		        0, bf->roads[i].width))
			band(cr, bf->roads[i].path.v, bf->roads[i].path.n,
			    bf->roads[i].width, ROAD_EDGE, ROAD_FILL, 0.35, v);
	/* Fords over the roads that cross by them. */
	for (i = 0; i < bf->nrivers; i++) {
		const struct tr_path *p = &bf->rivers[i];

		for (k = 0; k < p->nfords; k++) {
			if (!pts_visible(v, &p->fords[k], 1, p->width * 2))
				continue;
			path_dir(&p->path, p->fords[k].x, p->fords[k].y, &dx,
			    &dy);
			ford(cr, p->fords[k].x, p->fords[k].y, dx, dy,
			    p->width);
		}
	}
	for (i = 0; i < bf->ntown; i++) {
		const struct tr_rect *r = &bf->town[i];
		struct tr_point c[2] = { { r->x, r->y },
			{ r->x + r->w, r->y + r->h } };

		if (pts_visible(v, c, 2, 1))
			cairo_rectangle(cr, r->x, r->y, r->w, r->h);
	}
	rnd_set_rgb(cr, HOUSE_FILL);
	cairo_fill_preserve(cr);
	rnd_set_rgb(cr, HOUSE_EDGE);
	cairo_set_line_width(cr, 0.35);
	cairo_stroke(cr);
	for (i = 0; i < bf->nforts; i++)
		if (pts_visible(v, bf->forts[i].path.v, bf->forts[i].path.n,
		        bf->forts[i].width))
			rampart(cr, bf->forts[i].path.v, bf->forts[i].path.n,
			    bf->forts[i].width, v);
	cairo_restore(cr);
}

/* ---- cells ---- */

/* The range of cells that may meet the view. */
static void
view_cells(const struct grid *g, const struct map_view *v, int *c0, int *c1,
    int *r0, int *r1)
{
	double sx, sy;

	grid_pitch(g, &sx, &sy);
	*c0 = (int)floor((v->x0 - g->ox) / sx) - 1;
	*c1 = (int)ceil((v->x1 - g->ox) / sx) + 1;
	*r0 = (int)floor((v->y0 - g->oy) / sy) - 1;
	*r1 = (int)ceil((v->y1 - g->oy) / sy) + 1;
	*c0 = *c0 < 0 ? 0 : *c0;
	*r0 = *r0 < 0 ? 0 : *r0;
	*c1 = *c1 >= g->cols ? g->cols - 1 : *c1;
	*r1 = *r1 >= g->rows ? g->rows - 1 : *r1;
}

static void
cell_path(cairo_t *cr, const struct grid *g, int c, int r)
{
	double xs[6], ys[6];
	int i, n = grid_corners(g, c, r, xs, ys);

	cairo_move_to(cr, xs[0], ys[0]);
	for (i = 1; i < n; i++)
		cairo_line_to(cr, xs[i], ys[i]);
	cairo_close_path(cr);
}

/* The cells where test(cell) holds (kind has bit, or level at least
 * level) as a path to fill: a row's run of squares is one rectangle. */
static void
cells_path(cairo_t *cr, const struct grid *g, const struct tr_cells *tc,
    int c0, int c1, int r0, int r1, unsigned bit, int level)
{
	double xs[6], ys[6], x1[6], y1[6];
	int c, r, e;

	for (r = r0; r <= r1; r++)
		for (c = c0; c <= c1; c = e) {
			int i = r * g->cols + c;

			e = c + 1;
			if (!(level ? tc->level[i] >= level :
			              (tc->kind[i] & bit) != 0))
				continue;
			if (g->kind != RS_GRID_SQUARE) {
				cell_path(cr, g, c, r);
				continue;
			}
			while (e <= c1 &&
			    (level ? tc->level[i + e - c] >= level :
			             (tc->kind[i + e - c] & bit) != 0))
				e++;
			grid_corners(g, c, r, xs, ys);
			grid_corners(g, e - 1, r, x1, y1);
			cairo_rectangle(cr, xs[0], ys[0], x1[1] - xs[0],
			    ys[3] - ys[0]);
		}
}

/* Stroke the edges of cells where test(cell) holds and not across. */
static void
cell_edges(cairo_t *cr, const struct grid *g, const struct tr_cells *tc,
    int c0, int c1, int r0, int r1, unsigned bit, int level)
{
	double xs[6], ys[6];
	int c, r, e, n, nc, nr, in, out;

	for (r = r0; r <= r1; r++)
		for (c = c0; c <= c1; c++) {
			int i = r * g->cols + c;

			in = level ? tc->level[i] >= level :
			             (tc->kind[i] & bit) != 0;
			if (!in)
				continue;
			n = grid_corners(g, c, r, xs, ys);
			for (e = 0; e < n; e++) {
				out = 1;
				if (grid_neighbour(g, c, r, e, &nc, &nr)) {
					int j = nr * g->cols + nc;

					out = level ? tc->level[j] < level :
					              !(tc->kind[j] & bit);
				}
				if (!out)
					continue;
				cairo_move_to(cr, xs[e], ys[e]);
				cairo_line_to(cr, xs[(e + 1) % n],
				    ys[(e + 1) % n]);
			}
		}
}

/*
 * Rivers, roads and ramparts on a grid: the cells a river passes through
 * (tr_snap) are tinted as water, its ford cells as sand, and the lines
 * themselves are drawn as they run — they lie wholly in those cells.
 */
static void
draw_snapped_lines(cairo_t *cr, const struct rnd_map_opts *o,
    const struct tr_cells *tc, const struct map_view *v, int c0, int c1,
    int r0, int r1)
{
	const struct grid *g = o->grid;
	unsigned river = 1u << RS_TERRAIN_RIVER, fd = 1u << RS_TERRAIN_FORD;
	int c, r, pass;

	for (pass = 0; pass < 2; pass++) {
		for (r = r0; r <= r1; r++)
			for (c = c0; c <= c1; c++) {
				unsigned k = tc->kind[r * g->cols + c];

				if ((k & river) && !(k & fd) == !pass)
					cell_path(cr, g, c, r);
			}
		rnd_set_rgb(cr, pass ? 0xf1e8d2 : 0xe4eef8);
		cairo_fill(cr);
	}
	rnd_set_rgb(cr, BANK);
	cairo_set_line_width(cr, 0.35);
	cell_edges(cr, g, tc, c0, c1, r0, r1, river, 0);
	cairo_stroke(cr);
	/* The lines as they run, from the battlefield. */
	{
		struct battlefield lines = *o->bf;

		lines.nhills = lines.nwoods = lines.ntown = 0;
		draw_free_terrain(cr, &lines, v);
	}
}

/* Terrain on cells: each cell is all hill, wood or town or none. */
static void
draw_snapped_terrain(cairo_t *cr, const struct rnd_map_opts *o,
    const struct tr_cells *tc, const struct map_view *v)
{
	const struct grid *g = o->grid;
	int c, r, c0, c1, r0, r1, lv, maxlv = 0;
	double x, y, s = g->cell;

	view_cells(g, v, &c0, &c1, &r0, &r1);
	cairo_save(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	for (r = r0; r <= r1; r++)
		for (c = c0; c <= c1; c++)
			if (tc->level[r * g->cols + c] > maxlv)
				maxlv = tc->level[r * g->cols + c];
	for (lv = 1; lv <= 4; lv++) {
		cells_path(cr, g, tc, c0, c1, r0, r1, 0, lv);
		rnd_set_rgb(cr, hill_fill[lv - 1]);
		cairo_fill(cr);
	}
	cells_path(cr, g, tc, c0, c1, r0, r1, 1u << RS_TERRAIN_WOOD, 0);
	rnd_set_rgb(cr, WOOD_FILL);
	cairo_fill(cr);
	/* Contour edges: one line wherever the level drops. */
	rnd_set_rgb(cr, HILL_EDGE);
	cairo_set_line_width(cr, 0.6);
	for (lv = 1; lv <= maxlv; lv++)
		cell_edges(cr, g, tc, c0, c1, r0, r1, 0, lv);
	cairo_stroke(cr);
	rnd_set_rgb(cr, WOOD_EDGE);
	cell_edges(cr, g, tc, c0, c1, r0, r1, 1u << RS_TERRAIN_WOOD, 0);
	cairo_stroke(cr);
	/* Trees in wood cells, houses in town cells. */
	cairo_set_line_width(cr, 0.3);
	for (r = r0; s >= DECOR_MIN_CELL && r <= r1; r++)
		for (c = c0; c <= c1; c++)
			if (tc->kind[r * g->cols + c] &
			    (1u << RS_TERRAIN_WOOD)) {
				grid_center(g, c, r, &x, &y);
				tree(cr, x - s * 0.18, y + s * 0.12, s * 0.1);
				tree(cr, x + s * 0.18, y + s * 0.12, s * 0.1);
				tree(cr, x, y - s * 0.18, s * 0.1);
			}
	cairo_stroke(cr);
	draw_snapped_lines(cr, o, tc, v, c0, c1, r0, r1);
	for (r = r0; s >= DECOR_MIN_CELL && r <= r1; r++)
		for (c = c0; c <= c1; c++)
			if (tc->kind[r * g->cols + c] &
			    (1u << RS_TERRAIN_TOWN)) {
				grid_center(g, c, r, &x, &y);
				cairo_rectangle(cr, x - s * 0.3, y - s * 0.28,
				    s * 0.26, s * 0.22);
				cairo_rectangle(cr, x + s * 0.04, y - s * 0.2,
				    s * 0.24, s * 0.3);
				cairo_rectangle(cr, x - s * 0.22, y + s * 0.1,
				    s * 0.3, s * 0.2);
			}
	rnd_set_rgb(cr, HOUSE_FILL);
	cairo_fill_preserve(cr);
	rnd_set_rgb(cr, HOUSE_EDGE);
	cairo_set_line_width(cr, 0.35);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* ---- grid, dots, labels ---- */

/*
 * Stamps. A PDF or SVG page writes out every point it is given: a hex
 * grid of 250,000 cells is a million of them on the tiles and a million
 * more on the assembly plan, and dots are 13 a cell. A grid repeats
 * every two columns and rows, so the part of a block of STAMP x STAMP
 * cells is drawn once into a recording surface, which the page holds
 * once (a PDF form XObject, an SVG <use>) and paints at each such block
 * in view. A raster page draws every cell, as it always did.
 */
#define STAMP 16 /* even: a block starts on the parity of its offsets */
/* Fewer blocks in view than this: every cell (a small grid's page). */
#define STAMP_MIN_BLOCKS 4

/* 1 when cr draws on a vector page (PDF, SVG). */
static int
vector_page(cairo_t *cr)
{
	cairo_surface_type_t t = cairo_surface_get_type(cairo_get_target(cr));

	return t == CAIRO_SURFACE_TYPE_PDF || t == CAIRO_SURFACE_TYPE_SVG;
}

/*
 * 1 when block (bx, by) is stamped: all its cells in the grid, and when
 * inner is set (grid lines) none on its border, so that each cell owns
 * the edges of the reference block's cells.
 */
static int
block_stamped(const struct grid *g, int bx, int by, int inner)
{
	if (inner)
		return bx >= 1 && by >= 1 && (bx + 1) * STAMP <= g->cols - 1 &&
		    (by + 1) * STAMP <= g->rows - 1;
	return bx >= 0 && by >= 0 && (bx + 1) * STAMP <= g->cols &&
	    (by + 1) * STAMP <= g->rows;
}

/* How many stamped blocks meet cells c0..c1, r0..r1. */
static int
blocks_in(const struct grid *g, int c0, int c1, int r0, int r1, int inner)
{
	int bx, by, n = 0;

	for (by = r0 / STAMP; by <= r1 / STAMP; by++)
		for (bx = c0 / STAMP; bx <= c1 / STAMP; bx++)
			n += block_stamped(g, bx, by, inner);
	return n;
}

/* 1 when cell (c, r) is drawn by its block's stamp. */
static int
cell_stamped(const struct grid *g, int c, int r, int inner)
{
	return block_stamped(g, c / STAMP, r / STAMP, inner);
}

/*
 * A stamp: the recording of block (rb, rb), bounded by the block and two
 * cells and the line width round it (the bounds are the form's box in a
 * PDF; one of cairo's own, the ink's rounded to whole units, cut the
 * strokes along the block's lower edge). Its origin is the bounds' top
 * left, at (ox, oy) on the table: cairo's SVG writer clips a recording
 * whose bounds start elsewhere in the wrong place.
 */
struct stamp {
	cairo_surface_t *s;
	double ox, oy;
	int rb;
};

/* Start stamp st of block (rb, rb); returns the context to draw it with
 * in table mm (the caller destroys it). */
static cairo_t *
stamp_begin(struct stamp *st, const struct grid *g, int rb, double line)
{
	double x0, y0, x1, y1, m = 2 * g->cell + line;
	cairo_rectangle_t ext = { 0, 0, 0, 0 };
	cairo_t *sc;

	grid_center(g, rb * STAMP, rb * STAMP, &x0, &y0);
	grid_center(g, (rb + 1) * STAMP - 1, (rb + 1) * STAMP - 1, &x1, &y1);
	st->ox = x0 - m;
	st->oy = y0 - m;
	st->rb = rb;
	ext.width = x1 - x0 + 2 * m;
	ext.height = y1 - y0 + 2 * m;
	st->s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA,
	    &ext);
	sc = cairo_create(st->s);
	cairo_translate(sc, -st->ox, -st->oy);
	return sc;
}

/* Paint stamp st at every stamped block that meets cells c0..c1,
 * r0..r1, and free it. */
static void
stamp_paint(cairo_t *cr, const struct grid *g, struct stamp *st, int c0,
    int c1, int r0, int r1, int inner)
{
	double x0, y0, x, y;
	int bx, by;

	grid_center(g, st->rb * STAMP, st->rb * STAMP, &x0, &y0);
	for (by = r0 / STAMP; by <= r1 / STAMP; by++)
		for (bx = c0 / STAMP; bx <= c1 / STAMP; bx++) {
			if (!block_stamped(g, bx, by, inner))
				continue;
			grid_center(g, bx * STAMP, by * STAMP, &x, &y);
			cairo_set_source_surface(cr, st->s, st->ox + (x - x0),
			    st->oy + (y - y0));
			cairo_paint(cr);
		}
	cairo_surface_destroy(st->s);
}

/* The edges that cell (c, r) owns, as one or two polylines: the owner
 * of an edge is the cell with the lower index, or the only cell when
 * the edge is on the border. */
static void
hex_edges(cairo_t *cr, const struct grid *g, int c, int r)
{
	double xs[6], ys[6];
	int own[6], e, e0 = 0, k, on = 0, n, nc, nr;

	n = grid_corners(g, c, r, xs, ys);
	for (e = 0; e < n; e++)
		own[e] = !grid_neighbour(g, c, r, e, &nc, &nr) ||
		    nr * g->cols + nc > r * g->cols + c;
	/* Start after an edge not owned, so the owned edges join into one
	 * or two polylines (a smaller PDF). */
	for (e = 0; e < n; e++)
		if (own[e] && !own[(e + n - 1) % n])
			e0 = e;
	for (k = 0; k < n; k++) {
		e = (e0 + k) % n;
		if (!own[e]) {
			on = 0;
			continue;
		}
		if (!on)
			cairo_move_to(cr, xs[e], ys[e]);
		cairo_line_to(cr, xs[(e + 1) % n], ys[(e + 1) % n]);
		on = 1;
	}
}

/* Stamp st: the hex edges of block (1, 1), stroked as draw_grid_lines
 * strokes them. */
static void
hex_stamp(struct stamp *st, const struct grid *g, double line, unsigned ink)
{
	cairo_t *sc = stamp_begin(st, g, 1, line);
	int c, r;

	rnd_set_rgb(sc, ink);
	cairo_set_line_width(sc, line);
	cairo_set_line_join(sc, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_cap(sc, CAIRO_LINE_CAP_ROUND);
	for (r = STAMP; r < 2 * STAMP; r++)
		for (c = STAMP; c < 2 * STAMP; c++)
			hex_edges(sc, g, c, r);
	cairo_stroke(sc);
	cairo_destroy(sc);
}

static void
draw_grid_lines(cairo_t *cr, const struct grid *g, const struct map_view *v,
    unsigned ink)
{
	int c, r, c0, c1, r0, r1, stamped;
	double x, y;
	struct stamp st;

	cairo_save(cr);
	rnd_set_rgb(cr, ink);
	cairo_set_line_width(cr, v->line);
	if (g->kind == RS_GRID_SQUARE) {
		/* Whole lines, one per cell boundary, within the view. */
		for (c = 0; c <= g->cols; c++) {
			x = g->ox + c * g->cell;
			if (x < v->x0 - 1 || x > v->x1 + 1)
				continue;
			cairo_move_to(cr, x, fmax(g->oy, v->y0 - 1));
			cairo_line_to(cr, x, fmin(g->oy + g->h, v->y1 + 1));
		}
		for (r = 0; r <= g->rows; r++) {
			y = g->oy + r * g->cell;
			if (y < v->y0 - 1 || y > v->y1 + 1)
				continue;
			cairo_move_to(cr, fmax(g->ox, v->x0 - 1), y);
			cairo_line_to(cr, fmin(g->ox + g->w, v->x1 + 1), y);
		}
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
		cairo_stroke(cr);
		cairo_restore(cr);
		return;
	}
	/* Hexes: each edge once, by the cell that owns it. */
	view_cells(g, v, &c0, &c1, &r0, &r1);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	stamped = vector_page(cr) &&
	    blocks_in(g, c0, c1, r0, r1, 1) >= STAMP_MIN_BLOCKS;
	for (r = r0; r <= r1; r++)
		for (c = c0; c <= c1; c++)
			if (!stamped || !cell_stamped(g, c, r, 1))
				hex_edges(cr, g, c, r);
	cairo_stroke(cr);
	if (stamped) {
		hex_stamp(&st, g, v->line, ink);
		stamp_paint(cr, g, &st, c0, c1, r0, r1, 1);
	}
	cairo_restore(cr);
}

/* A centre dot of radius rad at each cell from c0, r0 to c1, r1 that
 * is not stamped (stamped 0: every one). */
static void
dots_path(cairo_t *cr, const struct grid *g, int c0, int c1, int r0, int r1,
    double rad, int stamped)
{
	double x, y;
	int c, r;

	for (r = r0; r <= r1; r++)
		for (c = c0; c <= c1; c++) {
			if (stamped && cell_stamped(g, c, r, 0))
				continue;
			grid_center(g, c, r, &x, &y);
			cairo_new_sub_path(cr);
			cairo_arc(cr, x, y, rad, 0, 2 * M_PI);
		}
}

static void
draw_dots(cairo_t *cr, const struct grid *g, const struct map_view *v,
    unsigned ink)
{
	int c0, c1, r0, r1, stamped;
	double rad = fmin(fmax(g->cell * 0.012, 0.4), 1.0);
	struct stamp st;
	cairo_t *sc;

	view_cells(g, v, &c0, &c1, &r0, &r1);
	stamped = vector_page(cr) &&
	    blocks_in(g, c0, c1, r0, r1, 0) >= STAMP_MIN_BLOCKS;
	cairo_save(cr);
	rnd_set_rgb(cr, ink);
	dots_path(cr, g, c0, c1, r0, r1, rad, stamped);
	cairo_fill(cr);
	if (stamped) {
		sc = stamp_begin(&st, g, 0, 2 * rad);
		rnd_set_rgb(sc, ink);
		dots_path(sc, g, 0, STAMP - 1, 0, STAMP - 1, rad, 0);
		cairo_fill(sc);
		cairo_destroy(sc);
		stamp_paint(cr, g, &st, c0, c1, r0, r1, 0);
	}
	cairo_restore(cr);
}

/* Glyphs of the printable ASCII characters in the current font. */
struct ascii_glyphs {
	unsigned long index[95];
	double adv[95];
};

static void
ascii_glyphs(cairo_t *cr, struct ascii_glyphs *ag)
{
	cairo_scaled_font_t *sf = cairo_get_scaled_font(cr);
	cairo_glyph_t *gl;
	cairo_text_extents_t te;
	int i, n;

	for (i = 0; i < 95; i++) {
		char one[2] = { (char)(32 + i), '\0' };

		gl = NULL;
		n = 0;
		ag->index[i] = 0;
		if (cairo_scaled_font_text_to_glyphs(sf, 0, 0, one, 1, &gl, &n,
		        NULL, NULL, NULL) == CAIRO_STATUS_SUCCESS &&
		    n == 1)
			ag->index[i] = gl[0].index;
		cairo_glyph_free(gl);
		cairo_text_extents(cr, one, &te);
		ag->adv[i] = te.x_advance;
	}
}

/* 1 when every byte of s is printable ASCII. */
static int
is_ascii(const char *s)
{
	for (; *s != '\0'; s++)
		if (*s < 32 || *s > 126)
			return 0;
	return 1;
}

/*
 * Where the label of cell (c, r), w wide at font size fs, starts: the left
 * end of its baseline. Squares: the top-left corner. Hexes: centred above
 * the centre, with at least half the font size between the text and the
 * cell's edges (flat tops: below the top edge; pointy tops: low enough
 * that the slanting edges are that far from its corners), so that no
 * grid line touches it and a centre dot stays clear below it.
 */
static void
label_origin(const struct grid *g, int c, int r, double fs, double w,
    double *x, double *y)
{
	double s = g->cell, gap = fs * 0.5, d;

	grid_center(g, c, r, x, y);
	if (g->kind == RS_GRID_SQUARE) {
		*x += -s / 2 + fs * 0.45;
		*y += -s / 2 + fs * 1.2;
		return;
	}
	*x -= w / 2;
	if (g->kind == RS_GRID_HEX) {
		*y += -s / 2 + gap + fs * 0.76;
		return;
	}
	/* Pointy tops: the edges slant at 30 degrees from the top corner,
	 * s / sqrt 3 above the centre; the hex is 2 d / sqrt 3 + ... wide
	 * d below that corner: d sqrt 3 across. The text's top corners must
	 * lie gap inside the edges: d >= (w / 2) / sqrt 3 + gap * 2 / sqrt 3. */
	d = fmax((w / 2 + 2 * gap) / sqrt(3), s * 0.2);
	*y += -s / sqrt(3) + d + fs * 0.76;
}

/* The labels' font at size fs, measured once: the advance of each
 * printable ASCII character (a label of those is as wide as their sum,
 * as cairo_text_extents adds them), and the font for any other. */
struct map_labels {
	const struct rnd_map_opts *o;
	double fs;
	cairo_scaled_font_t *sf;
	struct ascii_glyphs ag;
};

struct map_labels *
map_labels_new(cairo_t *cr, const struct rnd_map_opts *o, double fs)
{
	struct map_labels *ml = xcalloc(1, sizeof(*ml));

	ml->o = o;
	ml->fs = fs;
	cairo_save(cr);
	cairo_select_font_face(cr, MAP_LOOK(o)->label_font,
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, fs);
	ascii_glyphs(cr, &ml->ag);
	ml->sf = cairo_scaled_font_reference(cairo_get_scaled_font(cr));
	cairo_restore(cr);
	return ml;
}

void
map_labels_free(struct map_labels *ml)
{
	if (ml == NULL)
		return;
	cairo_scaled_font_destroy(ml->sf);
	free(ml);
}

/* The width of label s. */
static double
label_width(const struct map_labels *ml, const char *s)
{
	cairo_text_extents_t te;
	const char *p;
	double w = 0;

	if (!is_ascii(s)) {
		cairo_scaled_font_text_extents(ml->sf, s, &te);
		return te.x_advance;
	}
	for (p = s; *p != '\0'; p++)
		w += ml->ag.adv[*p - 32];
	return w;
}

/* 1 when the rectangle x0, y0, x1, y1 meets b (x0, y0, x1, y1). */
static int
meets(double x0, double y0, double x1, double y1, const double b[4])
{
	return !(x1 < b[0] || x0 > b[2] || y1 < b[1] || y0 > b[3]);
}

size_t
map_label_boxes(const struct map_labels *ml, const double view[4],
    const double *near, int nnear, double **out, size_t *cap)
{
	const struct grid *g = ml->o->grid;
	struct map_view v = { view[0], view[1], view[2], view[3], 0, 0, 0, 0,
		0, 0, 0 };
	int c, r, c0, c1, r0, r1, k;
	double x, y, w, fs = ml->fs, pad = fs * 0.25, b[4];
	size_t n = 0;
	char buf[64];

	if (ml->o->label_fmt == NULL || g->kind == RS_GRID_NONE)
		return 0;
	view_cells(g, &v, &c0, &c1, &r0, &r1);
	for (r = r0; r <= r1; r++)
		for (c = c0; c <= c1; c++) {
			rnd_map_label(buf, sizeof(buf), ml->o->label_fmt, c, r,
			    g->cols, g->rows, ml->o->origin);
			w = label_width(ml, buf);
			label_origin(g, c, r, fs, w, &x, &y);
			/* The text, as map_draw places it. */
			b[0] = x, b[1] = y - fs * 0.76;
			b[2] = x + w, b[3] = y + fs * 0.24;
			if (!meets(b[0], b[1], b[2], b[3], view))
				continue;
			for (k = 0; k < nnear; k++)
				if (meets(b[0], b[1], b[2], b[3],
				        near + 4 * k))
					break;
			if (nnear > 0 && k == nnear)
				continue;
			if (n + 4 > *cap) {
				*cap = *cap ? 2 * *cap : 64;
				*out = xrealloc(*out, *cap * sizeof(**out));
			}
			(*out)[n++] = x - pad;
			(*out)[n++] = y - fs * 0.76 - pad;
			(*out)[n++] = w + 2 * pad;
			(*out)[n++] = fs + 2 * pad;
		}
	return n / 4;
}

/*
 * Cell labels. ASCII labels are laid out from glyphs measured once and
 * shown a row at a time: a text object per row, not per cell, keeps a
 * 40 000-cell map fast and its PDF small.
 */
static void
draw_labels(cairo_t *cr, const struct rnd_map_opts *o,
    const struct map_view *v)
{
	const struct grid *g = o->grid;
	int c, r, c0, c1, r0, r1;
	double x, y, fs = v->font, w, e[4];
	struct ascii_glyphs ag;
	cairo_glyph_t *gv = NULL;
	size_t ng = 0, capg = 0;
	char buf[64];
	const char *p;

	view_cells(g, v, &c0, &c1, &r0, &r1);
	view_whole(v, e);
	cairo_save(cr);
	cairo_select_font_face(cr, MAP_LOOK(o)->label_font,
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, fs);
	rnd_set_rgb(cr, MAP_LOOK(o)->label);
	ascii_glyphs(cr, &ag);
	for (r = r0; r <= r1; r++) {
		for (c = c0; c <= c1; c++) {
			rnd_map_label(buf, sizeof(buf), o->label_fmt, c, r,
			    g->cols, g->rows, o->origin);
			if (is_ascii(buf))
				for (w = 0, p = buf; *p != '\0'; p++)
					w += ag.adv[*p - 32];
			else {
				cairo_text_extents_t te;

				cairo_text_extents(cr, buf, &te);
				w = te.x_advance;
			}
			label_origin(g, c, r, fs, w, &x, &y);
			/* A label the view would cut is left to the tile
			 * that holds it whole (tiles overlap by more than a
			 * label's width): a cut one printed a fragment, or
			 * text off the sheet that a search still finds. */
			if (x < e[0] - 1e-6 || x + w > e[2] + 1e-6 ||
			    y - fs * 0.8 < e[1] - 1e-6 ||
			    y + fs * 0.25 > e[3] + 1e-6)
				continue;
			if (!is_ascii(buf)) {
				cairo_move_to(cr, x, y);
				cairo_show_text(cr, buf);
				continue;
			}
			for (p = buf; *p != '\0'; p++) {
				cairo_glyph_t gl = { ag.index[*p - 32], x, y };

				XPUSH(gv, ng, capg, gl);
				x += ag.adv[*p - 32];
			}
		}
		/* One batch per row keeps text extraction (pdftotext, a
		 * viewer's search) quick: glyphs stay near their line. */
		if (ng > 0)
			cairo_show_glyphs(cr, gv, (int)ng);
		ng = 0;
	}
	free(gv);
	cairo_restore(cr);
}

/*
 * A ruler's number at its tick: along the top edge (across) right of
 * the tick at x (baseline y), else below its tick at y (left end x).
 * Where the view would cut it, on the tick's other side; where that is
 * cut too, left out (the next tile holds it): a tile printed "2" of
 * "200 mm" at its edge.
 */
static void
ruler_number(cairo_t *cr, const struct map_view *v, const char *s, double x,
    double y, double fs, int across)
{
	cairo_text_extents_t te;
	double w, top;

	cairo_text_extents(cr, s, &te);
	w = te.x_advance;
	if (across) {
		top = y - 0.8 * fs;
		if (top < v->y0 - 1e-6 || y + 0.25 * fs > v->y1 + 1e-6)
			return;
		x += 0.3 * fs;
		if (x + w > v->x1 + 1e-6)
			x -= 0.6 * fs + w;
		if (x < v->x0 - 1e-6)
			return;
	} else {
		if (x < v->x0 - 1e-6 || x + w > v->x1 + 1e-6)
			return;
		y -= 0.3 * fs;
		if (y - 0.8 * fs < v->y0 - 1e-6)
			y += 0.6 * fs + 0.8 * fs;
		if (y - 0.8 * fs < v->y0 - 1e-6 ||
		    y + 0.25 * fs > v->y1 + 1e-6)
			return;
	}
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
}

/* The number of tick i (an inch, else a centimetre) in the ruleset's
 * measure: 12", 10 cm, 100 mm. */
static void
ruler_label(char *buf, size_t sz, enum unit_of_length u, int i)
{
	switch (u) {
	case LEN_IN:
	case LEN_FT:
		snprintf(buf, sz, "%d\"", i);
		break;
	case LEN_CM:
		snprintf(buf, sz, "%d cm", i);
		break;
	case LEN_MM:
	case LEN_NONE:
		snprintf(buf, sz, "%d mm", i * 10);
		break;
	}
}

/* Ticks along the table edge in the ruleset's unit, numbered. */
static void
draw_ruler(cairo_t *cr, const struct rnd_map_opts *o, const struct map_view *v)
{
	const struct grid *g = o->grid;
	int in = o->measure == LEN_IN || o->measure == LEN_FT, i, n, major;
	int every;
	double step = in ? 25.4 : 10, t, len, fx = 1, fy = 0, dev, fs;
	char buf[32];

	/* The numbers are 2.6 mm on a tile; where the table is drawn small
	 * (the assembly plan, a briefing's map) they stay at 6 pt, the
	 * smallest print, and number every second or fourth major tick so
	 * that they keep apart. dev: device units (points) per table mm. */
	cairo_user_to_device_distance(cr, &fx, &fy);
	dev = hypot(fx, fy);
	major = in ? 6 : 10;
	fs = dev > 0 ? fmax(2.6, 6.0 / dev) : 2.6;
	for (every = 1; every < 1000 && every * major * step * dev < 36;)
		every *= 2;

	cairo_save(cr);
	cairo_select_font_face(cr, MAP_LOOK(o)->label_font,
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, fs);
	rnd_set_rgb(cr, MAP_LOOK(o)->ruler);
	cairo_set_line_width(cr, 0.25);
	n = (int)floor(g->table_w / step + 1e-9);
	for (i = 1; i <= n; i++) {
		t = i * step;
		if (t < v->x0 - 5 || t > v->x1 + 5)
			continue;
		len = i % major == 0 ? 5 : i % (major / 2) == 0 ? 3.5 : 2;
		cairo_move_to(cr, t, 0);
		cairo_line_to(cr, t, len);
		cairo_move_to(cr, t, g->table_h);
		cairo_line_to(cr, t, g->table_h - len);
		if (i % (major * every) == 0 && t < g->table_w - 3 * fs) {
			ruler_label(buf, sizeof(buf), o->measure, i);
			ruler_number(cr, v, buf, t, 5 + 0.96 * fs, fs, 1);
		}
	}
	/* Down the sides, numbered up from Blue's (the bottom) edge, as y
	 * runs everywhere (README, One coordinate system). */
	n = (int)floor(g->table_h / step + 1e-9);
	for (i = 1; i <= n; i++) {
		t = g->table_h - i * step;
		if (t < v->y0 - 5 || t > v->y1 + 5)
			continue;
		len = i % major == 0 ? 5 : i % (major / 2) == 0 ? 3.5 : 2;
		cairo_move_to(cr, 0, t);
		cairo_line_to(cr, len, t);
		cairo_move_to(cr, g->table_w, t);
		cairo_line_to(cr, g->table_w - len, t);
		/* Clear of the numbers along the top edge. */
		if (i % (major * every) == 0 && t > 5 + 3 * fs) {
			ruler_label(buf, sizeof(buf), o->measure, i);
			ruler_number(cr, v, buf, 5 + 0.4 * fs, t, fs, 0);
		}
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

void
map_draw(cairo_t *cr, const struct rnd_map_opts *o, const struct tr_cells *tc,
    const struct map_view *v)
{
	const struct grid *g = o->grid;

	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, g->table_w, g->table_h);
	cairo_clip_preserve(cr); /* nothing runs off the table */
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill(cr);
	if (o->bf != NULL && tc != NULL)
		draw_snapped_terrain(cr, o, tc, v);
	else if (o->bf != NULL)
		draw_free_terrain(cr, o->bf, v);
	if (g->kind != RS_GRID_NONE) {
		if (o->lines)
			draw_grid_lines(cr, g, v, MAP_LOOK(o)->grid);
		if (o->dots)
			draw_dots(cr, g, v, MAP_LOOK(o)->grid);
		if (o->label_fmt != NULL)
			draw_labels(cr, o, v);
	} else if (!v->png)
		draw_ruler(cr, o, v);
	if (!v->png) {
		cairo_rectangle(cr, 0, 0, g->table_w, g->table_h);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_set_line_width(cr, 0.5);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
}

/* One legend swatch (10 x 6 mm at x, y) for terrain kind k. */
static void
swatch(cairo_t *cr, enum rs_terrain_kind k, double x, double y)
{
	struct tr_point line[2] = { { x + 2, y + 3 }, { x + 8, y + 3 } };

	cairo_save(cr);
	switch (k) {
	case RS_TERRAIN_HILL:
		cairo_rectangle(cr, x, y, 10, 6);
		rnd_set_rgb(cr, hill_fill[0]);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, HILL_EDGE);
		cairo_set_line_width(cr, 0.5);
		cairo_stroke(cr);
		cairo_rectangle(cr, x + 3, y + 1.8, 4, 2.4);
		rnd_set_rgb(cr, hill_fill[1]);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, HILL_EDGE);
		cairo_set_line_width(cr, 0.3);
		cairo_stroke(cr);
		break;
	case RS_TERRAIN_WOOD:
		cairo_rectangle(cr, x, y, 10, 6);
		rnd_set_rgb(cr, WOOD_FILL);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, WOOD_EDGE);
		cairo_set_line_width(cr, 0.45);
		cairo_stroke(cr);
		tree(cr, x + 3, y + 3, 1.3);
		tree(cr, x + 7, y + 3, 1.3);
		cairo_set_line_width(cr, 0.3);
		cairo_stroke(cr);
		break;
	case RS_TERRAIN_RIVER:
		band(cr, line, 2, 3, BANK, WATER, 0.5, NULL);
		break;
	case RS_TERRAIN_FORD:
		band(cr, line, 2, 3, BANK, WATER, 0.5, NULL);
		ford(cr, x + 5, y + 3, 1, 0, 3);
		break;
	case RS_TERRAIN_ROAD:
		band(cr, line, 2, 2.5, ROAD_EDGE, ROAD_FILL, 0.35, NULL);
		break;
	case RS_TERRAIN_TOWN:
		cairo_rectangle(cr, x + 1, y + 1, 3.5, 3);
		cairo_rectangle(cr, x + 5.5, y + 2, 3.5, 3.5);
		rnd_set_rgb(cr, HOUSE_FILL);
		cairo_fill_preserve(cr);
		rnd_set_rgb(cr, HOUSE_EDGE);
		cairo_set_line_width(cr, 0.35);
		cairo_stroke(cr);
		break;
	case RS_TERRAIN_FORTIFICATION:
		rampart(cr, line, 2, 3, NULL);
		break;
	case RS_TERRAIN_OPEN:
	case RS_TERRAIN__MAX:
	default:
		break;
	}
	cairo_restore(cr);
}

double
map_legend(cairo_t *cr, const struct rnd_map_look *look,
    const struct battlefield *bf, const struct ruleset *rs, double x, double y,
    double w)
{
	const struct rnd_font f = look->legend;
	static const char *const names[RS_TERRAIN__MAX] = { N_("open"),
		N_("hill, contours"), N_("wood"), N_("river"), N_("ford"),
		N_("road"), N_("town"), N_("fortification") };
	size_t nf = 0, i;
	int k, n = 0;
	double cx = x;
	const char *own;
	char *label;

	for (i = 0; i < bf->nrivers; i++)
		nf += bf->rivers[i].nfords;
	for (k = RS_TERRAIN_HILL; k < RS_TERRAIN__MAX; k++) {
		size_t have = k == RS_TERRAIN_HILL ? bf->nhills :
		    k == RS_TERRAIN_WOOD           ? bf->nwoods :
		    k == RS_TERRAIN_RIVER          ? bf->nrivers :
		    k == RS_TERRAIN_FORD           ? nf :
		    k == RS_TERRAIN_ROAD           ? bf->nroads :
		    k == RS_TERRAIN_TOWN           ? bf->ntown :
		                                     bf->nforts;

		if (have == 0)
			continue;
		if (cx + 40 > x + w) {
			cx = x;
			y += 8;
		}
		swatch(cr, (enum rs_terrain_kind)k, cx, y);
		rnd_set_rgb(cr, 0x000000);
		/* The ruleset's name for the kind, as the designer wrote it. */
		own = rs_terrain_name(rs, (enum rs_terrain_kind)k);
		label = own == NULL      ? xstrdup(_(names[k])) :
		    k == RS_TERRAIN_HILL ? xasprintf(_("%s, contours"), own) :
		                           xstrdup(own);
		rnd_text(cr, &f, cx + 12, y + 0.8, 0, 0, 0, label);
		free(label);
		cx += 45;
		n++;
	}
	return n ? y + 8 : y;
}
