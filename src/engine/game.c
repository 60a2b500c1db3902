/*
 * game.c: the per-ruleset context, game set-up, the default battle, the
 * initiative roll and the end of the battle — the parts of play every
 * rule family shares.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine.h"

/*
 * The rule families built in: a new family is one row here, F(NAME) for
 * its `const struct eng_family eng_NAME`, which the row both declares and
 * lists (so that nothing else need name it). Every row ends with a
 * backslash, the last one too. none, print only, is first: the list of
 * known engines in messages starts with it.
 */
#define ENG_FAMILIES(F)                                                       \
	F(none)                                                               \
	F(firepower)                                                          \
	F(morale)                                                             \
	F(dice)                                                               \
	/* end of the families */

#define FAM_DECL(name) extern const struct eng_family eng_##name;
#define FAM_ROW(name) &eng_##name,
ENG_FAMILIES(FAM_DECL)
static const struct eng_family *const families[] = { ENG_FAMILIES(FAM_ROW) };
#define NFAMILIES (sizeof(families) / sizeof(families[0]))

const struct eng_family *
eng_family_find(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < NFAMILIES; i++)
		if (strcasecmp(families[i]->name, name) == 0)
			return families[i];
	return NULL;
}

const struct eng_family *
eng_family_of(const struct ruleset *rs)
{
	return eng_family_find(rs->engine != NULL ? rs->engine : "none");
}

const char *
eng_engine_name(const struct ruleset *rs)
{
	const struct eng_family *f = eng_family_of(rs);

	/* A name no row has is an error the reader reported; nothing of
	 * it is played. */
	return f != NULL ? f->name : "none";
}

/* The names of the families (those that play, unless all), each after
 * pre, the last joined by last. */
static char *
family_names(const char *pre, const char *last, int all)
{
	char *s = xstrdup(""), *t;
	size_t i, n = 0, k = 0;

	for (i = 0; i < NFAMILIES; i++)
		n += all || families[i]->play_turn != NULL;
	for (i = 0; i < NFAMILIES; i++) {
		if (!all && families[i]->play_turn == NULL)
			continue;
		t = xasprintf("%s%s%s%s", s,
		    k == 0         ? "" :
		        k + 1 == n ? last :
		                     ", ",
		    pre, families[i]->name);
		k++;
		free(s);
		s = t;
	}
	return s;
}

char *
eng_family_names(const char *pre, const char *last)
{
	return family_names(pre, last, 0);
}

const char *
eng_family_hint(const char *word, char *buf, size_t sz)
{
	const char *names[sizeof(families) / sizeof(families[0])];
	size_t i;

	for (i = 0; i < sizeof(families) / sizeof(families[0]); i++)
		names[i] = families[i]->name;
	return str_did_you_mean(buf, sz, word, names, i);
}

char *
eng_family_known(void)
{
	return family_names("", ", ", 1);
}

void
eng_dump(const struct ruleset *rs, FILE *fp)
{
	const struct eng_family *f = eng_family_of(rs);

	rs_dump(rs, eng_engine_name(rs), f != NULL ? f->dump : NULL,
	    f != NULL && f->show != NULL ? f->show->stat_cols : NULL, fp);
}

/* Name a length for a message, in the ruleset's measure. */
static void
len_name(const struct ruleset *rs, double mm, char *buf, size_t sz)
{
	len_format(buf, sz, mm,
	    rs->measure == LEN_NONE ? LEN_MM : rs->measure);
}

/* A length that is not a whole number of cells gets a warning. */
static double
conv(const struct eng_ctx *c, const struct eng_board *b, double mm,
    const char *what, const char *name, struct pos pos, struct diags *d)
{
	char l[32], cell[32], q[32];
	int whole;
	double v = eng_board_len(b, mm, &whole);

	if (!whole && d != NULL) {
		len_name(c->rs, mm, l, sizeof(l));
		len_name(c->rs, b->cell_mm, cell, sizeof(cell));
		fmt_double(q, sizeof(q), mm / b->cell_mm, 2);
		diag_msg(d, pos, MSG(CELLS_GRID_TAKEN), what, name, l, q, cell,
		    (int)v);
	}
	return v;
}

void
eng_ctx_convert(struct eng_ctx *c, const struct eng_board *b, struct diags *d)
{
	const struct ruleset *rs = c->rs;
	size_t i, j;

	for (i = 0; i < rs->nweapons && i < RS_MAX_WEAPONS; i++)
		c->wrange[i] = conv(c, b, rs->weapons[i].range_mm, "range",
		    rs->weapons[i].name, rs->weapons[i].pos, d);
	for (i = 0; i < rs->nunits && i < RS_MAX_UNITS; i++) {
		const struct rs_unit *u = &rs->units[i];
		struct eng_kind *k = &c->kinds[i];
		double bw = u->base_w_mm > 0 ? u->base_w_mm : rs->base_w_mm;
		double bd = u->base_d_mm > 0 ? u->base_d_mm : rs->base_d_mm;

		if (bw <= 0)
			bw = 25.4;
		if (bd <= 0)
			bd = bw;
		k->move = conv(c, b, u->move_mm, "move", u->name, u->pos, d);
		k->road_move = u->road_move_mm > 0 ?
		    conv(c, b, u->road_move_mm, "road move", u->name, u->pos,
		        d) :
		    0;
		if (b->grid == RS_GRID_NONE) {
			k->hw = bw / 2;
			k->hd = bd / 2;
		} else
			k->hw = k->hd = 0.5;
		for (j = 0; j < u->nweapons && j < RS_MAX_WEAPONS_PER_UNIT;
		     j++)
			k->range[j] = c->wrange[u->weapons[j]];
	}
	if (c->turn_limit <= 0)
		c->turn_limit = rs->turn_limit > 0 ? rs->turn_limit : 30;
	c->deploy = rs->deploy_mm > 0 ? rs->deploy_mm : b->h * b->cell_mm / 4;
	if (b->grid != RS_GRID_NONE)
		c->deploy = floor(c->deploy / b->cell_mm + 1e-6);
}

char *
eng_family_classes(const struct eng_family *f, char *buf, size_t sz)
{
	size_t n = 0;
	int k;

	buf[0] = '\0';
	for (k = 0; k < RS_CLASS__MAX && n < sz; k++)
		if (f->classes & (1u << k))
			n += (size_t)snprintf(buf + n, sz - n, "%s%s",
			    n ? ", " : "", rs_class_name(k));
	return buf;
}

/* A family plays only the classes it knows: an error at each unit of
 * another class, naming the ones it knows. Returns how many. */
static int
classes_unplayed(const struct ruleset *rs, const struct eng_family *f,
    struct diags *d)
{
	char known[128];
	size_t i;
	int bad = 0;

	eng_family_classes(f, known, sizeof(known));
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		if (f->classes & (1u << u->cls))
			continue;
		diag_msg(d, u->cls_pos.line ? u->cls_pos : u->pos,
		    MSG(UNIT_CLASS_FAMILY_DOES_NOT), u->name,
		    rs_class_name(u->cls), f->name, known);
		bad++;
	}
	return bad;
}

struct eng_ctx *
eng_ctx_new(const struct ruleset *rs, int grid, double cell_mm,
    struct diags *d)
{
	return eng_ctx_new_focus(rs, grid, cell_mm, -1, -1, d);
}

struct eng_ctx *
eng_ctx_new_focus(const struct ruleset *rs, int grid, double cell_mm, int a,
    int b, struct diags *d)
{
	const struct eng_family *f = eng_family_of(rs);
	struct eng_ctx *c;
	const char *why;
	struct pos at = rs->engine_pos;
	int k;

	if (f == NULL) {
		diag_msg(d, at, MSG(ENGINE_NOT_PLAYED_YET_VERSION),
		    rs->engine);
		return NULL;
	}
	/* Print only: nothing to play, and nothing wrong; the commands
	 * say so in their own words (check's summary, play's error). */
	if (f->play_turn == NULL)
		return NULL;
	if (rs->nunits > RS_MAX_UNITS || rs->nweapons > RS_MAX_WEAPONS) {
		diag_msg(d, at, MSG(TOO_MANY_UNITS_WEAPONS_PLAY));
		return NULL;
	}
	if (classes_unplayed(rs, f, d))
		return NULL;
	c = xcalloc(1, sizeof(*c));
	c->rs = rs;
	c->fam = f;
	c->focus[0] = a;
	c->focus[1] = a >= 0 && b < 0 ? a : b;
	if (grid < 0) {
		grid = rs->grid;
		cell_mm = rs->cell_mm;
	}
	if (eng_board_init(&c->board, rs->table_w_mm, rs->table_h_mm,
	        (enum rs_grid)grid, cell_mm, &why) != 0) {
		diag_msg(d, rs->grid_pos.line ? rs->grid_pos : at,
		    MSG(CANNOT_PLAY_BOARD), why);
		free(c);
		return NULL;
	}
	if (eng_settings_read(rs, c->fam, &c->set, d) != 0) {
		free(c);
		return NULL;
	}
	for (k = 0; k < c->fam->nsettings && k < ENG_MAX_SETTINGS; k++) {
		if (strcmp(c->fam->settings[k].key, "wood_depth") == 0)
			c->wood_depth = c->set.v[k];
		if (strcmp(c->fam->settings[k].key, "hill_rise") == 0)
			c->hill_rise = c->set.v[k];
	}
	eng_ctx_convert(c, &c->board, d);
	if (c->fam->prepare != NULL && c->fam->prepare(c, d) != 0) {
		eng_ctx_free(c);
		return NULL;
	}
	/* A family whose mechanisms are not written yet has had its tables
	 * checked; nothing of it can be played. */
	if (c->fam->play_turn == NULL || c->fam->step == NULL) {
		diag_msg(d, at, MSG(FAMILY_DOES_NOT_PLAY_YET), c->fam->name);
		eng_ctx_free(c);
		return NULL;
	}
	return c;
}

void
eng_ctx_free(struct eng_ctx *c)
{
	if (c == NULL)
		return;
	if (c->fam->release != NULL)
		c->fam->release(c);
	free(c);
}

struct eng_game *
eng_game_new(const struct eng_ctx *c)
{
	return xcalloc(1, sizeof(struct eng_game) + c->fam->state_size);
}

void
eng_game_init(struct eng_game *g, const struct eng_ctx *c, uint64_t seed,
    uint64_t game)
{
	/* Only the fields a game reads are cleared: the unit array is
	 * filled as units are added. */
	g->ctx = c;
	g->board = &c->board;
	g->nu = 0;
	g->alive[0] = g->alive[1] = 0;
	g->side = ENG_BLUE;
	g->first = g->opener = ENG_BLUE;
	g->gturn = 1;
	g->sturns = 0;
	g->turn_limit = c->turn_limit;
	g->over = 0;
	g->winner = -1;
	g->timeout = 0;
	g->player[0] = g->player[1] = ENG_PLAYER_GREEDY;
	memset(&g->dice, 0, sizeof(g->dice));
	eng_rng_seed(&g->dice.rng, seed, game);
	eng_rng_seed(&g->ai, seed ^ 0xa5a5a5a5a5a5a5a5ULL, game);
	memset(g->cov, 0, sizeof(g->cov));
	memset(g->kills, 0, sizeof(g->kills));
	memset(g->tally, 0, sizeof(g->tally));
	memset(&g->contest, 0, sizeof(g->contest));
	memset(g->fights, 0, sizeof(g->fights));
	if (c->board.grid != RS_GRID_NONE)
		memset(g->occ, -1, (size_t)c->board.cols * c->board.rows);
	/* A family with a setup hook sets up its own state (24 KiB of
	 * zeros per game are a cost in self-play). */
	if (c->fam->setup == NULL)
		memset(g->fam_state, 0, c->fam->state_size);
}

int
eng_game_add(struct eng_game *g, int type, int side, double x, double y)
{
	struct eng_unit *u;
	int i;

	if (g->nu >= ENG_MAX_UNITS)
		return -1;
	i = g->nu++;
	u = &g->u[i];
	memset(u, 0, sizeof(*u));
	u->type = (int16_t)type;
	u->side = (uint8_t)side;
	u->alive = 1;
	u->facing = side == ENG_BLUE ? 0 : M_PI;
	u->x = -1e9;
	u->y = -1e9;
	eng_unit_place(g, i, x, y);
	g->alive[side]++;
	return i;
}

/*
 * The default battle: one side's forces (front matter `battle: forces`),
 * mirrored for the other side, deployed in rows from the front of each
 * deployment zone, spaced so that no two units start in melee range.
 */
void
eng_battle_setup(struct eng_game *g)
{
	const struct eng_ctx *c = g->ctx;
	const struct ruleset *rs = c->rs;
	const struct eng_board *b = g->board;
	int grid = b->grid != RS_GRID_NONE, side, n = 0, per, row, col;
	size_t f;
	int k, type[ENG_MAX_UNITS / 2];
	double sx, sy, x, y, front;

	for (f = 0; f < rs->nforces; f++)
		for (k = 0; k < rs->forces[f].count && n < ENG_MAX_UNITS / 2;
		     k++)
			if (rs->forces[f].unit >= 0)
				type[n++] = rs->forces[f].unit;
	if (n == 0)
		for (f = 0; f < rs->nunits && n < 8; f++)
			type[n++] = (int)f;
	if (grid) {
		sx = 2;
		sy = 2;
		front = c->deploy - 1;
	} else {
		double bw = rs->base_w_mm > 0 ? rs->base_w_mm : 25.4;
		sx = 3 * bw + c->melee_range;
		sy = 2 * bw + c->melee_range;
		front = c->deploy - bw;
	}
	per = (int)(b->w / sx);
	if (per < 1)
		per = 1;
	for (side = 0; side < 2; side++)
		for (k = 0; k < n; k++) {
			row = k / per;
			col = k % per;
			int inrow = n - row * per < per ? n - row * per : per;
			x = b->w / 2 + (col - (inrow - 1) / 2.0) * sx;
			if (grid)
				x = floor(x);
			y = front - row * sy;
			if (y < 0)
				y = 0;
			if (side == ENG_RED)
				y = (grid ? b->h - 1 : b->h) - y;
			eng_game_add(g, type[k], side, x, y);
		}
}

void
eng_game_ready(struct eng_game *g)
{
	if (g->ctx->fam->setup != NULL)
		g->ctx->fam->setup(g);
}

void
eng_game_run(struct eng_game *g)
{
	eng_game_ready(g);
	eng_initiative(g);
	eng_game_play(g);
}

/* Initiative: each side rolls a die of the ruleset's (a d6 unless it
 * says: eng_die_n(6) is eng_die()), the higher goes first, ties again. */
int
eng_initiative(struct eng_game *g)
{
	int a, b, tries = 0, die = g->ctx->rs->die > 1 ? g->ctx->rs->die : 6;

	do {
		eng_dice_by(&g->dice, ENG_BY_SIDE(ENG_BLUE));
		a = eng_die_n(&g->dice, die);
		eng_dice_by(&g->dice, ENG_BY_SIDE(ENG_RED));
		b = eng_die_n(&g->dice, die);
		eng_dice_by(&g->dice, 0);
	} while (a == b && !g->dice.out && ++tries < 1000);
	g->first = g->side = a > b ? ENG_BLUE : ENG_RED;
	/* Families that roll every turn (morale): the battle's opener is
	 * the first turn's. */
	if (g->gturn <= 1 && g->sturns == 0)
		g->opener = g->first;
	ENG_COVER(g, 0);
	return g->first;
}

int
eng_game_turn(const struct eng_game *g)
{
	if (g->timeout && g->turn_limit > 0 && g->gturn > g->turn_limit)
		return g->turn_limit;
	return g->gturn;
}

int
eng_check_end(struct eng_game *g)
{
	if (g->alive[0] == 0 || g->alive[1] == 0) {
		g->over = 1;
		g->winner = g->alive[0] ? ENG_BLUE :
		    g->alive[1]         ? ENG_RED :
		                          -1;
		return 1;
	}
	if (g->turn_limit > 0 && g->sturns >= 2 * g->turn_limit) {
		g->over = 1;
		g->timeout = 1;
		g->winner = g->alive[0] > g->alive[1] ? ENG_BLUE :
		    g->alive[1] > g->alive[0]         ? ENG_RED :
		                                        -1;
	}
	return g->over;
}

void
eng_game_play(struct eng_game *g)
{
	int guard = 0;

	while (!g->over && guard++ < 100000)
		g->ctx->fam->play_turn(g);
}

struct eng_odds_fire *
eng_odds_add_fire(struct eng_odds *o, int shooter, int weapon, int target)
{
	struct eng_odds_fire f, *e;

	memset(&f, 0, sizeof(f));
	f.shooter = shooter;
	f.weapon = weapon;
	f.target = target;
	XPUSH(o->fire, o->nfire, o->capfire, f);
	e = &o->fire[o->nfire - 1];
	eng_q_init(&e->p_hit);
	return e;
}

struct eng_odds_melee *
eng_odds_add_melee(struct eng_odds *o, int attacker, int defender,
    const char *situation)
{
	struct eng_odds_melee m, *e;

	memset(&m, 0, sizeof(m));
	m.attacker = attacker;
	m.defender = defender;
	m.situation = situation;
	XPUSH(o->melee, o->nmelee, o->capmelee, m);
	e = &o->melee[o->nmelee - 1];
	eng_odds_melee_init(e);
	return e;
}

void
eng_odds_melee_init(struct eng_odds_melee *m)
{
	eng_q_init(&m->attacker_wins);
	eng_q_init(&m->defender_wins);
	eng_q_init(&m->both_destroyed);
	eng_q_init(&m->expected_rolls);
}

void
eng_odds_melee_clear(struct eng_odds_melee *m)
{
	eng_q_clear(&m->attacker_wins);
	eng_q_clear(&m->defender_wins);
	eng_q_clear(&m->both_destroyed);
	eng_q_clear(&m->expected_rolls);
}

void
eng_odds_free(struct eng_odds *o)
{
	size_t i;

	for (i = 0; i < o->nfire; i++)
		eng_q_clear(&o->fire[i].p_hit);
	for (i = 0; i < o->nmelee; i++)
		eng_odds_melee_clear(&o->melee[i]);
	free(o->fire);
	free(o->melee);
	memset(o, 0, sizeof(*o));
}

void
eng_markers_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int
eng_step_check(struct eng_game *g, const struct eng_action *a, char *err,
    size_t sz)
{
	const struct eng_unit *u;

	if (a->kind == ENG_ACT_FAMILY)
		return eng_refuse(g, -1, err, sz, "unknown step '%s'",
		    a->verb);
	u = &g->u[a->unit];
	if (!u->alive)
		return eng_refuse(g, -1, err, sz, "%s has been destroyed",
		    u->name);
	if (u->side != g->side)
		return eng_refuse(g, -1, err, sz, "it is not %s's side's turn",
		    u->name);
	if (a->target >= 0 &&
	    (!g->u[a->target].alive || g->u[a->target].side == u->side))
		return eng_refuse(g, -1, err, sz,
		    "%s is not an enemy on the "
		    "table",
		    g->u[a->target].name);
	return 0;
}

int
eng_rule_applies(const struct eng_ctx *c, int rule)
{
	return c->fam->applies == NULL || c->fam->applies(c, rule);
}

int
eng_terrain_possible(const struct ruleset *rs, enum rs_terrain_kind k)
{
	size_t i;

	if (rs->nterrain == 0)
		return 1;
	for (i = 0; i < rs->nterrain; i++)
		if (rs->terrain[i].kind == k)
			return 1;
	return 0;
}

int
eng_refuse(struct eng_game *g, int rule, char *err, size_t sz, const char *fmt,
    ...)
{
	va_list ap;

	if (rule >= 0)
		ENG_COVER(g, rule);
	va_start(ap, fmt);
	vsnprintf(err, sz, fmt, ap);
	va_end(ap);
	return -1;
}
