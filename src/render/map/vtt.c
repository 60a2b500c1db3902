/*
 * vtt.c: a map's PNG for virtual tabletops (issue 37), with the files
 * that tell a tabletop its grid, so that nobody sets it by hand:
 *
 *   NAME.foundry.json  a Foundry VTT scene (Import Data): the PNG as its
 *                      background, width and height, the grid's type
 *                      (square, or the hex layout the map is drawn in),
 *                      size in pixels, distance and units in the
 *                      ruleset's measure; walls along the terrain that
 *                      blocks sight or moves, as the rule family says
 *                      (wall_kinds: woods and hills limited where a
 *                      line may see into them), and a note at each
 *                      objective of a scenario.
 *   NAME.dd2vtt        Universal VTT (format 0.3): the resolution (map
 *                      origin, size in cells, pixels per cell), the same
 *                      walls as line-of-sight polylines in cells, and the
 *                      PNG in base64. Square grids and gridless maps
 *                      (an inch a cell) only: the format has no hexes.
 *
 * Coordinates are the PNG's pixels (Foundry) or cells (UVTT), from the
 * image's top-left corner, as the map draws it (map.c's image area).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <jansson.h>

#include "../../engine/engine.h"
#include "map_internal.h"

/* Foundry's constants (CONST.GRID_TYPES, WALL_SENSE_TYPES and
 * WALL_MOVEMENT_TYPES). */
enum {
	FVTT_GRIDLESS = 0,
	FVTT_SQUARE = 1,
	FVTT_HEXODDR = 2,
	FVTT_HEXODDQ = 4
};
enum { FVTT_NONE = 0, FVTT_LIMITED = 10, FVTT_NORMAL = 20 };

/* The image's frame: its top-left corner on the table (mm), pixels per
 * mm, and the length of a cell (mm; an inch with no grid). */
struct frame {
	double x0, y0, k, cell;
	int pw, ph;
};

/* A wall's kind: what it blocks. */
struct wall_kind {
	int sight, move;
};

/* The walls of each kind of terrain the map draws as an area (woods,
 * hills, buildings), as the rule family says its terrain acts on sight
 * and moves (eng_show: sight_blocks, sight_limits, move_blocks): a
 * line blocked whole is a normal wall, one that may run into it a
 * limited one. No ruleset: the print-only family's. A kind whose wall
 * blocks nothing has none. */
static void
wall_kinds(const struct ruleset *rs, struct wall_kind k[RS_TERRAIN__MAX])
{
	const struct eng_show *sh = eng_show_of(rs);
	int i;

	for (i = 0; i < RS_TERRAIN__MAX; i++) {
		k[i].sight = (sh->sight_blocks >> i & 1) ? FVTT_NORMAL :
		    (sh->sight_limits >> i & 1)          ? FVTT_LIMITED :
		                                           FVTT_NONE;
		k[i].move = (sh->move_blocks >> i & 1) ? FVTT_NORMAL :
		                                         FVTT_NONE;
	}
}

/* A pixel coordinate, to a tenth. */
static json_t *
px(double v)
{
	return json_real(round(v * 10) / 10);
}

/* One Foundry wall from (ax, ay) to (bx, by) table mm. */
static void
fvtt_wall(json_t *walls, const struct frame *f, double ax, double ay,
    double bx, double by, const struct wall_kind *k)
{
	json_t *w, *c;

	if (fabs(ax - bx) < 1e-9 && fabs(ay - by) < 1e-9)
		return;
	c = json_array();
	json_array_append_new(c, px((ax - f->x0) * f->k));
	json_array_append_new(c, px((ay - f->y0) * f->k));
	json_array_append_new(c, px((bx - f->x0) * f->k));
	json_array_append_new(c, px((by - f->y0) * f->k));
	w = json_object();
	json_object_set_new(w, "c", c);
	json_object_set_new(w, "move", json_integer(k->move));
	json_object_set_new(w, "sight", json_integer(k->sight));
	json_object_set_new(w, "light", json_integer(k->sight));
	json_object_set_new(w, "sound", json_integer(FVTT_NONE));
	json_object_set_new(w, "door", json_integer(0));
	json_array_append_new(walls, w);
}

/* A closed ring of walls. */
static void
fvtt_ring(json_t *walls, const struct frame *f, const struct tr_line *l,
    const struct wall_kind *k)
{
	size_t i;

	for (i = 0; i < l->n && l->n > 1; i++) {
		const struct tr_point *a = &l->v[i],
		                      *b = &l->v[(i + 1) % l->n];

		fvtt_wall(walls, f, a->x, a->y, b->x, b->y, k);
	}
}

/* Every wall of the battlefield, through ring() and rect() of one
 * format. */
struct walls_out {
	void (*ring)(void *arg, const struct frame *, const struct tr_line *,
	    const struct wall_kind *);
	/* One edge (an open line of two points). */
	void (*edge)(void *arg, const struct frame *, const struct tr_line *,
	    const struct wall_kind *);
	void *arg;
};

/*
 * On a map drawn on cells (a grid, snapped), the walls run along the
 * cells' edges where a cell of the kind meets one without it (or the
 * grid's border): what the players see drawn.
 */
static const enum rs_terrain_kind area_kinds[] = { RS_TERRAIN_WOOD,
	RS_TERRAIN_HILL, RS_TERRAIN_TOWN };

static int
walls_any(const struct wall_kind *wk)
{
	return wk->sight != FVTT_NONE || wk->move != FVTT_NONE;
}

static void
walls_cells(const struct tr_cells *tc, const struct grid *g,
    const struct frame *f, const struct wall_kind *wk,
    const struct walls_out *o)
{
	size_t k;
	int c, r, e, n, nc, nr;
	double xs[6], ys[6];

	for (k = 0; k < sizeof(area_kinds) / sizeof(area_kinds[0]); k++)
		for (r = 0; r < tc->rows; r++)
			for (c = 0; c < tc->cols; c++) {
				unsigned kind = 1u << area_kinds[k];

				if (!walls_any(&wk[area_kinds[k]]) ||
				    !(tc->kind[r * tc->cols + c] & kind))
					continue;
				n = grid_corners(g, c, r, xs, ys);
				for (e = 0; e < n; e++) {
					struct tr_point v[2];
					struct tr_line l = { v, 2, 2 };

					if (grid_neighbour(g, c, r, e, &nc,
					        &nr) &&
					    (tc->kind[nr * tc->cols + nc] &
					        kind))
						continue;
					v[0].x = xs[e], v[0].y = ys[e];
					v[1].x = xs[(e + 1) % n];
					v[1].y = ys[(e + 1) % n];
					o->edge(o->arg, f, &l,
					    &wk[area_kinds[k]]);
				}
			}
}

static void
walls_each(const struct rnd_map_opts *mo, const struct tr_cells *tc,
    const struct frame *f, const struct walls_out *o)
{
	const struct battlefield *bf = mo->bf;
	struct wall_kind wk[RS_TERRAIN__MAX];
	size_t i;

	if (bf == NULL)
		return;
	wall_kinds(mo->rs, wk);
	if (tc != NULL) {
		walls_cells(tc, mo->grid, f, wk, o);
		return;
	}
	for (i = 0; i < bf->nwoods && walls_any(&wk[RS_TERRAIN_WOOD]); i++)
		o->ring(o->arg, f, &bf->woods[i], &wk[RS_TERRAIN_WOOD]);
	for (i = 0; i < bf->nhills && walls_any(&wk[RS_TERRAIN_HILL]); i++)
		if (bf->hills[i].n > 0)
			o->ring(o->arg, f, &bf->hills[i].contours[0],
			    &wk[RS_TERRAIN_HILL]);
	for (i = 0; i < bf->ntown && walls_any(&wk[RS_TERRAIN_TOWN]); i++) {
		const struct tr_rect *r = &bf->town[i];
		struct tr_point v[4] = { { r->x, r->y }, { r->x + r->w, r->y },
			{ r->x + r->w, r->y + r->h }, { r->x, r->y + r->h } };
		struct tr_line l = { v, 4, 4 };

		o->ring(o->arg, f, &l, &wk[RS_TERRAIN_TOWN]);
	}
}

static void
fvtt_ring_cb(void *arg, const struct frame *f, const struct tr_line *l,
    const struct wall_kind *k)
{
	fvtt_ring(arg, f, l, k);
}

static void
fvtt_edge_cb(void *arg, const struct frame *f, const struct tr_line *l,
    const struct wall_kind *k)
{
	fvtt_wall(arg, f, l->v[0].x, l->v[0].y, l->v[1].x, l->v[1].y, k);
}

/* A cell in the ruleset's measure: its number and unit ("3", "in"). */
static void
cell_in_measure(const struct rnd_map_opts *o, double cell_mm, double *n,
    const char **unit)
{
	switch (o->measure) {
	case LEN_CM:
		*n = cell_mm / 10;
		*unit = "cm";
		break;
	case LEN_MM:
		*n = cell_mm;
		*unit = "mm";
		break;
	case LEN_FT:
	case LEN_IN:
	case LEN_NONE:
		*n = cell_mm / 25.4;
		*unit = "in";
		break;
	}
	*n = round(*n * 1000) / 1000;
}

/* A note at each objective: its name as the note's text, over a map
 * pin as large as the circle that holds it, seen through walls (global);
 * its radius and victory points kept in sandtable's flags. No journal
 * entry: the name is all there is to read. */
static json_t *
foundry_notes(const struct rnd_map_opts *o, const struct frame *f)
{
	json_t *notes = json_array(), *n, *tx, *fl, *st;
	size_t i;

	for (i = 0; i < o->nnotes; i++) {
		const struct rnd_map_note *m = &o->notes[i];

		n = json_object();
		json_object_set_new(n, "x", px((m->x - f->x0) * f->k));
		json_object_set_new(n, "y", px((m->y - f->y0) * f->k));
		json_object_set_new(n, "entryId", json_null());
		tx = json_object();
		json_object_set_new(tx, "src",
		    json_string("icons/svg/target.svg"));
		json_object_set_new(n, "texture", tx);
		json_object_set_new(n, "iconSize",
		    json_integer(fmax(32, lround(2 * m->radius * f->k))));
		json_object_set_new(n, "text", json_string(m->name));
		json_object_set_new(n, "fontSize", json_integer(32));
		/* CONST.TEXT_ANCHOR_POINTS.BOTTOM: the name under the pin. */
		json_object_set_new(n, "textAnchor", json_integer(1));
		json_object_set_new(n, "global", json_true());
		st = json_object();
		json_object_set_new(st, "objective", json_true());
		json_object_set_new(st, "radius_px", px(m->radius * f->k));
		json_object_set_new(st, "value", json_integer(m->value));
		fl = json_object();
		json_object_set_new(fl, "sandtable", st);
		json_object_set_new(n, "flags", fl);
		json_array_append_new(notes, n);
	}
	return notes;
}

/* The Foundry scene as text (caller frees). */
static char *
foundry_scene(const char *image, const char *title,
    const struct rnd_map_opts *o, const struct tr_cells *tc,
    const struct frame *f)
{
	const struct grid *g = o->grid;
	json_t *s = json_object(), *flags = json_object(), *st = json_object();
	json_t *bg = json_object(), *grid = json_object(), *walls;
	double dist = 0;
	const char *unit = "in";
	char *text;
	struct walls_out wo;

	/* First, so that the file begins as only sandtable's do (an
	 * output never replaces another kind of file). */
	json_object_set_new(st, "format", json_string("foundry-scene"));
	json_object_set_new(flags, "sandtable", st);
	json_object_set_new(s, "flags", flags);
	json_object_set_new(s, "name", json_string(title));
	json_object_set_new(s, "width", json_integer(f->pw));
	json_object_set_new(s, "height", json_integer(f->ph));
	json_object_set_new(s, "padding", json_integer(0));
	json_object_set_new(bg, "src", json_string(image));
	json_object_set_new(s, "background", bg);
	json_object_set_new(grid, "type",
	    json_integer(g->kind == RS_GRID_SQUARE ? FVTT_SQUARE :
	            g->kind == RS_GRID_HEX         ? FVTT_HEXODDQ :
	            g->kind == RS_GRID_HEX_POINTY  ? FVTT_HEXODDR :
	                                             FVTT_GRIDLESS));
	/* The size: pixels from a cell's centre to its neighbour's (a
	 * square's side, a hex across the flats); an inch with no grid. */
	json_object_set_new(grid, "size", px(f->cell * f->k));
	cell_in_measure(o, f->cell, &dist, &unit);
	json_object_set_new(grid, "distance", json_real(dist));
	json_object_set_new(grid, "units", json_string(unit));
	json_object_set_new(s, "grid", grid);
	walls = json_array();
	wo.ring = fvtt_ring_cb;
	wo.edge = fvtt_edge_cb;
	wo.arg = walls;
	walls_each(o, tc, f, &wo);
	json_object_set_new(s, "walls", walls);
	if (o->nnotes > 0)
		json_object_set_new(s, "notes", foundry_notes(o, f));
	text = json_dumps(s,
	    JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12));
	json_decref(s);
	return text;
}

/* A UVTT point in cells. */
static json_t *
uvtt_point(const struct frame *f, double x, double y)
{
	json_t *p = json_object();

	json_object_set_new(p, "x",
	    json_real(round((x - f->x0) / f->cell * 1e4) / 1e4));
	json_object_set_new(p, "y",
	    json_real(round((y - f->y0) / f->cell * 1e4) / 1e4));
	return p;
}

/* A polyline of l's points, closed (back to the first) or open. */
static void
uvtt_line(json_t *arr, const struct frame *f, const struct tr_line *l,
    int closed)
{
	json_t *line;
	size_t i;

	if (l->n < 2)
		return;
	line = json_array();
	for (i = 0; i < l->n + (closed ? 1 : 0); i++)
		json_array_append_new(line,
		    uvtt_point(f, l->v[i % l->n].x, l->v[i % l->n].y));
	json_array_append_new(arr, line);
}

static void
uvtt_ring_cb(void *arg, const struct frame *f, const struct tr_line *l,
    const struct wall_kind *k)
{
	if (k->sight != FVTT_NONE)
		uvtt_line(arg, f, l, 1);
}

static void
uvtt_edge_cb(void *arg, const struct frame *f, const struct tr_line *l,
    const struct wall_kind *k)
{
	if (k->sight != FVTT_NONE)
		uvtt_line(arg, f, l, 0);
}

/* The Universal VTT file as text (caller frees). */
static char *
uvtt_file(const struct rnd_map_opts *o, const struct tr_cells *tc,
    const struct frame *f, const unsigned char *png, size_t pnglen)
{
	json_t *s = json_object(), *res = json_object(), *v, *los, *env;
	gchar *b64;
	char *text;
	struct walls_out wo;

	json_object_set_new(s, "format", json_real(0.3));
	v = json_object();
	json_object_set_new(v, "x", json_integer(0));
	json_object_set_new(v, "y", json_integer(0));
	json_object_set_new(res, "map_origin", v);
	v = json_object();
	json_object_set_new(v, "x",
	    json_real(round(f->pw / (f->cell * f->k) * 1e4) / 1e4));
	json_object_set_new(v, "y",
	    json_real(round(f->ph / (f->cell * f->k) * 1e4) / 1e4));
	json_object_set_new(res, "map_size", v);
	json_object_set_new(res, "pixels_per_grid",
	    json_integer((json_int_t)lround(f->cell * f->k)));
	json_object_set_new(s, "resolution", res);
	los = json_array();
	wo.ring = uvtt_ring_cb;
	wo.edge = uvtt_edge_cb;
	wo.arg = los;
	walls_each(o, tc, f, &wo);
	json_object_set_new(s, "line_of_sight", los);
	json_object_set_new(s, "objects_line_of_sight", json_array());
	json_object_set_new(s, "portals", json_array());
	env = json_object();
	json_object_set_new(env, "baked_lighting", json_true());
	json_object_set_new(env, "ambient_light", json_string("ffffffff"));
	json_object_set_new(s, "environment", env);
	json_object_set_new(s, "lights", json_array());
	b64 = g_base64_encode(png, pnglen);
	json_object_set_new(s, "image", json_string(b64));
	g_free(b64);
	text = json_dumps(s,
	    JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12));
	json_decref(s);
	return text;
}

const char *const rnd_vtt_names[] = { "foundry", "uvtt", "tts", NULL };

char *
rnd_vtt_path(const char *png, int which)
{
	size_t n = strlen(png);

	if (n > 4 && g_ascii_strcasecmp(png + n - 4, ".png") == 0)
		n -= 4;
	return xasprintf("%.*s%s", (int)n, png,
	    which == RND_VTT_FOUNDRY ? ".foundry.json" :
	        which == RND_VTT_TTS ? ".tts.json" :
	                               ".dd2vtt");
}

const char *
rnd_vtt_begins(int which)
{
	if (which == RND_VTT_TTS)
		return rnd_tts_begins();
	return which == RND_VTT_FOUNDRY ?
	    "{\"flags\":{\"sandtable\":{\"format\":\"foundry-scene\"}}," :
	    "{\"format\":0.3,";
}

/* text (compact JSON) with a line break after its first line, the
 * signature of its kind (rnd_vtt_begins): the output check compares
 * first lines. Takes text; returns a new string. */
static char *
first_line_break(char *text, int which)
{
	const char *b = rnd_vtt_begins(which);
	size_t n = strlen(b);
	char *s;

	if (strncmp(text, b, n) != 0)
		return text;
	s = xasprintf("%.*s\n%s", (int)n, text, text + n);
	free(text);
	return s;
}

int
rnd_map_vtt(const char *png, unsigned which, const struct rnd_map_opts *o,
    struct diags *dg)
{
	struct pos nowhere = { NULL, 0, 0 };
	const struct grid *g = o->grid;
	const char *base = strrchr(png, '/');
	struct tr_cells *tc = NULL;
	struct frame f;
	double w, h;
	gchar *data = NULL;
	gsize len = 0;
	char *why = NULL, *path, *text;
	int rc = 0, k;

	f.cell = g->kind == RS_GRID_NONE ? 25.4 : g->cell;
	f.k = o->px_per_cell / f.cell;
	rnd_map_image_area(g, &f.x0, &f.y0, &w, &h);
	f.pw = (int)round(w * f.k);
	f.ph = (int)round(h * f.k);
	base = base != NULL ? base + 1 : png;
	/* What the map drew: terrain on cells, or as shapes (map.c). */
	if (o->bf != NULL && o->snap && g->kind != RS_GRID_NONE)
		tc = tr_snap(o->bf, g);
	for (k = 0; rnd_vtt_names[k] != NULL && rc == 0; k++) {
		if (!(which & (1u << k)))
			continue;
		if (k == RND_VTT_UVTT) {
			if (g->kind != RS_GRID_SQUARE &&
			    g->kind != RS_GRID_NONE) {
				diag_msg(dg, nowhere,
				    MSG(VTT_UVTT_SQUARE_ONLY), png);
				continue;
			}
			if (data == NULL &&
			    !g_file_get_contents(file_group_pending(png),
			        &data, &len, NULL)) {
				why = xasprintf("%s: cannot read it back",
				    png);
				rc = -1;
				break;
			}
			text = uvtt_file(o, tc, &f, (unsigned char *)data,
			    len);
		} else if (k == RND_VTT_TTS) {
			if (rnd_map_tts(png, o, &text, dg) == -1) {
				rc = -2; /* said */
				break;
			}
		} else
			text = foundry_scene(base,
			    o->title != NULL ? o->title : base, o, tc, &f);
		text = first_line_break(text, k);
		path = rnd_vtt_path(png, k);
		if (atomic_write(path, text, strlen(text), &why) == -1)
			rc = -1;
		if (rc == 0 && o->written != NULL)
			XPUSH(o->written->v, o->written->n, o->written->cap,
			    xstrdup(path));
		free(path);
		free(text);
	}
	g_free(data);
	tr_cells_free(tc);
	if (rc == -1) {
		diag_msg(dg, nowhere, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
	}
	return rc < 0 ? -1 : 0;
}
