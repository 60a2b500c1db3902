/*
 * coin.c: an example rule family, the coin-flip duel (engine: coin),
 * kept under tests/ as the proof that a family is one file and one row
 * (issue 31): tests/check/example_family.sh copies it into a copy of
 * the tree as src/engine/coin.c, adds `&eng_coin,` to families[] in
 * game.c, builds, and plays tests/family/coin.md with it.
 *
 * The rules. The sides take turns. A unit not in contact with an enemy
 * moves straight at the nearest enemy, up to its Move, and stops in
 * contact. Then every unit of the side in contact flips a coin (a d2)
 * against one enemy in contact: heads (2) removes the enemy, tails (1)
 * does nothing. A side with no units left has lost.
 *
 * It reads nothing of the ruleset but its units' Move and bases: no
 * columns or sections of its own, no settings.
 */
#include <math.h>
#include <string.h>

#include "engine.h"

enum {
	CO_R_INITIATIVE, /* rule 0: eng_initiative() counts it */
	CO_R_ALTERNATE,
	CO_R_END_ANNIHILATION,
	CO_R_END_TURN_LIMIT,
	CO_R_MOVE_STRAIGHT,
	CO_R_MOVE_ALLOWANCE,
	CO_R_FLIP_CONTACT,
	CO_R_FLIP_ONCE,
	CO_R_HEADS,
	CO_R_TAILS,
	CO_R__MAX
};

static const struct eng_rule co_rules[CO_R__MAX] = {
	[CO_R_INITIATIVE] = { "game.initiative", "Sequence of play",
	    "each side rolls a die; the higher takes the first turn" },
	[CO_R_ALTERNATE] = { "game.alternate_turns", "Sequence of play",
	    "the sides take turns: a side moves, then flips" },
	[CO_R_END_ANNIHILATION] = { "game.end_annihilation",
	    "Sequence of play", "a side with no units left has lost" },
	[CO_R_END_TURN_LIMIT] = { "game.end_turn_limit", "Sequence of play",
	    "on the turn limit the side with more units wins" },
	[CO_R_MOVE_STRAIGHT] = { "move.straight", "Duel",
	    "a unit out of contact moves straight at the nearest enemy and "
	    "stops in contact" },
	[CO_R_MOVE_ALLOWANCE] = { "move.allowance", "Duel",
	    "a unit moves up to its Move" },
	[CO_R_FLIP_CONTACT] = { "flip.contact", "Duel",
	    "a unit flips against an enemy in contact" },
	[CO_R_FLIP_ONCE] = { "flip.once", "Duel", "a unit flips once a turn" },
	[CO_R_HEADS] = { "flip.heads", "Duel", "heads removes the enemy" },
	[CO_R_TAILS] = { "flip.tails", "Duel", "tails does nothing" },
};

#define CO_FLIPPED ENG_UF_FAMILY1 /* flipped this turn */
#define CO_EPS 1e-9

static int
co_contact(const struct eng_game *g, int i, int j)
{
	double r = g->ctx->melee_range;

	return eng_dist2(g, &g->u[i], &g->u[j]) <= r * r + CO_EPS;
}

/* An enemy of unit i in contact with it, or -1. */
static int
co_foe(const struct eng_game *g, int i)
{
	int j;

	for (j = 0; j < g->nu; j++)
		if (g->u[j].alive && g->u[j].side != g->u[i].side &&
		    co_contact(g, i, j))
			return j;
	return -1;
}

/* Unit a flips against b. */
static void
co_flip(struct eng_game *g, int a, int b)
{
	ENG_COVER(g, CO_R_FLIP_CONTACT);
	g->u[a].flags |= CO_FLIPPED;
	g->fights[2]++;
	g->fight_a = a;
	g->fight_b = b;
	if (g->contest.kind == 0) {
		g->contest.kind = 2;
		g->contest.a = a;
		g->contest.b = b;
	}
	if (eng_die_n(&g->dice, 2) == 2) {
		ENG_COVER(g, CO_R_HEADS);
		g->tally[1]++;
		eng_unit_kill(g, b, a);
	} else {
		ENG_COVER(g, CO_R_TAILS);
		g->tally[0]++;
	}
}

/* The side's turn is over: the other side's begins. */
static void
co_end_turn(struct eng_game *g)
{
	int i;

	if (eng_check_end(g)) {
		ENG_COVER(g, CO_R_END_ANNIHILATION);
		return;
	}
	g->sturns++;
	g->gturn = g->sturns / 2 + 1;
	g->side = !g->side;
	ENG_COVER(g, CO_R_ALTERNATE);
	for (i = 0; i < g->nu; i++)
		g->u[i].flags &= (uint16_t) ~(ENG_UF_TURN | CO_FLIPPED);
	if (eng_check_end(g) && g->timeout)
		ENG_COVER(g, CO_R_END_TURN_LIMIT);
}

/* Unit i moves straight at unit j, up to its Move, and stops where it
 * first comes into contact (bisection along the line). */
static void
co_move_at(struct eng_game *g, int i, int j)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double x = g->u[i].x, y = g->u[i].y, dx = g->u[j].x - x,
	       dy = g->u[j].y - y, len = hypot(dx, dy),
	       r = g->ctx->melee_range;
	double lo = 0, hi = fmin(k->move, len), s;
	int n;

	if (len <= 0)
		return;
	ENG_COVER(g, CO_R_MOVE_STRAIGHT);
	g->u[i].flags |= ENG_UF_MOVED;
	s = hi;
	if (eng_dist2_at(g, x + dx * hi / len, y + dy * hi / len, k->hw, k->hd,
	        &g->u[j]) <= r * r)
		for (n = 0; n < 60; n++) {
			s = (lo + hi) / 2;
			if (eng_dist2_at(g, x + dx * s / len, y + dy * s / len,
			        k->hw, k->hd, &g->u[j]) <= r * r)
				hi = s;
			else
				lo = s;
			s = hi;
		}
	if (g->board->grid != RS_GRID_NONE)
		eng_unit_place(g, i, floor(x + dx * s / len + 0.5),
		    floor(y + dy * s / len + 0.5));
	else
		eng_unit_place(g, i, x + dx * s / len, y + dy * s / len);
}

static int
co_nearest(const struct eng_game *g, int i)
{
	double best = 0, d;
	int j, b = -1;

	for (j = 0; j < g->nu; j++) {
		if (!g->u[j].alive || g->u[j].side == g->u[i].side)
			continue;
		d = eng_dist2(g, &g->u[i], &g->u[j]);
		if (b < 0 || d < best) {
			best = d;
			b = j;
		}
	}
	return b;
}

/* One side's turn: its units out of contact close in, then every one
 * in contact flips. The players have no choice to make. */
static void
co_play_turn(struct eng_game *g)
{
	int i, j;

	for (i = 0; i < g->nu; i++)
		if (g->u[i].alive && g->u[i].side == g->side &&
		    co_foe(g, i) < 0 && (j = co_nearest(g, i)) >= 0)
			co_move_at(g, i, j);
	for (i = 0; i < g->nu && !g->over; i++)
		if (g->u[i].alive && g->u[i].side == g->side &&
		    (j = co_foe(g, i)) >= 0) {
			co_flip(g, i, j);
			eng_check_end(g);
		}
	co_end_turn(g);
}

static int
co_step(struct eng_game *g, const struct eng_action *a, char *err, size_t sz)
{
	struct eng_unit *u;
	const struct eng_kind *k;
	double dx, dy, len = 0, x, y;
	int n;

	if (a->kind == ENG_ACT_END_TURN) {
		co_end_turn(g);
		return 0;
	}
	if (eng_step_check(g, a, err, sz) != 0)
		return -1;
	u = &g->u[a->unit];
	k = &g->ctx->kinds[u->type];
	switch (a->kind) {
	case ENG_ACT_MOVE:
		if (u->flags & ENG_UF_MOVED)
			return eng_refuse(g, CO_R_MOVE_ALLOWANCE, err, sz,
			    "%s has already moved this turn", u->name);
		x = u->x;
		y = u->y;
		for (n = 0; n < a->npath; n++) {
			dx = a->path[n][0] - x;
			dy = a->path[n][1] - y;
			len += hypot(dx, dy);
			x = a->path[n][0];
			y = a->path[n][1];
		}
		if (len > k->move + 1e-6)
			return eng_refuse(g, CO_R_MOVE_ALLOWANCE, err, sz,
			    "%s cannot move that far", u->name);
		ENG_COVER(g, CO_R_MOVE_ALLOWANCE);
		u->flags |= ENG_UF_MOVED;
		eng_unit_place(g, a->unit, x, y);
		return 0;
	case ENG_ACT_MELEE:
		if (u->flags & CO_FLIPPED)
			return eng_refuse(g, CO_R_FLIP_ONCE, err, sz,
			    "%s has flipped this turn", u->name);
		if (!co_contact(g, a->unit, a->target))
			return eng_refuse(g, CO_R_FLIP_CONTACT, err, sz,
			    "%s is not in contact with %s", u->name,
			    g->u[a->target].name);
		co_flip(g, a->unit, a->target);
		eng_check_end(g);
		return 0;
	case ENG_ACT_FIRE:
	case ENG_ACT_END_TURN:
	case ENG_ACT_FAMILY:
	default:
		return eng_refuse(g, -1, err, sz, "unknown step");
	}
}

/* Contact: bases touching; on a grid the adjacent cells. */
static int
co_prepare(struct eng_ctx *c, struct diags *d)
{
	(void)d;
	c->melee_range = c->board.grid != RS_GRID_NONE ? 1 : 0;
	return 0;
}

/* Every flip is heads or tails, one each in two. */
static int
co_contest_odds(const struct eng_game *g, const struct eng_contest *c,
    const char *key, struct eng_q *q)
{
	(void)g;
	(void)c;
	if (strcmp(key, "attacker_wins") == 0)
		eng_q_set_si(q, 1, 2);
	else if (strcmp(key, "defender_wins") == 0 ||
	    strcmp(key, "both_destroyed") == 0)
		eng_q_set_si(q, 0, 1);
	else
		return -1;
	return 0;
}

/* One matchup, the flip, for every pair of unit types: heads in two. */
static void
co_odds(const struct eng_ctx *c, struct eng_odds *o)
{
	struct eng_odds_melee *m;
	size_t a, b;

	for (a = 0; a < c->rs->nunits; a++)
		for (b = 0; b < c->rs->nunits; b++) {
			m = eng_odds_add_melee(o, (int)a, (int)b, "contact");
			eng_q_set_si(&m->attacker_wins, 1, 2);
			eng_q_set_si(&m->expected_rolls, 1, 1);
			m->resolves = 1;
		}
}

static const struct eng_show co_show = {
	.stats = ENG_STAT_MOVE,
};

const struct eng_family eng_coin = {
	.name = "coin",
	.rules = co_rules,
	.nrules = CO_R__MAX,
	.classes = RS_CLASS_ALL,
	.prepare = co_prepare,
	.play_turn = co_play_turn,
	.step = co_step,
	.contest_odds = co_contest_odds,
	.odds = co_odds,
	.show = &co_show,
};
