/*
 * terrain.c: the battlefield — seeded generation, queries and snapping
 * to a grid. Reading and writing YAML is in terrain_yaml.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "terrain.h"
#include "../engine/engine.h"

/* ---- PRNG: the engine's splitmix64 ---- */

void
tr_rng_seed(struct tr_rng *g, uint64_t seed)
{
	g->s = seed;
}

uint64_t
tr_rng_next(struct tr_rng *g)
{
	return eng_splitmix64(&g->s);
}

uint32_t
tr_rng_below(struct tr_rng *g, uint32_t n)
{
	uint32_t x, lim = (uint32_t)(0x100000000ULL - (0x100000000ULL % n));

	do
		x = (uint32_t)(tr_rng_next(g) >> 32);
	while (lim != 0 && x >= lim);
	return x % n;
}

int
tr_rng_d6(struct tr_rng *g)
{
	return 1 + (int)tr_rng_below(g, 6);
}

double
tr_rng_range(struct tr_rng *g, double a, double b)
{
	return a +
	    (b - a) * ((double)(tr_rng_next(g) >> 11) / 9007199254740992.0);
}

/* ---- lifetimes ---- */

struct battlefield *
tr_new(double table_w, double table_h)
{
	struct battlefield *bf = xcalloc(1, sizeof(*bf));

	bf->table_w = table_w;
	bf->table_h = table_h;
	return bf;
}

static void
path_free(struct tr_path *p)
{
	free(p->path.v);
	free(p->fords);
}

void
tr_free(struct battlefield *bf)
{
	size_t i, k;

	if (bf == NULL)
		return;
	for (i = 0; i < bf->nhills; i++) {
		for (k = 0; k < bf->hills[i].n; k++)
			free(bf->hills[i].contours[k].v);
		free(bf->hills[i].contours);
	}
	for (i = 0; i < bf->nwoods; i++)
		free(bf->woods[i].v);
	for (i = 0; i < bf->nrivers; i++)
		path_free(&bf->rivers[i]);
	for (i = 0; i < bf->nroads; i++)
		path_free(&bf->roads[i]);
	for (i = 0; i < bf->nforts; i++)
		path_free(&bf->forts[i]);
	free(bf->hills);
	free(bf->woods);
	free(bf->rivers);
	free(bf->roads);
	free(bf->town);
	free(bf->forts);
	free(bf);
}

unsigned
tr_kinds_of(const struct ruleset *rs)
{
	unsigned m = 0;
	size_t i;

	if (rs == NULL || rs->nterrain == 0)
		return TR_KINDS_ALL;
	for (i = 0; i < rs->nterrain; i++)
		m |= 1u << rs->terrain[i].kind;
	return m;
}

/* ---- geometry ---- */

static void
line_add(struct tr_line *l, double x, double y)
{
	struct tr_point p = { x, y };

	XPUSH(l->v, l->n, l->cap, p);
}

int
tr_inside(const struct tr_line *l, double x, double y)
{
	size_t i, j;
	int in = 0;

	for (i = 0, j = l->n - 1; i < l->n; j = i++) {
		const struct tr_point *a = &l->v[i], *b = &l->v[j];

		if ((a->y > y) != (b->y > y) &&
		    x < (b->x - a->x) * (y - a->y) / (b->y - a->y) + a->x)
			in = !in;
	}
	return in;
}

/* Distance from p to segment ab. */
static double
seg_dist(double px, double py, struct tr_point a, struct tr_point b)
{
	double dx = b.x - a.x, dy = b.y - a.y, t, l2 = dx * dx + dy * dy;

	t = l2 > 0 ? ((px - a.x) * dx + (py - a.y) * dy) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return hypot(px - (a.x + t * dx), py - (a.y + t * dy));
}

double
tr_path_dist(const struct tr_line *l, double x, double y)
{
	double best = INFINITY, d;
	size_t i;

	if (l->n == 1)
		return hypot(x - l->v[0].x, y - l->v[0].y);
	for (i = 0; i + 1 < l->n; i++)
		if ((d = seg_dist(x, y, l->v[i], l->v[i + 1])) < best)
			best = d;
	return best;
}

int
tr_hill_level(const struct battlefield *bf, double x, double y)
{
	size_t i, k;
	int best = 0;

	for (i = 0; i < bf->nhills; i++)
		for (k = 0; k < bf->hills[i].n; k++)
			if (tr_inside(&bf->hills[i].contours[k], x, y) &&
			    (int)k + 1 > best)
				best = (int)k + 1;
	return best;
}

/* 1 when (x, y) lies in the ford band around a ford of river p. */
static int
in_ford(const struct tr_path *p, double x, double y)
{
	size_t i;

	for (i = 0; i < p->nfords; i++)
		if (hypot(x - p->fords[i].x, y - p->fords[i].y) <= p->width)
			return 1;
	return 0;
}

unsigned
tr_at(const struct battlefield *bf, double x, double y)
{
	unsigned m = 0;
	size_t i;

	if (tr_hill_level(bf, x, y) > 0)
		m |= 1u << RS_TERRAIN_HILL;
	for (i = 0; i < bf->nwoods; i++)
		if (tr_inside(&bf->woods[i], x, y))
			m |= 1u << RS_TERRAIN_WOOD;
	for (i = 0; i < bf->nrivers; i++)
		if (tr_path_dist(&bf->rivers[i].path, x, y) <=
		    bf->rivers[i].width / 2)
			m |= 1u << (in_ford(&bf->rivers[i], x, y) ?
			             RS_TERRAIN_FORD :
			             RS_TERRAIN_RIVER);
	for (i = 0; i < bf->nroads; i++)
		if (tr_path_dist(&bf->roads[i].path, x, y) <=
		    bf->roads[i].width / 2)
			m |= 1u << RS_TERRAIN_ROAD;
	for (i = 0; i < bf->nforts; i++)
		if (tr_path_dist(&bf->forts[i].path, x, y) <=
		    bf->forts[i].width / 2)
			m |= 1u << RS_TERRAIN_FORTIFICATION;
	for (i = 0; i < bf->ntown; i++) {
		const struct tr_rect *r = &bf->town[i];

		if (x >= r->x && x <= r->x + r->w && y >= r->y &&
		    y <= r->y + r->h)
			m |= 1u << RS_TERRAIN_TOWN;
	}
	return m;
}

/* ---- generation ---- */

/* A blob: a closed ring of n points round (cx, cy) with radii rx, ry,
 * each radius varied by up to ±jitter (a fraction). */
static void
blob(struct tr_rng *g, struct tr_line *l, double cx, double cy, double rx,
    double ry, int n, double jitter, const double *scale)
{
	int i;
	double a, f;

	for (i = 0; i < n; i++) {
		a = 2 * M_PI * i / n;
		f = scale != NULL ? scale[i] :
		                    tr_rng_range(g, 1 - jitter, 1 + jitter);
		line_add(l, cx + rx * f * cos(a), cy + ry * f * sin(a));
	}
}

/* Centre and largest radius of a ring (for routing round it). */
static void
ring_circle(const struct tr_line *l, double *cx, double *cy, double *r)
{
	size_t i;
	double x = 0, y = 0, d;

	for (i = 0; i < l->n; i++)
		x += l->v[i].x, y += l->v[i].y;
	*cx = x / (double)l->n;
	*cy = y / (double)l->n;
	*r = 0;
	for (i = 0; i < l->n; i++)
		if ((d = hypot(l->v[i].x - *cx, l->v[i].y - *cy)) > *r)
			*r = d;
}

#define BLOB_POINTS 14

/* A hill of 1–3 contours in the sector (sx, sy, sw, sh). */
static void
gen_hill(struct tr_rng *g, struct battlefield *bf, double sx, double sy,
    double sw, double sh)
{
	struct tr_hill h = { 0 };
	struct tr_line ring;
	double cx = sx + sw * tr_rng_range(g, 0.35, 0.65);
	double cy = sy + sh * tr_rng_range(g, 0.35, 0.65);
	double rx = sw * tr_rng_range(g, 0.25, 0.4);
	double ry = sh * tr_rng_range(g, 0.25, 0.4);
	double scale[BLOB_POINTS], dx = 0, dy = 0, f;
	int i, k, d = tr_rng_d6(g), levels = d <= 2 ? 1 : d <= 5 ? 2 : 3;

	for (i = 0; i < BLOB_POINTS; i++)
		scale[i] = tr_rng_range(g, 0.8, 1.2);
	for (k = 0; k < levels; k++) {
		memset(&ring, 0, sizeof(ring));
		f = 1 - 0.32 * k;
		blob(g, &ring, cx + dx, cy + dy, rx * f, ry * f, BLOB_POINTS,
		    0, scale);
		XPUSH(h.contours, h.n, h.cap, ring);
		/* The crest sits a little off centre. */
		dx += rx * tr_rng_range(g, -0.08, 0.08);
		dy += ry * tr_rng_range(g, -0.08, 0.08);
	}
	XPUSH(bf->hills, bf->nhills, bf->caphills, h);
}

/* A wood: a more ragged blob in the sector. */
static void
gen_wood(struct tr_rng *g, struct battlefield *bf, double sx, double sy,
    double sw, double sh)
{
	struct tr_line ring = { 0 };

	blob(g, &ring, sx + sw * tr_rng_range(g, 0.35, 0.65),
	    sy + sh * tr_rng_range(g, 0.35, 0.65),
	    sw * tr_rng_range(g, 0.22, 0.36), sh * tr_rng_range(g, 0.22, 0.36),
	    18, 0.25, NULL);
	XPUSH(bf->woods, bf->nwoods, bf->capwoods, ring);
}

/* A town of 4–8 buildings round (cx, cy); size is the town's span. */
static void
gen_town(struct tr_rng *g, struct battlefield *bf, double cx, double cy,
    double span)
{
	int i, n = 3 + tr_rng_d6(g) / 2 + tr_rng_d6(g) / 3;
	double cell = span / 3, w, h;

	for (i = 0; i < n && i < 9; i++) {
		/* Blocks on a jittered 3 × 3 plan, filled in a fixed order. */
		static const int order[9] = { 4, 1, 3, 5, 7, 0, 2, 6, 8 };
		int slot = order[i];
		struct tr_rect r;

		w = cell * tr_rng_range(g, 0.45, 0.8);
		h = cell * tr_rng_range(g, 0.45, 0.8);
		r.x = cx - span / 2 + (slot % 3) * cell + (cell - w) / 2 +
		    tr_rng_range(g, -0.08, 0.08) * cell;
		r.y = cy - span / 2 + (slot / 3) * cell + (cell - h) / 2 +
		    tr_rng_range(g, -0.08, 0.08) * cell;
		r.w = w;
		r.h = h;
		XPUSH(bf->town, bf->ntown, bf->captown, r);
	}
}

/* A point on the table edge: edge 0 left, 1 top, 2 right, 3 bottom, at
 * fraction t along it. */
static struct tr_point
edge_point(const struct battlefield *bf, int edge, double t)
{
	struct tr_point p;

	switch (edge) {
	case 0:
		p.x = 0, p.y = t * bf->table_h;
		break;
	case 1:
		p.x = t * bf->table_w, p.y = 0;
		break;
	case 2:
		p.x = bf->table_w, p.y = t * bf->table_h;
		break;
	default:
		p.x = t * bf->table_w, p.y = bf->table_h;
	}
	return p;
}

/* Push point p out of every hill and wood (by its bounding circle plus
 * clearance); returns 1 when it moved. */
static int
push_out(const struct battlefield *bf, struct tr_point *p, double clear)
{
	double cx, cy, r, d, nx, ny;
	size_t i;
	int moved = 0;

	for (i = 0; i < bf->nhills + bf->nwoods; i++) {
		const struct tr_line *l = i < bf->nhills ?
		    &bf->hills[i].contours[0] :
		    &bf->woods[i - bf->nhills];

		ring_circle(l, &cx, &cy, &r);
		r += clear;
		d = hypot(p->x - cx, p->y - cy);
		if (d >= r)
			continue;
		if (d < 1e-6)
			d = 1e-6, p->x += 1e-6;
		nx = cx + (p->x - cx) * r / d;
		ny = cy + (p->y - cy) * r / d;
		/* Off the table that way: go round the other side. */
		if (nx < 0 || ny < 0 || nx > bf->table_w || ny > bf->table_h) {
			nx = cx - (p->x - cx) * r / d;
			ny = cy - (p->y - cy) * r / d;
		}
		p->x = nx;
		p->y = ny;
		moved = 1;
	}
	return moved;
}

/*
 * Route a path from a to b through the optional waypoint w: n points,
 * meandering by amp, pushed round hills and woods and smoothed. The end
 * points stay where they are.
 */
static void
route(struct tr_rng *g, const struct battlefield *bf, struct tr_line *l,
    struct tr_point a, struct tr_point b, const struct tr_point *w, double amp,
    double clear)
{
	int i, k, n = 28;
	double phase = tr_rng_range(g, 0, 2 * M_PI),
	       waves = tr_rng_range(g, 1.2, 2.4), t, x, y, nx, ny, len;
	struct tr_point *v;

	len = hypot(b.x - a.x, b.y - a.y);
	nx = len > 0 ? -(b.y - a.y) / len : 0;
	ny = len > 0 ? (b.x - a.x) / len : 0;
	for (i = 0; i <= n; i++) {
		t = (double)i / n;
		if (w != NULL) { /* two legs: a → w → b */
			struct tr_point p0 = t < 0.5 ? a : *w,
			                p1 = t < 0.5 ? *w : b;
			double u = t < 0.5 ? t * 2 : t * 2 - 1;

			x = p0.x + (p1.x - p0.x) * u;
			y = p0.y + (p1.y - p0.y) * u;
		} else {
			x = a.x + (b.x - a.x) * t;
			y = a.y + (b.y - a.y) * t;
		}
		t = sin(M_PI * t) * amp * sin(phase + 2 * M_PI * waves * t);
		line_add(l, x + nx * t, y + ny * t);
	}
	v = l->v;
	for (k = 0; k < 6; k++) {
		for (i = 1; i < n; i++) {
			push_out(bf, &v[i], clear);
			v[i].x = fmin(fmax(v[i].x, 0), bf->table_w);
			v[i].y = fmin(fmax(v[i].y, 0), bf->table_h);
		}
		for (i = 1; i < n; i++) { /* smooth (Laplacian), twice */
			v[i].x = 0.25 * v[i - 1].x + 0.5 * v[i].x +
			    0.25 * v[i + 1].x;
			v[i].y = 0.25 * v[i - 1].y + 0.5 * v[i].y +
			    0.25 * v[i + 1].y;
		}
	}
}

/* The point at fraction t of a path's length. */
static struct tr_point
path_at(const struct tr_line *l, double t)
{
	double total = 0, want, d;
	size_t i;

	for (i = 0; i + 1 < l->n; i++)
		total += hypot(l->v[i + 1].x - l->v[i].x,
		    l->v[i + 1].y - l->v[i].y);
	want = total * t;
	for (i = 0; i + 1 < l->n; i++) {
		d = hypot(l->v[i + 1].x - l->v[i].x,
		    l->v[i + 1].y - l->v[i].y);
		if (want <= d && d > 0) {
			struct tr_point p = {
				l->v[i].x +
				    (l->v[i + 1].x - l->v[i].x) * want / d,
				l->v[i].y +
				    (l->v[i + 1].y - l->v[i].y) * want / d,
			};
			return p;
		}
		want -= d;
	}
	return l->v[l->n - 1];
}

/* Where segments p0p1 and q0q1 cross: 1 and *x; 0 when they do not. */
static int
seg_cross(struct tr_point p0, struct tr_point p1, struct tr_point q0,
    struct tr_point q1, struct tr_point *x)
{
	double rx = p1.x - p0.x, ry = p1.y - p0.y, sx = q1.x - q0.x,
	       sy = q1.y - q0.y, den = rx * sy - ry * sx, t, u;

	if (fabs(den) < 1e-12)
		return 0;
	t = ((q0.x - p0.x) * sy - (q0.y - p0.y) * sx) / den;
	u = ((q0.x - p0.x) * ry - (q0.y - p0.y) * rx) / den;
	if (t < 0 || t > 1 || u < 0 || u > 1)
		return 0;
	x->x = p0.x + t * rx;
	x->y = p0.y + t * ry;
	return 1;
}

/* A ford wherever road r crosses river v, unless one is near already. */
static void
ford_crossings(struct tr_path *v, const struct tr_path *r)
{
	struct tr_point x;
	size_t i, j, k;
	int near;

	for (i = 0; i + 1 < v->path.n; i++)
		for (j = 0; j + 1 < r->path.n; j++) {
			if (!seg_cross(v->path.v[i], v->path.v[i + 1],
			        r->path.v[j], r->path.v[j + 1], &x))
				continue;
			for (near = 0, k = 0; k < v->nfords; k++)
				if (hypot(v->fords[k].x - x.x,
				        v->fords[k].y - x.y) < 3 * v->width)
					near = 1;
			if (!near)
				XPUSH(v->fords, v->nfords, v->capfords, x);
		}
}

#define HAS(mask, k) (((mask) >> (k)) & 1u)

/* Cordery: a die per sector — 1–2 open, 3–4 hill, 5–6 wood (normal
 * density); sparse: 1–3 open, 4–5 hill, 6 wood; dense: 1 open, 2–3 hill,
 * 4–6 wood. */
static void
gen_sectors(struct tr_rng *g, struct battlefield *bf, unsigned mask, int nx,
    int ny, char *used, int density)
{
	static const int hill_lo[3] = { 4, 3, 2 }, wood_lo[3] = { 6, 5, 4 };
	int hl = hill_lo[density], wl = wood_lo[density];
	double sw = bf->table_w / nx, sh = bf->table_h / ny;
	int i, j, d;

	for (j = 0; j < ny; j++)
		for (i = 0; i < nx; i++) {
			d = tr_rng_d6(g);
			used[j * nx + i] = 0;
			if (d >= hl && d < wl && HAS(mask, RS_TERRAIN_HILL))
				gen_hill(g, bf, i * sw, j * sh, sw, sh);
			else if (d >= wl && HAS(mask, RS_TERRAIN_WOOD))
				gen_wood(g, bf, i * sw, j * sh, sw, sh);
			else
				continue;
			used[j * nx + i] = 1;
		}
}

/* The river: entry edge and place by dice, exit mostly opposite. */
static void
gen_river(struct tr_rng *g, struct battlefield *bf, unsigned mask)
{
	struct tr_path p = { 0 };
	int in = tr_rng_d6(g) <= 3 ? 0 : 1, out, nf, i;
	double m = fmin(bf->table_w, bf->table_h);

	/* Mostly out by the opposite edge, else by a neighbouring one. */
	if (tr_rng_d6(g) <= 4)
		out = in + 2;
	else
		out = in + (tr_rng_d6(g) <= 3 ? 1 : 3);
	out %= 4;
	p.width = fmin(fmax(m * 0.03, 12), 40);
	route(g, bf, &p.path, edge_point(bf, in, tr_rng_range(g, 0.2, 0.8)),
	    edge_point(bf, out, tr_rng_range(g, 0.2, 0.8)), NULL, m * 0.08,
	    p.width);
	if (HAS(mask, RS_TERRAIN_FORD)) {
		nf = tr_rng_d6(g) >= 4 ? 2 : 1;
		for (i = 1; i <= nf; i++) {
			struct tr_point f = path_at(&p.path,
			    (double)i / (nf + 1));

			XPUSH(p.fords, p.nfords, p.capfords, f);
		}
	}
	XPUSH(bf->rivers, bf->nrivers, bf->caprivers, p);
}

/* Where a road meets edge e: by dice, but not within a quarter of the
 * edge of where the river meets it. */
static struct tr_point
road_end(struct tr_rng *g, const struct battlefield *bf, int e)
{
	struct tr_point p = edge_point(bf, e, 0.5), q;
	double span = (e & 1) ? bf->table_w : bf->table_h;
	int tries, k, ok;

	for (tries = 0; tries < 8; tries++) {
		p = edge_point(bf, e, tr_rng_range(g, 0.15, 0.85));
		for (ok = 1, k = 0; bf->nrivers > 0 && k < 2; k++) {
			const struct tr_line *l = &bf->rivers[0].path;

			q = k ? l->v[l->n - 1] : l->v[0];
			if (hypot(q.x - p.x, q.y - p.y) < span / 4)
				ok = 0;
		}
		if (ok)
			break;
	}
	return p;
}

/* Roads: edge to edge across the river's course, through the town. */
static void
gen_roads(struct tr_rng *g, struct battlefield *bf, unsigned mask,
    const struct tr_point *town)
{
	int n = tr_rng_d6(g) == 6 ? 2 : 1, i, e0, e1, across;
	double m = fmin(bf->table_w, bf->table_h);
	size_t k;

	across = bf->table_w < bf->table_h; /* 1: the first road runs down */
	if (bf->nrivers > 0) {
		const struct tr_line *l = &bf->rivers[0].path;

		across = fabs(l->v[l->n - 1].x - l->v[0].x) >=
		    fabs(l->v[l->n - 1].y - l->v[0].y);
	}

	for (i = 0; i < n; i++) {
		struct tr_path p = { 0 };

		/* Across the river's course (else the table's long way)
		 * first, then the other way. */
		e0 = (i == 0) == across ? 1 : 0;
		e1 = e0 + 2;
		p.width = fmin(fmax(m * 0.02, 8), 25);
		route(g, bf, &p.path, road_end(g, bf, e0), road_end(g, bf, e1),
		    town, m * 0.03, p.width);
		if (HAS(mask, RS_TERRAIN_FORD))
			for (k = 0; k < bf->nrivers; k++)
				ford_crossings(&bf->rivers[k], &p);
		XPUSH(bf->roads, bf->nroads, bf->caproads, p);
	}
}

/* A town in the emptiest sector far enough from the river. */
static int
gen_town_site(struct tr_rng *g, struct battlefield *bf, int nx, int ny,
    char *used, struct tr_point *at)
{
	double sw = bf->table_w / nx, sh = bf->table_h / ny, span;
	int tries, i, j;

	span = fmin(sw, sh) * 0.55;
	for (tries = 0; tries < 12; tries++) {
		i = (int)tr_rng_below(g, (uint32_t)nx);
		j = (int)tr_rng_below(g, (uint32_t)ny);
		at->x = (i + 0.5) * sw;
		at->y = (j + 0.5) * sh;
		if (used[j * nx + i] ||
		    (bf->nrivers > 0 &&
		        tr_path_dist(&bf->rivers[0].path, at->x, at->y) <
		            span * 0.8 + bf->rivers[0].width))
			continue;
		gen_town(g, bf, at->x, at->y, span);
		used[j * nx + i] = 1;
		return 1;
	}
	return 0;
}

/* Fortifications: one or two short ramparts in free sectors. */
static void
gen_forts(struct tr_rng *g, struct battlefield *bf, int nx, int ny, char *used)
{
	double sw = bf->table_w / nx, sh = bf->table_h / ny, cx, cy, len, a;
	int n = tr_rng_d6(g) >= 4 ? 2 : 1, k, i, j, tries;

	for (k = 0; k < n; k++)
		for (tries = 0; tries < 12; tries++) {
			struct tr_path p = { 0 };

			i = (int)tr_rng_below(g, (uint32_t)nx);
			j = (int)tr_rng_below(g, (uint32_t)ny);
			if (used[j * nx + i])
				continue;
			cx = (i + tr_rng_range(g, 0.35, 0.65)) * sw;
			cy = (j + tr_rng_range(g, 0.35, 0.65)) * sh;
			len = fmin(sw, sh) * tr_rng_range(g, 0.4, 0.6);
			a = tr_rng_range(g, -0.3, 0.3);
			p.width = fmin(fmax(fmin(sw, sh) * 0.04, 6), 20);
			line_add(&p.path, cx - len / 2 * cos(a),
			    cy - len / 2 * sin(a) + len * 0.15);
			line_add(&p.path, cx - len / 6 * cos(a),
			    cy - len / 6 * sin(a));
			line_add(&p.path, cx + len / 6 * cos(a),
			    cy + len / 6 * sin(a));
			line_add(&p.path, cx + len / 2 * cos(a),
			    cy + len / 2 * sin(a) + len * 0.15);
			XPUSH(bf->forts, bf->nforts, bf->capforts, p);
			used[j * nx + i] = 1;
			break;
		}
}

/* 1 when a ring comes within d of a path (or the path enters it). */
static int
ring_near(const struct tr_line *ring, const struct tr_line *path, double d)
{
	size_t i;

	for (i = 0; i < ring->n; i++)
		if (tr_path_dist(path, ring->v[i].x, ring->v[i].y) < d)
			return 1;
	for (i = 0; i < path->n; i++)
		if (tr_inside(ring, path->v[i].x, path->v[i].y))
			return 1;
	return 0;
}

/* Where the river could not be routed round a hill or wood, the river
 * wins: that hill or wood is taken away. */
static void
clear_river(struct battlefield *bf)
{
	const struct tr_path *v = &bf->rivers[0];
	size_t i, n, k;

	for (i = n = 0; i < bf->nhills; i++) {
		if (ring_near(&bf->hills[i].contours[0], &v->path, v->width)) {
			for (k = 0; k < bf->hills[i].n; k++)
				free(bf->hills[i].contours[k].v);
			free(bf->hills[i].contours);
		} else
			bf->hills[n++] = bf->hills[i];
	}
	bf->nhills = n;
	for (i = n = 0; i < bf->nwoods; i++) {
		if (ring_near(&bf->woods[i], &v->path, v->width))
			free(bf->woods[i].v);
		else
			bf->woods[n++] = bf->woods[i];
	}
	bf->nwoods = n;
}

/* Round to 0.01 mm, the precision of tr_to_yaml, so a battlefield
 * written and read back is the same battlefield. */
static void
round_pts(struct tr_point *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		v[i].x = round(v[i].x * 100) / 100;
		v[i].y = round(v[i].y * 100) / 100;
	}
}

static void
round_path(struct tr_path *p)
{
	round_pts(p->path.v, p->path.n);
	round_pts(p->fords, p->nfords);
	p->width = round(p->width * 100) / 100;
}

static void
round_all(struct battlefield *bf)
{
	size_t i, k;

	for (i = 0; i < bf->nhills; i++)
		for (k = 0; k < bf->hills[i].n; k++)
			round_pts(bf->hills[i].contours[k].v,
			    bf->hills[i].contours[k].n);
	for (i = 0; i < bf->nwoods; i++)
		round_pts(bf->woods[i].v, bf->woods[i].n);
	for (i = 0; i < bf->nrivers; i++)
		round_path(&bf->rivers[i]);
	for (i = 0; i < bf->nroads; i++)
		round_path(&bf->roads[i]);
	for (i = 0; i < bf->nforts; i++)
		round_path(&bf->forts[i]);
	for (i = 0; i < bf->ntown; i++) {
		struct tr_rect *r = &bf->town[i];

		r->x = round(r->x * 100) / 100, r->y = round(r->y * 100) / 100;
		r->w = round(r->w * 100) / 100, r->h = round(r->h * 100) / 100;
	}
}

struct battlefield *
tr_generate(uint64_t seed, double table_w, double table_h, unsigned mask)
{
	return tr_generate_density(seed, table_w, table_h, mask, 1);
}

struct battlefield *
tr_generate_density(uint64_t seed, double table_w, double table_h,
    unsigned mask, int density)
{
	struct battlefield *bf = tr_new(table_w, table_h);
	struct tr_rng g;
	struct tr_point town;
	int nx, ny, has_town = 0;
	char *used;

	tr_rng_seed(&g, seed);
	bf->seed = seed;
	if (!(table_w > 0) || !(table_h > 0))
		return bf;
	/* Sectors half the table's short side: 3 x 2 on a 6 x 4 ft table. */
	ny = table_h <= table_w ? 2 : (int)lround(2 * table_h / table_w);
	nx = table_w <= table_h ? 2 : (int)lround(2 * table_w / table_h);
	nx = nx < 2 ? 2 : nx > 12 ? 12 : nx;
	ny = ny < 2 ? 2 : ny > 12 ? 12 : ny;
	used = xcalloc((size_t)(nx * ny), 1);
	if (density < 0 || density > 2)
		density = 1;
	gen_sectors(&g, bf, mask, nx, ny, used, density);
	if (HAS(mask, RS_TERRAIN_RIVER) && tr_rng_d6(&g) >= 3) {
		gen_river(&g, bf, mask);
		clear_river(bf);
	}
	if (HAS(mask, RS_TERRAIN_TOWN) && tr_rng_d6(&g) >= 3)
		has_town = gen_town_site(&g, bf, nx, ny, used, &town);
	if (HAS(mask, RS_TERRAIN_ROAD))
		gen_roads(&g, bf, mask, has_town ? &town : NULL);
	if (HAS(mask, RS_TERRAIN_FORTIFICATION))
		gen_forts(&g, bf, nx, ny, used);
	free(used);
	round_all(bf);
	return bf;
}

/* ---- snapping ---- */

void
tr_cells_free(struct tr_cells *tc)
{
	if (tc == NULL)
		return;
	free(tc->kind);
	free(tc->level);
	free(tc);
}

/* 1 when cells a and b (indices) share an edge. */
static int
cells_adjacent(const struct grid *g, int a, int b)
{
	int e, n = g->kind == RS_GRID_SQUARE ? 4 : 6, nc, nr;

	for (e = 0; e < n; e++)
		if (grid_neighbour(g, a % g->cols, a / g->cols, e, &nc, &nr) &&
		    nr * g->cols + nc == b)
			return 1;
	return 0;
}

/* Append cell i to the chain, filling a diagonal step of a square grid
 * with the corner cell nearer to (x, y). */
static void
chain_add(const struct grid *g, int **v, size_t *n, size_t *cap, int i,
    double x, double y)
{
	int prev, pc, pr, c = i % g->cols, r = i / g->cols, mid;
	double ax, ay, bx, by;

	if (*n > 0 && (*v)[*n - 1] == i)
		return;
	if (*n > 1 && (*v)[*n - 2] == i) { /* stepped back: drop the detour */
		(*n)--;
		return;
	}
	if (*n > 0 && g->kind == RS_GRID_SQUARE &&
	    !cells_adjacent(g, (*v)[*n - 1], i)) {
		prev = (*v)[*n - 1];
		pc = prev % g->cols;
		pr = prev / g->cols;
		if (abs(pc - c) == 1 && abs(pr - r) == 1) {
			grid_center(g, c, pr, &ax, &ay);
			grid_center(g, pc, r, &bx, &by);
			mid = hypot(ax - x, ay - y) <= hypot(bx - x, by - y) ?
			    pr * g->cols + c :
			    r * g->cols + pc;
			XPUSH(*v, *n, *cap, mid);
		}
	}
	XPUSH(*v, *n, *cap, i);
}

/*
 * The part [*t0, *t1] of segment p + t (dx, dy), 0 <= t <= 1, inside the
 * grid's box grown by a cell (Liang-Barsky). Returns 0 when none is.
 */
static int
clip_segment(const struct grid *g, struct tr_point p, double dx, double dy,
    double *t0, double *t1)
{
	double lo[2] = { g->ox - g->cell, g->oy - g->cell };
	double hi[2] = { g->ox + g->w + g->cell, g->oy + g->h + g->cell };
	double o[2] = { p.x, p.y }, d[2] = { dx, dy }, a, b;
	int i;

	*t0 = 0;
	*t1 = 1;
	for (i = 0; i < 2; i++) {
		if (d[i] == 0) {
			if (o[i] < lo[i] || o[i] > hi[i])
				return 0;
			continue;
		}
		a = (lo[i] - o[i]) / d[i];
		b = (hi[i] - o[i]) / d[i];
		if (a > b) {
			double tmp = a;

			a = b;
			b = tmp;
		}
		*t0 = fmax(*t0, a);
		*t1 = fmin(*t1, b);
	}
	return *t0 <= *t1;
}

size_t
tr_snap_path(const struct tr_line *l, const struct grid *g, int **cells)
{
	int *v = NULL, c, r;
	size_t n = 0, cap = 0, i;
	double step = g->cell / 8, len, t, x, y;
	int k, steps;

	*cells = NULL;
	if (g->kind == RS_GRID_NONE || g->cols == 0)
		return 0;
	for (i = 0; i + 1 < l->n; i++) {
		double t0, t1, dx = l->v[i + 1].x - l->v[i].x,
		               dy = l->v[i + 1].y - l->v[i].y;

		/* Sample only the part of the segment over the grid. */
		if (!clip_segment(g, l->v[i], dx, dy, &t0, &t1))
			continue;
		len = hypot(dx, dy) * (t1 - t0);
		steps = (int)fmin(ceil(len / step), 1e6);
		if (steps < 1)
			steps = 1;
		for (k = 0; k <= steps; k++) {
			t = t0 + (t1 - t0) * k / steps;
			x = l->v[i].x + dx * t;
			y = l->v[i].y + dy * t;
			if (grid_locate(g, x, y, &c, &r))
				chain_add(g, &v, &n, &cap, r * g->cols + c, x,
				    y);
		}
	}
	*cells = v;
	return n;
}

/* Mark every cell of a path's chain with kind k. */
static void
snap_mark(struct tr_cells *tc, const struct grid *g, const struct tr_line *l,
    enum rs_terrain_kind k)
{
	int *v;
	size_t n = tr_snap_path(l, g, &v), i;

	for (i = 0; i < n; i++)
		tc->kind[v[i]] |= 1u << k;
	free(v);
}

/* Mark a river's cells, and as ford the chain cell nearest each ford. */
static void
snap_river(struct tr_cells *tc, const struct grid *g, const struct tr_path *p)
{
	int *v;
	size_t n = tr_snap_path(&p->path, g, &v), i, k, best;
	double x, y, d, bd;
	int c, r;

	for (i = 0; i < n; i++)
		tc->kind[v[i]] |= 1u << RS_TERRAIN_RIVER;
	for (k = 0; k < p->nfords && n > 0; k++) {
		/* The cell holding the ford, if the river passes through it;
		 * else the river's cell nearest to it. */
		if (grid_locate(g, p->fords[k].x, p->fords[k].y, &c, &r) &&
		    (tc->kind[r * g->cols + c] & (1u << RS_TERRAIN_RIVER))) {
			tc->kind[r * g->cols + c] |= 1u << RS_TERRAIN_FORD;
			continue;
		}
		for (best = 0, bd = INFINITY, i = 0; i < n; i++) {
			grid_center(g, v[i] % g->cols, v[i] / g->cols, &x, &y);
			d = hypot(x - p->fords[k].x, y - p->fords[k].y);
			if (d < bd)
				bd = d, best = i;
		}
		tc->kind[v[best]] |= 1u << RS_TERRAIN_FORD;
	}
	free(v);
}

/* A line of cell centres at one height: n cells, the first at x0, then
 * every dx; cell indices idx0, idx0 + step, … */
struct cline {
	double y, x0, dx;
	int n, idx0, step;
};

/* The lines of centres of a grid, top to bottom (flat hexes have two
 * per row: even and odd columns). Returns how many (caller frees). */
static size_t
center_lines(const struct grid *g, struct cline **out)
{
	struct cline *v = xcalloc((size_t)g->rows * 2, sizeof(*v));
	size_t n = 0;
	int r, p, step = g->kind == RS_GRID_HEX ? 2 : 1;
	double x1, y1;

	for (r = 0; r < g->rows; r++)
		for (p = 0; p < step && p < g->cols; p++) {
			struct cline *l = &v[n++];

			grid_center(g, p, r, &l->x0, &l->y);
			grid_center(g, p + step, r, &x1, &y1);
			l->dx = x1 - l->x0;
			l->n = (g->cols - p + step - 1) / step;
			l->idx0 = r * g->cols + p;
			l->step = step;
		}
	*out = v;
	return n;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Mark the cells whose centres lie inside ring l (the same even-odd rule
 * as tr_inside), a line of centres at a time: OR bit into their kind, or
 * raise their level to level when level > 0. Costs lines × points, not
 * cells × points.
 */
static void
scan_ring(struct tr_cells *tc, const struct cline *ln, size_t nln,
    const struct tr_line *l, unsigned bit, int level)
{
	double *xs, y0 = INFINITY, y1 = -INFINITY, lo, hi;
	size_t i, j, k, m;
	long c, c0, c1;

	if (l->n < 3)
		return;
	for (i = 0; i < l->n; i++)
		y0 = fmin(y0, l->v[i].y), y1 = fmax(y1, l->v[i].y);
	xs = xmalloc(l->n * sizeof(*xs));
	for (k = 0; k < nln; k++) {
		const struct cline *cl = &ln[k];

		if (cl->y < y0 || cl->y > y1)
			continue;
		for (m = 0, i = 0, j = l->n - 1; i < l->n; j = i++) {
			const struct tr_point *a = &l->v[i], *b = &l->v[j];

			if ((a->y > cl->y) != (b->y > cl->y))
				xs[m++] = (b->x - a->x) * (cl->y - a->y) /
				        (b->y - a->y) +
				    a->x;
		}
		qsort(xs, m, sizeof(*xs), cmp_double);
		for (i = 0; i + 1 < m; i += 2) {
			lo = (xs[i] - cl->x0) / cl->dx;
			hi = (xs[i + 1] - cl->x0) / cl->dx;
			if (hi < 0 || lo > cl->n - 1)
				continue;
			c0 = lo < 0 ? 0 : (long)ceil(lo);
			c1 = hi > cl->n - 1 ? cl->n - 1 : (long)floor(hi);
			for (c = c0; c <= c1; c++) {
				int idx = cl->idx0 + (int)c * cl->step;

				if (level > 0 && tc->level[idx] < level)
					tc->level[idx] = (unsigned char)level;
				else if (level == 0)
					tc->kind[idx] |= bit;
			}
		}
	}
	free(xs);
}

struct tr_cells *
tr_snap(const struct battlefield *bf, const struct grid *g)
{
	struct tr_cells *tc = xcalloc(1, sizeof(*tc));
	struct cline *ln;
	size_t nln = center_lines(g, &ln), i, k;
	int c, r, n = grid_ncells(g);

	tc->cols = g->cols;
	tc->rows = g->rows;
	tc->kind = xcalloc((size_t)n + 1, sizeof(*tc->kind));
	tc->level = xcalloc((size_t)n + 1, 1);
	for (i = 0; i < bf->nhills; i++)
		for (k = 0; k < bf->hills[i].n && k < 255; k++)
			scan_ring(tc, ln, nln, &bf->hills[i].contours[k], 0,
			    (int)k + 1);
	for (c = 0; c < n; c++)
		if (tc->level[c] > 0)
			tc->kind[c] |= 1u << RS_TERRAIN_HILL;
	for (i = 0; i < bf->nwoods; i++)
		scan_ring(tc, ln, nln, &bf->woods[i], 1u << RS_TERRAIN_WOOD,
		    0);
	for (i = 0; i < bf->ntown; i++) {
		const struct tr_rect *b = &bf->town[i];
		struct tr_point v[4] = { { b->x, b->y }, { b->x + b->w, b->y },
			{ b->x + b->w, b->y + b->h }, { b->x, b->y + b->h } };
		struct tr_line ring = { v, 4, 4 };

		scan_ring(tc, ln, nln, &ring, 1u << RS_TERRAIN_TOWN, 0);
		/* A building makes its cell town even when it misses the
		 * centre. */
		if (grid_locate(g, b->x + b->w / 2, b->y + b->h / 2, &c, &r))
			tc->kind[r * g->cols + c] |= 1u << RS_TERRAIN_TOWN;
	}
	free(ln);
	for (i = 0; i < bf->nroads; i++)
		snap_mark(tc, g, &bf->roads[i].path, RS_TERRAIN_ROAD);
	for (i = 0; i < bf->nforts; i++)
		snap_mark(tc, g, &bf->forts[i].path, RS_TERRAIN_FORTIFICATION);
	for (i = 0; i < bf->nrivers; i++)
		snap_river(tc, g, &bf->rivers[i]);
	return tc;
}
