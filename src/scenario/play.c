/*
 * play.c: scenarios played through the engine — the battlefield turned
 * into an engine board, the forces deployed in their zones, the turn
 * limit set, and at the end the scenario's victory conditions applied
 * (the engine's own end rule decides a battle where one side is wiped
 * out; at the turn limit the objectives decide). And unit values, from
 * the engine's exact odds and from self-play.
 *
 * Engine board units: millimetres on a free table, cells on a grid, y
 * upwards from Blue's edge (engine.h). Table millimetres have y down
 * from the top edge, Blue's edge at the bottom: y is flipped here.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

struct sc_engine {
	const struct eng_ctx *ctx;
	struct eng_ctx *own;         /* ctx, when sc_engine_new() made it */
	const struct eng_odds *odds; /* the odds, when given to share */
	const struct ruleset *rs;
};

/* Per scenario: the context on the scenario's board and where each
 * unit starts. */
struct sc_setup {
	const struct scenario *s;
	struct eng_ctx ctx; /* a copy with the scenario's board */
	int n, type[2 * SC_MAX_SIDE], side[2 * SC_MAX_SIDE];
	double at[2 * SC_MAX_SIDE][2]; /* board units */
};

/* Table mm (y down from Red's edge, as the map draws it) to the board
 * units pieces are given in: mm on a free table; on a grid cells with
 * centres at integers, whatever the lattice (board.c measures a hex's
 * pieces at its centre). */
static void
to_board(const struct eng_board *b, double table_h, double x, double y,
    double *bx, double *by)
{
	if (b->grid == RS_GRID_NONE) {
		*bx = x;
		*by = table_h - y;
		return;
	}
	*bx = x / b->cell_mm - 0.5;
	if (b->grid == RS_GRID_SQUARE)
		*by = b->rows - 0.5 - y / b->cell_mm;
	else
		*by = (table_h - y) / b->cell_mm - 0.5;
}

/* Table mm (y down from Red's edge) to the board units a unit stands
 * at: the point, or the cell of the map's grid that holds it. */
static void
to_cell(const struct eng_board *b, double table_h, double x, double y,
    double *bx, double *by)
{
	if (b->grid == RS_GRID_HEX || b->grid == RS_GRID_HEX_POINTY) {
		eng_board_cell(b, x, table_h - y, bx, by);
		return;
	}
	to_board(b, table_h, x, y, bx, by);
	if (b->grid != RS_GRID_NONE) {
		*bx = floor(*bx + 0.5);
		*by = floor(*by + 0.5);
	}
}

/* Board units to table mm (y down from Red's edge): where a unit
 * stands, the centre of its cell on a grid. */
static void
to_table(const struct eng_board *b, double table_h, double bx, double by,
    double *x, double *y)
{
	if (b->grid == RS_GRID_NONE) {
		*x = bx;
		*y = table_h - by;
		return;
	}
	if (b->grid == RS_GRID_SQUARE) {
		*x = (bx + 0.5) * b->cell_mm;
		*y = (b->rows - 0.5 - by) * b->cell_mm;
		return;
	}
	eng_board_point(b, bx, by, x, y);
	*y = table_h - *y;
}

/* A closed ring as a circle: centroid of its points and mean radius. */
static void
ring_circle(const struct tr_line *l, double *cx, double *cy, double *r)
{
	size_t i;

	*cx = *cy = *r = 0;
	for (i = 0; i < l->n; i++) {
		*cx += l->v[i].x / l->n;
		*cy += l->v[i].y / l->n;
	}
	for (i = 0; i < l->n; i++)
		*r += hypot(l->v[i].x - *cx, l->v[i].y - *cy) / l->n;
}

/* Add a piece from table mm; lengths r, w, h in mm. */
static void
add_piece(struct eng_board *b, double table_h, enum rs_terrain_kind kind,
    enum eng_shape shape, double x, double y, double x2, double y2, double r,
    double w, double h)
{
	struct eng_terrain t;
	double u = b->grid == RS_GRID_NONE ? 1 : b->cell_mm;

	memset(&t, 0, sizeof(t));
	t.kind = kind;
	t.shape = shape;
	to_board(b, table_h, x, y, &t.x, &t.y);
	to_board(b, table_h, x2, y2, &t.x2, &t.y2);
	if (shape == ENG_SHAPE_RECT) {
		/* the rect's corner is its smallest x, y in board units */
		to_board(b, table_h, x, y + h, &t.x, &t.y);
	}
	t.r = r / u;
	t.w = w / u;
	t.h = h / u;
	eng_board_add(b, &t);
}

/* A path as at most 8 bands of half width r (mm). */
static void
add_path(struct eng_board *b, double table_h, enum rs_terrain_kind kind,
    const struct tr_line *l, double r)
{
	size_t step = (l->n + 7) / 8, i, j;

	if (step < 1)
		step = 1;
	for (i = 0; i + 1 < l->n; i = j) {
		j = i + step < l->n ? i + step : l->n - 1;
		add_piece(b, table_h, kind, ENG_SHAPE_BAND, l->v[i].x,
		    l->v[i].y, l->v[j].x, l->v[j].y, r, 0, 0);
	}
}

/*
 * The engine board of a battlefield: rivers (solid bands, a cell wide
 * at least on a grid) with fords, then hills, woods, roads,
 * fortifications and the town's buildings, as far as the board holds
 * pieces. Returns 0, or -1 with a reason in *why.
 */
int
sc_board(const struct ruleset *rs, const struct battlefield *bf,
    struct eng_board *b, const char **why)
{
	double cx, cy, r, half, cell = rs->cell_mm;
	int grid = rs->grid != RS_GRID_NONE && cell > 0;
	size_t i, k;

	if (eng_board_init(b, bf->table_w, bf->table_h,
	        grid ? rs->grid : RS_GRID_NONE, cell, why) != 0)
		return -1;
	for (i = 0; i < bf->nrivers; i++) {
		const struct tr_path *p = &bf->rivers[i];

		half = grid ? fmax(p->width / 2, 0.71 * cell) : p->width / 2;
		add_path(b, bf->table_h, RS_TERRAIN_RIVER, &p->path, half);
		for (k = 0; k < p->nfords; k++)
			add_piece(b, bf->table_h, RS_TERRAIN_FORD,
			    ENG_SHAPE_CIRCLE, p->fords[k].x, p->fords[k].y, 0,
			    0,
			    grid ? fmax(0.75 * cell, p->width) :
			           p->width * 1.5,
			    0, 0);
	}
	for (i = 0; i < bf->nhills; i++) {
		ring_circle(&bf->hills[i].contours[0], &cx, &cy, &r);
		add_piece(b, bf->table_h, RS_TERRAIN_HILL, ENG_SHAPE_CIRCLE,
		    cx, cy, 0, 0, r, 0, 0);
	}
	for (i = 0; i < bf->nwoods; i++) {
		ring_circle(&bf->woods[i], &cx, &cy, &r);
		add_piece(b, bf->table_h, RS_TERRAIN_WOOD, ENG_SHAPE_CIRCLE,
		    cx, cy, 0, 0, r, 0, 0);
	}
	for (i = 0; i < bf->nroads; i++)
		add_path(b, bf->table_h, RS_TERRAIN_ROAD, &bf->roads[i].path,
		    grid ? 0.5 * cell : bf->roads[i].width / 2);
	for (i = 0; i < bf->nforts; i++)
		add_path(b, bf->table_h, RS_TERRAIN_FORTIFICATION,
		    &bf->forts[i].path,
		    grid ? 0.5 * cell : bf->forts[i].width / 2);
	for (i = 0; i < bf->ntown; i++)
		add_piece(b, bf->table_h, RS_TERRAIN_TOWN, ENG_SHAPE_RECT,
		    bf->town[i].x, bf->town[i].y, 0, 0, 0, bf->town[i].w,
		    bf->town[i].h);
	return 0;
}

/* ---- the engine for a ruleset ---- */

struct sc_engine *
sc_engine_new(const struct ruleset *rs, struct diags *d)
{
	struct eng_ctx *c = eng_ctx_new(rs, -1, 0, d);
	struct sc_engine *e;

	if (c == NULL)
		return NULL;
	e = xcalloc(1, sizeof(*e));
	e->ctx = e->own = c;
	e->rs = rs;
	return e;
}

struct sc_engine *
sc_engine_share(const struct eng_ctx *c, const struct eng_odds *odds)
{
	struct sc_engine *e = xcalloc(1, sizeof(*e));

	e->ctx = c;
	e->odds = odds;
	e->rs = c->rs;
	return e;
}

void
sc_engine_free(struct sc_engine *e)
{
	if (e == NULL)
		return;
	eng_ctx_free(e->own);
	free(e);
}

/* Returns the per-scenario set-up, or NULL when the scenario cannot be
 * played (its board is too large, or a zone too small). */
static void *
setup_new(void *arg, const struct scenario *s)
{
	struct sc_engine *e = arg;
	struct sc_setup *p = xcalloc(1, sizeof(*p));
	double xy[SC_MAX_SIDE][2];
	const char *why;
	int side, got, k;
	size_t i;

	p->s = s;
	p->ctx = *e->ctx;
	if (sc_board(e->rs, s->bf, &p->ctx.board, &why) != 0)
		goto fail;
	eng_ctx_convert(&p->ctx, &p->ctx.board, NULL);
	p->ctx.turn_limit = s->turns;
	for (side = 0; side < 2; side++) {
		const struct sc_force *f = &s->side[side];

		got = sc_deploy(s, e->rs, side, xy, SC_MAX_SIDE);
		if (got < sc_force_units(f))
			goto fail;
		k = 0;
		for (i = 0; i < f->n; i++) {
			int j;

			for (j = 0; j < f->v[i].count; j++, k++) {
				p->type[p->n] = f->v[i].type;
				p->side[p->n] = side;
				to_cell(&p->ctx.board, s->table_h, xy[k][0],
				    xy[k][1], &p->at[p->n][0],
				    &p->at[p->n][1]);
				p->n++;
			}
		}
	}
	return p;
fail:
	free(p);
	return NULL;
}

static void
setup_free(void *p)
{
	free(p);
}

/* Play one game of the set-up scenario in *scratch's game (made at the
 * thread's first); returns the winner or -1. */
static int
setup_play_in(void *arg, void **scratch, uint64_t seed, uint64_t game,
    int *turns, int *at_limit)
{
	struct sc_setup *p = arg;
	struct eng_game *g = *scratch;
	int alive[2 * SC_MAX_SIDE], i, w;
	double xy[2 * SC_MAX_SIDE][2];

	if (g == NULL)
		*scratch = g = eng_game_new(&p->ctx);
	eng_game_init(g, &p->ctx, seed, game);
	g->board = &p->ctx.board;
	g->turn_limit = p->s->turns;
	for (i = 0; i < p->n; i++)
		eng_game_add(g, p->type[i], p->side[i], p->at[i][0],
		    p->at[i][1]);
	eng_game_run(g);
	*turns = g->gturn < p->s->turns ? g->gturn : p->s->turns;
	*at_limit = g->timeout;
	w = g->winner;
	if (g->timeout) {
		/* The scenario's victory conditions at the turn limit. */
		for (i = 0; i < p->n; i++) {
			alive[i] = g->u[i].alive;
			to_table(&p->ctx.board, p->s->table_h, g->u[i].x,
			    g->u[i].y, &xy[i][0], &xy[i][1]);
		}
		w = sc_victory(p->s, p->n, p->side, alive,
		    (const double(*)[2])xy);
	}
	return w;
}

/* One game in a game of its own. */
static int
setup_play(void *arg, uint64_t seed, uint64_t game, int *turns, int *at_limit)
{
	void *g = NULL;
	int w = setup_play_in(arg, &g, seed, game, turns, at_limit);

	free(g);
	return w;
}

struct sc_games
sc_engine_games(struct sc_engine *e)
{
	struct sc_games gm = { setup_new, setup_play, setup_free, e,
		setup_play_in, free };

	return gm;
}

/* ---- unit values ---- */

/* Fire power of type i against the others, from the exact odds: the
 * best chance to hit with any weapon, scaled by the weapon's reach. */
static void
odds_power(const struct ruleset *rs, const struct eng_odds *o, double reach,
    double *off, double *threat)
{
	size_t i, k, n = rs->nunits;
	double best[RS_MAX_UNITS][RS_MAX_UNITS];
	double mw[RS_MAX_UNITS][RS_MAX_UNITS];

	memset(best, 0, sizeof(best));
	memset(mw, 0, sizeof(mw));
	for (k = 0; k < o->nfire; k++) {
		const struct eng_odds_fire *f = &o->fire[k];
		double p = eng_q_double(&f->p_hit) *
		    fmin(1, rs->weapons[f->weapon].range_mm / reach);

		if (p > best[f->shooter][f->target])
			best[f->shooter][f->target] = p;
	}
	for (k = 0; k < o->nmelee; k++) {
		const struct eng_odds_melee *m = &o->melee[k];

		if (strcmp(m->situation, "open") != 0)
			continue;
		mw[m->attacker][m->defender] = eng_q_double(&m->attacker_wins);
	}
	for (i = 0; i < n; i++) {
		off[i] = threat[i] = 0;
		for (k = 0; k < n; k++) {
			off[i] += (best[i][k] + 0.5 * mw[i][k]) / n;
			threat[i] += (best[k][i] + 0.5 * mw[k][i]) / n;
		}
	}
}

/* Value games are cut short: the side ahead in units at this limit
 * wins, which measures a unit's worth well enough at half the cost. */
#define VALUE_TURNS 12

struct vjob {
	const struct eng_ctx *ctx;
	int turns; /* turn limit of these games */
	int type;  /* the extra unit; -1 none */
	uint64_t seed;
	long from, to, step;
	double score; /* the side with the extra unit */
};

/* Games of the default battle with one extra unit of a type for the
 * side i & 1 of game i; score of that side. */
static void *
vjob_run(void *arg)
{
	struct vjob *j = arg;
	struct eng_game *g = eng_game_new(j->ctx);
	const struct eng_board *b = &j->ctx->board;
	long i;
	int side;

	for (i = j->from; i < j->to; i += j->step) {
		side = (int)(i & 1);
		eng_game_init(g, j->ctx, j->seed, (uint64_t)i);
		g->turn_limit = j->turns;
		eng_battle_setup(g);
		if (j->type >= 0) {
			/* behind the line, on the left of the back row */
			double x = b->grid != RS_GRID_NONE ? 1 : b->w * 0.1;
			double y = side == ENG_BLUE ?
			    0 :
			    (b->grid != RS_GRID_NONE ? b->h - 1 : b->h);

			eng_game_add(g, j->type, side, x, y);
		}
		eng_game_run(g);
		j->score += g->winner == side ? 1 : g->winner < 0 ? 0.5 : 0;
	}
	free(g);
	return NULL;
}

/* Score of the side given one extra unit of type, over games. */
static double
extra_score(const struct eng_ctx *c, int type, long games, uint64_t seed,
    int jobs)
{
	struct vjob *j;
	int k;
	double s = 0;

	if (jobs < 1)
		jobs = 1;
	j = xcalloc((size_t)jobs, sizeof(*j));
	for (k = 0; k < jobs; k++) {
		j[k].ctx = c;
		j[k].turns = c->turn_limit > 0 && c->turn_limit < VALUE_TURNS ?
		    c->turn_limit :
		    VALUE_TURNS;
		j[k].type = type;
		j[k].seed = seed;
		j[k].from = k;
		j[k].to = games;
		j[k].step = jobs;
	}
	eng_fan_out(vjob_run, j, sizeof(j[0]), jobs);
	for (k = 0; k < jobs; k++)
		s += j[k].score;
	free(j);
	return s / games;
}

/*
 * Unit values: half from the exact odds (a unit's chance to destroy the
 * others, with reach, over the others' chance to destroy it), half from
 * self-play (how much one more unit of the type lifts a side's score in
 * the default battle, cut at VALUE_TURNS; every type plays the same dice
 * as the plain battle, so the difference is not swamped by luck); both
 * scaled to a mean of 1, blended, and turned into points with the
 * average unit worth 10. games is the total budget of self-play games:
 * at least 100 a type, but no more than four budgets in all (a ruleset
 * of more than 95 types plays fewer a type, 37 at 256, not the 25,700
 * games that took two fifths of the CPU time of the build).
 * Returns 0, or -1 when the ruleset has no units.
 */
int
sc_unit_values(struct sc_engine *e, long games, uint64_t seed, int jobs,
    struct sc_values *out)
{
	const struct ruleset *rs = e->rs;
	struct eng_odds o = { 0 };
	double off[RS_MAX_UNITS], thr[RS_MAX_UNITS], vo[RS_MAX_UNITS],
	    vs[RS_MAX_UNITS], base, mo = 0, ms = 0, reach, v;
	size_t i, n = rs->nunits;
	long least;

	memset(out, 0, sizeof(*out));
	if (n == 0)
		return -1;
	out->v = xcalloc(n, sizeof(int));
	out->n = n;
	least = 4 * games / (long)(n + 1);
	if (least > 100)
		least = 100;
	games = games / (long)(n + 1);
	if (games < least)
		games = least;
	/* A family without exact odds yet values its units by self-play
	 * alone (odds_power() reads an empty list as no one's edge). */
	if (e->odds != NULL)
		o = *e->odds;
	else if (e->ctx->fam->odds != NULL)
		e->ctx->fam->odds(e->ctx, &o);
	reach = 0;
	for (i = 0; i < n; i++)
		reach += 2 * rs->units[i].move_mm / n;
	if (!(reach > 0))
		reach = 300;
	odds_power(rs, &o, reach, off, thr);
	/* Shared odds are their owner's to free. */
	if (e->odds == NULL)
		eng_odds_free(&o);
	base = extra_score(e->ctx, -1, games, seed, jobs);
	for (i = 0; i < n; i++) {
		vo[i] = sqrt((off[i] + 0.05) / (thr[i] + 0.05)) *
		    sqrt(fmax(rs->units[i].move_mm, 1) / reach * 2);
		vs[i] = fmax(0.02,
		    extra_score(e->ctx, (int)i, games, seed, jobs) - base);
		mo += vo[i] / n;
		ms += vs[i] / n;
	}
	for (i = 0; i < n; i++) {
		v = 0.5 * vo[i] / mo + 0.5 * vs[i] / ms;
		out->v[i] = (int)lround(10 * v);
		if (out->v[i] < 1)
			out->v[i] = 1;
	}
	out->games = games * (long)(n + 1);
	return 0;
}
