/*
 * scenario.c: generating a scenario — the battlefield (terrain.c), two
 * forces to a points total, deployment zones, objectives, a turn limit
 * and a special rule — and the set-up and victory rules every family
 * shares: where units deploy and who won at the turn limit.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h"
#include "scenario.h"

#define IN_MM 25.4

static const struct {
	const char *name, *title, *text;
} specials[SC_SPECIAL__MAX] = {
	/* Title and text are marked for the briefing, which prints them
	 * translated; the YAML file keeps them in English. */
	{ "none", N_("None"), N_("No special rule.") },
	{ "vital-ground", N_("Vital ground"),
	    N_("The first objective is the key to the position: holding it at "
	       "the end scores 2 instead of 1.") },
	{ "forced-march", N_("Forced march"),
	    N_("Red arrived by a forced march and spread out: Red's deployment "
	       "zone is half again as deep.") },
	{ "early-dusk", N_("Early dusk"),
	    N_("Night falls early: the battle lasts two thirds of the usual "
	       "turns.") },
	{ "reconnaissance", N_("Reconnaissance"),
	    N_("Blue scouted the ground first: Blue's deployment zone is half "
	       "again as deep.") },
};

const char *
sc_special_name(enum sc_special s)
{
	return s < SC_SPECIAL__MAX ? specials[s].name : "none";
}

const char *
sc_special_title(enum sc_special s)
{
	return s < SC_SPECIAL__MAX ? specials[s].title : "None";
}

const char *
sc_special_text(enum sc_special s)
{
	return s < SC_SPECIAL__MAX ? specials[s].text : "";
}

void
sc_free(struct scenario *s)
{
	int i;

	if (s == NULL)
		return;
	free(s->title);
	free(s->ruleset);
	tr_free(s->bf);
	sc_force_free(&s->side[0]);
	sc_force_free(&s->side[1]);
	for (i = 0; i < s->nobj; i++)
		free(s->obj[i].name);
	free(s);
}

/* 1 when the ruleset plays on a grid. */
static int
on_grid(const struct ruleset *rs)
{
	return rs->grid != RS_GRID_NONE && rs->cell_mm > 0;
}

static double snap_unit(const struct ruleset *);

/* Returns the depth of a deployment zone (mm). */
double
sc_deploy_depth(const struct ruleset *rs, double table_h)
{
	double d = rs->deploy_mm > 0 ? rs->deploy_mm : table_h / 4;

	if (on_grid(rs))
		d = fmax(1, floor(d / rs->cell_mm + 1e-6)) * rs->cell_mm;
	else if (rs->deploy_mm <= 0)
		/* Sandtable's own depth, whole units of the measure. */
		d = fmax(1, floor(d / snap_unit(rs) + 1e-6)) * snap_unit(rs);
	return d;
}

/* A base width for spacing (mm). */
static double
base_w(const struct ruleset *rs, int type)
{
	double w = 0;

	if (type >= 0 && (size_t)type < rs->nunits)
		w = rs->units[type].base_w_mm;
	if (w <= 0)
		w = rs->base_w_mm;
	return w > 0 ? w : 25.4;
}

/* A base depth for spacing (mm). */
static double
base_d(const struct ruleset *rs, int type)
{
	double d = 0;

	if (type >= 0 && (size_t)type < rs->nunits)
		d = rs->units[type].base_d_mm;
	if (d <= 0)
		d = rs->base_d_mm;
	return d > 0 ? d : base_w(rs, type);
}

/* 1 when a unit may stand at (x, y): not within margin of a river's
 * bank (the engine's board makes rivers a little wider), not on a
 * building. */
static int
standable(const struct battlefield *bf, double x, double y, double margin)
{
	unsigned k = tr_at(bf, x, y);
	size_t i;

	for (i = 0; i < bf->nrivers; i++)
		if (tr_path_dist(&bf->rivers[i].path, x, y) <
		    bf->rivers[i].width / 2 + margin)
			return 0;
	return !(k >> RS_TERRAIN_TOWN & 1u);
}

/* The positions of a zone's slots, front rank first, centre outwards;
 * step dx across, dy back. Returns the count written (at most max). */
static int
zone_slots(const struct scenario *s, int side, double dx, double dy, double mx,
    double my, double cell, double (*xy)[2], int max)
{
	struct sc_rect z = s->zone[side];
	int cols = (int)floor((z.w - 2 * mx) / dx + 1e-6) + 1;
	int rows = (int)floor((z.h - 2 * my) / dy + 1e-6) + 1;
	int r, k, c, i, n = 0;
	double x0, x, y, yy;

	if (cols < 1 || rows < 1 || z.w < 2 * mx || z.h < 2 * my)
		return 0;
	x0 = z.x + (z.w - (cols - 1) * dx) / 2;
	for (r = 0; r < rows && n < max; r++) {
		/* Blue's front is the zone's top edge, Red's its bottom. */
		y = side == SC_BLUE ? z.y + my + r * dy :
		                      z.y + z.h - my - r * dy;
		for (k = 0; k < cols && n < max; k++) {
			/* centre, then right and left alternately */
			c = cols / 2 + (k % 2 ? (k + 1) / 2 : -(k / 2));
			if (c < 0 || c >= cols)
				continue;
			x = x0 + c * dx;
			yy = y;
			if (cell > 0) {
				/* a hand-edited zone may be off the cells */
				x = (floor(x / cell) + 0.5) * cell;
				yy = (floor(y / cell) + 0.5) * cell;
				for (i = 0; i < n; i++)
					if (fabs(xy[i][0] - x) < 1e-6 &&
					    fabs(xy[i][1] - yy) < 1e-6)
						break;
				if (i < n)
					continue;
			}
			if (!standable(s->bf, x, yy, fmin(dx, dy)))
				continue;
			xy[n][0] = x;
			xy[n][1] = yy;
			n++;
		}
	}
	return n;
}

/* Returns the number of units placed (see scenario.h). */
int
sc_deploy(const struct scenario *s, const struct ruleset *rs, int side,
    double (*xy)[2], int max)
{
	const struct sc_force *f = &s->side[side];
	int n = sc_force_units(f), got, type = f->n > 0 ? f->v[0].type : -1;
	double bw = base_w(rs, type), bd = base_d(rs, type), c = rs->cell_mm;
	size_t i;

	for (i = 0; i < f->n; i++) {
		bw = fmax(bw, base_w(rs, f->v[i].type));
		bd = fmax(bd, base_d(rs, f->v[i].type));
	}
	if (n > max)
		n = max;
	if (on_grid(rs)) {
		/* Every other cell, then every cell. */
		got = zone_slots(s, side, 2 * c, c, c / 2, c / 2, c, xy, n);
		if (got < n)
			got = zone_slots(s, side, c, c, c / 2, c / 2, c, xy,
			    n);
	} else {
		got = zone_slots(s, side, 2.5 * bw, 2 * bd, bw, bd, 0, xy, n);
		if (got < n)
			got = zone_slots(s, side, 1.25 * bw, 1.25 * bd, bw / 2,
			    bd / 2, 0, xy, n);
	}
	return got;
}

/* Returns the winner at the turn limit (see scenario.h). */
int
sc_victory(const struct scenario *s, int n, const int *side, const int *alive,
    const double (*xy)[2])
{
	int score[2] = { 0, 0 }, units[2] = { 0, 0 }, near[2], i, k;
	double dx, dy;

	for (i = 0; i < n; i++)
		if (alive[i])
			units[side[i]]++;
	if (units[0] == 0 || units[1] == 0)
		return units[0] ? SC_BLUE : units[1] ? SC_RED : -1;
	for (k = 0; k < s->nobj; k++) {
		near[0] = near[1] = 0;
		for (i = 0; i < n; i++) {
			if (!alive[i])
				continue;
			dx = xy[i][0] - s->obj[k].x;
			dy = xy[i][1] - s->obj[k].y;
			if (dx * dx + dy * dy <=
			    s->obj[k].radius * s->obj[k].radius + 1e-6)
				near[side[i]] = 1;
		}
		if (near[0] != near[1])
			score[near[0] ? 0 : 1] += s->obj[k].value;
	}
	if (score[0] != score[1])
		return score[0] > score[1] ? SC_BLUE : SC_RED;
	if (units[0] != units[1])
		return units[0] > units[1] ? SC_BLUE : SC_RED;
	return -1;
}

/* ---- generation ---- */

/* Snap a length to whole cells on a grid (at least one). */
static double
snap_len(const struct ruleset *rs, double mm)
{
	if (!on_grid(rs))
		return mm;
	return fmax(1, floor(mm / rs->cell_mm + 1e-6)) * rs->cell_mm;
}

/* Snap a point to the centre of its cell on a grid, else to whole
 * units of the ruleset's measure (inches, centimetres; 10 mm), so that
 * a player can measure it out. */
static double
snap_unit(const struct ruleset *rs)
{
	return rs->measure == LEN_IN || rs->measure == LEN_FT ? 25.4 : 10;
}

/* A length sandtable chooses off a grid, to whole units of the measure
 * (at least one); whole units unchanged. */
static double
snap_whole(const struct ruleset *rs, double mm)
{
	double u = snap_unit(rs), n = mm / u;

	return fabs(n - round(n)) < 1e-6 ? mm : fmax(1, round(n)) * u;
}

static void
snap_pt(const struct ruleset *rs, double *x, double *y)
{
	double u = snap_unit(rs);

	if (!on_grid(rs)) {
		*x = round(*x / u) * u;
		*y = round(*y / u) * u;
		return;
	}
	*x = (floor(*x / rs->cell_mm) + 0.5) * rs->cell_mm;
	*y = (floor(*y / rs->cell_mm) + 0.5) * rs->cell_mm;
}

/* The turn limit: enough turns for the slowest half of the units to
 * cross the gap twice, plus a die, capped by the ruleset's battle. */
static int
pick_turns(const struct ruleset *rs, struct tr_rng *g, double gap)
{
	double moves[RS_MAX_UNITS], m;
	size_t i, n = 0, j;
	int t, cap = rs->turn_limit > 0 ? rs->turn_limit : 30;

	for (i = 0; i < rs->nunits && n < RS_MAX_UNITS; i++)
		if (rs->units[i].move_mm > 0)
			moves[n++] = rs->units[i].move_mm;
	/* the median move (a small insertion sort) */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && moves[j - 1] > moves[j]; j--) {
			m = moves[j];
			moves[j] = moves[j - 1];
			moves[j - 1] = m;
		}
	m = n > 0 ? moves[n / 2] : 100;
	t = (int)ceil(2 * gap / m) + tr_rng_d6(g);
	if (t < 6)
		t = 6;
	return t > cap ? cap : t;
}

/* 1 when a road passes within d of (x, y). */
static int
near_road(const struct battlefield *bf, double x, double y, double d)
{
	size_t i;

	for (i = 0; i < bf->nroads; i++)
		if (tr_path_dist(&bf->roads[i].path, x, y) < d)
			return 1;
	return 0;
}

/*
 * The places an objective is put at, for its name and the scenario's
 * title, in the language of the products (the scenario file keeps them
 * as printed): a place of the ruleset's terrain is called by the
 * ruleset's name for it when the Terrain table gives one ("The
 * Hedgerow"), else by the word for it; open ground is a farm or a
 * cairn.
 */
enum place {
	PL_FORD,
	PL_HILL,
	PL_TOWN,
	PL_WOOD,
	PL_ROAD,
	PL_FARM,
	PL_CAIRN,
	PL__N
};
static const enum rs_terrain_kind place_kind[PL__N] = { RS_TERRAIN_FORD,
	RS_TERRAIN_HILL, RS_TERRAIN_TOWN, RS_TERRAIN_WOOD, RS_TERRAIN_ROAD,
	RS_TERRAIN_OPEN, RS_TERRAIN_OPEN };
static const char *const place_word[PL__N] = { N_("The ford"), N_("The hill"),
	N_("The town"), N_("The wood"), N_("The milestone"), N_("The farm"),
	N_("The cairn") };
/* The titles, a form of six drawn, each place in full (languages bend
 * the place to the form: am Hof, à la ferme); make_title() has the forms
 * for a name of the ruleset's own. */
#define NFORMS 6
static const char *const title_of[NFORMS][PL__N] = {
	{ N_("Battle for the ford"), N_("Battle for the hill"),
	    N_("Battle for the town"), N_("Battle for the wood"),
	    N_("Battle for the milestone"), N_("Battle for the farm"),
	    N_("Battle for the cairn") },
	{ N_("Clash at the ford"), N_("Clash at the hill"),
	    N_("Clash at the town"), N_("Clash at the wood"),
	    N_("Clash at the milestone"), N_("Clash at the farm"),
	    N_("Clash at the cairn") },
	{ N_("Holding the ford"), N_("Holding the hill"),
	    N_("Holding the town"), N_("Holding the wood"),
	    N_("Holding the milestone"), N_("Holding the farm"),
	    N_("Holding the cairn") },
	{ N_("Action at the ford"), N_("Action at the hill"),
	    N_("Action at the town"), N_("Action at the wood"),
	    N_("Action at the milestone"), N_("Action at the farm"),
	    N_("Action at the cairn") },
	{ N_("The Fight for the ford"), N_("The Fight for the hill"),
	    N_("The Fight for the town"), N_("The Fight for the wood"),
	    N_("The Fight for the milestone"), N_("The Fight for the farm"),
	    N_("The Fight for the cairn") },
	{ N_("Affair at the ford"), N_("Affair at the hill"),
	    N_("Affair at the town"), N_("Affair at the wood"),
	    N_("Affair at the milestone"), N_("Affair at the farm"),
	    N_("Affair at the cairn") },
};
/* An objective's name at place p, and the ruleset's own name for it or
 * NULL into *own. Caller frees. */
static char *
place_name(const struct ruleset *rs, enum place p, const char **own)
{
	*own = place_kind[p] != RS_TERRAIN_OPEN ?
	    rs_terrain_name(rs, place_kind[p]) :
	    NULL;
	return *own != NULL ? xasprintf(_("The %s"), *own) :
	                      xstrdup(_(place_word[p]));
}

/* A name and place for an objective in the band between the zones,
 * within the x range [x0, x1): on a hill, a ford or the town when one
 * lies there, else in the open. */
static enum place
place_objective(const struct scenario *s, const struct ruleset *rs,
    struct tr_rng *g, double x0, double x1, double y0, double y1,
    struct sc_objective *o, const char **own)
{
	const struct battlefield *bf = s->bf;
	size_t i, k;
	double cx, cy, r;
	enum place pl;
	int tries;

	/* A ford in range? */
	for (i = 0; i < bf->nrivers; i++)
		for (k = 0; k < bf->rivers[i].nfords; k++) {
			struct tr_point f = bf->rivers[i].fords[k];

			if (f.x >= x0 && f.x < x1 && f.y > y0 && f.y < y1 &&
			    tr_rng_d6(g) >= 3) {
				o->x = f.x;
				o->y = f.y;
				o->name = place_name(rs, PL_FORD, own);
				return PL_FORD;
			}
		}
	/* A hill's top? */
	for (i = 0; i < bf->nhills; i++) {
		const struct tr_line *top =
		    &bf->hills[i].contours[bf->hills[i].n - 1];

		cx = cy = 0;
		for (k = 0; k < top->n; k++) {
			cx += top->v[k].x / top->n;
			cy += top->v[k].y / top->n;
		}
		if (cx >= x0 && cx < x1 && cy > y0 && cy < y1 &&
		    standable(bf, cx, cy, 0) && tr_rng_d6(g) >= 3) {
			o->x = cx;
			o->y = cy;
			o->name = place_name(rs, PL_HILL, own);
			return PL_HILL;
		}
	}
	/* The town's middle? */
	if (bf->ntown > 0) {
		cx = cy = 0;
		for (k = 0; k < bf->ntown; k++) {
			cx += (bf->town[k].x + bf->town[k].w / 2) / bf->ntown;
			cy += (bf->town[k].y + bf->town[k].h / 2) / bf->ntown;
		}
		if (cx >= x0 && cx < x1 && cy > y0 && cy < y1) {
			o->x = cx;
			o->y = cy;
			o->name = place_name(rs, PL_TOWN, own);
			return PL_TOWN;
		}
	}
	/* Open ground near the middle of the range. */
	r = (y1 - y0) / 4;
	for (tries = 0; tries < 20; tries++) {
		o->x = tr_rng_range(g, x0 + (x1 - x0) * 0.25,
		    x0 + (x1 - x0) * 0.75);
		o->y = tr_rng_range(g, (y0 + y1) / 2 - r, (y0 + y1) / 2 + r);
		if (standable(bf, o->x, o->y, 0))
			break;
	}
	pl = tr_at(bf, o->x, o->y) >> RS_TERRAIN_WOOD & 1u ? PL_WOOD :
	    near_road(bf, o->x, o->y, r)                   ? PL_ROAD :
	    tr_rng_d6(g) <= 3                              ? PL_FARM :
	                                                     PL_CAIRN;
	o->name = place_name(rs, pl, own);
	return pl;
}

/* Objectives: one, or two (one on each half) on a 4+. The first one's
 * place and own name go to *first and *own, for the title. */
static void
gen_objectives(struct scenario *s, const struct ruleset *rs, struct tr_rng *g,
    enum place *first, const char **own)
{
	double y0 = s->zone[SC_RED].y + s->zone[SC_RED].h;
	double y1 = s->zone[SC_BLUE].y, w = s->table_w, rad;
	const double z0 = y0, z1 = y1;
	int two = tr_rng_d6(g) >= 4, i;

	/* Two cells, else four bases to whole units of the measure (25 mm
	 * bases in inches: 4", not 3.94"). */
	rad = on_grid(rs) ? 2 * rs->cell_mm :
	                    snap_whole(rs, 4 * base_w(rs, -1));
	/* Keep the holding circle out of the zones when the gap allows. */
	if (y1 - y0 > 3 * rad) {
		y0 += rad;
		y1 -= rad;
	}
	s->nobj = two ? 2 : 1;
	for (i = 0; i < s->nobj; i++) {
		struct sc_objective *o = &s->obj[i];
		const char *on;
		enum place pl;

		if (two)
			pl = place_objective(s, rs, g, i * w / 2,
			    (i + 1) * w / 2, y0, y1, o, &on);
		else
			pl = place_objective(s, rs, g, w / 4, 3 * w / 4, y0,
			    y1, o, &on);
		if (i == 0) {
			*first = pl;
			*own = on;
		}
		snap_pt(rs, &o->x, &o->y);
		/* Rounded to whole units, it stays off the zones' edges. */
		if (!on_grid(rs) && o->y <= z0 + 1e-9 &&
		    z0 + snap_unit(rs) < z1)
			o->y += snap_unit(rs);
		else if (!on_grid(rs) && o->y >= z1 - 1e-9 &&
		    z1 - snap_unit(rs) > z0)
			o->y -= snap_unit(rs);
		o->radius = rad;
		o->value = 1;
	}
	if (two && strcmp(s->obj[0].name, s->obj[1].name) == 0) {
		char *a = xasprintf(_("%s (west)"), s->obj[0].name);
		char *b = xasprintf(_("%s (east)"), s->obj[1].name);

		free(s->obj[0].name);
		free(s->obj[1].name);
		s->obj[0].name = a;
		s->obj[1].name = b;
	}
}

/* A title from the first objective's place: "Clash at the cairn",
 * "Battle for the Hedgerow". */
static char *
make_title(enum place p, const char *own, struct tr_rng *g)
{
	uint32_t form = tr_rng_below(g, NFORMS);

	if (own == NULL)
		return xstrdup(_(title_of[form][p]));
	switch (form) {
	case 0:
		return xasprintf(_("Battle for the %s"), own);
	case 1:
		return xasprintf(_("Clash at the %s"), own);
	case 2:
		return xasprintf(_("Holding the %s"), own);
	case 3:
		return xasprintf(_("Action at the %s"), own);
	case 4:
		return xasprintf(_("The Fight for the %s"), own);
	default:
		return xasprintf(_("Affair at the %s"), own);
	}
}

/* Returns an error message when the table cannot hold the zones (static
 * text into buf), NULL when it can. */
static const char *
check_table(const struct ruleset *rs, double w, double h, double depth,
    char *buf, size_t sz)
{
	char d[32], need[32], gap[32];
	enum unit_of_length u = rs->measure == LEN_NONE ? LEN_MM : rs->measure;

	if (!(w > 0) || !(h > 0))
		return "the table has no size";
	if (on_grid(rs) && (w < rs->cell_mm || h < rs->cell_mm))
		return "the table is smaller than one cell";
	if (on_grid(rs) &&
	    floor(w / rs->cell_mm + 1e-6) * floor(h / rs->cell_mm + 1e-6) >
	        ENG_MAX_CELLS) {
		snprintf(buf, sz,
		    "the table has more than %d cells, more "
		    "than the engine plays",
		    ENG_MAX_CELLS);
		return buf;
	}
	if (h + 1e-6 < 2 * depth + snap_len(rs, depth / 2) ||
	    w + 1e-6 < 2 * depth) {
		len_format(d, sizeof(d), depth, u);
		len_format(gap, sizeof(gap), snap_len(rs, depth / 2), u);
		len_format(need, sizeof(need),
		    2 * depth + snap_len(rs, depth / 2), u);
		snprintf(buf, sz,
		    "the table is too small for two %s deep "
		    "deployment zones with %s between them: it must be at "
		    "least %s deep and %s wide",
		    d, gap, need, d);
		return buf;
	}
	return NULL;
}

/* The scenario's table and its zones' depth into *w, *h and *depth: the
 * request's, else the ruleset's; 0, or -1 with an error at the table
 * when it cannot hold the zones. */
static int
table_of(const struct ruleset *rs, const struct sc_request *rq, double *w,
    double *h, double *depth, struct diags *d)
{
	struct pos at = { rs->path, 0, 0 };
	struct pos at_table = rq->table_at.file ? rq->table_at :
	    rs->table_pos.line > 0              ? rs->table_pos :
	                                          at;
	const char *why;
	char buf[256];

	*w = rq->table_w > 0 ? rq->table_w : rs->table_w_mm;
	*h = rq->table_h > 0 ? rq->table_h : rs->table_h_mm;
	if (!(*w > 0) || !(*h > 0)) {
		*w = 72 * IN_MM;
		*h = 48 * IN_MM;
	}
	/* On a grid the table is whole cells, so that the cells drawn, the
	 * engine's and the zones' all line up. */
	if (on_grid(rs) && *w >= rs->cell_mm && *h >= rs->cell_mm) {
		*w = floor(*w / rs->cell_mm + 1e-6) * rs->cell_mm;
		*h = floor(*h / rs->cell_mm + 1e-6) * rs->cell_mm;
	}
	*depth = sc_deploy_depth(rs, *h);
	if ((why = check_table(rs, *w, *h, *depth, buf, sizeof(buf))) !=
	    NULL) {
		diag_msg(d, at_table, MSG(SCENARIO_TABLE_BAD), why);
		return -1;
	}
	return 0;
}

/* Whether the table holds the zones: 0, or -1 (said). */
static int
table_fits(const struct ruleset *rs, const struct sc_request *rq,
    struct diags *d)
{
	double w, h, depth;

	return table_of(rs, rq, &w, &h, &depth, d);
}

/* Forces for both sides; the second side's from another stream. */
static int
gen_forces(struct scenario *s, const struct sc_values *val, int points,
    uint64_t seed)
{
	int side;

	for (side = 0; side < 2; side++)
		if (sc_pick_force(val->v, val->n, points, seed * 2 + side + 1,
		        SC_MAX_SIDE, &s->side[side]) < 0)
			return -1;
	return 0;
}

/* Returns a new scenario, or NULL with an error (see scenario.h). */
struct scenario *
sc_generate(const struct ruleset *rs, const char *rs_path,
    const struct sc_request *rq, const struct sc_values *val, struct diags *d)
{
	struct scenario *s;
	struct tr_rng g;
	double w, h, depth;
	double deep[2] = { 1, 1 };
	int points = rq->points, cheap = sc_cheapest(val->v, val->n), side;
	size_t i;
	char c[32];
	struct pos at = { rs->path, 0, 0 };
	struct pos at_table = rq->table_at.file ? rq->table_at :
	    rs->table_pos.line > 0              ? rs->table_pos :
	                                          at;
	struct pos at_points = rq->points_at.file ? rq->points_at : at;
	enum place first = PL_CAIRN;
	const char *own = NULL;

	if (table_of(rs, rq, &w, &h, &depth, d) != 0)
		return NULL;
	if (rq->forces == NULL && cheap == 0) {
		diag_msg(d, at, MSG(NO_UNIT_POINTS_VALUE));
		return NULL;
	}
	if (rq->forces == NULL && points < cheap) {
		snprintf(c, sizeof(c), "%d", cheap);
		diag_msg(d, at_points, MSG(NOTHING_CHEAPEST_UNIT_COSTS),
		    points, plural(points, "point buys", "points buy"), c,
		    plural(cheap, "point", "points"));
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	s->ruleset = xstrdup(rs_path);
	s->seed = rq->seed;
	s->table_w = w;
	s->table_h = h;
	s->points = points;
	tr_rng_seed(&g, rq->seed ^ 0x9e6c63d0676a9a99ULL);
	s->bf = tr_generate_density(rq->seed, w, h, tr_kinds_of(rs),
	    rq->density);
	/* The special rule: none on 1–3, else by a second die. */
	if (rq->special >= 0 && rq->special < SC_SPECIAL__MAX)
		s->special = (enum sc_special)rq->special;
	else if (tr_rng_d6(&g) >= 4)
		s->special = (enum sc_special)(
		    1 + tr_rng_below(&g, SC_SPECIAL__MAX - 1));
	if (s->special == SC_SPECIAL_FORCED_MARCH)
		deep[SC_RED] = 1.5;
	if (s->special == SC_SPECIAL_RECONNAISSANCE)
		deep[SC_BLUE] = 1.5;
	for (side = 0; side < 2; side++) {
		double dd = on_grid(rs) ? snap_len(rs, depth * deep[side]) :
		                          snap_whole(rs, depth * deep[side]);
		double room = h - depth - snap_len(rs, depth / 2);

		/* A deeper zone keeps the gap check_table() asks for: as
		 * deep as that allows; when it allows no more than the
		 * usual depth, the special rule cannot be played. */
		if (dd > room + 1e-6)
			dd = fmax(depth,
			    on_grid(rs) ?
			        snap_len(rs, room) :
			        floor(room / snap_unit(rs)) * snap_unit(rs));
		if (deep[side] > 1 && dd <= depth + 1e-6) {
			if (rq->special >= 0 && rq->special < SC_SPECIAL__MAX)
				diag_msg(d, at,
				    MSG(TABLE_NO_ROOM_DEEPER_DEPLOYMENT),
				    sc_special_name(s->special));
			s->special = SC_SPECIAL_NONE;
		}
		s->zone[side].x = 0;
		s->zone[side].w = w;
		s->zone[side].h = dd;
		s->zone[side].y = side == SC_BLUE ? h - dd : 0;
	}
	if (on_grid(rs)) {
		/* Whole cells: the bottom zone ends at the last whole row. */
		double rows = floor(h / rs->cell_mm + 1e-6) * rs->cell_mm;

		s->zone[SC_BLUE].y = rows - s->zone[SC_BLUE].h;
		s->zone[SC_BLUE].w = s->zone[SC_RED].w =
		    floor(w / rs->cell_mm + 1e-6) * rs->cell_mm;
	}
	gen_objectives(s, rs, &g, &first, &own);
	s->turns = pick_turns(rs, &g,
	    s->zone[SC_BLUE].y - (s->zone[SC_RED].y + s->zone[SC_RED].h));
	/* Nothing plays a print-only game to tune the limit by: its own
	 * battle's turns, when it gives them (the draw above still runs,
	 * so the rest of the scenario is the same). */
	if (eng_show_of(rs)->print_only && rs->turn_limit > 0)
		s->turns = rs->turn_limit;
	if (s->special == SC_SPECIAL_EARLY_DUSK)
		s->turns = s->turns * 2 / 3 > 4 ? s->turns * 2 / 3 : 4;
	if (s->special == SC_SPECIAL_VITAL_GROUND)
		s->obj[0].value = 2;
	s->title = make_title(first, own, &g);
	if (rq->forces != NULL)
		for (side = 0; side < 2; side++)
			for (i = 0; i < rq->forces->n; i++)
				sc_force_add(&s->side[side],
				    rq->forces->v[i].type,
				    rq->forces->v[i].count);
	else if (gen_forces(s, val, points, rq->seed) == -1) {
		diag_msg(d, at_points, MSG(NO_FORCE_FITS), points,
		    plural(points, "point", "points"));
		sc_free(s);
		return NULL;
	}
	for (side = 0; side < 2; side++) {
		double xy[SC_MAX_SIDE][2];
		int n = sc_force_units(&s->side[side]);

		if (sc_deploy(s, rs, side, xy, SC_MAX_SIDE) < n) {
			diag_msg(d, at_table, MSG(TABLE_TOO_SMALL_DEPLOY_ZONE),
			    n, plural(n, "unit", "units"));
			sc_free(s);
			return NULL;
		}
	}
	return s;
}

/*
 * What check asks of the table before build: that the scenario build
 * makes fits it. Its two deployment zones with room between them
 * (check_table(), as sc_generate() asks); for a print-only ruleset, whose
 * scenario fields the default battle's forces (or one unit of each type)
 * as they are, those forces in each zone too. A played ruleset's forces
 * are picked to points by build, not known here. Errors at table: in d.
 * Returns 0 or -1.
 */
int
sc_table_check(const struct ruleset *rs, struct diags *d)
{
	struct sc_request rq;
	struct sc_values val;
	struct sc_force f;
	struct scenario *s;

	if (rs->nunits == 0)
		return 0;
	if (!eng_show_of(rs)->print_only) {
		struct sc_request none;

		memset(&none, 0, sizeof(none));
		return table_fits(rs, &none, d);
	}
	if (sc_default_force(rs, &f, d) != 0)
		return -1;
	memset(&rq, 0, sizeof(rq));
	rq.seed = 1;
	rq.special = SC_SPECIAL_NONE;
	rq.forces = &f;
	val.n = rs->nunits;
	val.v = xcalloc(rs->nunits, sizeof(int));
	s = sc_generate(rs, rs->path, &rq, &val, d);
	sc_force_free(&f);
	free(val.v);
	if (s == NULL)
		return -1;
	sc_free(s);
	return 0;
}
