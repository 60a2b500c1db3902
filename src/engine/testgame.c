/*
 * testgame.c: plays a ruleset's ```test-game blocks (schema in engine.h's
 * users' guide, rulesets/FORMAT.md "Test games"): units on a board,
 * terrain, exact dice, scripted steps and expectations. A failure is an
 * error at the step or expectation that failed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine.h"

#define TG_MAX_DICE 4096

struct tg {
	const struct rs_testgame *t;
	struct eng_ctx *ctx; /* own copy when the board differs */
	int own_ctx;
	struct eng_game *g;
	int dice[TG_MAX_DICE];
	int by[TG_MAX_DICE]; /* who rolled each, for the record */
	size_t ndice;
	const struct rs_node *dice_node;
	struct diags *d;
	int failed;
	struct eng_record *rec; /* NULL: no record kept */
};

/* Report a failure at pos (once per test game), row m of the message
 * table after the game's name and step; returns -1. */
static int fail(struct tg *tg, struct pos at, int step, enum msg m,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int
fail(struct tg *tg, struct pos at, int step, enum msg m, const char *fmt, ...)
{
	char msg[512], *full;
	va_list ap;

	if (tg->failed)
		return -1;
	tg->failed = 1;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (at.line == 0)
		at = tg->t->pos;
	if (step > 0)
		full = xasprintf("test game '%s', step %d: %s", tg->t->name,
		    step, msg);
	else
		full = xasprintf("test game '%s': %s", tg->t->name, msg);
	diag_msg_text(tg->d, at, m, full);
	free(full);
	return -1;
}

static const char *
scalar(const struct rs_node *n)
{
	return n != NULL && n->kind == RS_NODE_SCALAR && n->scalar != NULL ?
	    n->scalar :
	    NULL;
}

/* A length of the test game in mm: the ruleset's measure, or a string
 * with its own unit. 0 or -1. */
static int
tg_mm(struct tg *tg, const struct rs_node *n, double *mm)
{
	enum unit_of_length m = tg->ctx->rs->measure;
	const char *why;

	if (scalar(n) == NULL)
		return -1;
	if (len_parse(n->scalar, m == LEN_NONE ? LEN_MM : m, mm, &why) != 0 ||
	    !isfinite(*mm) || fabs(*mm) > 1e7)
		return -1;
	return 0;
}

/* A length in board units (cells may be fractions). 0 or -1. */
static int
tg_len(struct tg *tg, const struct rs_node *n, double *v)
{
	if (tg_mm(tg, n, v) != 0)
		return -1;
	*v /= tg->ctx->board.cell_mm;
	return 0;
}

/* A coordinate in board units; on a grid cell centres are integers, so
 * the edge of the board is at -0.5. 0 or -1. */
static int
tg_coord(struct tg *tg, const struct rs_node *n, double *v)
{
	if (tg_len(tg, n, v) != 0)
		return -1;
	if (tg->ctx->board.grid != RS_GRID_NONE)
		*v -= 0.5;
	return 0;
}

/* A point [x, y] of terrain, in board units; 0 or -1. */
static int
tg_point(struct tg *tg, const struct rs_node *n, double *x, double *y)
{
	if (n == NULL || n->kind != RS_NODE_SEQ || n->nkids != 2)
		return -1;
	return tg_coord(tg, n->kids[0], x) || tg_coord(tg, n->kids[1], y) ?
	    -1 :
	    0;
}

/* Where a unit stands or goes: the point itself on a free table, the
 * square (or hex) it falls in on a grid. 0 or -1. */
static int
tg_place(struct tg *tg, const struct rs_node *n, double *x, double *y)
{
	if (n == NULL || n->kind != RS_NODE_SEQ || n->nkids != 2 ||
	    tg_mm(tg, n->kids[0], x) || tg_mm(tg, n->kids[1], y))
		return -1;
	eng_board_cell(&tg->ctx->board, *x, *y, x, y);
	return 0;
}

/* The test game's board: the ruleset's, or its own `board:` (a private
 * copy of the context, converted for that board). 0 or -1. */
static int
tg_board(struct tg *tg, const struct eng_ctx *base)
{
	const struct rs_node *doc = tg->t->doc, *b = rs_node_get(doc, "board"),
	                     *tr = rs_node_get(doc, "terrain"), *v;
	const struct ruleset *rs = base->rs;
	enum unit_of_length m = rs->measure == LEN_NONE ? LEN_MM : rs->measure;
	double w = rs->table_w_mm, h = rs->table_h_mm, cell = rs->cell_mm;
	enum rs_grid grid = rs->grid;
	const char *why;

	/* Without a board of its own a test game is played on the
	 * ruleset's table and grid, whatever --grid the caller chose. */
	if (b == NULL && tr == NULL && base->board.grid == rs->grid &&
	    (rs->grid == RS_GRID_NONE || base->board.cell_mm == rs->cell_mm)) {
		tg->ctx = (struct eng_ctx *)base;
		return 0;
	}
	if (b != NULL && b->kind != RS_NODE_MAP)
		return fail(tg, b->pos, 0, MSG(BOARD_MUST_MAPPING));
	if (b != NULL && (v = rs_node_get(b, "size")) != NULL &&
	    (scalar(v) == NULL ||
	        len_parse_pair(v->scalar, m, &w, &h, &why) != 0))
		return fail(tg, v->pos, 0, MSG(BOARD_SIZE_MUST_LIKE_X24IN));
	if (b != NULL && (v = rs_node_get(b, "grid")) != NULL &&
	    (scalar(v) == NULL ||
	        rs_grid_parse(v->scalar, m, &grid, &cell, &why) != 0 ||
	        (grid != RS_GRID_NONE && cell == 0)))
		return fail(tg, v->pos, 0, MSG(GRID_MUST_NONE_SQUARE_HEX));
	tg->ctx = xmalloc(sizeof(*tg->ctx));
	*tg->ctx = *base;
	tg->own_ctx = 1;
	tg->ctx->fam_data = NULL;
	if (eng_board_init(&tg->ctx->board, w, h, grid, cell, &why) != 0)
		return fail(tg, b != NULL ? b->pos : tg->t->pos, 0,
		    MSG(TEST_BOARD_BAD), why);
	eng_ctx_convert(tg->ctx, &tg->ctx->board, NULL);
	if (base->fam->prepare != NULL && base->fam->prepare(tg->ctx, NULL))
		return fail(tg, tg->t->pos, 0, MSG(BOARD_CANNOT_PLAYED));
	return 0;
}

static int
kind_from_name(const char *s)
{
	int k;

	for (k = 0; k < RS_TERRAIN__MAX; k++)
		if (strcasecmp(s,
		        rs_terrain_kind_name((enum rs_terrain_kind)k)) == 0)
			return k;
	if (strcasecmp(s, "woods") == 0)
		return RS_TERRAIN_WOOD;
	return -1;
}

/* Terrain pieces; 0 or -1. */
static int
tg_terrain(struct tg *tg)
{
	const struct rs_node *tr = rs_node_get(tg->t->doc, "terrain"), *p, *v;
	struct eng_terrain t;
	size_t i;
	int k;

	if (tr == NULL)
		return 0;
	if (tr->kind != RS_NODE_SEQ)
		return fail(tg, tr->pos, 0, MSG(TERRAIN_MUST_LIST));
	for (i = 0; i < tr->nkids; i++) {
		p = tr->kids[i];
		memset(&t, 0, sizeof(t));
		t.pos = p->pos;
		if (p->kind != RS_NODE_MAP ||
		    scalar(v = rs_node_get(p, "kind")) == NULL ||
		    (k = kind_from_name(v->scalar)) < 0)
			return fail(tg, p->pos, 0,
			    MSG(TERRAIN_PIECE_NEEDS_KIND));
		t.kind = (enum rs_terrain_kind)k;
		if ((v = rs_node_get(p, "at")) != NULL) {
			t.shape = ENG_SHAPE_CIRCLE;
			if (tg_point(tg, v, &t.x, &t.y) ||
			    tg_len(tg, rs_node_get(p, "radius"), &t.r))
				return fail(tg, v->pos, 0,
				    MSG(ROUND_PIECE_NEEDS));
		} else if ((v = rs_node_get(p, "rect")) != NULL) {
			t.shape = ENG_SHAPE_RECT;
			if (v->kind != RS_NODE_SEQ || v->nkids != 4 ||
			    tg_coord(tg, v->kids[0], &t.x) ||
			    tg_coord(tg, v->kids[1], &t.y) ||
			    tg_len(tg, v->kids[2], &t.w) ||
			    tg_len(tg, v->kids[3], &t.h))
				return fail(tg, v->pos, 0,
				    MSG(RECT_MUST_X_Y_WIDTH));
		} else if ((v = rs_node_get(p, "from")) != NULL) {
			t.shape = ENG_SHAPE_BAND;
			if (tg_point(tg, v, &t.x, &t.y) ||
			    tg_point(tg, rs_node_get(p, "to"), &t.x2, &t.y2) ||
			    tg_len(tg, rs_node_get(p, "width"), &t.r))
				return fail(tg, v->pos, 0,
				    MSG(RIVER_ROAD_NEEDS_WIDTH));
			t.r /= 2;
		} else
			return fail(tg, p->pos, 0,
			    MSG(TERRAIN_PIECE_NEEDS_RADIUS_RECT));
		if (eng_board_add(&tg->ctx->board, &t) != 0)
			return fail(tg, p->pos, 0, MSG(MORE_TERRAIN_PIECES),
			    ENG_MAX_TERRAIN);
	}
	return 0;
}

static int
side_from_name(const char *s)
{
	if (s == NULL)
		return -1;
	if (strcasecmp(s, "blue") == 0)
		return ENG_BLUE;
	if (strcasecmp(s, "red") == 0)
		return ENG_RED;
	return -1;
}

static int unit_by_name(const struct eng_game *, const char *);

/* Every key of the test game is one FORMAT.md names: a misspelt
 * `expcet:` would leave its expectations unchecked in silence. 0 or -1. */
static int
tg_keys(struct tg *tg)
{
	static const char *const known[] = { "name", "board", "terrain",
		"units", "first", "turns", "break", "dice", "seed", "players",
		"do", "expect", "example", "section" };
	const size_t nk = sizeof(known) / sizeof(known[0]);
	const struct rs_node *doc = tg->t->doc;
	char hint[160];
	const char *key;
	size_t i, k;

	if (doc == NULL || doc->kind != RS_NODE_MAP)
		return 0;
	for (i = 0; i + 1 < doc->nkids; i += 2) {
		if ((key = scalar(doc->kids[i])) == NULL)
			continue;
		for (k = 0; k < nk && strcmp(key, known[k]) != 0; k++)
			;
		if (k == nk)
			return fail(tg, doc->kids[i]->pos, 0,
			    MSG(TEST_GAME_UNKNOWN_KEY), key,
			    str_did_you_mean(hint, sizeof(hint), key, known,
			        nk));
	}
	return 0;
}

/* Units; 0 or -1. */
static int
tg_units(struct tg *tg)
{
	char hintbuf[160];
	const struct rs_node *us = rs_node_get(tg->t->doc, "units"), *u, *v;
	struct eng_game *g = tg->g;
	const char *lab, *key;
	char err[256];
	double x, y, deg;
	size_t i, j;
	int type, side, idx;
	struct pos at;

	if (us == NULL || us->kind != RS_NODE_MAP || us->nkids == 0)
		return fail(tg, us ? us->pos : tg->t->pos, 0,
		    MSG(TEST_GAME_NEEDS_UNITS));
	for (i = 0; i + 1 < us->nkids; i += 2) {
		lab = scalar(us->kids[i]);
		u = us->kids[i + 1];
		if (lab != NULL && strlen(lab) >= ENG_NAME)
			return fail(tg, us->kids[i]->pos, 0,
			    MSG(UNIT_LABEL_LONGER_CHARACTERS), lab,
			    ENG_NAME - 1);
		if (lab != NULL && unit_by_name(g, lab) >= 0)
			return fail(tg, us->kids[i]->pos, 0,
			    MSG(UNIT_LABEL_USED_TWICE), lab);
		if (lab == NULL || u->kind != RS_NODE_MAP)
			return fail(tg, u->pos, 0,
			    MSG(UNIT_MUST_MAPPING_SIDE_TYPE), lab ? lab : "?");
		if ((side = side_from_name(scalar(rs_node_get(u, "side")))) <
		    0)
			return fail(tg, u->pos, 0, MSG(UNIT_NEEDS_SIDE), lab);
		v = rs_node_get(u, "type");
		if (scalar(v) == NULL ||
		    (type = rs_unit_find(tg->ctx->rs, v->scalar)) < 0)
			return fail(tg, v ? v->pos : u->pos, 0,
			    MSG(UNIT_UNKNOWN_TYPE), lab,
			    scalar(v) ? v->scalar : "",
			    scalar(v) ? rs_unit_hint(tg->ctx->rs, v->scalar,
			                    hintbuf, sizeof(hintbuf)) :
			                "");
		v = rs_node_get(u, "at");
		if (tg_place(tg, v, &x, &y) != 0)
			return fail(tg, v ? v->pos : u->pos, 0,
			    MSG(TEST_UNIT_NEEDS_AT), lab);
		if (x < 0 || y < 0 ||
		    x > tg->ctx->board.w -
		            (tg->ctx->board.grid != RS_GRID_NONE) ||
		    y > tg->ctx->board.h -
		            (tg->ctx->board.grid != RS_GRID_NONE))
			return fail(tg, v->pos, 0, MSG(UNIT_STANDS_OFF_BOARD),
			    lab);
		if ((idx = eng_game_add(g, type, side, x, y)) < 0)
			return fail(tg, u->pos, 0, MSG(MORE_UNITS),
			    ENG_MAX_UNITS);
		snprintf(g->u[idx].name, ENG_NAME, "%s", lab);
		for (j = 0; j + 1 < u->nkids; j += 2) {
			key = scalar(u->kids[j]);
			if (key == NULL || !strcmp(key, "side") ||
			    !strcmp(key, "type") || !strcmp(key, "at"))
				continue;
			if (!strcmp(key, "facing")) {
				if (rs_node_double(u->kids[j + 1], &deg))
					return fail(tg, u->kids[j + 1]->pos, 0,
					    MSG(FACING_DEGREES));
				g->u[idx].facing = deg * M_PI / 180;
				continue;
			}
			err[0] = '\0';
			at = u->kids[j]->pos;
			if (tg->ctx->fam->unit_key == NULL ||
			    tg->ctx->fam->unit_key(g, idx, key, u->kids[j + 1],
			        err, sizeof(err), &at) != 0)
				return fail(tg, at, 0, MSG(TEST_UNIT_KEY_BAD),
				    lab, err[0] ? err : "unknown key");
		}
	}
	return 0;
}

static int
unit_by_name(const struct eng_game *g, const char *s)
{
	int i;

	if (s == NULL)
		return -1;
	for (i = 0; i < g->nu; i++)
		if (strcmp(g->u[i].name, s) == 0)
			return i;
	return -1;
}

/*
 * The first of the names a step gives (NULL: none given) that is no
 * unit of the test game, said as such with the units it has; 0 when
 * every name given is one (the step's form is then what is wrong).
 */
static int
missing_unit(struct tg *tg, const struct eng_game *g, struct pos at, int no,
    const char *a, const char *b)
{
	const char *name = a != NULL && unit_by_name(g, a) < 0 ? a :
	    b != NULL && unit_by_name(g, b) < 0                ? b :
	                                                         NULL;
	char list[256];
	size_t n = 0;
	int i;

	if (name == NULL)
		return 0;
	list[0] = '\0';
	for (i = 0; i < g->nu && n < sizeof(list); i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s",
		    i ? ", " : "", g->u[i].name);
	return fail(tg, at, no, MSG(TEST_STEP_NO_UNIT), name, list);
}

/* Dice, seed, first side, players; 0 or -1. */
static int
tg_dice(struct tg *tg)
{
	const struct rs_node *doc = tg->t->doc, *v;
	struct eng_game *g = tg->g;
	long n;
	size_t i;

	if ((v = rs_node_get(doc, "dice")) != NULL) {
		tg->dice_node = v;
		if (v->kind != RS_NODE_SEQ || v->nkids > TG_MAX_DICE)
			return fail(tg, v->pos, 0,
			    MSG(DICE_MUST_LIST_NUMBERS));
		for (i = 0; i < v->nkids; i++) {
			if (rs_node_int(v->kids[i], &n) || n < 1 ||
			    n > RS_MAX_FACES)
				return fail(tg, v->kids[i]->pos, 0,
				    MSG(TEST_DIE_OUT_OF_RANGE), RS_MAX_FACES);
			tg->dice[tg->ndice++] = (int)n;
		}
	}
	if ((v = rs_node_get(doc, "seed")) != NULL) {
		if (rs_node_int(v, &n) || n < 0)
			return fail(tg, v->pos, 0, MSG(SEED_MUST_NUMBER));
		eng_rng_seed(&g->dice.rng, (uint64_t)n, 0);
		eng_rng_seed(&g->ai, (uint64_t)n, 1);
	} else {
		/* No seed: every die must come from the list. */
		g->dice.script = tg->dice;
		g->dice.nscript = tg->ndice;
		if (tg->rec != NULL)
			g->dice.by_log = tg->by;
	}
	if ((v = rs_node_get(doc, "turns")) != NULL) {
		if (rs_node_int(v, &n) || n < 1 || n > 10000)
			return fail(tg, v->pos, 0,
			    MSG(TURNS_MUST_NUMBER_GAME_TURNS));
		g->turn_limit = (int)n;
	}
	if ((v = rs_node_get(doc, "first")) != NULL) {
		if ((g->side = side_from_name(scalar(v))) < 0)
			return fail(tg, v->pos, 0, MSG(FIRST_MUST_BLUE_RED));
		g->first = g->opener = g->side;
	}
	if ((v = rs_node_get(doc, "players")) != NULL) {
		if (v->kind != RS_NODE_SEQ || v->nkids != 2)
			return fail(tg, v->pos, 0,
			    MSG(PLAYERS_MUST_BLUE_RED_GREEDY));
		for (i = 0; i < 2; i++) {
			const char *p = scalar(v->kids[i]);
			if (p != NULL && strcasecmp(p, "greedy") == 0)
				g->player[i] = ENG_PLAYER_GREEDY;
			else if (p != NULL && strcasecmp(p, "random") == 0)
				g->player[i] = ENG_PLAYER_RANDOM;
			else
				return fail(tg, v->kids[i]->pos, 0,
				    MSG(PLAYER_GREEDY_RANDOM));
		}
	}
	return 0;
}

/* Fill a move action's path; 0 or -1. */
static int
move_path(struct tg *tg, const struct rs_node *v, struct eng_action *a)
{
	const struct rs_node *p;
	size_t i;

	if ((p = rs_node_get(v, "to")) != NULL) {
		a->npath = 1;
		return tg_place(tg, p, &a->path[0][0], &a->path[0][1]);
	}
	if ((p = rs_node_get(v, "path")) == NULL || p->kind != RS_NODE_SEQ ||
	    p->nkids == 0 || p->nkids > ENG_MAX_PATH)
		return -1;
	for (i = 0; i < p->nkids; i++)
		if (tg_place(tg, p->kids[i], &a->path[i][0], &a->path[i][1]))
			return -1;
	a->npath = (int)p->nkids;
	return 0;
}

/* Play on for n game turns (or to the end); a test game as a whole
 * plays at most ENG_TEST_MAX_TURNS game turns. Returns 0. */
static int
play_turns(struct eng_game *g, long n)
{
	int target = g->gturn + (int)n, guard = 0;

	if (target > ENG_TEST_MAX_TURNS)
		target = ENG_TEST_MAX_TURNS;
	while (!g->over && g->gturn < target && guard++ < 100000)
		g->ctx->fam->play_turn(g);
	return 0;
}

const struct eng_odds_key eng_odds_keys[] = {
	{ "p_hit", N_("a hit") },
	{ "p_removed", N_("the target removed") },
	{ "expected_damage", N_("Wounds taken, on average") },
	{ "attacker_wins", N_("the attacker wins") },
	{ "defender_wins", N_("the defender wins") },
	{ "both_destroyed", N_("both destroyed") },
	{ "equal", N_("a tie") },
	{ "tiebreak", N_("equal hits, settled by a die") },
	{ "expected_rolls", N_("rolls, on average") },
	{ "expected_rounds", N_("rounds, on average") },
	{ NULL, NULL },
};

/* Every unit of the game as the record keeps it. */
static void
rec_units(const struct tg *tg, struct eng_rec_unit *v)
{
	const struct eng_game *g = tg->g;
	const struct eng_board *b = &tg->ctx->board;
	int i;

	for (i = 0; i < g->nu; i++) {
		const struct eng_unit *u = &g->u[i];
		const struct eng_kind *k = &tg->ctx->kinds[u->type];

		memcpy(v[i].name, u->name, ENG_NAME);
		v[i].type = u->type;
		v[i].side = u->side;
		v[i].alive = u->alive;
		eng_board_point(b, u->x, u->y, &v[i].x, &v[i].y);
		if (b->grid == RS_GRID_NONE) {
			v[i].hw = k->hw;
			v[i].hd = k->hd;
		} else
			v[i].hw = v[i].hd = b->cell_mm * 0.36;
		v[i].facing = g->ctx->fam->facing != NULL ?
		    g->ctx->fam->facing(g, i) :
		    u->facing;
		if (!isfinite(v[i].facing))
			v[i].facing = 0;
		memset(v[i].gauge, 0, sizeof(v[i].gauge));
		if (g->ctx->fam->unit_gauges != NULL)
			g->ctx->fam->unit_gauges(g, i, v[i].gauge);
	}
}

/* The board's terrain in mm. */
static void
rec_board(struct tg *tg)
{
	const struct eng_board *b = &tg->ctx->board;
	struct eng_record *r = tg->rec;
	double f = b->grid == RS_GRID_NONE ? 1 : b->cell_mm;
	int i;

	r->fam = tg->ctx->fam;
	r->grid = b->grid;
	r->cell_mm = b->grid == RS_GRID_NONE ? 0 : b->cell_mm;
	r->table_w = b->grid == RS_GRID_NONE ? b->w : b->table_w;
	r->table_h = b->grid == RS_GRID_NONE ? b->h : b->table_h;
	if (r->table_w <= 0 || r->table_h <= 0) {
		r->table_w = b->w * f;
		r->table_h = b->h * f;
	}
	for (i = 0; i < b->nt; i++) {
		struct eng_terrain t = b->t[i];

		/* Corners and ends: a piece's coordinates on a grid count
		 * from the edge (-0.5), points from a cell's centre. */
		t.x = (t.x + (b->grid != RS_GRID_NONE) * 0.5) * f;
		t.y = (t.y + (b->grid != RS_GRID_NONE) * 0.5) * f;
		t.x2 = (t.x2 + (b->grid != RS_GRID_NONE) * 0.5) * f;
		t.y2 = (t.y2 + (b->grid != RS_GRID_NONE) * 0.5) * f;
		t.r *= f;
		t.w *= f;
		t.h *= f;
		r->t[r->nt++] = t;
	}
}

/* A family step's value in words ("Pre-melee morale", "A, B"), and
 * the units it names first and second when the step's own fields do not
 * (a charge: [A, B]). */
static void
rec_arg(const struct tg *tg, const struct eng_action *a,
    struct eng_rec_step *st)
{
	const struct rs_node *v = a->node;
	size_t i, at = 0;
	int u;

	if (a->kind != ENG_ACT_FAMILY || v == NULL)
		return;
	if (v->kind == RS_NODE_SCALAR && v->scalar != NULL) {
		snprintf(st->arg, sizeof(st->arg), "%s", v->scalar);
		return;
	}
	if (v->kind != RS_NODE_SEQ)
		return;
	for (i = 0; i < v->nkids && at < sizeof(st->arg); i++) {
		const char *w = scalar(v->kids[i]);

		if (w == NULL)
			continue;
		at += (size_t)snprintf(st->arg + at, sizeof(st->arg) - at,
		    "%s%s", at > 0 ? ", " : "", w);
		if ((u = unit_by_name(tg->g, w)) >= 0) {
			if (st->unit < 0)
				st->unit = u;
			else if (st->target < 0)
				st->target = u;
		}
	}
}

/* Keep step no's record: what it was, the dice it rolled since die
 * `die0`, the rules it applied (cov0: the counts before), the units
 * after it. */
static void
rec_step(struct tg *tg, const struct rs_node *s, const struct eng_action *a,
    const char *verb, size_t die0, const uint32_t *cov0,
    const uint32_t *fights0, int side, int turn)
{
	struct eng_record *r = tg->rec;
	const struct eng_game *g = tg->g;
	struct eng_rec_step *st, zero;
	size_t k;
	int q;

	memset(&zero, 0, sizeof(zero));
	XPUSH(r->steps, r->nsteps, r->capsteps, zero);
	st = &r->steps[r->nsteps - 1];
	st->kind = a->kind;
	snprintf(st->verb, sizeof(st->verb), "%s", verb);
	st->pos = s->pos;
	st->unit = a->unit;
	st->target = a->target;
	st->weapon = a->weapon;
	rec_arg(tg, a, st);
	st->side = side;
	st->turn = turn;
	st->shots = (int)(g->fights[1] - fights0[1]);
	st->melees = (int)(g->fights[2] - fights0[2]);
	st->fight_a = st->shots + st->melees > 0 ? g->fight_a : -1;
	st->fight_b = st->shots + st->melees > 0 ? g->fight_b : -1;
	if (g->dice.script != NULL)
		for (k = die0; k < g->dice.next; k++) {
			if (st->ndice < ENG_REC_DICE) {
				st->dice[st->ndice] = g->dice.script[k];
				st->by[st->ndice] = g->dice.by_log != NULL ?
				    g->dice.by_log[k] :
				    0;
			}
			st->ndice++;
		}
	for (q = 0; q < g->ctx->fam->nrules && q < ENG_MAX_RULES; q++)
		if (g->cov[q] > cov0[q] && st->nrules < ENG_REC_RULES)
			st->rules[st->nrules++] = q;
	st->after = xcalloc((size_t)g->nu + 1, sizeof(*st->after));
	rec_units(tg, st->after);
}

/* The odds of the first contest, and how the game stands at the end. */
static void
rec_end(struct tg *tg)
{
	struct eng_record *r = tg->rec;
	const struct eng_game *g = tg->g;
	int k;

	r->over = g->over;
	r->winner = g->winner;
	r->gturn = g->gturn;
	r->contest = g->contest.kind;
	r->ca = g->contest.a;
	r->cb = g->contest.b;
	if (g->contest.kind == 0 || g->ctx->fam->contest_odds == NULL)
		return;
	for (k = 0; eng_odds_keys[k].key != NULL && r->nodds < ENG_REC_ODDS;
	     k++) {
		struct eng_q q;

		eng_q_init(&q);
		if (g->ctx->fam->contest_odds(g, &g->contest,
		        eng_odds_keys[k].key, &q) == 0) {
			/* The record takes q over: eng_record_free clears
			 * it. */
			r->odds[r->nodds].key = eng_odds_keys[k].key;
			r->odds[r->nodds].q = q;
			r->nodds++;
		} else
			eng_q_clear(&q);
	}
}

void
eng_record_free(struct eng_record *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->nsteps; i++)
		free(r->steps[i].after);
	for (i = 0; i < (size_t)r->nodds; i++)
		eng_q_clear(&r->odds[i].q);
	free(r->steps);
	free(r->start);
	memset(r, 0, sizeof(*r));
}

/* Build and run one step into a (the step's word in *verbp); returns 0
 * or -1 (reported). *was_refused: the step was refused, as expected. */
static int
tg_step1(struct tg *tg, const struct rs_node *s, int no, struct eng_action *ap,
    const char **verbp, int *was_refused)
{
	char hintbuf[160];
	struct eng_game *g = tg->g;
	struct eng_action a;
	const struct rs_node *v = NULL, *refused = NULL;
	const char *verb = NULL, *w;
	char err[256] = "";
	long n;
	int rc;
	size_t i;

	memset(&a, 0, sizeof(a));
	a.unit = a.target = a.weapon = -1;
	*ap = a;
	*verbp = "";
	*was_refused = 0;
	if (s->kind == RS_NODE_SCALAR)
		verb = s->scalar;
	else if (s->kind == RS_NODE_MAP) {
		for (i = 0; i + 1 < s->nkids; i += 2) {
			w = scalar(s->kids[i]);
			if (w != NULL && strcmp(w, "refused") == 0)
				refused = s->kids[i + 1];
			else if (verb == NULL) {
				verb = w;
				v = s->kids[i + 1];
			}
		}
	}
	if (verb == NULL)
		return fail(tg, s->pos, no, MSG(STEP_WORD_MAPPING));
	a.verb = verb;
	a.node = v;
	*verbp = verb;
	if (g->over)
		return fail(tg, s->pos, no, MSG(BATTLE_ALREADY_OVER));
	if (strcmp(verb, "end turn") == 0)
		a.kind = ENG_ACT_END_TURN;
	else if (strcmp(verb, "initiative") == 0) {
		ap->kind = ENG_ACT_FAMILY;
		eng_initiative(g);
		return 0;
	} else if (strcmp(verb, "play") == 0) {
		w = scalar(v);
		if (w == NULL || (n = strtol(w, NULL, 10)) <= 0 || n > 10000)
			return fail(tg, s->pos, no, MSG(PLAY_N_TURNS));
		ap->kind = ENG_ACT_FAMILY;
		return play_turns(g, n);
	} else if (strcmp(verb, "move") == 0) {
		a.kind = ENG_ACT_MOVE;
		if (v == NULL || v->kind != RS_NODE_MAP ||
		    (a.unit = unit_by_name(g,
		         scalar(rs_node_get(v, "unit")))) < 0 ||
		    move_path(tg, v, &a) != 0)
			return v != NULL && v->kind == RS_NODE_MAP &&
			        missing_unit(tg, g, s->pos, no,
			            scalar(rs_node_get(v, "unit")), NULL) ?
			    -1 :
			    fail(tg, s->pos, no, MSG(MOVE_UNIT_X_Y_UNIT));
	} else if (strcmp(verb, "fire") == 0) {
		a.kind = ENG_ACT_FIRE;
		if (v == NULL || v->kind != RS_NODE_MAP ||
		    (a.unit = unit_by_name(g,
		         scalar(rs_node_get(v, "unit")))) < 0 ||
		    (a.target = unit_by_name(g,
		         scalar(rs_node_get(v, "target")))) < 0)
			return v != NULL && v->kind == RS_NODE_MAP &&
			        missing_unit(tg, g, s->pos, no,
			            scalar(rs_node_get(v, "unit")),
			            scalar(rs_node_get(v, "target"))) ?
			    -1 :
			    fail(tg, s->pos, no,
			        MSG(FIRE_UNIT_TARGET_B_WEAPON));
		if ((w = scalar(rs_node_get(v, "weapon"))) != NULL &&
		    (a.weapon = rs_weapon_find(tg->ctx->rs, w)) < 0)
			return fail(tg, s->pos, no, MSG(UNKNOWN_WEAPON), w,
			    rs_weapon_hint(tg->ctx->rs, w, hintbuf,
			        sizeof(hintbuf)));
	} else if (strcmp(verb, "melee") == 0) {
		a.kind = ENG_ACT_MELEE;
		if (v == NULL || v->kind != RS_NODE_SEQ || v->nkids != 2 ||
		    (a.unit = unit_by_name(g, scalar(v->kids[0]))) < 0 ||
		    (a.target = unit_by_name(g, scalar(v->kids[1]))) < 0)
			return v != NULL && v->kind == RS_NODE_SEQ &&
			        v->nkids == 2 &&
			        missing_unit(tg, g, s->pos, no,
			            scalar(v->kids[0]), scalar(v->kids[1])) ?
			    -1 :
			    fail(tg, s->pos, no, MSG(MELEE_B_UNITS_TEST_GAME));
	} else
		a.kind = ENG_ACT_FAMILY;
	rc = g->ctx->fam->step(g, &a, err, sizeof(err));
	*ap = a;
	if (refused != NULL) {
		w = scalar(refused);
		if (rc == 0)
			return fail(tg, s->pos, no,
			    MSG(EXPECTED_STEP_REFUSED_BUT_PLAYED));
		if (w != NULL && strcmp(w, "true") != 0 &&
		    strstr(err, w) == NULL)
			return fail(tg, s->pos, no,
			    MSG(TEST_REFUSED_OTHERWISE), err);
		*was_refused = 1;
		return 0;
	}
	if (rc != 0)
		return fail(tg, s->pos, no, MSG(TEST_STEP_FAILED),
		    err[0] ? err : "the step cannot be played");
	return 0;
}

/* One step, kept in the record when there is one. */
static int
tg_step(struct tg *tg, const struct rs_node *s, int no)
{
	struct eng_game *g = tg->g;
	struct eng_action a;
	uint32_t cov0[ENG_MAX_RULES], fights0[3];
	size_t die0 = g->dice.next;
	const char *verb;
	int side = g->side, turn = g->gturn, refused;

	if (tg->rec != NULL) {
		memcpy(cov0, g->cov, sizeof(cov0));
		memcpy(fights0, g->fights, sizeof(fights0));
	}
	if (tg_step1(tg, s, no, &a, &verb, &refused) != 0)
		return -1;
	if (tg->rec != NULL) {
		rec_step(tg, s, &a, verb, die0, cov0, fights0, side, turn);
		tg->rec->steps[tg->rec->nsteps - 1].refused = refused;
	}
	return 0;
}

/* Whether the rule named id was applied (cov > 0); -2 unknown id. */
static int
rule_applied(const struct eng_game *g, const char *id)
{
	const struct eng_family *f = g->ctx->fam;
	int k;

	for (k = 0; k < f->nrules; k++)
		if (strcmp(f->rules[k].id, id) == 0)
			return g->cov[k] > 0;
	return -2;
}

static int
expect_rules(struct tg *tg, const struct rs_node *v, int want)
{
	size_t i;
	int r;

	if (v->kind != RS_NODE_SEQ)
		return fail(tg, v->pos, 0, MSG(RULES_MUST_LIST_RULE_IDS));
	for (i = 0; i < v->nkids; i++) {
		const char *id = scalar(v->kids[i]);
		if (id == NULL || (r = rule_applied(tg->g, id)) == -2)
			return fail(tg, v->kids[i]->pos, 0,
			    MSG(UNKNOWN_RULE_ID), id ? id : "");
		if (r != want && want)
			return fail(tg, v->kids[i]->pos, 0,
			    MSG(EXPECTED_RULE_APPLY_BUT_DID), id);
		if (r != want)
			return fail(tg, v->kids[i]->pos, 0,
			    MSG(EXPECTED_RULE_NOT_APPLY_BUT), id);
	}
	return 0;
}

/* One expected chance of the contest: want, as written at pos, against
 * the family's got. 0 or -1 (reported). */
static int
expect_odd(struct tg *tg, const struct rs_node *k, const struct rs_node *v,
    struct eng_q *want, struct eng_q *got)
{
	const struct eng_game *g = tg->g;
	const char *key = scalar(k);
	char *a, *b;
	int rc = 0;

	if (scalar(v) == NULL || eng_q_parse(v->scalar, want) != 0)
		return fail(tg, v->pos, 0, MSG(ODDS_FRACTIONS_SUCH));
	if (key == NULL || g->ctx->fam->contest_odds == NULL ||
	    (rc = g->ctx->fam->contest_odds(g, &g->contest, key, got)) != 0) {
		if (rc == ENG_ODDS_MARKERS)
			return fail(tg, k->pos, 0, MSG(TEST_ODDS_MARKERS), key,
			    g->contest.kind == 1 ? "fire" : "melee");
		return fail(tg, k->pos, 0, MSG(TEST_NO_SUCH_ODDS),
		    key ? key : "", g->contest.kind == 1 ? "fire" : "melee");
	}
	if (eng_q_eq(want, got))
		return 0;
	a = eng_q_str(want);
	b = eng_q_str(got);
	rc = fail(tg, v->pos, 0, MSG(TEST_EXPECTED_VALUE), key, a, b);
	free(a);
	free(b);
	return rc;
}

static int
expect_odds(struct tg *tg, const struct rs_node *v)
{
	struct eng_q want, got;
	size_t i;
	int rc = 0;

	if (v->kind != RS_NODE_MAP)
		return fail(tg, v->pos, 0,
		    MSG(ODDS_MUST_MAPPING_SUCH_ATTACKER));
	if (tg->g->contest.kind == 0)
		return fail(tg, v->pos, 0, MSG(EXPECTED_ODDS_BUT_NO_FIRE));
	eng_q_init(&want);
	eng_q_init(&got);
	for (i = 0; rc == 0 && i + 1 < v->nkids; i += 2)
		rc = expect_odd(tg, v->kids[i], v->kids[i + 1], &want, &got);
	eng_q_clear(&want);
	eng_q_clear(&got);
	return rc;
}

/* One unit's expectation; 0 or -1. */
static int
expect_unit(struct tg *tg, const char *lab, const struct rs_node *v)
{
	const struct eng_game *g = tg->g;
	const struct rs_node *at, *al;
	int i = unit_by_name(g, lab), rc, want;
	char err[256] = "";
	double x, y, tol;
	struct pos pos;
	size_t k;

	if (i < 0)
		return fail(tg, v->pos, 0, MSG(TEST_UNKNOWN_EXPECTATION), lab);
	if (scalar(v) != NULL &&
	    (strcmp(v->scalar, "alive") == 0 ||
	        strcmp(v->scalar, "destroyed") == 0)) {
		want = strcmp(v->scalar, "alive") == 0;
		if (g->u[i].alive != want)
			return fail(tg, v->pos, 0, MSG(TEST_EXPECTED_VALUE),
			    lab, v->scalar,
			    g->u[i].alive ? "alive" : "destroyed");
		return 0;
	}
	if (v->kind == RS_NODE_MAP) {
		if ((al = rs_node_get(v, "alive")) != NULL) {
			want = scalar(al) && strcmp(al->scalar, "true") == 0;
			if (g->u[i].alive != want)
				return fail(tg, al->pos, 0,
				    MSG(TEST_EXPECTED_VALUE), lab,
				    want ? "alive" : "destroyed",
				    g->u[i].alive ? "alive" : "destroyed");
		}
		if ((at = rs_node_get(v, "at")) != NULL) {
			if (tg_place(tg, at, &x, &y) != 0)
				return fail(tg, at->pos, 0,
				    MSG(TEST_AT_NEEDS_XY));
			if (g->board->grid != RS_GRID_NONE) {
				if (x != g->u[i].x || y != g->u[i].y)
					return fail(tg, at->pos, 0,
					    MSG(TEST_EXPECTED_SQUARE), lab,
					    (int)x, (int)y, (int)g->u[i].x,
					    (int)g->u[i].y);
			} else {
				double f = len_unit_mm(
				    g->ctx->rs->measure == LEN_NONE ?
				        LEN_MM :
				        g->ctx->rs->measure);
				char p[4][32];
				tol = 0.01 * f;
				if (fabs(x - g->u[i].x) > tol ||
				    fabs(y - g->u[i].y) > tol) {
					fmt_double(p[0], 32, x / f, 2);
					fmt_double(p[1], 32, y / f, 2);
					fmt_double(p[2], 32, g->u[i].x / f, 2);
					fmt_double(p[3], 32, g->u[i].y / f, 2);
					return fail(tg, at->pos, 0,
					    MSG(TEST_EXPECTED_POSITION), lab,
					    p[0], p[1], p[2], p[3]);
				}
			}
		}
		for (k = 0; k + 1 < v->nkids; k += 2) {
			const char *key = scalar(v->kids[k]);
			if (key != NULL && strcmp(key, "at") != 0 &&
			    strcmp(key, "alive") != 0)
				break;
		}
		if (k + 1 >= v->nkids)
			return 0;
	}
	pos = v->pos;
	rc = g->ctx->fam->expect_unit == NULL ?
	    -1 :
	    g->ctx->fam->expect_unit(g, i, v, err, sizeof(err), &pos);
	if (rc == 1)
		return 0;
	if (rc == 0)
		return fail(tg, pos, 0, MSG(TEST_EXPECTED_STATE), lab, err);
	return fail(tg, pos, 0, MSG(TEST_UNKNOWN_EXPECTATION_FOR), lab,
	    err[0] ? ": " : "", err);
}

static int
tg_expect(struct tg *tg)
{
	const struct rs_node *e = rs_node_get(tg->t->doc, "expect"), *v;
	const struct eng_game *g = tg->g;
	const char *key;
	long n;
	size_t i;
	int w;

	if (e == NULL)
		return 0;
	if (e->kind != RS_NODE_MAP)
		return fail(tg, e->pos, 0, MSG(EXPECT_MUST_MAPPING));
	for (i = 0; i + 1 < e->nkids; i += 2) {
		key = scalar(e->kids[i]);
		v = e->kids[i + 1];
		if (key == NULL)
			return fail(tg, e->kids[i]->pos, 0,
			    MSG(TEST_BAD_EXPECTATION));
		if (strcmp(key, "rules") == 0) {
			if (expect_rules(tg, v, 1))
				return -1;
		} else if (strcmp(key, "not rules") == 0) {
			if (expect_rules(tg, v, 0))
				return -1;
		} else if (strcmp(key, "odds") == 0) {
			if (expect_odds(tg, v))
				return -1;
		} else if (strcmp(key, "winner") == 0) {
			const char *s = scalar(v);
			w = s && strcmp(s, "draw") == 0 ? -1 :
			                                  side_from_name(s);
			if (s == NULL || (w < 0 && strcmp(s, "draw") != 0))
				return fail(tg, v->pos, 0,
				    MSG(WINNER_BLUE_RED_DRAW));
			if (!g->over)
				return fail(tg, v->pos, 0,
				    MSG(EXPECTED_WIN_BUT_BATTLE_NOT), s);
			if (g->winner != w)
				return fail(tg, v->pos, 0,
				    MSG(EXPECTED_WINNER_BUT), s,
				    g->winner < 0 ? "draw" :
				        g->winner ? "red" :
				                    "blue");
		} else if (strcmp(key, "turn") == 0) {
			if (rs_node_int(v, &n))
				return fail(tg, v->pos, 0,
				    MSG(TEST_TURN_NEEDS_N));
			if (eng_game_turn(g) != n)
				return fail(tg, v->pos, 0,
				    MSG(EXPECTED_GAME_TURN_BUT), n,
				    eng_game_turn(g));
		} else if (expect_unit(tg, key, v))
			return -1;
	}
	return 0;
}

/* Whether the ruleset has a heading (levels 1 to 3) titled title. */
static int
has_section(const struct ruleset *rs, const char *title)
{
	size_t i;
	int found = 0;

	for (i = 0; rs->doc != NULL && i < rs->doc->nkids && !found; i++) {
		const struct rs_md *m = rs->doc->kids[i];
		char *t;

		if (m->kind != RS_MD_HEADING || m->level > 3)
			continue;
		t = rs_md_text(m);
		found = rs_heading_eq(rs->lang, t, title);
		free(t);
	}
	return found;
}

/* `example:` (true, false or a caption) and `section:` (a heading of the
 * ruleset); 0 or -1. */
static int
tg_example(struct tg *tg)
{
	const struct rs_node *v;

	if ((v = rs_node_get(tg->t->doc, "example")) != NULL &&
	    scalar(v) == NULL)
		return fail(tg, v->pos, 0, MSG(EXAMPLE_TRUE_FALSE_CAPTION));
	if ((v = rs_node_get(tg->t->doc, "section")) != NULL &&
	    (scalar(v) == NULL || !has_section(tg->ctx->rs, v->scalar)))
		return fail(tg, v->pos, 0,
		    MSG(SECTION_MUST_NAME_HEADING_RULESET),
		    scalar(v) ? " ('" : "", scalar(v) ? v->scalar : "",
		    scalar(v) ? "' is none)" : "");
	return 0;
}

int
eng_testgame_run(const struct eng_ctx *base, const struct rs_testgame *t,
    struct diags *d, uint64_t *cov)
{
	return eng_testgame_play(base, t, d, cov, NULL);
}

int
eng_testgame_play(const struct eng_ctx *base, const struct rs_testgame *t,
    struct diags *d, uint64_t *cov, struct eng_record *rec)
{
	struct tg tg;
	const struct rs_node *steps, *tlv;
	struct pos at = { NULL, 0, 0 };
	char err[256];
	size_t i;
	long tl;
	int k;

	memset(&tg, 0, sizeof(tg));
	tg.t = t;
	tg.d = d;
	tg.rec = rec;
	if (rec != NULL)
		memset(rec, 0, sizeof(*rec));
	tg.g = eng_game_new(base);
	if (tg_board(&tg, base) != 0)
		goto out;
	eng_game_init(tg.g, tg.ctx, 0, 0);
	tg.g->turn_limit = 0;
	/* The family's own keys (morale: `break: 50%`). */
	if (tg.ctx->fam->test_keys != NULL &&
	    tg.ctx->fam->test_keys(tg.g, t->doc, &at, err, sizeof(err)) != 0) {
		fail(&tg, at, 0, MSG(TEST_KEY_BAD), err);
		goto out;
	}
	/* `turns: N`: a turn limit for the test game (morale family). */
	if ((tlv = rs_node_get(t->doc, "turns")) != NULL) {
		if (rs_node_int(tlv, &tl) != 0 || tl < 1 || tl > 10000) {
			fail(&tg, tlv->pos, 0, MSG(TURNS_N_TURN_LIMIT_MORE));
			goto out;
		}
		tg.g->turn_limit = (int)tl;
	}
	if (tg_keys(&tg) || tg_example(&tg) || tg_terrain(&tg) ||
	    tg_units(&tg) || tg_dice(&tg))
		goto out;
	eng_game_ready(tg.g);
	if (rec != NULL) {
		rec_board(&tg);
		rec->nu = tg.g->nu;
		rec->scripted = tg.g->dice.script != NULL;
		rec->facing = tg.ctx->fam->facing != NULL;
		rec->start = xcalloc((size_t)tg.g->nu + 1,
		    sizeof(*rec->start));
		rec_units(&tg, rec->start);
	}
	steps = rs_node_get(t->doc, "do");
	if (steps != NULL && steps->kind != RS_NODE_SEQ) {
		fail(&tg, steps->pos, 0, MSG(DO_MUST_LIST_STEPS));
		goto out;
	}
	if (steps != NULL && steps->nkids > ENG_TEST_MAX_STEPS) {
		fail(&tg, steps->pos, 0, MSG(MORE_STEPS_ONE_TEST_GAME),
		    ENG_TEST_MAX_STEPS);
		goto out;
	}
	for (i = 0; steps != NULL && i < steps->nkids; i++) {
		if (tg_step(&tg, steps->kids[i], (int)i + 1) != 0)
			goto out;
		if (tg.g->dice.bad > 0) {
			size_t bad = tg.g->dice.bad - 1;

			fail(&tg, tg.dice_node->kids[bad]->pos, (int)i + 1,
			    MSG(TEST_DIE_NOT_A_FACE), tg.dice[bad], bad + 1,
			    tg.g->dice.bad_sides);
			goto out;
		}
		if (tg.g->dice.out) {
			fail(&tg, steps->kids[i]->pos, (int)i + 1,
			    MSG(RAN_OUT_DICE), tg.ndice);
			goto out;
		}
	}
	if (tg.g->dice.script != NULL && tg.g->dice.next < tg.ndice) {
		fail(&tg, tg.dice_node->pos, 0,
		    MSG(LISTED_DICE_WERE_NOT_ROLLED),
		    tg.ndice - tg.g->dice.next, tg.ndice);
		goto out;
	}
	if (tg_expect(&tg) == 0 && rec != NULL)
		rec_end(&tg);
out:
	if (cov != NULL)
		for (k = 0; k < ENG_MAX_RULES; k++)
			cov[k] += tg.g->cov[k];
	if (tg.own_ctx) {
		if (tg.ctx->fam_data != NULL && tg.ctx->fam->release != NULL)
			tg.ctx->fam->release(tg.ctx);
		free(tg.ctx);
	}
	free(tg.g);
	return tg.failed ? -1 : 0;
}

int
eng_testgames_run(const struct eng_ctx *c, struct diags *d, uint64_t *cov,
    int *played)
{
	size_t i;
	int failed = 0;

	for (i = 0; i < c->rs->ntests; i++)
		if (eng_testgame_run(c, &c->rs->tests[i], d, cov) != 0)
			failed++;
	if (played != NULL)
		*played = (int)c->rs->ntests;
	return failed;
}

const char *
eng_example_caption(const struct rs_testgame *t)
{
	const char *v = scalar(rs_node_get(t->doc, "example"));

	if (v == NULL || strcmp(v, "false") == 0 || strcmp(v, "no") == 0)
		return NULL;
	if (strcmp(v, "true") == 0 || strcmp(v, "yes") == 0)
		return t->name;
	return v;
}

/* The section example t belongs under (see struct eng_example). */
static const char *
example_section(const struct eng_family *f, const struct rs_testgame *t,
    const struct eng_record *r)
{
	const struct rs_node *v = rs_node_get(t->doc, "section"), *e;
	size_t i;
	int k;

	if (scalar(v) != NULL)
		return v->scalar;
	if ((e = rs_node_get(t->doc, "expect")) != NULL &&
	    (v = rs_node_get(e, "rules")) != NULL && v->kind == RS_NODE_SEQ)
		for (i = 0; i < v->nkids; i++)
			for (k = 0; k < f->nrules; k++)
				if (scalar(v->kids[i]) != NULL &&
				    strcmp(f->rules[k].id,
				        v->kids[i]->scalar) == 0)
					return f->rules[k].section;
	for (i = 0; i < r->nsteps; i++)
		for (k = 0; k < r->steps[i].nrules; k++)
			if (r->steps[i].rules[k] != 0)
				return f->rules[r->steps[i].rules[k]].section;
	return "Examples of play";
}

int
eng_examples(const struct eng_ctx *c, struct diags *d,
    struct eng_example **out, int *failed)
{
	const struct ruleset *rs = c->rs;
	struct eng_example *v;
	size_t i;
	int n = 0;

	*out = NULL;
	*failed = 0;
	for (i = 0; i < rs->ntests; i++)
		n += eng_example_caption(&rs->tests[i]) != NULL;
	if (n == 0)
		return 0;
	v = xcalloc((size_t)n, sizeof(*v));
	for (i = 0, n = 0; i < rs->ntests; i++) {
		const struct rs_testgame *t = &rs->tests[i];
		const char *cap = eng_example_caption(t);

		if (cap == NULL)
			continue;
		v[n].caption = cap;
		v[n].t = t;
		v[n].passed = eng_testgame_play(c, t, d, NULL, &v[n].rec) == 0;
		*failed += !v[n].passed;
		v[n].section = example_section(c->fam, t, &v[n].rec);
		n++;
	}
	*out = v;
	return n;
}

void
eng_examples_free(struct eng_example *v, int n)
{
	int i;

	for (i = 0; v != NULL && i < n; i++)
		eng_record_free(&v[i].rec);
	free(v);
}
