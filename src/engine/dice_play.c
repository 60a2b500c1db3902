/*
 * dice_play.c: the dice family plays — the turn (alternate, phased:
 * both sides in each phase, or activations of a unit at a time, in turn
 * or by order dice, with their activation tests), movement up to the Move and stopping at the
 * contact distance, shooting by the pipeline (Attacks, To hit, the Wound
 * table, Save worsened by AP, Damage off Wounds) or by accumulated hits,
 * melee by opposed roll (the Melee outcomes table), accumulated hits or
 * the pipeline, quality tests, the greedy and random players and the
 * scripted steps of test games. The tables are dice_tables.c's.
 *
 * A unit's Wounds lost are kept in its counter c[DP_C_TAKEN], so that a
 * new unit (all zero) is whole; the family's own state of a game
 * (struct dp_state) is only what the contest's odds start from.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice_odds.h"
#include "dice_tables.h"
#include "geom.h"

/* A unit owes a quality test at the end of the turn (fell below half). */
#define DP_UF_OWES_TEST ENG_UF_FAMILY1
/* Activations (FORMAT.md, Play): the unit has activated this game turn
 * (or lost its activation), failed its activation test, lost its
 * activation when its side's activations ended; an idle unit does
 * nothing for the rest of the game turn. */
#define DP_UF_ACTED ENG_UF_FAMILY2
#define DP_UF_FAILED ENG_UF_FAMILY3
#define DP_UF_LOST ENG_UF_FAMILY4
#define DP_UF_IDLE (DP_UF_FAILED | DP_UF_LOST)
#define DP_UF_ACTIVATION (DP_UF_ACTED | DP_UF_IDLE)
/* The Wounds a unit has taken, in the counter the other phases leave
 * free (c[0], c[1]: a shot kept for the shooting phase; c[2]: in
 * contact after its move). */
#define DP_C_TAKEN 3
/* A test game gave the unit its markers (`markers:`): setup keeps
 * them. */
#define DP_UF_MARKED ENG_UF_FAMILY5

/* Terrain that blocks a line of sight (FORMAT.md: woods and hills). */
#define DP_SIGHT_BLOCK ((1u << RS_TERRAIN_WOOD) | (1u << RS_TERRAIN_HILL))
/* Terrain that is cover for the modifiers in_cover, target_in_cover. */
#define DP_COVER                                                              \
	((1u << RS_TERRAIN_WOOD) | (1u << RS_TERRAIN_TOWN) |                  \
	    (1u << RS_TERRAIN_FORTIFICATION))

static inline const struct dt_tables *
tabs(const struct eng_game *g)
{
	return g->ctx->fam_data;
}

static inline const struct dt_unit *
dunit(const struct eng_game *g, int i)
{
	return &tabs(g)->units[g->u[i].type];
}

static inline int
wounds_left(const struct eng_game *g, int i)
{
	return dunit(g, i)->wounds - g->u[i].c[DP_C_TAKEN];
}

/* Whether units activate one at a time (turn: units, order dice). */
static inline int
by_unit(const struct eng_game *g)
{
	return tabs(g)->turn == DT_TURN_UNITS ||
	    tabs(g)->turn == DT_TURN_ORDER_DICE;
}

/* The steps of a side's turn a test game has come to (dp_state.phase). */
enum { DP_PHASE_MOVE, DP_PHASE_SHOOT, DP_PHASE_MELEE };

/*
 * Whether a melee fights each unit once a turn (Saltmarsh, Clarification
 * 13): where the sides take turns (turn: alternate); not where units
 * activate (there units in contact fight once in each activation of
 * either), nor in phased turns (both sides fight in each game turn).
 */
static inline int
one_melee(const struct eng_game *g)
{
	return tabs(g)->turn == DT_TURN_ALTERNATE;
}

/*
 * Whether a weapon that reaches no further than the contact distance (a
 * close weapon) strikes at an enemy in contact in the Shoot step: where
 * the melee is not fought with the weapons (opposed, accumulated), else
 * it could never be used (Saltmarsh, Clarification 2).
 */
static inline int
close_shoots(const struct eng_game *g)
{
	return tabs(g)->shooting != DT_SHOOT_NONE &&
	    tabs(g)->melee != DT_MELEE_PIPELINE;
}

/* Whether a unit acts only once it has activated: one at a time, or
 * after an activation test. */
static inline int
activates(const struct eng_game *g)
{
	return by_unit(g) || tabs(g)->activation_test;
}

static inline struct dp_state *
state(struct eng_game *g)
{
	return (struct dp_state *)(void *)g->fam_state;
}

static inline int
die(struct eng_game *g)
{
	return eng_die_n(&g->dice, g->ctx->rs->die);
}

/*
 * eng_dist2_at(), with the free table's case inline: the players ask for
 * distances in their innermost loops. The same arithmetic, so the same
 * numbers.
 */
static inline double
dist2_at(const struct eng_game *g, double x, double y, double hw, double hd,
    const struct eng_unit *v)
{
	const struct eng_kind *k;
	double dx, dy;

	if (g->board->grid != RS_GRID_NONE)
		return eng_dist2_at(g, x, y, hw, hd, v);
	k = &g->ctx->kinds[v->type];
	dx = fabs(x - v->x) - (hw + k->hw);
	dy = fabs(y - v->y) - (hd + k->hd);
	dx = dx > 0 ? dx : 0;
	dy = dy > 0 ? dy : 0;
	return dx * dx + dy * dy;
}

static inline double
dist2(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b)
{
	const struct eng_kind *k = &g->ctx->kinds[a->type];

	return dist2_at(g, a->x, a->y, k->hw, k->hd, b);
}

/* The contact distance, squared, with room for rounding: a unit halted
 * at the contact distance is in contact. */
static inline double
contact2(const struct eng_game *g)
{
	double r = g->ctx->melee_range;

	return r * r + 1e-6;
}

static inline int
in_contact(const struct eng_game *g, int i, int j)
{
	return dist2(g, &g->u[i], &g->u[j]) <= contact2(g);
}

/* The nearest enemy in contact with unit i, or -1. On a free table
 * the centres of units in contact are at most `reach` apart along each
 * axis (dp_prepare()), a cheap test that passes over most of them. */
static int
contact_enemy(const struct eng_game *g, int i)
{
	double best = contact2(g), d2, reach = tabs(g)->reach;
	double x = g->u[i].x, y = g->u[i].y;
	int j, b = -1, ft = g->board->grid == RS_GRID_NONE;

	for (j = 0; j < g->nu; j++)
		if (g->u[j].alive && g->u[j].side != g->u[i].side &&
		    (!ft ||
		        (fabs(g->u[j].y - y) <= reach &&
		            fabs(g->u[j].x - x) <= reach)) &&
		    (d2 = dist2(g, &g->u[i], &g->u[j])) <= best) {
			best = d2;
			b = j;
		}
	return b;
}

/*
 * Whether unit i has fought a melee this turn, attacking or attacked,
 * under turn: alternate. The flags of a side are cleared when its turn
 * begins: the side whose turn it is has fought when it attacked, the
 * other when it was attacked this turn.
 */
static int
fought(const struct eng_game *g, int i)
{
	unsigned f = g->u[i].flags;

	return (f &
	           (g->u[i].side == g->side ? ENG_UF_MELEE_START :
	                                      ENG_UF_MELEE_END)) != 0;
}

/*
 * The enemy unit i fights of those in contact with it (its commander's
 * choice, Saltmarsh, Clarification 13): under melee: opposed, the one
 * it fights on the best exact melee edge (medge), the nearer of two as
 * good; else the nearest (Cinder Vale's Melee too, for the melee that
 * ends an activation). Where a unit fights once a turn, only enemies
 * that have not fought. -1: none.
 */
static int
melee_foe(const struct eng_game *g, int i)
{
	const struct dt_tables *t = tabs(g);
	double best = -1e9, e = 0, bd2 = contact2(g), d2, reach = t->reach;
	int j, b = -1, one = one_melee(g), ft = g->board->grid == RS_GRID_NONE;

	for (j = 0; j < g->nu; j++) {
		if (!g->u[j].alive || g->u[j].side == g->u[i].side ||
		    (ft &&
		        (fabs(g->u[j].y - g->u[i].y) > reach ||
		            fabs(g->u[j].x - g->u[i].x) > reach)) ||
		    (d2 = dist2(g, &g->u[i], &g->u[j])) > contact2(g) ||
		    (one && fought(g, j)))
			continue;
		if (t->medge != NULL)
			e = t->medge[g->u[i].type * t->nunits + g->u[j].type];
		if (b < 0 || e > best + 1e-9 ||
		    (e > best - 1e-9 && d2 < bd2)) {
			best = e;
			bd2 = d2;
			b = j;
		}
	}
	return b;
}

/* The nearest enemy of unit i (centre to centre), or -1. */
static int
nearest_enemy(const struct eng_game *g, int i)
{
	double best = 1e300, dx, dy, d2;
	int j, b = -1;

	for (j = 0; j < g->nu; j++) {
		if (!g->u[j].alive || g->u[j].side == g->u[i].side)
			continue;
		dx = g->u[j].x - g->u[i].x;
		dy = g->u[j].y - g->u[i].y;
		if ((d2 = dx * dx + dy * dy) < best) {
			best = d2;
			b = j;
		}
	}
	return b;
}

/* The first contest of a game, for a test game's odds:; situation is
 * the To hit modifier of a volley. */
static void
record(struct eng_game *g, int kind, int a, int b, int w, int situation)
{
	struct dp_state *st;

	if (kind == 1 || kind == 2) {
		g->fights[kind]++;
		g->fight_a = a;
		g->fight_b = b;
	}
	if (g->contest.kind != 0)
		return;
	g->contest.kind = kind;
	g->contest.a = a;
	g->contest.b = b;
	g->contest.weapon = w;
	g->contest.situation = situation;
	st = (struct dp_state *)(void *)g->fam_state;
	st->taken_a = g->u[a].c[DP_C_TAKEN];
	st->taken_b = g->u[b].c[DP_C_TAKEN];
	st->mk_a = st->mk[a];
	st->mk_b = st->mk[b];
}

/* ---- markers (FORMAT.md, Markers) ---- */

/* Unit i's markers (DT_MK_COUNT). */
static inline uint64_t
marks(const struct eng_game *g, int i)
{
	return ((const struct dp_state *)(const void *)g->fam_state)->mk[i];
}

/* Event ev (enum dt_mk_event) befalls unit i: one more of each marker
 * it places, up to the marker's Most. */
static void
mark(struct eng_game *g, int i, unsigned ev)
{
	const struct dt_tables *t = tabs(g);
	uint64_t *m;
	int k, n;

	if (!(t->mk_placed & ev) || !g->u[i].alive)
		return;
	m = &state(g)->mk[i];
	for (k = 0; k < t->nmk; k++)
		if ((t->mk[k].placed & ev) &&
		    (n = DT_MK_COUNT(*m, k)) < t->mk[k].most) {
			*m = DT_MK_SET(*m, k, n + 1);
			ENG_COVER(g, DI_R_MARKER_PLACED);
		}
}

/* An occasion markers go on unit i: the markers whose Removed has way
 * one lose one, those whose Removed has way all lose them all. */
static void
unmark(struct eng_game *g, int i, unsigned one, unsigned all)
{
	const struct dt_tables *t = tabs(g);
	uint64_t *m;
	int k, n;

	if (!(t->mk_removed & (one | all)))
		return;
	m = &state(g)->mk[i];
	for (k = 0; k < t->nmk; k++) {
		if ((n = DT_MK_COUNT(*m, k)) == 0)
			continue;
		if (t->mk[k].removed & all)
			n = 0;
		else if (t->mk[k].removed & one)
			n--;
		else
			continue;
		*m = DT_MK_SET(*m, k, n);
		ENG_COVER(g, DI_R_MARKER_REMOVED);
	}
}

/* Unit i took a test (a quality or activation test): a failure places
 * the markers of failed test, a pass removes those that go on one. */
static void
test_marks(struct eng_game *g, int i, int pass)
{
	if (pass)
		unmark(g, i, DT_MK_ONE_PASSED, DT_MK_ALL_PASSED);
	else
		mark(g, i, DT_MK_FAILED_TEST);
}

/* ---- the conditions of the modifiers ---- */

static int
in_cover(const struct eng_game *g, int i)
{
	return (eng_board_kinds_at(g->board, g->u[i].x, g->u[i].y) &
	           DP_COVER) != 0;
}

/* Whether unit i stands higher than unit j: deeper inside a hill's
 * contours (on no hill, at 0). */
static int
higher(const struct eng_game *g, int i, int j)
{
	int h;

	return eng_board_height(g->board, g->u[i].x, g->u[i].y, &h) >
	    eng_board_height(g->board, g->u[j].x, g->u[j].y, &h) + 1e-9;
}

/* The Fire modifiers of weapon w of unit i shooting at unit j, summed. */
static int
fire_mod(const struct eng_game *g, int i, int w, int j)
{
	const struct dt_tables *t = tabs(g);
	double half = g->ctx->wrange[w] / 2;
	int m = 0;

	if (t->nfmod == 0)
		return 0;
	if (t->fmod[DT_FM_LONG_RANGE] &&
	    dist2(g, &g->u[i], &g->u[j]) > half * half + 1e-6)
		m += t->fmod[DT_FM_LONG_RANGE];
	if (g->u[i].flags & ENG_UF_MOVED)
		m += t->fmod[DT_FM_MOVED];
	if (t->fmod[DT_FM_TARGET_IN_COVER] && in_cover(g, j))
		m += t->fmod[DT_FM_TARGET_IN_COVER];
	if (t->fmod[DT_FM_TARGET_UPHILL] && higher(g, j, i))
		m += t->fmod[DT_FM_TARGET_UPHILL];
	return m;
}

/*
 * The keyword conditions (enum dt_when) of a roll of unit i's against
 * unit j with weapon w (-1: none, as in a test): in cover and at long
 * range are j's (the target; for a save or test, j is the unit itself),
 * after moving and below half i's. shooting: w is shooting (at long
 * range needs Range).
 */
/*
 * Where unit `from` stands about unit j's facing (FORMAT.md, Facing):
 * in its front (0), flank (DT_WHEN_FLANK) or rear (DT_WHEN_REAR) — the
 * quarter its centre is in, the quarters bounded by the lines at 45
 * degrees either side of j's facing and of its back; a centre on a
 * boundary is in the front, or in the flank rather than the rear.
 */
static unsigned
sector(const struct eng_game *g, int j, int from)
{
	double dx = g->u[from].x - g->u[j].x, dy = g->u[from].y - g->u[j].y,
	       len = sqrt(dx * dx + dy * dy), c;

	if (len < 1e-9)
		return 0;
	c = (dx * sin(g->u[j].facing) + dy * cos(g->u[j].facing)) / len;
	if (c >= M_SQRT1_2 - 1e-9)
		return 0;
	return c > -M_SQRT1_2 - 1e-9 ? DT_WHEN_FLANK : DT_WHEN_REAR;
}

static unsigned
when_of(const struct eng_game *g, int i, int j, int w)
{
	unsigned m = 0;
	double half;

	if (in_cover(g, j))
		m |= DT_WHEN_COVER;
	if (w >= 0 && i != j) {
		half = g->ctx->wrange[w] / 2;
		if (dist2(g, &g->u[i], &g->u[j]) > half * half + 1e-6)
			m |= DT_WHEN_LONG;
	}
	if (g->u[i].flags & ENG_UF_MOVED)
		m |= DT_WHEN_MOVED;
	if (2 * wounds_left(g, i) < dunit(g, i)->wounds)
		m |= DT_WHEN_BELOW_HALF;
	/* Where the attack comes from, by the target's facing. */
	if (i != j && tabs(g)->facing)
		m |= sector(g, j, i);
	return m;
}

/* The conditions of a volley of weapon w of unit i at unit j, reckoned
 * when it begins: of its attacks' rolls, and of j's saves (j's own
 * state, and i's range). */
static void
volley_when(const struct eng_game *g, int i, int w, int j, unsigned *hw,
    unsigned *sw)
{
	const struct dt_tables *t = tabs(g);

	/* Only what a keyword names: the terrain is not looked at in a
	 * game whose keywords name no condition. */
	*hw = *sw = 0;
	if ((t->conds[0] | t->conds[1]) == 0)
		return;
	*hw = when_of(g, i, j, w);
	/* A save's conditions are the unit's own, but for the range and
	 * the side of the attack it saves against. */
	*sw = (when_of(g, j, j, -1) & ~(unsigned)DT_WHEN_LONG) |
	    (*hw & (DT_WHEN_LONG | DT_WHEN_FLANK | DT_WHEN_REAR));
	*hw &= t->conds[1];
	*sw &= t->conds[0];
}

/* The Melee modifiers of unit i fighting unit j (attacking: in its own
 * side's melee, so a unit that moved this turn charged), summed. */
static int
melee_mod(const struct eng_game *g, int i, int j, int attacking)
{
	const struct dt_tables *t = tabs(g);
	int m = 0;

	if (t->nmmod == 0)
		return 0;
	if (t->mmod[DT_MM_UPHILL] && higher(g, i, j))
		m += t->mmod[DT_MM_UPHILL];
	if (t->mmod[DT_MM_IN_COVER] && in_cover(g, i))
		m += t->mmod[DT_MM_IN_COVER];
	if (attacking && (g->u[i].flags & ENG_UF_MOVED))
		m += t->mmod[DT_MM_CHARGING];
	if (2 * wounds_left(g, i) < dunit(g, i)->wounds)
		m += t->mmod[DT_MM_BELOW_HALF];
	/* Unit i in its enemy's flank or rear. */
	if (t->facing && (t->mmod[DT_MM_FLANK] || t->mmod[DT_MM_REAR])) {
		unsigned s = sector(g, j, i);

		if (s == DT_WHEN_FLANK)
			m += t->mmod[DT_MM_FLANK];
		else if (s == DT_WHEN_REAR)
			m += t->mmod[DT_MM_REAR];
	}
	return m;
}

/* A loss: the battle may be over (every unit of a side gone). */
static void
after_loss(struct eng_game *g)
{
	if (eng_check_end(g) && !g->timeout)
		ENG_COVER(g, DI_R_END_ANNIHILATION);
}

static void
kill(struct eng_game *g, int i, int by)
{
	if (!g->u[i].alive)
		return;
	eng_unit_kill(g, i, by);
	after_loss(g);
}

/* Unit i loses n Wounds to unit `by`: removed at 0; one that falls
 * below half owes a quality test when the Combat table asks for one. */
static void
take(struct eng_game *g, int i, int n, int by, int removed_rule)
{
	const struct dt_unit *du = dunit(g, i);
	int before = wounds_left(g, i), after;

	if (n <= 0 || !g->u[i].alive)
		return;
	g->u[i].c[DP_C_TAKEN] = (int16_t)(g->u[i].c[DP_C_TAKEN] +
	    (n < before ? n : before));
	after = wounds_left(g, i);
	if (after <= 0) {
		ENG_COVER(g, removed_rule);
		kill(g, i, by);
		return;
	}
	if ((tabs(g)->quality & DT_Q_BELOW_HALF) && 2 * after < du->wounds &&
	    2 * before >= du->wounds)
		g->u[i].flags |= DP_UF_OWES_TEST;
	/* A unit that loses Wounds, or (a unit of models) a model, tests
	 * at the end of the turn (once, however many it loses). */
	if (tabs(g)->quality & DT_Q_WOUNDED) {
		ENG_COVER(g, DI_R_QUALITY_WOUNDED);
		g->u[i].flags |= DP_UF_OWES_TEST;
	}
	if ((tabs(g)->quality & DT_Q_LOST_MODEL) &&
	    dt_models_left(tabs(g), g->u[i].type, after) <
	        dt_models_left(tabs(g), g->u[i].type, before)) {
		ENG_COVER(g, DI_R_QUALITY_LOST_MODEL);
		g->u[i].flags |= DP_UF_OWES_TEST;
	}
}

/*
 * An unsaved wound of d Damage on unit i, from unit `by`: with a unit of
 * models whose excess damage is lost, no more than the Wounds the model
 * it falls on has left (each model's Wounds are taken in turn, so the
 * one wounded already).
 */
static void
take_wound(struct eng_game *g, int i, int d, int by)
{
	const struct dt_unit *du = dunit(g, i);
	int left = wounds_left(g, i), cur;

	if (du->models > 1 && du->wpm >= 1 && !tabs(g)->excess_spills &&
	    d > 1) {
		cur = left -
		    (dt_models_left(tabs(g), g->u[i].type, left) - 1) *
		        du->wpm;
		if (d > cur) {
			ENG_COVER(g, DI_R_SHOOT_EXCESS_LOST);
			d = cur;
		}
	}
	take(g, i, d, by, DI_R_SHOOT_REMOVED);
}

/*
 * The Attacks of weapon wp of unit i: the expression rolled once for
 * each model the unit has left (a unit of one model, once), or (models
 * 0 or more: a melee's strike at once) for each of so many.
 */
static int
attacks_of(struct eng_game *g, int i, const struct dt_weapon *wp, int models)
{
	int m = models >= 0 ?
	    models :
	    dt_models_left(tabs(g), g->u[i].type, wounds_left(g, i)),
	    n = 0;

	if (wp->attacks.text == NULL)
		return m;
	if (dunit(g, i)->models > 1)
		ENG_COVER(g, DI_R_SHOOT_MODELS);
	eng_dice_by(&g->dice, ENG_BY_UNIT(i));
	while (m-- > 0)
		n += dx_roll(&wp->attacks.dx, &g->dice);
	eng_dice_by(&g->dice, 0);
	return n;
}

/* ---- movement ---- */

/* Whether unit i, standing at (x, y), would be in contact with one of
 * the n enemies in cand. */
static int
contact_at(const struct eng_game *g, int i, double x, double y,
    const int *cand, int n)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double c2 = contact2(g);
	int m;

	for (m = 0; m < n; m++)
		if (dist2_at(g, x, y, k->hw, k->hd, &g->u[cand[m]]) <= c2)
			return 1;
	return 0;
}

/*
 * The enemies unit i could come into contact with moving len along the
 * unit vector (dx, dy) from (x, y): on a free table those whose centre
 * is within the contact distance plus both bases' half extents of the
 * segment (a bound: the edge-to-edge distance is never less than the
 * centres' less those), so that most moves test none; on a grid all.
 */
static int
contact_candidates(const struct eng_game *g, int i, double x, double y,
    double dx, double dy, double len, int *cand)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	int j, n = 0;

	for (j = 0; j < g->nu; j++) {
		const struct eng_kind *kj;
		double px, py, t, r;

		if (!g->u[j].alive || g->u[j].side == g->u[i].side)
			continue;
		if (g->board->grid != RS_GRID_NONE) {
			cand[n++] = j;
			continue;
		}
		kj = &g->ctx->kinds[g->u[j].type];
		px = g->u[j].x - x;
		py = g->u[j].y - y;
		t = px * dx + py * dy;
		t = t < 0 ? 0 : t > len ? len : t;
		px -= t * dx;
		py -= t * dy;
		r = g->ctx->melee_range + k->hw + k->hd + kj->hw + kj->hd + 1;
		if (px * px + py * py <= r * r)
			cand[n++] = j;
	}
	return n;
}

static void
place(struct eng_game *g, int i, double x, double y)
{
	if (g->board->grid != RS_GRID_NONE) {
		x = floor(x + 0.5);
		y = floor(y + 0.5);
	}
	eng_unit_place(g, i, x, y);
}

/* Whether p is in a river that is not a ford (impassable). */
static inline int
in_river(const struct eng_game *g, double x, double y)
{
	unsigned k = eng_board_kinds_at(g->board, x, y);

	return (k & (1u << RS_TERRAIN_RIVER)) &&
	    !(k & (1u << RS_TERRAIN_FORD));
}

/* ---- exact paths on a free table (geom.h): no step anywhere ---- */

/* A margin, in board units: a base halted short of another base or of
 * a river stops this far short of it, so that it does not overlap. */
#define DP_GAP 1e-6

/*
 * The first t in [0, 1] at which an axis-aligned box moved from (x, y)
 * by (dx, dy) comes within d of another about (cx, cy), (ex, ey) the
 * sums of their half extents; 2 when it never does: geom.c's closed
 * form for two upright boxes.
 */
static double
box_first(double x, double y, double dx, double dy, double cx, double cy,
    double ex, double ey, double d)
{
	double t = geo_box_meet(x - cx, y - cy, dx, dy, ex, ey, d > 0 ? d : 0);

	return t <= 1 ? t : 2;
}

/* Unit i's base at (x, y), shrunk by `in` per side. */
static void
base_at(const struct eng_game *g, int i, double x, double y, double in,
    struct geo_shape *s)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];

	geo_box(s, x, y, k->hw - in, k->hd - in);
}

/*
 * The part of a move of unit i's base from (x, y) by (dx, dy) where it
 * stands wholly on the ford f: each corner's interval in f, all four
 * together. Returns 0 when there is none.
 */
static int
on_ford(const struct eng_game *g, int i, double x, double y, double dx,
    double dy, const struct geo_shape *f, double *c0, double *c1)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	struct geo_shape p;
	double a, b;
	int n;

	*c0 = 0;
	*c1 = 1;
	for (n = 0; n < 4; n++) {
		geo_disc(&p, x + (n & 1 ? k->hw : -k->hw),
		    y + (n & 2 ? k->hd : -k->hd), 0);
		if (!geo_sweep(&p, dx, dy, f, DP_GAP, &a, &b))
			return 0;
		*c0 = a > *c0 ? a : *c0;
		*c1 = b < *c1 ? b : *c1;
	}
	return *c0 <= *c1;
}

/*
 * The first t in [0, 1] at which unit i's base, moved from (x, y) by
 * (dx, dy), is in a river outside a ford; 2 when it never is. A river
 * is an area a base enters or does not (Saltmarsh, Clarification 11):
 * while any part of a base is in it, the whole base stands on a ford.
 * A river the base stands in off a ford already (placed there) does not
 * hold it.
 */
static double
river_first(const struct eng_game *g, int i, double x, double y, double dx,
    double dy)
{
	const struct eng_board *b = g->board;
	struct geo_shape a, r, f;
	double best = 2, t0, t1, c0[ENG_MAX_TERRAIN], c1[ENG_MAX_TERRAIN], t;
	int k, m, nf = -1;

	base_at(g, i, x, y, DP_GAP, &a);
	for (k = 0; k < b->nt; k++) {
		if (b->t[k].kind != RS_TERRAIN_RIVER)
			continue;
		eng_piece_shape(&b->t[k], &r);
		if (!geo_sweep(&a, dx, dy, &r, 0, &t0, &t1) || t0 >= best)
			continue;
		if (nf < 0) /* the fords' parts of the move, once */
			for (nf = 0, m = 0; m < b->nt; m++) {
				if (b->t[m].kind != RS_TERRAIN_FORD)
					continue;
				eng_piece_shape(&b->t[m], &f);
				if (on_ford(g, i, x, y, dx, dy, &f, &c0[nf],
				        &c1[nf]))
					nf++;
			}
		/* The first t of [t0, t1] on no ford. */
		for (t = t0;;) {
			double to = -1;

			for (m = 0; m < nf; m++)
				if (c0[m] <= t && c1[m] >= t && c1[m] > to)
					to = c1[m];
			if (to < 0)
				break; /* in the river, on no ford */
			if (to >= t1) {
				t = 2; /* on a ford all the way */
				break;
			}
			if (to <= t)
				break; /* the ford ends there */
			t = to;
		}
		/* In the river off a ford where it stands already (placed
		 * so): it may leave. */
		if (t <= 0 && geo_dist(&a, &r) <= 0)
			continue;
		if (t < best)
			best = t;
	}
	return best;
}

/*
 * The first t in [0, 1] at which unit i's base, moved from (x, y) by
 * (dx, dy), would overlap another unit's base (touching does not); 2
 * when it never does. A base it overlaps already does not hold it.
 * Units whose centres are further from the path than both bases'
 * half extents are passed over unswept.
 */
static double
band_first(const struct eng_game *g, int i, double x, double y, double dx,
    double dy)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double best = 2, len2 = dx * dx + dy * dy;
	int j;

	for (j = 0; j < g->nu; j++) {
		const struct eng_kind *kj;
		double px, py, t, r;

		if (j == i || !g->u[j].alive)
			continue;
		kj = &g->ctx->kinds[g->u[j].type];
		px = g->u[j].x - x;
		py = g->u[j].y - y;
		t = len2 > 0 ? (px * dx + py * dy) / len2 : 0;
		t = t < 0 ? 0 : t > 1 ? 1 : t;
		px -= t * dx;
		py -= t * dy;
		r = k->hw + k->hd + kj->hw + kj->hd;
		if (px * px + py * py > r * r)
			continue;
		/* Overlap: the base shrunk by DP_GAP touches the other. */
		t = box_first(x, y, dx, dy, g->u[j].x, g->u[j].y,
		    k->hw - DP_GAP + kj->hw, k->hd - DP_GAP + kj->hd, 0);
		if (t < best &&
		    !(t <= 0 &&
		        fabs(x - g->u[j].x) <= k->hw - DP_GAP + kj->hw &&
		        fabs(y - g->u[j].y) <= k->hd - DP_GAP + kj->hd))
			best = t;
	}
	return best;
}

/* A t where a move of length len halts short of what it met at t. */
static double
short_of(double t, double len)
{
	t -= len > 0 ? 2 * DP_GAP / len : 0;
	return t > 0 ? t : 0;
}

/*
 * Whether unit i may be moved straight by (dx, dy), as a recoil, a fall
 * back or a pursuit is: it ends wholly on the table, and on its way its
 * base enters no river outside a ford and meets no other unit's base
 * (touching is not meeting). On a grid, the cell it ends in.
 */
static int blocked_at(const struct eng_game *, int, double, double);

static int
path_clear(const struct eng_game *g, int i, double dx, double dy)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double x = g->u[i].x + dx, y = g->u[i].y + dy;

	if (x - k->hw < -1e-9 || y - k->hd < -1e-9 ||
	    x + k->hw > g->board->w + 1e-9 || y + k->hd > g->board->h + 1e-9)
		return 0;
	if (g->board->grid != RS_GRID_NONE)
		return !blocked_at(g, i, x, y);
	return river_first(g, i, g->u[i].x, g->u[i].y, dx, dy) > 1 &&
	    band_first(g, i, g->u[i].x, g->u[i].y, dx, dy) > 1;
}

/*
 * One leg of a move on a grid, from (x, y) by go along the unit vector
 * (dx, dy): the cells the straight path passes through, in order (cells
 * centred at whole board units; a path through a corner goes straight
 * to the diagonal cell), found where it crosses their sides, with no
 * step size. The move halts in the first cell where the unit, standing
 * there, is in contact with an enemy of cand (*stop 1), or in the last
 * cell before one in a river off a ford (*stop 2). Returns the length
 * it goes: just into the halting cell, just short of the river's, or
 * the whole go.
 */
static double
grid_leg(const struct eng_game *g, int i, double x, double y, double dx,
    double dy, double go, const int *cand, int nc, int *stop)
{
	int cx = (int)floor(x + 0.5), cy = (int)floor(y + 0.5);
	int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0), guard = 0;
	double tx = sx ? (cx + 0.5 * sx - x) / dx : INFINITY;
	double ty = sy ? (cy + 0.5 * sy - y) / dy : INFINITY;
	double ux = sx ? 1 / fabs(dx) : INFINITY;
	double uy = sy ? 1 / fabs(dy) : INFINITY, t;

	*stop = 0;
	while (guard++ < 4 * ENG_MAX_CELLS) {
		t = eng_fmin(tx, ty);
		if (t > go)
			break;
		if (fabs(tx - ty) < 1e-12) {
			cx += sx;
			cy += sy;
			tx += ux;
			ty += uy;
		} else if (tx < ty) {
			cx += sx;
			tx += ux;
		} else {
			cy += sy;
			ty += uy;
		}
		if (in_river(g, cx, cy)) {
			*stop = 2;
			return eng_fmax(t - 1e-9, 0);
		}
		if (nc > 0 && contact_at(g, i, cx, cy, cand, nc)) {
			*stop = 1;
			return eng_fmin(t + 1e-9, go);
		}
	}
	return go;
}

/*
 * One leg of a move on a free table, from (x, y) by go along the unit
 * vector (dx, dy): the first of what it meets, exactly (box_first()
 * between bases, geo_sweep() against terrain), no step anywhere — an enemy's base within the contact distance (*stop
 * 1), another base or a river outside a ford (*stop 2: it halts short
 * of it, and its move ends). Returns the length it goes.
 */
static double
leg(const struct eng_game *g, int i, double x, double y, double dx, double dy,
    double go, int *stop)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double vx = dx * go, vy = dy * go, tc = 2, tb, t0;
	int cand[ENG_MAX_UNITS], nc, m;

	*stop = 0;
	nc = contact_candidates(g, i, x, y, dx, dy, go, cand);
	for (m = 0; m < nc; m++) {
		const struct eng_unit *v = &g->u[cand[m]];
		const struct eng_kind *kj = &g->ctx->kinds[v->type];

		t0 = box_first(x, y, vx, vy, v->x, v->y, k->hw + kj->hw,
		    k->hd + kj->hd, g->ctx->melee_range);
		tc = t0 < tc ? t0 : tc;
	}
	tb = band_first(g, i, x, y, vx, vy);
	t0 = river_first(g, i, x, y, vx, vy);
	tb = t0 < tb ? t0 : tb;
	if (tb <= 1 && tb <= tc) {
		*stop = 2;
		return short_of(tb, go) * go;
	}
	if (tc <= 1) {
		*stop = 1;
		return tc * go;
	}
	return go;
}

/*
 * Move unit i along the path, at most its Move; it halts where it first
 * comes within the contact distance of an enemy, and its move ends short
 * of another unit's base or a river outside a ford (on a free table,
 * exactly: leg(); on a grid, cell by cell: grid_leg()).
 * Returns 1 when the move was cut short by the allowance.
 */
static int
walk(struct eng_game *g, int i, const double (*path)[2], int npath)
{
	double left = g->ctx->kinds[g->u[i].type].move;
	double x = g->u[i].x, y = g->u[i].y;
	int k, cut = 0, cand[ENG_MAX_UNITS], nc, stop;

	g->u[i].flags |= ENG_UF_MOVED;
	ENG_COVER(g, DI_R_MOVE_ALLOWANCE);
	for (k = 0; k < npath && left > 1e-9; k++) {
		double dx = path[k][0] - x, dy = path[k][1] - y;
		double len = sqrt(dx * dx + dy * dy), go;

		if (len < 1e-9)
			continue;
		go = len;
		if (go > left) {
			go = left;
			cut = 1;
		}
		dx /= len;
		dy /= len;
		/* A unit faces the way it moves (where facing is read). */
		if (tabs(g)->facing)
			g->u[i].facing = atan2(dx, dy);
		if (g->board->grid == RS_GRID_NONE)
			go = leg(g, i, x, y, dx, dy, go, &stop);
		else {
			nc = contact_candidates(g, i, x, y, dx, dy, go, cand);
			go = grid_leg(g, i, x, y, dx, dy, go, cand, nc, &stop);
		}
		if (stop == 1) {
			ENG_COVER(g, DI_R_MOVE_CONTACT_STOP);
			g->u[i].c[2] = 1;
			place(g, i, x + dx * go, y + dy * go);
			return cut;
		}
		if (stop == 2)
			left = go; /* halted: the path ends */
		x += dx * go;
		y += dy * go;
		left -= go;
	}
	place(g, i, x, y);
	return cut;
}

/*
 * Whether unit i cannot end a recoil or fall back at (x, y) on a grid:
 * another unit in the cell, or a river that is not a ford (the
 * Clarifications: it cannot give ground, and is destroyed).
 */
static int
blocked_at(const struct eng_game *g, int i, double x, double y)
{
	int j;

	if (in_river(g, x, y))
		return 1;
	for (j = 0; j < g->nu; j++) {
		if (j == i || !g->u[j].alive)
			continue;
		if (eng_cell(g->board, x, y) ==
		    eng_cell(g->board, g->u[j].x, g->u[j].y))
			return 1;
	}
	return 0;
}

/*
 * Move unit i straight away from unit `from` by dist board units along
 * its path (path_clear()); blocked on the way — the table edge, another
 * unit's base, a river outside a ford — it is destroyed
 * (Clarifications: it cannot give ground).
 */
static void
give_ground(struct eng_game *g, int i, int from, double dist, int removed)
{
	double dx = 0, dy = 0, len = 0;

	if (!g->u[i].alive)
		return;
	if (from >= 0) {
		dx = g->u[i].x - g->u[from].x;
		dy = g->u[i].y - g->u[from].y;
		len = sqrt(dx * dx + dy * dy);
	}
	if (len < 1e-9) {
		/* No enemy to give ground from: towards its own edge. */
		dx = 0;
		dy = g->u[i].side == ENG_BLUE ? -1 : 1;
		len = 1;
	}
	dx = dx / len * dist;
	dy = dy / len * dist;
	if (!path_clear(g, i, dx, dy)) {
		ENG_COVER(g, removed);
		kill(g, i, from);
		return;
	}
	place(g, i, g->u[i].x + dx, g->u[i].y + dy);
}

/* ---- quality tests and outcomes ---- */

static int apply(struct eng_game *, int, int, enum dt_result, int);
static void pursue(struct eng_game *, int, double, double, int);

/* One test roll: the Combat table's, else a die of the ruleset's. */
static int
test_total(struct eng_game *g, int i)
{
	int was = eng_dice_by(&g->dice, ENG_BY_UNIT(i)), v;

	v = tabs(g)->test_roll_given ?
	    dx_roll(&tabs(g)->test_roll.dx, &g->dice) :
	    die(g);
	eng_dice_by(&g->dice, was);
	return v;
}

/*
 * Unit i's test roll, the quality test's and the activation test's: the
 * test roll against its Quality with its test keywords (a modifier, a
 * re-roll of a failed test: the whole test roll, once). Returns whether
 * it passed; *short_by: the total needed less the last total rolled.
 */
static int
test_roll(struct eng_game *g, int i, int *short_by)
{
	int q = dunit(g, i)->quality, pass, total = 0;
	struct dt_roll r;

	dt_roll_make(tabs(g), DT_STEP_TEST, q, 0, &dunit(g, i)->kw,
	    tabs(g)->conds[0] ? when_of(g, i, i, -1) & tabs(g)->conds[0] : 0,
	    dunit(g, i)->wounds - wounds_left(g, i), marks(g, i), &r);
	/* "-" (0) or none written: the unit never fails. */
	pass = q <= 0 || (total = test_total(g, i)) >= r.need;
	if (q > 0 && !pass && r.reroll) {
		ENG_COVER(g, DI_R_KEYWORD_REROLL);
		pass = (total = test_total(g, i)) >= r.need;
	}
	if (r.keyed && q > 0) {
		ENG_COVER(g, DI_R_KEYWORD);
		if (r.modded)
			ENG_COVER(g, DI_R_KEYWORD_MODIFIER);
		if (r.marked)
			ENG_COVER(g, DI_R_MARKER_MODIFIER);
	}
	/* Self-play's tests against their exact chance: those no keyword
	 * changes. */
	if (q > 0 && q <= DI_TALLY_NEED_MAX && !r.keyed)
		g->tally[DI_TALLY_TEST(q, pass)]++;
	else if (q > 0 && r.tslot >= 0)
		g->tally[DI_TALLY_KEYED(r.tslot, pass)]++;
	*short_by = r.need - total;
	return pass;
}

static void
quality_test(struct eng_game *g, int i)
{
	int pass, by, res;

	if (!g->u[i].alive)
		return;
	ENG_COVER(g, DI_R_QUALITY_TEST);
	pass = test_roll(g, i, &by);
	ENG_COVER(g, pass ? DI_R_QUALITY_PASSED : DI_R_QUALITY_FAILED);
	/* A failure by the Quality test table's margin or more takes its
	 * "failed by N or more" row. */
	res = pass ? DT_RES_PASSED : DT_RES_FAILED;
	if (!pass && tabs(g)->fail_by > 0 && by >= tabs(g)->fail_by) {
		ENG_COVER(g, DI_R_QUALITY_FAILED_BY);
		res = DT_RES_FAILED_BY;
	}
	(void)apply(g, i, nearest_enemy(g, i), (enum dt_result)res, -1);
	test_marks(g, i, pass);
}

/*
 * Unit i activates (FORMAT.md, Play: activations): it takes its
 * activation test when the Combat table asks for one — the test roll
 * against its Quality, not the Quality test table's rows. Returns 1
 * when it acts, 0 when it failed and does nothing this game turn; under
 * failed activation: turn ends, its side's units not yet activated lose
 * their activations too.
 */
static int
activate(struct eng_game *g, int i)
{
	int by, k;

	g->u[i].flags |= DP_UF_ACTED;
	if (!tabs(g)->activation_test)
		return 1;
	ENG_COVER(g, DI_R_ACTIVATION_TEST);
	k = test_roll(g, i, &by);
	test_marks(g, i, k);
	if (k)
		return 1;
	ENG_COVER(g, DI_R_ACTIVATION_FAILED);
	g->u[i].flags |= DP_UF_FAILED;
	if (tabs(g)->failed != DT_FAILED_TURN_ENDS)
		return 0;
	ENG_COVER(g, DI_R_ACTIVATION_TURN_ENDS);
	for (k = 0; k < g->nu; k++)
		if (g->u[k].alive && g->u[k].side == g->u[i].side &&
		    !(g->u[k].flags & DP_UF_ACTED))
			g->u[k].flags |= DP_UF_ACTED | DP_UF_LOST;
	return 0;
}

/* The row's "fight again" limit, 0 none. */
static int
again_of(const struct dt_outcome *o)
{
	int n;

	for (n = 0; n < o->nfx; n++)
		if (o->fx[n].kind == DT_FX_FIGHT_AGAIN)
			return (int)o->fx[n].amount;
	return 0;
}

/*
 * The effects of the outcome row r on unit i, whose enemy is `foe`.
 * times: the times this melee has been fought again so far, or -1
 * outside a melee. A row that says "fight again at most N times" fights
 * again while fewer than N have been fought, and only then do its other
 * effects apply ("fight again at most 1 time, both recoil": a second
 * stand-off in a row parts them). Returns 1 when the melee is fought
 * again.
 */
static int
apply(struct eng_game *g, int i, int foe, enum dt_result r, int times)
{
	const struct dt_outcome *o = &tabs(g)->out[r];
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double len, x0 = g->u[i].x, y0 = g->u[i].y;
	int n, pursued = 0,
	       /* A Quality test row's removal is its own rule. */
	    removed = r >= DT_RES_PASSED ? DI_R_QUALITY_ROUT :
	                                   DI_R_MELEE_DESTROYED;

	if (times >= 0 && times < again_of(o)) {
		ENG_COVER(g, DI_R_MELEE_AGAIN);
		return 1;
	}
	for (n = 0; n < o->nfx && g->u[i].alive; n++) {
		const struct dt_effect *e = &o->fx[n];

		switch (e->kind) {
		case DT_FX_NOTHING:
			break;
		case DT_FX_RECOIL:
			ENG_COVER(g, DI_R_MELEE_RECOIL);
			give_ground(g, i, foe, e->amount * 2 * k->hd, removed);
			break;
		case DT_FX_BOTH_RECOIL:
			ENG_COVER(g, DI_R_MELEE_RECOIL);
			give_ground(g, i, foe, 2 * k->hd, removed);
			if (foe >= 0 && g->u[foe].alive)
				give_ground(g, foe, i,
				    2 * g->ctx->kinds[g->u[foe].type].hd,
				    removed);
			break;
		case DT_FX_FALL_BACK:
			ENG_COVER(g,
			    r >= DT_RES_PASSED ? DI_R_QUALITY_FALL_BACK :
			                         DI_R_MELEE_FALL_BACK);
			len = g->board->grid == RS_GRID_NONE ?
			    e->amount :
			    e->amount / g->board->cell_mm;
			give_ground(g, i, foe, len, removed);
			break;
		case DT_FX_DESTROYED:
		case DT_FX_ROUT:
			ENG_COVER(g, removed);
			kill(g, i, foe);
			break;
		case DT_FX_FIGHT_AGAIN:
			break; /* spent: the other effects apply */
		case DT_FX_TEST:
			quality_test(g, i);
			break;
		case DT_FX_PURSUED:
			pursued = 1; /* once the row's moves are made */
			break;
		}
	}
	if (pursued)
		pursue(g, foe, g->u[i].x - x0, g->u[i].y - y0, i);
	return 0;
}

/* Winner w follows the unit it beat (i), which gave ground by (dx, dy):
 * the same way and as far, staying in contact, unless the table's edge,
 * a river or another unit is in the way (then it holds). */
static void
pursue(struct eng_game *g, int w, double dx, double dy, int i)
{
	if (w < 0 || !g->u[w].alive || !g->u[i].alive ||
	    (fabs(dx) < 1e-9 && fabs(dy) < 1e-9))
		return;
	if (!path_clear(g, w, dx, dy))
		return;
	ENG_COVER(g, DI_R_MELEE_PURSUED);
	place(g, w, g->u[w].x + dx, g->u[w].y + dy);
}

/* ---- shooting ---- */

/* The Wound table's roll for Strength s against Toughness t: the face
 * needed, 0 cannot wound. */
static int
wound_need(const struct dt_tables *t, int s, int tough)
{
	int a, b;

	for (a = 0; a < t->nstr && t->str[a] != s; a++)
		;
	for (b = 0; b < t->ntough && t->tough[b] != tough; b++)
		;
	if (a == t->nstr || b == t->ntough)
		return 0;
	return t->need[a][b] > 0 ? t->need[a][b] : 0;
}

/*
 * One roll of a step with its keywords: its DT_ROLL_* result, the rules
 * of the keywords counted. A roll without keywords is one die against
 * the face needed (dice_keywords.c reads the same rule for the odds).
 */
static int
step_roll(struct eng_game *g, const struct dt_roll *r, int who)
{
	int res, again;

	eng_dice_by(&g->dice, ENG_BY_UNIT(who));
	if (!r->keyed) {
		res = die(g) >= r->need ? DT_ROLL_PLAIN : DT_ROLL_FAIL;
		eng_dice_by(&g->dice, 0);
		return res;
	}
	res = dt_roll_play(r, &g->dice, g->ctx->rs->die, &again);
	eng_dice_by(&g->dice, 0);
	ENG_COVER(g, DI_R_KEYWORD);
	if (r->modded)
		ENG_COVER(g, DI_R_KEYWORD_MODIFIER);
	if (again)
		ENG_COVER(g, DI_R_KEYWORD_REROLL);
	if (DT_ROLL_BASE(res) == DT_ROLL_WOUNDS)
		ENG_COVER(g, DI_R_KEYWORD_WOUNDS);
	if (DT_ROLL_BASE(res) == DT_ROLL_NO_SAVE)
		ENG_COVER(g, DI_R_KEYWORD_NO_SAVE);
	if (r->marked)
		ENG_COVER(g, DI_R_MARKER_MODIFIER);
	if (DT_ROLL_HAS_EXTRA(res))
		ENG_COVER(g, DI_R_KEYWORD_EXTRA_HITS);
	/* Self-play's keyed rolls against their exact chance, by what
	 * they are (dt_tsig_build). */
	if (r->tslot >= 0)
		g->tally[DI_TALLY_KEYED(r->tslot, res != DT_ROLL_FAIL)]++;
	return res;
}

/* The rolls of one attack of a volley: weapon wp's at a unit, to hit,
 * to wound and the save. */
struct attack {
	const struct dt_weapon *wp;
	struct dt_roll hr, wr, sr;
};

/*
 * One hit of unit i on unit j that goes on, res its to hit result (an
 * extra hit is a plain one): the wound roll (none for a hit that wounds
 * or cannot be saved), the save (none for a wound that cannot be saved),
 * the Damage; or mortal wounds on the wound roll, which take their
 * Wounds, one each, and nothing more.
 */
static void
hit_on(struct eng_game *g, int i, int j, const struct attack *a, int res)
{
	const struct dt_tables *t = tabs(g);
	const struct dt_unit *du = dunit(g, j);
	int d;

	if (t->wound_given && a->wp->strength >= 0 && du->toughness >= 0) {
		/* A hit that wounds without a roll, or cannot be saved,
		 * skips the wound roll. */
		if (res == DT_ROLL_PLAIN) {
			ENG_COVER(g, DI_R_SHOOT_WOUND);
			if ((res = step_roll(g, &a->wr, i)) == DT_ROLL_FAIL)
				return;
			if (res == DT_ROLL_MORTAL) {
				ENG_COVER(g, DI_R_KEYWORD_MORTAL);
				take(g, j, a->wr.mortal_n, i,
				    DI_R_SHOOT_REMOVED);
				return;
			}
		}
	}
	if (du->save > 0 && res != DT_ROLL_NO_SAVE) {
		if (a->wp->ap > 0)
			ENG_COVER(g, DI_R_SHOOT_AP);
		ENG_COVER(g, DI_R_SHOOT_SAVE);
		/* A save worse than the die's faces is no save. */
		if (dt_roll_rolls(&a->sr, g->ctx->rs->die) &&
		    step_roll(g, &a->sr, j) != DT_ROLL_FAIL)
			return;
	}
	ENG_COVER(g, DI_R_SHOOT_DAMAGE);
	eng_dice_by(&g->dice, ENG_BY_UNIT(i));
	d = a->wp->damage.text != NULL ? dx_roll(&a->wp->damage.dx, &g->dice) :
	                                 1;
	eng_dice_by(&g->dice, 0);
	take_wound(g, j, d, i);
}

/* Weapon w of unit i strikes unit j by the pipeline, each To hit roll
 * changed by mod. */
static void
pipeline(struct eng_game *g, int i, int w, int j, int mod, int models)
{
	const struct dt_tables *t = tabs(g);
	const struct dt_weapon *wp = &t->weapons[w];
	const struct dt_unit *du = dunit(g, j);
	struct attack a;
	unsigned hw, sw;
	int n, k, need, wn, res, h, nh;

	ENG_COVER(g, DI_R_SHOOT_ATTACKS);
	/* The face a To hit roll needs, the modifiers taken off it. */
	need = wp->to_hit - mod < 1 ? 1 : wp->to_hit - mod;
	if (wp->to_hit > 0 && mod != 0)
		ENG_COVER(g, DI_R_SHOOT_MODIFIER);
	volley_when(g, i, w, j, &hw, &sw);
	memset(&a, 0, sizeof(a));
	a.wp = wp;
	dt_roll_make(t, DT_STEP_HIT, wp->to_hit, mod, &wp->kw, hw,
	    dunit(g, i)->wounds - wounds_left(g, i), marks(g, i), &a.hr);
	if (!a.hr.keyed)
		a.hr.need = need;
	wn = 0;
	if (t->wound_given && wp->strength >= 0 && du->toughness >= 0 &&
	    (wn = wound_need(t, wp->strength, du->toughness)) > 0)
		dt_roll_make(t, DT_STEP_WOUND, wn, 0, &wp->kw, hw,
		    dunit(g, i)->wounds - wounds_left(g, i), marks(g, i),
		    &a.wr);
	if (du->save > 0)
		dt_roll_make(t, DT_STEP_SAVE, du->save + wp->ap, 0, &du->kw,
		    sw, du->wounds - wounds_left(g, j), marks(g, j), &a.sr);
	n = attacks_of(g, i, wp, models);
	for (k = 0; k < n && g->u[j].alive; k++) {
		res = DT_ROLL_PLAIN;
		if (wp->to_hit > 0) {
			res = step_roll(g, &a.hr, i);
			/* Self-play's hits against their exact chance: the
			 * rolls no keyword changes. */
			if (!a.hr.keyed && need <= DI_TALLY_NEED_MAX)
				g->tally[DI_TALLY_HIT(need, res != 0)]++;
			if (res == DT_ROLL_FAIL) {
				ENG_COVER(g, DI_R_SHOOT_MISS);
				continue;
			}
		}
		ENG_COVER(g, DI_R_SHOOT_HIT);
		if (t->wound_given && wp->strength >= 0 &&
		    du->toughness >= 0 && wn == 0) {
			ENG_COVER(g, DI_R_SHOOT_NO_WOUND);
			continue;
		}
		/* Mortal wounds on the to hit roll: their Wounds, one
		 * each, and the attack goes no further. */
		if (res == DT_ROLL_MORTAL) {
			ENG_COVER(g, DI_R_KEYWORD_MORTAL);
			take(g, j, a.hr.mortal_n, i, DI_R_SHOOT_REMOVED);
			continue;
		}
		/* The hit, then its extra hits, each a plain hit that rolls
		 * to wound, one after another. */
		nh = DT_ROLL_HAS_EXTRA(res) ? 1 + a.hr.extra_n : 1;
		for (h = 0; h < nh && g->u[j].alive; h++)
			hit_on(g, i, j, &a,
			    h == 0 ? DT_ROLL_BASE(res) : DT_ROLL_PLAIN);
	}
}

/*
 * Accumulated shooting: the Attacks rolled, plus the Fire modifiers, are
 * the hits; a unit of a class that takes half hits takes half of them,
 * rounded down (FORMAT.md).
 */
static void
accumulate(struct eng_game *g, int i, int w, int j, int mod)
{
	const struct dt_tables *t = tabs(g);
	const struct dt_weapon *wp = &t->weapons[w];
	int n;

	ENG_COVER(g, DI_R_SHOOT_ACCUMULATED);
	n = attacks_of(g, i, wp, -1) + mod;
	if (mod != 0)
		ENG_COVER(g, DI_R_SHOOT_MODIFIER);
	if (t->half_hits >> rs_class_slot(&g->ctx->rs->units[g->u[j].type]) &
	    1) {
		ENG_COVER(g, DI_R_SHOOT_HALF);
		n = n > 0 ? n / 2 : n;
	}
	take(g, j, n, i, DI_R_SHOOT_REMOVED);
}

static void
shoot(struct eng_game *g, int i, int w, int j)
{
	int mod = fire_mod(g, i, w, j), taken;
	unsigned hw, sw;

	g->u[i].flags |= ENG_UF_FIRED;
	volley_when(g, i, w, j, &hw, &sw);
	if ((hw | sw) & (DT_WHEN_FLANK | DT_WHEN_REAR))
		ENG_COVER(g, DI_R_FACING);
	/* A test game's odds: the volley's modifier and the conditions of
	 * the keywords that acted (none but those a keyword names). */
	record(g, 1, i, j, w, DT_SITUATION(mod, hw, sw));
	taken = g->u[j].c[DP_C_TAKEN];
	if (tabs(g)->shooting == DT_SHOOT_ACCUMULATED)
		accumulate(g, i, w, j, mod);
	else
		pipeline(g, i, w, j, mod, -1);
	/* Markers: once the volley is over, its rolls made; one of a
	 * marker that both events name. */
	mark(g, j,
	    DT_MK_SHOT_AT |
	        (g->u[j].c[DP_C_TAKEN] > taken ? DT_MK_WOUNDED : 0u));
}

/* Whether weapon w is a close weapon: it reaches no further than the
 * contact distance. */
static inline int
is_close(const struct eng_game *g, int w)
{
	return g->ctx->wrange[w] <= g->ctx->melee_range + 1e-9;
}

/* Unit i's first close weapon, or -1. */
static int
close_weapon(const struct eng_game *g, int i)
{
	const struct rs_unit *ut = &g->ctx->rs->units[g->u[i].type];
	size_t k;

	for (k = 0; k < ut->nweapons; k++)
		if (is_close(g, ut->weapons[k]))
			return ut->weapons[k];
	return -1;
}

/* Whether weapon w of unit i may shoot unit j: 0, or the rule that
 * forbids it. Range first: it is the cheaper test. A close weapon that
 * strikes in contact (close_shoots()) reaches an enemy in contact, as
 * in a melee, seen or not. */
static int
fire_check(const struct eng_game *g, int i, int w, int j)
{
	double r = g->ctx->wrange[w];

	if (close_shoots(g) && is_close(g, w) && in_contact(g, i, j))
		return 0;

	if (dist2(g, &g->u[i], &g->u[j]) > r * r + 1e-6)
		return DI_R_SHOOT_RANGE;
	if (!eng_sight(g, &g->u[i], &g->u[j], 1, DP_SIGHT_BLOCK))
		return DI_R_SHOOT_SIGHT;
	return 0;
}

static inline double
expect(const struct eng_game *g, int i, int w, int j)
{
	const struct dt_tables *t = tabs(g);
	double e = t->ev[w * t->nunits + g->u[j].type] *
	    dt_models_left(t, g->u[i].type, wounds_left(g, i));
	int left = wounds_left(g, j);

	/* Wounds beyond what the target has left are wasted. */
	return e < left ? e : left;
}

/* A shot the player may take: its worth (Wounds expected, or a random
 * key), target and weapon. */
struct shot {
	double e;
	int j, w;
};

/*
 * The best shot of unit i: the weapon and target with the most Wounds
 * expected (greedy), or any legal one (random: a random candidate in
 * range that it can see); close: a unit in contact, only its close
 * weapons, at an enemy in contact (seen or not). The shots in range are sorted best first so
 * that the line of sight, the dear test, is traced only until one is
 * clear. Returns the target, or -1.
 */
static int
pick_shot(struct eng_game *g, int i, int rnd, int close, int *wout)
{
	const struct rs_unit *ut = &g->ctx->rs->units[g->u[i].type];
	struct shot c[ENG_MAX_UNITS * RS_MAX_WEAPONS_PER_UNIT], t;
	double d2, r;
	int j, k, m, n = 0, nw = (int)ut->nweapons;

	for (j = 0; j < g->nu; j++) {
		if (!g->u[j].alive || g->u[j].side == g->u[i].side)
			continue;
		d2 = dist2(g, &g->u[i], &g->u[j]);
		for (k = 0; k < nw; k++) {
			int w = ut->weapons[k];
			double e;

			r = close ? g->ctx->melee_range : g->ctx->wrange[w];
			if (close && !is_close(g, w))
				continue;
			/* Out of range: Shooting's limit passes it over, as
			 * it would refuse it in a test game. */
			if (d2 > r * r + 1e-6) {
				if (!close)
					ENG_COVER(g, DI_R_SHOOT_RANGE);
				continue;
			}
			if ((e = expect(g, i, w, j)) <= 0)
				continue;
			t.e = rnd ? (double)eng_rng_below(&g->ai, 1000) : e;
			t.j = j;
			t.w = w;
			/* Insertion: best first; ties keep the table order. */
			for (m = n++; m > 0 && c[m - 1].e < t.e; m--)
				c[m] = c[m - 1];
			c[m] = t;
		}
	}
	for (m = 0; m < n; m++) {
		if (close ||
		    eng_sight(g, &g->u[i], &g->u[c[m].j], 1, DP_SIGHT_BLOCK)) {
			/* The shot passed both limits, as a test game's
			 * shot counts them (step_fire). */
			if (!close) {
				ENG_COVER(g, DI_R_SHOOT_RANGE);
				ENG_COVER(g, DI_R_SHOOT_SIGHT);
			}
			*wout = c[m].w;
			return c[m].j;
		}
		ENG_COVER(g, DI_R_SHOOT_SIGHT);
	}
	return -1;
}

/* ---- melee ---- */

/* Unit i's Combat against unit j; counts a factor that depends on the
 * enemy's class. */
static int
factor(struct eng_game *g, int i, int j)
{
	const struct dt_unit *du = dunit(g, i);
	int cls = rs_class_slot(&g->ctx->rs->units[g->u[j].type]), k, f;

	f = du->combat[cls];
	for (k = 0; k < RS_CLASS_SLOTS; k++)
		if (du->combat[k] != f) {
			ENG_COVER(g, DI_R_MELEE_FACTOR_CLASS);
			break;
		}
	return f > 0 ? f : 0;
}

/* Weapons of unit i that reach the contact distance strike unit j,
 * each To hit roll changed by the Melee modifiers mod, with the models i
 * has left (models -1) or so many (a strike at once). */
static void
strike(struct eng_game *g, int i, int j, int mod, int models)
{
	const struct rs_unit *ut = &g->ctx->rs->units[g->u[i].type];
	int taken = g->u[j].c[DP_C_TAKEN];
	size_t k;

	for (k = 0; k < ut->nweapons && g->u[j].alive; k++)
		if (g->ctx->wrange[ut->weapons[k]] <=
		    g->ctx->melee_range + 1e-9)
			pipeline(g, i, ut->weapons[k], j, mod, models);
	/* Markers: once the strike is over (the other strikes back with
	 * them). */
	if (g->u[j].c[DP_C_TAKEN] > taken)
		mark(g, j, DT_MK_WOUNDED);
}

/* Who strikes first in a melee by the pipeline of a (attacking) and b
 * (enum dt_strikes): 0 a, then b back; 1 b, then a back; 2 both at
 * once; 3 a alone. */
static int
strike_order(struct eng_game *g, int a, int b)
{
	const struct dt_tables *t = tabs(g);
	int ia = dunit(g, a)->initiative, ib = dunit(g, b)->initiative;

	switch (t->strikes) {
	case DT_STRIKES_AT_ONCE:
		ENG_COVER(g, DI_R_MELEE_AT_ONCE);
		return 2;
	case DT_STRIKES_ONLY:
		ENG_COVER(g, DI_R_MELEE_ATTACKER_ONLY);
		return 3;
	case DT_STRIKES_INITIATIVE:
		ENG_COVER(g, DI_R_MELEE_INITIATIVE);
		if (ia == ib)
			ENG_COVER(g, DI_R_MELEE_AT_ONCE);
		return ia > ib ? 0 : ia < ib ? 1 : 2;
	case DT_STRIKES_FIRST:
	default:
		return 0;
	}
}

/* Unit a (whose side's turn it is) fights unit b. */
static void
fight(struct eng_game *g, int a, int b)
{
	const struct dt_tables *t = tabs(g);
	int times = 0, ra, rb, ca, cb, lo, hi, again, beaten;
	int ma = melee_mod(g, a, b, 1), mb = melee_mod(g, b, a, 0);
	enum dt_result r;

	ENG_COVER(g, DI_R_MELEE_CONTACT);
	if (ma != 0 || mb != 0)
		ENG_COVER(g, DI_R_MELEE_MODIFIER);
	if (t->facing && (t->mmod[DT_MM_FLANK] || t->mmod[DT_MM_REAR]) &&
	    (sector(g, b, a) || sector(g, a, b)))
		ENG_COVER(g, DI_R_FACING);
	g->u[a].flags |= ENG_UF_MELEE_START;
	g->u[b].flags |= ENG_UF_MELEE_END;
	if (g->contest.kind == 0) {
		/* The first contest of a game: each side's factor and
		 * modifiers (the modifiers alone but in an opposed melee),
		 * for odds:. */
		g->contest.a_power = ma;
		g->contest.b_power = mb;
		if (t->melee == DT_MELEE_OPPOSED) {
			g->contest.a_power += factor(g, a, b);
			g->contest.b_power += factor(g, b, a);
		}
	}
	record(g, 2, a, b, -1, 0);
	if (t->melee == DT_MELEE_ACCUMULATED) {
		ENG_COVER(g, DI_R_MELEE_ACCUMULATED);
		eng_dice_by(&g->dice, ENG_BY_UNIT(a));
		ra = dx_roll(&t->melee_roll.dx, &g->dice) + ma;
		eng_dice_by(&g->dice, ENG_BY_UNIT(b));
		rb = dx_roll(&t->melee_roll.dx, &g->dice) + mb;
		eng_dice_by(&g->dice, 0);
		take(g, b, ra, a, DI_R_MELEE_DESTROYED);
		take(g, a, rb, b, DI_R_MELEE_DESTROYED);
		if (ra > 0)
			mark(g, b, DT_MK_WOUNDED);
		if (rb > 0)
			mark(g, a, DT_MK_WOUNDED);
		return;
	}
	if (t->melee == DT_MELEE_PIPELINE) {
		int ord = strike_order(g, a, b), first = ord == 1 ? b : a,
		    other = ord == 1 ? a : b, mo;

		ENG_COVER(g, DI_R_MELEE_PIPELINE);
		/* At once: the other strikes with the models it had when
		 * the round began, even if the first strike removed it. */
		mo = dt_models_left(t, g->u[other].type,
		    wounds_left(g, other));
		strike(g, first, other, first == a ? ma : mb, -1);
		if (ord == 2)
			strike(g, other, first, other == a ? ma : mb, mo);
		else if (ord != 3 && g->u[first].alive && g->u[other].alive)
			strike(g, other, first, other == a ? ma : mb, -1);
		return;
	}
	ca = factor(g, a, b) + ma;
	cb = factor(g, b, a) + mb;
	beaten = -1;
	for (again = 1; again; times++) {
		ENG_COVER(g, DI_R_MELEE_OPPOSED);
		eng_dice_by(&g->dice, ENG_BY_UNIT(a));
		ra = dx_roll(&t->melee_roll.dx, &g->dice) + ca;
		eng_dice_by(&g->dice, ENG_BY_UNIT(b));
		rb = dx_roll(&t->melee_roll.dx, &g->dice) + cb;
		eng_dice_by(&g->dice, 0);
		if (ca - cb >= -DI_TALLY_DIFF_MAX &&
		    ca - cb <= DI_TALLY_DIFF_MAX)
			g->tally[DI_TALLY_MELEE(ca - cb,
			    ra > rb      ? 0 :
			        ra == rb ? 1 :
			                   2)]++;
		if (ra == rb) {
			ENG_COVER(g, DI_R_MELEE_EQUAL);
			again = apply(g, a, b, DT_RES_EQUAL, times);
		} else {
			int loser = ra < rb ? a : b, winner = ra < rb ? b : a;

			lo = ra < rb ? ra : rb;
			hi = ra < rb ? rb : ra;
			if (hi >= 2 * lo && t->out[DT_RES_DOUBLE].given) {
				ENG_COVER(g, DI_R_MELEE_DOUBLE);
				r = DT_RES_DOUBLE;
			} else {
				ENG_COVER(g, DI_R_MELEE_BEATEN);
				r = DT_RES_BEATEN;
			}
			again = apply(g, loser, winner, r, times);
			if (!again)
				beaten = loser;
			if (!again && (t->quality & DT_Q_BEATEN) &&
			    g->u[loser].alive)
				quality_test(g, loser);
		}
	}
	/* Markers: once the melee is over, its row's effects applied. */
	if (beaten >= 0)
		mark(g, beaten, DT_MK_BEATEN);
}

/* ---- turns ---- */

/* Every unit of the side still in contact fights one melee (where
 * units fight once a turn, one that has not fought, an enemy that has
 * not: melee_foe()); where units activate, only one that activated and
 * did not fail. */
static void
melee_phase(struct eng_game *g, int side)
{
	int i, j, act = activates(g);

	for (i = 0; i < g->nu && !g->over; i++)
		if (g->u[i].alive && g->u[i].side == side &&
		    !(g->u[i].flags & ENG_UF_MELEE_START) &&
		    !(one_melee(g) && fought(g, i)) &&
		    (!act ||
		        (g->u[i].flags & DP_UF_ACTIVATION) == DP_UF_ACTED) &&
		    (j = melee_foe(g, i)) >= 0)
			fight(g, i, j);
}

static void
quality_phase(struct eng_game *g)
{
	int i;

	for (i = 0; i < g->nu && !g->over; i++)
		if (g->u[i].flags & DP_UF_OWES_TEST) {
			g->u[i].flags &= (uint16_t)~DP_UF_OWES_TEST;
			if (g->u[i].alive) {
				/* Owed for falling below half, or (that
				 * too may be asked) for a model lost. */
				if ((tabs(g)->quality & DT_Q_BELOW_HALF) &&
				    2 * wounds_left(g, i) <
				        dunit(g, i)->wounds)
					ENG_COVER(g, DI_R_QUALITY_BELOW_HALF);
				quality_test(g, i);
			}
		}
}

/* The side's turn is over: melees owed, quality tests, the other
 * side's turn (phased: the next game turn). */
static void
end_turn(struct eng_game *g, int sides)
{
	int i;

	melee_phase(g, g->side);
	if (sides == 2 && !g->over)
		melee_phase(g, !g->side);
	if (!g->over)
		quality_phase(g);
	if (g->over)
		return;
	/* Markers that go at the end of the turn: of the side whose turn
	 * it was; of both at the end of a game turn of both sides. */
	for (i = 0; i < g->nu; i++)
		if (g->u[i].alive && (sides == 2 || g->u[i].side == g->side))
			unmark(g, i, DT_MK_ONE_END, DT_MK_ALL_END);
	state(g)->phase = DP_PHASE_MOVE;
	g->sturns += sides;
	g->gturn = g->sturns / 2 + 1;
	/* Phased turns: the side that acts first in each phase changes
	 * every game turn, so that neither always has the first shot. */
	g->side = !g->side;
	if (sides == 1)
		ENG_COVER(g, DI_R_ALTERNATE);
	for (i = 0; i < g->nu; i++)
		if (sides == 2 || g->u[i].side == g->side)
			g->u[i].flags &= (uint16_t) ~(
			    ENG_UF_TURN | DP_UF_ACTIVATION);
	if (eng_check_end(g) && g->timeout)
		ENG_COVER(g, DI_R_END_TURN_LIMIT);
}

/* ---- the built-in players ---- */

/*
 * The enemy the greedy player's unit i closes on: under melee: opposed,
 * the one it charges on the best exact melee edge (medge), the nearer of
 * two as good; none (it holds where it is) when it would lose to every
 * enemy, unless its side has fewer units left and must attack. Under
 * another melee, the nearest enemy.
 */
static int
greedy_goal(const struct eng_game *g, int i)
{
	const struct dt_tables *t = tabs(g);
	double best = -1e9, e, d2, bd2 = 1e300;
	int j, goal = -1, mine = 0, theirs = 0;

	if (t->medge == NULL)
		return nearest_enemy(g, i);
	for (j = 0; j < g->nu; j++) {
		if (!g->u[j].alive)
			continue;
		if (g->u[j].side == g->u[i].side) {
			mine++;
			continue;
		}
		theirs++;
		e = t->medge[g->u[i].type * t->nunits + g->u[j].type];
		d2 = dist2(g, &g->u[i], &g->u[j]);
		if (e > best + 1e-9 || (e > best - 1e-9 && d2 < bd2)) {
			best = e;
			bd2 = d2;
			goal = j;
		}
	}
	/* A charge that loses more often than it wins waits for a better
	 * one, unless the side is behind and must attack. */
	if (best < 0 && mine >= theirs)
		return -1;
	return goal;
}

static void
move_unit(struct eng_game *g, int i, int rnd)
{
	double path[1][2], m = g->ctx->kinds[g->u[i].type].move, a, d;
	int w, j, goal;

	/* c[2]: in contact after the move (only this unit's own move can
	 * bring it into contact in its side's move phase). */
	g->u[i].c[0] = 0;
	g->u[i].c[2] = 1;
	if (contact_enemy(g, i) >= 0)
		return;
	g->u[i].c[2] = 0;
	if (rnd) {
		if (eng_rng_below(&g->ai, 4) == 0)
			return;
		a = eng_rng_below(&g->ai, 3600) * M_PI / 1800;
		d = m * eng_rng_below(&g->ai, 1001) / 1000.0;
		path[0][0] = g->u[i].x + d * sin(a);
		path[0][1] = g->u[i].y + d * cos(a);
		/* Stay on the table. */
		if (path[0][0] < 0)
			path[0][0] = 0;
		if (path[0][1] < 0)
			path[0][1] = 0;
		if (path[0][0] > g->board->w)
			path[0][0] = g->board->w;
		if (path[0][1] > g->board->h)
			path[0][1] = g->board->h;
	} else {
		/* A unit with a shot worth taking holds; else it closes on
		 * the nearest enemy, to shoot or fight. */
		if ((j = pick_shot(g, i, 0, 0, &w)) >= 0) {
			/* Kept for the shooting phase (c[0]: target + 1,
			 * c[1]: weapon): until then only friends move, so
			 * only the line of sight can change. */
			g->u[i].c[0] = (int16_t)(j + 1);
			g->u[i].c[1] = (int16_t)w;
			return;
		}
		if ((goal = greedy_goal(g, i)) < 0)
			return;
		path[0][0] = g->u[goal].x;
		path[0][1] = g->u[goal].y;
	}
	walk(g, i, (const double(*)[2])path, 1);
}

static void
shoot_unit(struct eng_game *g, int i, int rnd)
{
	int j, w = -1;

	/* Shooting makes no new contact: one not in contact after its
	 * move is not in contact now. In contact, a close weapon only,
	 * where it strikes so. */
	if (g->u[i].flags & ENG_UF_FIRED)
		return;
	if (g->u[i].c[2] && contact_enemy(g, i) >= 0) {
		if (close_shoots(g) &&
		    (j = pick_shot(g, i, rnd, 1, &w)) >= 0) {
			ENG_COVER(g, DI_R_SHOOT_CLOSE);
			shoot(g, i, w, j);
		}
		return;
	}
	if (g->u[i].c[0] > 0) {
		j = g->u[i].c[0] - 1;
		w = g->u[i].c[1];
		g->u[i].c[0] = 0;
		if (g->u[j].alive &&
		    eng_sight(g, &g->u[i], &g->u[j], 1, DP_SIGHT_BLOCK)) {
			shoot(g, i, w, j);
			return;
		}
	}
	if ((j = pick_shot(g, i, rnd, 0, &w)) >= 0)
		shoot(g, i, w, j);
}

static void
side_phase(struct eng_game *g, int side, int shooting)
{
	int i, n, order[ENG_MAX_UNITS],
	    rnd = g->player[side] == ENG_PLAYER_RANDOM;

	for (n = 0, i = 0; i < g->nu; i++)
		if (g->u[i].alive && g->u[i].side == side)
			order[n++] = i;
	if (rnd)
		for (i = n - 1; i > 0; i--) {
			int j = (int)eng_rng_below(&g->ai, (uint32_t)i + 1),
			    t = order[i];

			order[i] = order[j];
			order[j] = t;
		}
	for (i = 0; i < n && !g->over; i++) {
		if (!g->u[order[i]].alive ||
		    (g->u[order[i]].flags & DP_UF_IDLE))
			continue;
		if (shooting)
			shoot_unit(g, order[i], rnd);
		/* An activation test is taken when the unit would move. */
		else if (!tabs(g)->activation_test || activate(g, order[i]))
			move_unit(g, order[i], rnd);
	}
}

/* The units of side not yet activated this game turn, into v (may be
 * NULL); returns how many. */
static int
ready(const struct eng_game *g, int side, int *v)
{
	int i, n = 0;

	for (i = 0; i < g->nu; i++)
		if (g->u[i].alive && g->u[i].side == side &&
		    !(g->u[i].flags & DP_UF_ACTED)) {
			if (v != NULL)
				v[n] = i;
			n++;
		}
	return n;
}

/* The first unit of side not yet activated this game turn, or -1 (as
 * ready() is 0): the search stops at it. */
static int
first_ready(const struct eng_game *g, int side)
{
	int i;

	for (i = 0; i < g->nu; i++)
		if (g->u[i].alive && g->u[i].side == side &&
		    !(g->u[i].flags & DP_UF_ACTED))
			return i;
	return -1;
}

/* The unit of side its player activates next: greedy, the first in
 * the order of deployment; random, any. -1: none. */
static int
pick_unit(struct eng_game *g, int side)
{
	int v[ENG_MAX_UNITS], n;

	if (g->player[side] != ENG_PLAYER_RANDOM)
		return first_ready(g, side);
	if ((n = ready(g, side, v)) == 0)
		return -1;
	return v[eng_rng_below(&g->ai, (uint32_t)n)];
}

/*
 * An order die drawn from the bag (turn: order dice): the bag holds a
 * die for each unit not yet activated, blue's numbered first, and the
 * draw is a roll of one die of as many faces; a bag of one side's dice
 * needs no roll. Returns the side, or -1 when the bag is empty.
 */
static int
draw(struct eng_game *g)
{
	int nb = ready(g, ENG_BLUE, NULL), nr = ready(g, ENG_RED, NULL);

	if (nb + nr == 0)
		return -1;
	ENG_COVER(g, DI_R_ORDER_DICE);
	if (nr == 0 || nb == 0)
		return nr == 0 ? ENG_BLUE : ENG_RED;
	return eng_die_n(&g->dice, nb + nr) <= nb ? ENG_BLUE : ENG_RED;
}

/* The melee that ends unit i's activation: it fights the enemy it is
 * in contact with, unless it fought one of its own this game turn. */
static void
unit_melee(struct eng_game *g, int i)
{
	int j;

	if (i < 0 || g->over || !g->u[i].alive ||
	    (g->u[i].flags & (DP_UF_IDLE | ENG_UF_MELEE_START)) ||
	    (j = melee_foe(g, i)) < 0)
		return;
	g->side = g->u[i].side;
	fight(g, i, j);
}

/* Unit i's activation with the built-in players: its activation test,
 * then it moves, shoots and fights the melee it is in. */
static void
unit_acts(struct eng_game *g, int i)
{
	int rnd = g->player[g->u[i].side] == ENG_PLAYER_RANDOM;

	g->side = g->u[i].side;
	if (!activate(g, i))
		return;
	move_unit(g, i, rnd);
	if (!g->over && g->u[i].alive)
		shoot_unit(g, i, rnd);
	unit_melee(g, i);
}

/* The game turn is over (turn: units, order dice): the melees owed, the
 * side that led first, then the quality tests owed; the other side
 * leads the next game turn. */
static void
end_game_turn(struct eng_game *g)
{
	struct dp_state *st = state(g);

	unit_melee(g, st->cur - 1);
	if (g->over)
		return;
	if (st->lead > 0)
		g->side = st->lead - 1;
	end_turn(g, 2);
	st->lead = st->last = st->cur = st->drawn = 0;
}

/*
 * A game turn of activations with the built-in players, from where a
 * test game left it: under turn: units the sides activate a unit each
 * in turn, the one that leads first, and a side with none left passes;
 * under order dice the side of each die drawn activates one.
 */
static void
units_turn(struct eng_game *g)
{
	struct dp_state *st = state(g);
	int order = tabs(g)->turn == DT_TURN_ORDER_DICE, side, i;

	unit_melee(g, st->cur - 1);
	st->cur = 0;
	if (st->lead == 0)
		st->lead = g->side + 1;
	side = st->last > 0 ? !(st->last - 1) : st->lead - 1;
	while (!g->over) {
		if (order && st->drawn > 0)
			side = st->drawn - 1;
		else if (order && (side = draw(g)) < 0)
			break;
		st->drawn = 0;
		if (!order) {
			if (first_ready(g, side) < 0)
				side = !side;
			if (first_ready(g, side) < 0)
				break;
			ENG_COVER(g, DI_R_UNIT_ACTIVATION);
		}
		if ((i = pick_unit(g, side)) >= 0)
			unit_acts(g, i);
		side = !side;
	}
	end_game_turn(g);
}

/* One turn with the built-in players: alternate, the side whose turn
 * it is moves, shoots and fights; phased, both sides in each phase. */
void
dp_play_turn(struct eng_game *g)
{
	if (by_unit(g)) {
		units_turn(g);
		return;
	}
	if (tabs(g)->turn == DT_TURN_PHASED) {
		ENG_COVER(g, DI_R_PHASED);
		side_phase(g, g->side, 0);
		side_phase(g, !g->side, 0);
		side_phase(g, g->side, 1);
		if (!g->over)
			side_phase(g, !g->side, 1);
		if (!g->over)
			end_turn(g, 2);
		return;
	}
	side_phase(g, g->side, 0);
	if (!g->over)
		side_phase(g, g->side, 1);
	if (!g->over)
		end_turn(g, 1);
}

/* The family keeps its state in the units, but for what the contest's
 * odds start from and the units' markers (the hook spares self-play the
 * core's clearing of fam_state); a test game's `markers:` are kept. */
void
dp_setup(struct eng_game *g)
{
	struct dp_state *st = state(g);
	int i;

	memset(st, 0, offsetof(struct dp_state, mk));
	st->mk_a = st->mk_b = 0;
	for (i = 0; i < ENG_MAX_UNITS; i++)
		if (i >= g->nu || !(g->u[i].flags & DP_UF_MARKED))
			st->mk[i] = 0;
		else
			g->u[i].flags &= (uint16_t)~DP_UF_MARKED;
}

/* ---- scripted steps ---- */

static int
step_move(struct eng_game *g, const struct eng_action *a, char *err, size_t sz)
{
	struct eng_unit *u = &g->u[a->unit];
	double len = 0, x = u->x, y = u->y;
	int k;

	if (u->flags & ENG_UF_MOVED)
		return eng_refuse(g, -1, err, sz,
		    "%s has already moved this turn", u->name);
	if (u->flags & (ENG_UF_FIRED | ENG_UF_MELEE_START) ||
	    (!by_unit(g) && state(g)->phase > DP_PHASE_MOVE))
		return eng_refuse(g, -1, err, sz,
		    "%s cannot move now: the Move step comes before "
		    "shooting and melee",
		    u->name);
	if (contact_enemy(g, a->unit) >= 0)
		return eng_refuse(g, DI_R_MELEE_CONTACT, err, sz,
		    "%s is in "
		    "contact and must fight",
		    u->name);
	for (k = 0; k < a->npath; k++) {
		len += hypot(a->path[k][0] - x, a->path[k][1] - y);
		x = a->path[k][0];
		y = a->path[k][1];
	}
	if (len > g->ctx->kinds[u->type].move + 1e-6)
		return eng_refuse(g, DI_R_MOVE_ALLOWANCE, err, sz,
		    "%s cannot move "
		    "that far: the path is longer than its Move",
		    u->name);
	walk(g, a->unit, (const double(*)[2])a->path, a->npath);
	return 0;
}

static int
step_fire(struct eng_game *g, const struct eng_action *a, char *err, size_t sz)
{
	const struct rs_unit *t = &g->ctx->rs->units[g->u[a->unit].type];
	const struct eng_unit *u = &g->u[a->unit];
	int w = a->weapon, why = 0, k, r;

	if (u->flags & ENG_UF_FIRED)
		return eng_refuse(g, -1, err, sz,
		    "%s has already shot this turn", u->name);
	if (u->flags & ENG_UF_MELEE_START ||
	    (!by_unit(g) && state(g)->phase > DP_PHASE_SHOOT))
		return eng_refuse(g, -1, err, sz,
		    "%s cannot shoot now: the Shoot step comes before "
		    "melee",
		    u->name);
	/* In contact, only a close weapon strikes (where it shoots). */
	if (contact_enemy(g, a->unit) >= 0) {
		if (!close_shoots(g) || (w >= 0 && !is_close(g, w)) ||
		    (w < 0 && (w = close_weapon(g, a->unit)) < 0))
			return eng_refuse(g, DI_R_MELEE_CONTACT, err, sz,
			    "%s is in "
			    "contact and fights instead of shooting",
			    u->name);
		ENG_COVER(g, DI_R_SHOOT_CLOSE);
	}
	if (w >= 0) {
		for (k = 0; k < (int)t->nweapons && t->weapons[k] != w; k++)
			;
		if (k == (int)t->nweapons)
			return eng_refuse(g, -1, err, sz, "%s has no %s",
			    u->name, g->ctx->rs->weapons[w].name);
		why = fire_check(g, a->unit, w, a->target);
	} else {
		for (k = 0; k < (int)t->nweapons; k++) {
			r = fire_check(g, a->unit, t->weapons[k], a->target);
			if (r == 0) {
				w = t->weapons[k];
				break;
			}
			if (why == 0 || why == DI_R_SHOOT_RANGE)
				why = r;
		}
		if (w < 0 && why == 0)
			return eng_refuse(g, -1, err, sz, "%s has no weapon",
			    u->name);
		if (w >= 0)
			why = 0;
	}
	if (why == DI_R_SHOOT_RANGE)
		return eng_refuse(g, why, err, sz, "%s is out of range of %s",
		    g->u[a->target].name, u->name);
	if (why == DI_R_SHOOT_SIGHT)
		return eng_refuse(g, why, err, sz,
		    "%s cannot see %s: the line of "
		    "sight is blocked",
		    u->name, g->u[a->target].name);
	ENG_COVER(g, DI_R_SHOOT_RANGE);
	ENG_COVER(g, DI_R_SHOOT_SIGHT);
	if (state(g)->phase < DP_PHASE_SHOOT)
		state(g)->phase = DP_PHASE_SHOOT;
	shoot(g, a->unit, w, a->target);
	return 0;
}

static const char *
side_name(int side)
{
	return side == ENG_BLUE ? "blue" : "red";
}

/* Where units activate: whether unit i may act now — it activated and
 * did not fail, and (one at a time) its activation is the one under
 * way. Returns 0, or -1 refused. */
static int
acts_check(struct eng_game *g, int i, char *err, size_t sz)
{
	const struct eng_unit *u = &g->u[i];

	if (u->flags & DP_UF_FAILED)
		return eng_refuse(g, DI_R_ACTIVATION_FAILED, err, sz,
		    "%s failed its activation test and does nothing this "
		    "turn",
		    u->name);
	if (u->flags & DP_UF_LOST)
		return eng_refuse(g, DI_R_ACTIVATION_TURN_ENDS, err, sz,
		    "%s does nothing this turn: its side's activations "
		    "ended",
		    u->name);
	if (!(u->flags & DP_UF_ACTED))
		return eng_refuse(g, -1, err, sz,
		    "%s has not activated this turn (activate: %s first)",
		    u->name, u->name);
	if (by_unit(g) && state(g)->cur != i + 1)
		return eng_refuse(g, -1, err, sz,
		    "%s's activation is over: only the unit activated now "
		    "acts",
		    u->name);
	return 0;
}

/* The side whose activation comes next under turn: units: the leading
 * side first, then the other side to the last one's, a side with no
 * unit left to activate passing. */
static int
next_side(struct eng_game *g)
{
	const struct dp_state *st = state(g);
	int side = st->last > 0 ? !(st->last - 1) :
	    st->lead > 0        ? st->lead - 1 :
	                          g->side;

	return first_ready(g, side) >= 0 ? side : !side;
}

/* `activate: A`: A activates — under turn: units in its side's turn of
 * activations, under order dice on a die of its side (the one a draw
 * step drew, or one taken from the bag), with an activation test only
 * among its side's units in its side's turn — and takes its activation
 * test. The activation under way ends first, with its melee. */
static int
step_activate(struct eng_game *g, const struct eng_action *a, char *err,
    size_t sz)
{
	struct dp_state *st = state(g);
	const char *name = a->node != NULL && a->node->kind == RS_NODE_SCALAR ?
	    a->node->scalar :
	    NULL;
	struct eng_unit *u;
	int i, side;

	if (!activates(g))
		return eng_refuse(g, -1, err, sz,
		    "activate: no unit activates in this game (turn: units "
		    "or order dice, or an activation test)");
	for (i = 0; name != NULL && i < g->nu && strcmp(g->u[i].name, name);
	     i++)
		;
	if (name == NULL || i == g->nu)
		return eng_refuse(g, -1, err, sz,
		    "activate: a unit of the test game (activate: A)");
	u = &g->u[i];
	if (!u->alive)
		return eng_refuse(g, -1, err, sz, "%s has been destroyed",
		    u->name);
	if (u->flags & DP_UF_LOST)
		return eng_refuse(g, DI_R_ACTIVATION_TURN_ENDS, err, sz,
		    "%s cannot activate: its side's activations ended this "
		    "turn",
		    u->name);
	if (u->flags & DP_UF_ACTED)
		return eng_refuse(g, -1, err, sz,
		    "%s has already activated this turn", u->name);
	side = !by_unit(g)                 ? g->side :
	    tabs(g)->turn == DT_TURN_UNITS ? next_side(g) :
	    st->drawn > 0                  ? st->drawn - 1 :
	                                     u->side;
	if (u->side != side)
		return eng_refuse(g, -1, err, sz,
		    "%s cannot activate: it is %s's %s", u->name,
		    side_name(side),
		    !by_unit(g)       ? "turn" :
		        st->drawn > 0 ? "order die" :
		                        "activation");
	if (by_unit(g)) {
		unit_melee(g, st->cur - 1);
		st->cur = 0;
		if (!u->alive)
			return eng_refuse(g, -1, err, sz,
			    "%s has been destroyed", u->name);
		if (st->lead == 0)
			st->lead = g->side + 1;
		if (tabs(g)->turn == DT_TURN_UNITS)
			ENG_COVER(g, DI_R_UNIT_ACTIVATION);
		else if (st->drawn == 0)
			ENG_COVER(g, DI_R_ORDER_DICE);
		st->drawn = 0;
		st->last = side + 1;
		st->cur = i + 1;
		g->side = side;
	}
	(void)activate(g, i);
	return 0;
}

/* `draw` (turn: order dice): an order die drawn from the bag, with the
 * test game's dice; the activation under way ends first. */
static int
step_draw(struct eng_game *g, char *err, size_t sz)
{
	struct dp_state *st = state(g);
	int side;

	if (tabs(g)->turn != DT_TURN_ORDER_DICE)
		return eng_refuse(g, -1, err, sz,
		    "draw: there is no bag of order dice (turn: order dice)");
	if (st->drawn > 0)
		return eng_refuse(g, -1, err, sz,
		    "the order die drawn is not used yet: activate a unit of "
		    "%s",
		    side_name(st->drawn - 1));
	unit_melee(g, st->cur - 1);
	st->cur = 0;
	if (st->lead == 0)
		st->lead = g->side + 1;
	if ((side = draw(g)) < 0)
		return eng_refuse(g, -1, err, sz,
		    "the bag is empty: every unit has activated (end turn)");
	st->drawn = side + 1;
	g->side = side;
	return 0;
}

int
dp_step(struct eng_game *g, const struct eng_action *a, char *err, size_t sz)
{
	struct eng_unit *u;

	if (a->kind == ENG_ACT_END_TURN) {
		if (by_unit(g))
			end_game_turn(g);
		else
			end_turn(g, 1);
		return 0;
	}
	if (a->kind == ENG_ACT_FAMILY && a->verb != NULL &&
	    strcmp(a->verb, "activate") == 0)
		return step_activate(g, a, err, sz);
	if (a->kind == ENG_ACT_FAMILY && a->verb != NULL &&
	    strcmp(a->verb, "draw") == 0)
		return step_draw(g, err, sz);
	if (eng_step_check(g, a, err, sz) != 0)
		return -1;
	if (activates(g) && acts_check(g, a->unit, err, sz) != 0)
		return -1;
	u = &g->u[a->unit];
	switch (a->kind) {
	case ENG_ACT_MOVE:
		return step_move(g, a, err, sz);
	case ENG_ACT_FIRE:
		return step_fire(g, a, err, sz);
	case ENG_ACT_MELEE:
		if (!in_contact(g, a->unit, a->target))
			return eng_refuse(g, DI_R_MELEE_CONTACT, err, sz,
			    "%s is "
			    "not in contact with %s",
			    u->name, g->u[a->target].name);
		if (u->flags & ENG_UF_MELEE_START ||
		    (one_melee(g) && fought(g, a->unit)))
			return eng_refuse(g, -1, err, sz,
			    "%s has fought its "
			    "melee this turn",
			    u->name);
		if (one_melee(g) && fought(g, a->target))
			return eng_refuse(g, -1, err, sz,
			    "%s has fought its "
			    "melee this turn",
			    g->u[a->target].name);
		state(g)->phase = DP_PHASE_MELEE;
		fight(g, a->unit, a->target);
		return 0;
	case ENG_ACT_END_TURN:
	case ENG_ACT_FAMILY:
	default:
		return eng_refuse(g, -1, err, sz, "unknown step");
	}
}

/* ---- test-game keys ---- */

/*
 * A test game's `markers: { Pin: 2 }` (a unit key, start) or expectation
 * (expect): each marker named and its count, 0 to its Most; at: the
 * place of a bad one. Returns 0 (an expectation: all met), 1 an
 * expectation not met, -1 a bad entry (err says why).
 */
static int
markers_of(const struct eng_game *g, int i, const struct rs_node *v,
    uint64_t *set, char *err, size_t sz, struct pos *at)
{
	const struct ruleset *rs = g->ctx->rs;
	const struct dt_tables *t = tabs(g);
	char names[RS_MAX_MARKERS * (RS_MAX_NAME * 4 + 2) + 64];
	size_t k;
	long n;
	int m;

	if (v->kind != RS_NODE_MAP) {
		*at = v->pos;
		snprintf(err, sz,
		    "markers: a mapping of markers to counts, "
		    "{ Pin: 2 }");
		return -1;
	}
	for (k = 0; k + 1 < v->nkids; k += 2) {
		const char *name = v->kids[k]->scalar;

		if (name == NULL || (m = dt_marker_find(rs, name)) < 0) {
			*at = v->kids[k]->pos;
			snprintf(err, sz, "unknown marker '%s' (known: %s)",
			    name != NULL ? name : "",
			    dt_marker_names(rs, names, sizeof(names)));
			return -1;
		}
		if (rs_node_int(v->kids[k + 1], &n) != 0 || n < 0 ||
		    n > t->mk[m].most) {
			*at = v->kids[k + 1]->pos;
			snprintf(err, sz,
			    "markers: %s is a whole number from 0 to %d (its "
			    "Most)",
			    rs->markers[m].label, t->mk[m].most);
			return -1;
		}
		if (set != NULL)
			*set = DT_MK_SET(*set, m, n);
		else if (DT_MK_COUNT(marks(g, i), m) != n) {
			*at = v->kids[k + 1]->pos;
			snprintf(err, sz, "markers: %s %ld, but it has %d",
			    rs->markers[m].label, n,
			    DT_MK_COUNT(marks(g, i), m));
			return 1;
		}
	}
	return 0;
}

/* `wounds: N`: the unit starts with N Wounds left; `markers: { Pin: 2
 * }`: with so many markers. */
int
dp_unit_key(struct eng_game *g, int i, const char *key,
    const struct rs_node *v, char *err, size_t sz, struct pos *at)
{
	int full = dunit(g, i)->wounds;
	long n;

	if (strcmp(key, "markers") == 0) {
		g->u[i].flags |= DP_UF_MARKED;
		state(g)->mk[i] = 0;
		return markers_of(g, i, v, &state(g)->mk[i], err, sz, at) ==
		        0 ?
		    0 :
		    -1;
	}
	if (strcmp(key, "wounds") != 0) {
		snprintf(err, sz, "unknown key '%s' (known: wounds, markers)",
		    key);
		return -1;
	}
	if (rs_node_int(v, &n) != 0 || n < 1 || n > full) {
		snprintf(err, sz, "wounds: a whole number from 1 to %d", full);
		return -1;
	}
	g->u[i].c[DP_C_TAKEN] = (int16_t)(full - n);
	return 0;
}

/* Family hook: the Wounds unit i has taken (di_show.ugauges). */
void
dp_unit_gauges(const struct eng_game *g, int i, int *out)
{
	out[0] = g->u[i].c[DP_C_TAKEN];
}

/* `A: { wounds: 2 }`: the Wounds it has left; `A: { markers: { Pin: 1
 * } }`: the markers it carries (those named; 0 for none). */
int
dp_expect_unit(const struct eng_game *g, int i, const struct rs_node *v,
    char *err, size_t sz, struct pos *at)
{
	size_t k;
	long n;
	int have = 0, rc;

	if (v->kind != RS_NODE_MAP)
		return -1;
	for (k = 0; k + 1 < v->nkids; k += 2) {
		const char *key = v->kids[k]->scalar;

		if (key == NULL || !strcmp(key, "at") || !strcmp(key, "alive"))
			continue;
		if (!strcmp(key, "markers")) {
			rc = markers_of(g, i, v->kids[k + 1], NULL, err, sz,
			    at);
			if (rc != 0)
				return rc < 0 ? -1 : 0;
			continue;
		}
		if (strcmp(key, "wounds") != 0 ||
		    rs_node_int(v->kids[k + 1], &n) != 0) {
			snprintf(err, sz,
			    "unknown key '%s' (known: wounds, markers)",
			    key != NULL ? key : "");
			return -1;
		}
		have = g->u[i].alive ? wounds_left(g, i) : 0;
		if (have != n) {
			snprintf(err, sz, "wounds %ld, but it has %d", n,
			    have);
			return 0;
		}
	}
	return 1;
}

/* ---- what the greedy player expects of a shot ---- */

static double
mean_of(const struct dt_tables *t, const struct dt_expr *e, int *ok)
{
	const struct dx_dist *d;
	double m = 0;
	int32_t v;

	if (e->text == NULL)
		return 1;
	if ((d = do_dist(t, &e->dx)) == NULL) {
		*ok = 0;
		return 0;
	}
	for (v = d->lo; v <= d->hi; v++)
		m += v * d->pd[v - d->lo];
	return m;
}

/* P(a face of the die >= need); need 0 or less always. */
static double
p_face(int need, int die)
{
	if (need <= 1)
		return 1;
	if (need > die)
		return 0;
	return (double)(die - need + 1) / die;
}

int
dp_prepare(const struct eng_ctx *c, struct dt_tables *t)
{
	const struct ruleset *rs = c->rs;
	size_t w, u;
	int ok = 1, die = rs->die;

	t->nunits = (int)rs->nunits;
	/* Two units in contact: centres at most the contact distance and
	 * both half extents apart on each axis (free table). */
	t->reach = 0;
	for (u = 0; u < rs->nunits; u++) {
		double h = c->kinds[u].hw > c->kinds[u].hd ? c->kinds[u].hw :
		                                             c->kinds[u].hd;

		if (h > t->reach)
			t->reach = h;
	}
	t->reach = c->melee_range + 2 * t->reach + 1e-6;
	if (t->melee == DT_MELEE_OPPOSED &&
	    do_dist(t, &t->melee_roll.dx) != NULL) {
		size_t b;

		t->medge = xcalloc(rs->nunits * rs->nunits + 1,
		    sizeof(double));
		for (u = 0; u < rs->nunits; u++)
			for (b = 0; b < rs->nunits; b++) {
				const struct dx_opposed *op =
				    do_opposed_pair(t,
				        do_factor(t, rs, (int)u, (int)b),
				        do_factor(t, rs, (int)b, (int)u));

				t->medge[u * rs->nunits + b] =
				    mpq_get_d(op->a_wins) +
				    mpq_get_d(op->a_mult) -
				    mpq_get_d(op->b_wins) -
				    mpq_get_d(op->b_mult);
			}
	}
	t->ev = xcalloc(rs->nweapons * rs->nunits + 1, sizeof(double));
	for (w = 0; w < rs->nweapons; w++) {
		const struct dt_weapon *wp = &t->weapons[w];
		double att, dmg;
		int trig, extra;

		/* A context of a few unit types (odds A B) plays nothing:
		 * the greedy player's means are of no use there. */
		if (t->focus[0] >= 0)
			break;
		att = mean_of(t, &wp->attacks, &ok);
		dmg = mean_of(t, &wp->damage, &ok);
		trig = dt_kw_triggers(t, &wp->kw, &extra);

		for (u = 0; u < rs->nunits; u++) {
			const struct dt_unit *du = &t->units[u];
			double p = 1;

			/* Triggers: the Wounds an attack takes on average,
			 * its extra hits and mortal wounds with them. */
			if (t->shooting != DT_SHOOT_ACCUMULATED && trig)
				p = do_attack_mean(rs, t, (int)w, (int)u, dmg);
			/* Keywords: the exact chance of an attack. */
			else if (t->shooting != DT_SHOOT_ACCUMULATED &&
			    (wp->kw.n > 0 || du->kw.n > 0))
				p = do_attack_chance(rs, t, (int)w, (int)u) *
				    dmg;
			else if (t->shooting != DT_SHOOT_ACCUMULATED) {
				p = p_face(wp->to_hit, die);
				if (t->wound_given && wp->strength >= 0 &&
				    du->toughness >= 0)
					p *= p_face(wound_need(t, wp->strength,
					                du->toughness) == 0 ?
					        die + 1 :
					        wound_need(t, wp->strength,
					            du->toughness),
					    die);
				if (du->save > 0)
					p *= 1 -
					    p_face(du->save + wp->ap, die);
				p *= dmg;
			}
			t->ev[w * rs->nunits + u] = att * p;
		}
	}
	return ok ? 0 : -1;
}
