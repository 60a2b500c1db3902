/*
 * firepower.c: the `firepower` rule family — Morschauser's Modern rules
 * (rulesets/morschauser-modern.md). Fire destroys what it hits; melee is
 * roll-under power for both units at once; tanks run down, scout cars
 * stop; fords take two turns. The numbers (moves, ranges, hit faces,
 * what destroys what, melee power) come from the ruleset's tables; the
 * mechanics and their Clarifications are here, each rule with its id:
 * melee, fire, turns, test-game steps, the built-in players, exact odds
 * and findings; movement, vehicles and rivers in firepower_move.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "firepower.h"
#include "firepower_internal.h"

const struct eng_rule fp_rules[FP_R__MAX] = {
	[FP_R_INITIATIVE] = { "game.initiative", "Sequence of play",
	    "each side rolls a die, the higher takes the first turn, ties "
	    "roll again (Clarification 2)" },
	[FP_R_ALTERNATE] = { "game.alternate_turns", "Sequence of play",
	    "turns alternate; a side moves, fires and melees with all its "
	    "units" },
	[FP_R_END_ANNIHILATION] = { "game.end_annihilation",
	    "End of the battle", "a side with no units left has lost" },
	[FP_R_END_TURN_LIMIT] = { "game.end_turn_limit", "End of the battle",
	    "after the agreed turns the side with more units wins" },
	[FP_R_MOVE_ONCE] = { "move.once", "Movement",
	    "a unit moves once per turn and cannot split its move" },
	[FP_R_MOVE_ALLOWANCE] = { "move.allowance", "Movement",
	    "a unit moves at most its full move" },
	[FP_R_MOVE_MELEE_STOP] = { "move.melee_range_stop", "Movement",
	    "a unit that comes within melee range of an enemy that can melee "
	    "stops" },
	[FP_R_MOVE_BASE_BLOCKS] = { "move.base_blocks", "Clarifications",
	    "no unit moves through another's base (Clarification 7)" },
	[FP_R_MOVE_ROAD] = { "move.road", "Movement",
	    "a vehicle moves at its road rate when its whole move is on a "
	    "road (Clarification 13)" },
	[FP_R_FIRE_ONCE] = { "fire.once", "Fire",
	    "one shot per unit per turn with one weapon (rifle or grenade)" },
	[FP_R_FIRE_HIT] = { "fire.hit", "Fire",
	    "a die showing one of the weapon's faces destroys the target" },
	[FP_R_FIRE_MISS] = { "fire.miss", "Fire", "any other face misses" },
	[FP_R_FIRE_CLASS] = { "fire.class", "Weapons",
	    "a weapon harms only the classes it destroys" },
	[FP_R_FIRE_RANGE] = { "fire.range", "Fire",
	    "the target must be within range, edge to edge" },
	[FP_R_FIRE_SIGHT] = { "fire.sight", "Fire",
	    "units, woods and hills in between block the shot" },
	[FP_R_FIRE_INDIRECT] = { "fire.indirect", "Fire",
	    "the howitzer fires over units, woods and hills" },
	[FP_R_FIRE_FORD] = { "fire.no_fire_in_river", "Fire",
	    "a unit in a ford may not fire" },
	[FP_R_FIRE_MELEE_INSTEAD] = { "fire.melee_instead", "Clarifications",
	    "a unit in melee range melees instead of firing "
	    "(Clarification 4)" },
	[FP_R_FIRE_AFTER_MELEE] = { "fire.not_where_fought", "Clarifications",
	    "a unit does not fire where it fought a melee this turn, won or "
	    "not, nor before it has moved out of melee range of the spot "
	    "(Clarification 4)" },
	[FP_R_MELEE_COMPULSORY] = { "melee.compulsory", "Melee",
	    "a unit in melee range must melee before it moves or fires" },
	[FP_R_MELEE_BLOCKED_END] = { "melee.blocked_end", "Melee",
	    "a unit stopped in melee range fights at the end of its move" },
	[FP_R_MELEE_BOTH] = { "melee.both_removed", "Melee",
	    "both dice at or under their power: both units destroyed" },
	[FP_R_MELEE_ATTACKER_WINS] = { "melee.attacker_wins", "Melee",
	    "only the attacker's die at or under: the defender is destroyed" },
	[FP_R_MELEE_DEFENDER_WINS] = { "melee.defender_wins", "Melee",
	    "only the defender's die at or under: the attacker is destroyed" },
	[FP_R_MELEE_DRAW] = { "melee.draw_reroll", "Melee",
	    "neither die at or under: roll again at once (Clarification 10)" },
	[FP_R_MELEE_UPHILL] = { "melee.uphill", "Special rules",
	    "an attacker meleeing an enemy higher than it, on the same hill or "
	    "another, loses 1 power (Clarification 14)" },
	[FP_R_MELEE_RIVER] = { "melee.river", "Special rules",
	    "an attacker in a ford meleeing the bank loses 1 power" },
	[FP_R_MELEE_FLOOR] = { "melee.power_floor", "Clarifications",
	    "penalties never take power below 0 (Clarification 11)" },
	[FP_R_MELEE_RANGE] = { "melee.range", "Melee",
	    "melee range (2\" in the original) is measured edge to edge, its "
	    "full length included" },
	[FP_R_MELEE_NO_VEHICLES] = { "melee.no_vehicles", "Vehicles",
	    "tanks and scout cars never melee and cannot be meleed "
	    "(Clarification 7)" },
	[FP_R_MELEE_ONE_EACH] = { "melee.one_each_end", "Clarifications",
	    "one melee at the start of a move and one at its end "
	    "(Clarification 6)" },
	[FP_R_VEH_IGNORE_RANGE] = { "vehicle.ignore_melee_range",
	    "Clarifications",
	    "vehicles move through enemy melee range "
	    "(Clarification 7)" },
	[FP_R_VEH_RUN_DOWN] = { "vehicle.run_down", "Vehicles",
	    "a tank with move enough to pass the base runs down infantry or "
	    "artillery and stops there (Clarification 8)" },
	[FP_R_VEH_RUN_DOWN_SHORT] = { "vehicle.run_down_short", "Vehicles",
	    "without move enough to pass the base the tank is blocked" },
	[FP_R_VEH_NO_RUN_DOWN_VEHICLE] = { "vehicle.no_run_down_vehicle",
	    "Vehicles", "a tank may not run down another vehicle" },
	[FP_R_VEH_SCOUT_STOPS] = { "vehicle.scout_stops", "Vehicles",
	    "a scout car blocked by a unit stops" },
	[FP_R_RIVER_IMPASSABLE] = { "river.ford_only", "Special rules",
	    "a river is crossed only at a ford (Clarification 12)" },
	[FP_R_FORD_STOP] = { "river.ford_stop", "Special rules",
	    "a unit entering a ford ends its move there" },
	[FP_R_FORD_LEAVE] = { "river.ford_leave", "Special rules",
	    "on its next turn it leaves the ford with its full move" },
};

/* ---- unit facts ---- */

static inline double
d2(const struct eng_game *g, const struct eng_unit *a,
    const struct eng_unit *b)
{
	const struct eng_kind *k = &g->ctx->kinds[a->type];

	return d2_at(g, a->x, a->y, k->hw, k->hd, b);
}

static inline int
in_melee_range(const struct eng_game *g, int i, int j)
{
	return fp_melee_in_range(g, i, j);
}

const char *const fp_unit_cols[] = { "Melee", "Melee power", NULL };

int
fp_melee(const struct ruleset *rs, const struct rs_unit *u)
{
	struct pos at;
	const char *s = eng_unit_cell(rs, u, fp_unit_cols, &at);
	int v;

	if (s == NULL)
		return -1;
	return eng_cell_int(s, "Melee", 0, 6, at, &v, NULL) == 0 ? v : -2;
}

/* Infantry and artillery melee; vehicles never do (Clarification 7). */
int
fp_type_melees(const struct ruleset *rs, const struct rs_unit *u)
{
	return fp_melee(rs, u) >= 0 && !(u->traits & RS_TRAIT_NO_MELEE) &&
	    u->cls != RS_CLASS_VEHICLE;
}

/*
 * Whether weapon w can ever fire (eng_family.weapon_usable): a unit in
 * melee range of an enemy that melees melees instead (Melee;
 * Clarification 4), so a weapon of no more than melee range fires only
 * from a unit that never melees or at a unit that never melees (a
 * vehicle, Clarification 7) — one of the ruleset's, of a class the
 * weapon harms.
 */
static int
fp_weapon_usable(const struct eng_ctx *c, int w, const char **why)
{
	const struct ruleset *rs = c->rs;
	size_t u, k;

	if (c->wrange[w] > c->melee_range + EPS)
		return 1;
	for (u = 0; u < rs->nunits; u++) {
		const struct rs_unit *t = &rs->units[u];

		if (!fp_type_melees(rs, t) &&
		    (rs->weapons[w].destroys >> t->cls & 1))
			return 1;
		for (k = 0; k < t->nweapons; k++)
			if (t->weapons[k] == w && !fp_type_melees(rs, t))
				return 1;
	}
	*why = "its Range is within melee range, and a unit in melee range "
	       "of an enemy that melees fights a melee instead of firing";
	return 0;
}

/* Square grid, melee range 1: the first enemy of i that melees in the
 * 8 cells round (x, y), or -1. */
int
fp_melee_neighbour(const struct eng_game *g, int i, double x, double y)
{
	const struct eng_board *b = g->board;
	int cx = (int)x, cy = (int)y, dx, dy, c, j;

	for (dy = -1; dy <= 1; dy++) {
		if (cy + dy < 0 || cy + dy >= b->rows)
			continue;
		for (dx = -1; dx <= 1; dx++) {
			if (cx + dx < 0 || cx + dx >= b->cols || (!dx && !dy))
				continue;
			c = (cy + dy) * b->cols + cx + dx;
			j = g->occ[c];
			if (j >= 0 && j != i && g->u[j].side != g->u[i].side &&
			    melees(g, j))
				return j;
		}
	}
	return -1;
}

/* Returns the first enemy that can melee within melee range of i, or -1
 * (only for units that melee themselves). */
int
fp_melee_enemy(const struct eng_game *g, int i)
{
	int j;

	if (!melees(g, i))
		return -1;
	if (g->board->grid == RS_GRID_SQUARE && g->ctx->melee_range == 1)
		return fp_melee_neighbour(g, i, g->u[i].x, g->u[i].y);
	for (j = 0; j < g->nu; j++)
		if (g->u[j].alive && g->u[j].side != g->u[i].side &&
		    melees(g, j) && in_melee_range(g, i, j))
			return j;
	return -1;
}

/* End of the battle as soon as one side has no units left. */
void
fp_after_loss(struct eng_game *g)
{
	if (!g->over && (g->alive[0] == 0 || g->alive[1] == 0)) {
		eng_check_end(g);
		ENG_COVER(g, FP_R_END_ANNIHILATION);
	}
}

/* ---- melee ---- */

/*
 * The attacker's power after the penalties of Special rules: uphill
 * (Clarification 14) and from a ford against the bank; never below 0
 * (Clarification 11). *situation gets FP_SIT_*. Uphill is decided by
 * heights, whichever hill each unit stands on: a hill rises from its
 * edge, so a point's height is how far inside the edge it lies, and an
 * attacker on a lower hill attacks a defender higher up another one
 * uphill, as the sources' "attacking uphill" means.
 */
static int
attack_power(struct eng_game *g, int a, int b, int *situation, int count)
{
	const struct eng_unit *ua = &g->u[a], *ub = &g->u[b];
	int p = ftype(g, a)->melee, ha, hb;
	double za = eng_board_height(g->board, ua->x, ua->y, &ha);
	double zb = eng_board_height(g->board, ub->x, ub->y, &hb);

	*situation = FP_SIT_OPEN;
	if (hb >= 0 && (ha < 0 || zb > za + 1e-6)) {
		p -= (int)g->ctx->set.v[FP_SET_UPHILL];
		*situation = FP_SIT_UPHILL;
		if (count)
			ENG_COVER(g, FP_R_MELEE_UPHILL);
	}
	if (in_ford(g, ua->x, ua->y) && !in_ford(g, ub->x, ub->y)) {
		p--;
		*situation = *situation == FP_SIT_UPHILL ?
		    FP_SIT_UPHILL_RIVER :
		    FP_SIT_RIVER;
		if (count)
			ENG_COVER(g, FP_R_MELEE_RIVER);
	}
	if (p <= 0 && *situation != FP_SIT_OPEN) {
		/* Down to 0 but never below: it can only hope for a draw. */
		p = 0;
		if (count)
			ENG_COVER(g, FP_R_MELEE_FLOOR);
	}
	return p;
}

/*
 * Fight a melee: the side whose turn it is attacks (Clarification 5). It
 * rolls one die for each unit; a unit whose die is at or under its power
 * survives the other's … (Melee, Fighting a melee). Returns 0.
 */
int
fp_fight(struct eng_game *g, int a, int b)
{
	int pa, pb = ftype(g, b)->melee, sit, da, db, ra, rb, rolls = 0;

	pa = attack_power(g, a, b, &sit, 1);
	g->fights[2]++;
	g->fight_a = a;
	g->fight_b = b;
	if (g->contest.kind == 0) {
		g->contest.kind = 2;
		g->contest.a = a;
		g->contest.b = b;
		g->contest.a_power = pa;
		g->contest.b_power = pb;
		g->contest.situation = sit;
	}
	if (pa <= 0 && pb <= 0)
		return 0; /* can never end: a finding, never fought */
	/* The melee is the attacker's action at this end of its move: it
	 * does not fire from here too (Clarification 4). */
	g->u[a].flags |= FP_UF_FOUGHT_HERE;
	g->u[a].c[FP_C_FOUGHT] = (int16_t)(b + 1);
	for (;;) {
		eng_dice_by(&g->dice, ENG_BY_UNIT(a));
		da = eng_die(&g->dice);
		eng_dice_by(&g->dice, ENG_BY_UNIT(b));
		db = eng_die(&g->dice);
		eng_dice_by(&g->dice, 0);
		ra = da <= pa;
		rb = db <= pb;
		if (ra || rb)
			g->tally[FP_TALLY_MELEE(pa > 6 ? 6 : pa,
			    pb > 6 ? 6 : pb,
			    ra && rb ? FP_T_BOTH :
			        ra   ? FP_T_ATT_WINS :
			               FP_T_DEF_WINS)]++;
		if (ra && rb) {
			ENG_COVER(g, FP_R_MELEE_BOTH);
			eng_unit_kill(g, a, b);
			eng_unit_kill(g, b, a);
			break;
		}
		if (ra) {
			ENG_COVER(g, FP_R_MELEE_ATTACKER_WINS);
			eng_unit_kill(g, b, a);
			break;
		}
		if (rb) {
			ENG_COVER(g, FP_R_MELEE_DEFENDER_WINS);
			eng_unit_kill(g, a, b);
			break;
		}
		/* Neither: a draw, rolled again at once (Clarification 10). */
		ENG_COVER(g, FP_R_MELEE_DRAW);
		if (g->dice.out || ++rolls > 10000)
			break;
	}
	fp_after_loss(g);
	return 0;
}

/* A unit that begins its move in melee range fights first: returns the
 * opponent it fought, or -1. pick chooses among several (-1: the one the
 * built-in player's evaluation picks, Clarification 6). */
static int
start_melee(struct eng_game *g, int i, int pick)
{
	int j = pick >= 0 ? pick : fp_pick_opponent(g, i, 0);

	if (j < 0 || (g->u[i].flags & (ENG_UF_MELEE_START | ENG_UF_MOVED)))
		return -1;
	ENG_COVER(g, FP_R_MELEE_COMPULSORY);
	g->u[i].flags |= ENG_UF_MELEE_START;
	fp_fight(g, i, j);
	return j;
}

/* ---- fire ---- */

/* Whether weapon w can destroy unit j's class. */
static inline int
harms(const struct eng_game *g, int w, int j)
{
	return (g->ctx->rs->weapons[w].destroys >> ftype(g, j)->cls) & 1;
}

static inline int
hit_faces(unsigned faces)
{
	return __builtin_popcount(faces & 0x7e);
}

/* Whether i may fire with w at j now (no roll); returns 0, or the rule
 * that forbids it. */
static int
fire_check(struct eng_game *g, int i, int w, int slot, int j)
{
	const struct eng_unit *u = &g->u[i], *t = &g->u[j];
	double r = g->ctx->kinds[u->type].range[slot];

	if (!harms(g, w, j))
		return FP_R_FIRE_CLASS;
	if (eng_dist2(g, u, t) > r * r + EPS)
		return FP_R_FIRE_RANGE;
	if (!(g->ctx->rs->weapons[w].traits & RS_WTRAIT_INDIRECT) &&
	    !eng_sight(g, u, t, 1,
	        (1u << RS_TERRAIN_WOOD) | (1u << RS_TERRAIN_HILL)))
		return FP_R_FIRE_SIGHT;
	return 0;
}

/* Roll one shot of weapon w from i at j. */
static void
shoot(struct eng_game *g, int i, int w, int j)
{
	const struct rs_weapon *wp = &g->ctx->rs->weapons[w];
	int d;

	g->u[i].flags |= ENG_UF_FIRED;
	g->fights[1]++;
	g->fight_a = i;
	g->fight_b = j;
	if (g->contest.kind == 0) {
		g->contest.kind = 1;
		g->contest.a = i;
		g->contest.b = j;
		g->contest.weapon = w;
	}
	if ((wp->traits & RS_WTRAIT_INDIRECT) &&
	    !eng_sight(g, &g->u[i], &g->u[j], 1,
	        (1u << RS_TERRAIN_WOOD) | (1u << RS_TERRAIN_HILL)))
		ENG_COVER(g, FP_R_FIRE_INDIRECT);
	eng_dice_by(&g->dice, ENG_BY_UNIT(i));
	d = eng_die(&g->dice);
	eng_dice_by(&g->dice, 0);
	g->tally[FP_TALLY_SHOT(hit_faces(wp->hit_faces.w[0]),
	    (wp->hit_faces.w[0] >> d) & 1)]++;
	if ((wp->hit_faces.w[0] >> d) & 1) {
		ENG_COVER(g, FP_R_FIRE_HIT);
		eng_unit_kill(g, j, i);
		fp_after_loss(g);
	} else
		ENG_COVER(g, FP_R_FIRE_MISS);
}

/* ---- turns ---- */

/* The side's turn is over: owed melees, then the other side's turn. */
static void
end_turn(struct eng_game *g)
{
	int i;

	/* A unit that did not move fights where it stands: the melee of
	 * the start of its move if it has not fought it, then the one of
	 * its end while an enemy is still in range (Clarification 6). */
	for (i = 0; i < g->nu && !g->over; i++) {
		struct eng_unit *u = &g->u[i];
		if (!u->alive || u->side != g->side)
			continue;
		if (!(u->flags &
		        (ENG_UF_MELEE_START | ENG_UF_MELEE_END |
		            ENG_UF_MOVED)) &&
		    fp_melee_enemy(g, i) >= 0) {
			ENG_COVER(g, FP_R_MELEE_COMPULSORY);
			u->flags |= ENG_UF_MELEE_START;
			fp_fight(g, i, fp_pick_opponent(g, i, 0));
		}
		if (!g->over && u->alive && !(u->flags & ENG_UF_MELEE_END) &&
		    fp_melee_enemy(g, i) >= 0) {
			ENG_COVER(g, FP_R_MELEE_COMPULSORY);
			u->flags |= ENG_UF_MELEE_END;
			fp_fight(g, i, fp_pick_opponent(g, i, 0));
		}
	}
	if (g->over)
		return;
	g->sturns++;
	g->gturn = g->sturns / 2 + 1;
	g->side = !g->side;
	ENG_COVER(g, FP_R_ALTERNATE);
	for (i = 0; i < g->nu; i++)
		if (g->u[i].side == g->side)
			g->u[i].flags &= (uint16_t) ~(
			    ENG_UF_TURN | FP_UF_FOUGHT_HERE);
	if (eng_check_end(g) && g->timeout)
		ENG_COVER(g, FP_R_END_TURN_LIMIT);
}

/* ---- scripted steps ---- */

/* Which slot of unit i's weapons is w; -1 none. */
static int
weapon_slot(const struct eng_game *g, int i, int w)
{
	const struct rs_unit *t = utype(g, i);
	size_t k;

	for (k = 0; k < t->nweapons; k++)
		if (t->weapons[k] == w)
			return (int)k;
	return -1;
}

static int
step_fire(struct eng_game *g, const struct eng_action *a, char *err, size_t sz)
{
	const struct rs_unit *t = utype(g, a->unit);
	const struct eng_unit *u = &g->u[a->unit];
	int slot, w, why = 0, k;

	if (u->flags & ENG_UF_FIRED)
		return eng_refuse(g, FP_R_FIRE_ONCE, err, sz,
		    "%s has already "
		    "fired this turn",
		    u->name);
	if (in_ford(g, u->x, u->y))
		return eng_refuse(g, FP_R_FIRE_FORD, err, sz,
		    "%s stands in a ford "
		    "and may not fire",
		    u->name);
	if (fp_melee_enemy(g, a->unit) >= 0)
		return eng_refuse(g, FP_R_FIRE_MELEE_INSTEAD, err, sz,
		    "%s is in "
		    "melee range and must melee instead of firing",
		    u->name);
	if ((u->flags & FP_UF_FOUGHT_HERE) &&
	    (u->flags & (ENG_UF_MOVED | ENG_UF_MELEE_END)) != ENG_UF_MOVED)
		return eng_refuse(g, FP_R_FIRE_AFTER_MELEE, err, sz,
		    "%s has "
		    "fought a melee where it stands and may not fire there",
		    u->name);
	if (u->flags & FP_UF_FOUGHT_HERE)
		return eng_refuse(g, FP_R_FIRE_AFTER_MELEE, err, sz,
		    "%s has "
		    "not moved out of melee range of where it fought, and may not "
		    "fire",
		    u->name);
	if (a->weapon >= 0) {
		if ((slot = weapon_slot(g, a->unit, a->weapon)) < 0)
			return eng_refuse(g, -1, err, sz, "%s has no %s",
			    u->name, g->ctx->rs->weapons[a->weapon].name);
		w = a->weapon;
		why = fire_check(g, a->unit, w, slot, a->target);
	} else {
		for (slot = -1, k = 0; k < (int)t->nweapons; k++) {
			int r = fire_check(g, a->unit, t->weapons[k], k,
			    a->target);
			if (r == 0) {
				slot = k;
				break;
			}
			if (why == 0 || why == FP_R_FIRE_CLASS)
				why = r;
		}
		if (slot < 0 && why == 0)
			return eng_refuse(g, -1, err, sz, "%s has no weapon",
			    u->name);
		w = slot >= 0 ? t->weapons[slot] : -1;
		if (slot >= 0)
			why = 0;
	}
	if (why == FP_R_FIRE_CLASS)
		return eng_refuse(g, why, err, sz, "%s cannot destroy %s (%s)",
		    w >= 0 ? g->ctx->rs->weapons[w].name : u->name,
		    g->u[a->target].name,
		    rs_class_name(utype(g, a->target)->cls));
	if (why == FP_R_FIRE_RANGE)
		return eng_refuse(g, why, err, sz, "%s is out of range of %s",
		    g->u[a->target].name, u->name);
	if (why == FP_R_FIRE_SIGHT)
		return eng_refuse(g, why, err, sz,
		    "%s cannot see %s: the line of "
		    "sight is blocked",
		    u->name, g->u[a->target].name);
	shoot(g, a->unit, w, a->target);
	return 0;
}

static int
step_melee(struct eng_game *g, const struct eng_action *a, char *err,
    size_t sz)
{
	struct eng_unit *u = &g->u[a->unit];
	int b = a->target;

	if (!melees(g, a->unit) || !melees(g, b))
		return eng_refuse(g, FP_R_MELEE_NO_VEHICLES, err, sz,
		    "vehicles "
		    "never melee and cannot be meleed");
	if (!in_melee_range(g, a->unit, b))
		return eng_refuse(g, FP_R_MELEE_RANGE, err, sz,
		    "%s is not in "
		    "melee range of %s",
		    g->u[b].name, u->name);
	if (!(u->flags & (ENG_UF_MOVED | ENG_UF_MELEE_START))) {
		ENG_COVER(g, FP_R_MELEE_COMPULSORY);
		u->flags |= ENG_UF_MELEE_START;
	} else if ((u->flags & ENG_UF_MOVED) && !(u->flags & ENG_UF_MELEE_END))
		u->flags |= ENG_UF_MELEE_END;
	else
		return eng_refuse(g, FP_R_MELEE_ONE_EACH, err, sz,
		    "%s has fought "
		    "its melee for this end of its move",
		    u->name);
	fp_fight(g, a->unit, b);
	return 0;
}

static int
fp_step(struct eng_game *g, const struct eng_action *a, char *err, size_t sz)
{
	struct walk w;
	struct eng_unit *u;
	const struct rs_node *m;
	const char *name;
	int j;

	if (a->kind == ENG_ACT_END_TURN) {
		end_turn(g);
		return 0;
	}
	if (eng_step_check(g, a, err, sz) != 0)
		return -1;
	u = &g->u[a->unit];
	switch (a->kind) {
	case ENG_ACT_MOVE:
		if (u->flags & ENG_UF_MOVED)
			return eng_refuse(g, FP_R_MOVE_ONCE, err, sz,
			    "%s has "
			    "already moved this turn",
			    u->name);
		start_melee(g, a->unit, -1);
		if (!u->alive || g->over)
			return 0;
		memset(&w, 0, sizeof(w));
		w.npath = a->npath;
		w.path = (double(*)[2])a->path;
		w.target = -1;
		w.scripted = 1;
		if (a->node != NULL &&
		    (m = rs_node_get(a->node, "melee")) != NULL) {
			name = m->kind == RS_NODE_SCALAR && m->scalar ?
			    m->scalar :
			    "";
			for (j = 0; j < g->nu; j++)
				if (strcmp(g->u[j].name, name) == 0)
					w.named = j + 1;
			if (w.named == 0 ||
			    g->u[w.named - 1].side == u->side ||
			    !g->u[w.named - 1].alive)
				return eng_refuse(g, -1, err, sz,
				    "melee: '%s' is not an enemy on the "
				    "table",
				    name);
		}
		fp_move(g, a->unit, &w);
		if (w.named > 0 && w.blocked_by != w.named - 1)
			return eng_refuse(g, FP_R_MELEE_RANGE, err, sz,
			    "%s is not in melee range of %s at the end of its "
			    "move",
			    g->u[w.named - 1].name, u->name);
		return 0;
	case ENG_ACT_FIRE:
		return step_fire(g, a, err, sz);
	case ENG_ACT_MELEE:
		return step_melee(g, a, err, sz);
	case ENG_ACT_END_TURN:
	case ENG_ACT_FAMILY:
	default:
		return eng_refuse(g, -1, err, sz, "unknown step");
	}
}

/* ---- the built-in players ---- */

/* The enemies of the unit acting, with their squared distances: one
 * scan per position serves the shot, the charge and the goal. */
struct foes {
	int n;
	int j[ENG_MAX_UNITS];
	double dd[ENG_MAX_UNITS];
};

static void
foes_of(const struct eng_game *g, int i, struct foes *f)
{
	int j, side = g->u[i].side;

	f->n = 0;
	for (j = 0; j < g->nu; j++)
		if (g->u[j].alive && g->u[j].side != side) {
			f->j[f->n] = j;
			f->dd[f->n++] = d2(g, &g->u[i], &g->u[j]);
		}
}

/* The best legal shot for i now: highest chance to destroy, checking
 * sight only for candidates that would improve (random: the first legal
 * one from a random start). Returns p (0: none). */
static double
best_shot(struct eng_game *g, int i, const struct foes *f, int *target,
    int *weapon, int rnd)
{
	const struct fp_type *t = ftype(g, i);
	double best = 0, dd;
	int j, k, s, n, start = 0, cls;

	*target = -1;
	if (rnd && f->n > 0)
		start = (int)eng_rng_below(&g->ai, (uint32_t)f->n);
	for (n = 0; n < f->n; n++) {
		k = start + n;
		if (k >= f->n)
			k -= f->n;
		j = f->j[k];
		if (!g->u[j].alive)
			continue;
		dd = f->dd[k];
		cls = ftype(g, j)->cls;
		for (s = 0; s < t->nweap; s++) {
			/* Each limit that passes a target over counts, as it
			 * would refuse the shot in a test game. */
			if (!(t->destroys[s] >> cls & 1)) {
				ENG_COVER(g, FP_R_FIRE_CLASS);
				continue;
			}
			if (dd > t->r2[s]) {
				ENG_COVER(g, FP_R_FIRE_RANGE);
				continue;
			}
			if (t->p[s] <= best)
				continue;
			if (!t->indirect[s] &&
			    !eng_sight(g, &g->u[i], &g->u[j], 1,
			        (1u << RS_TERRAIN_WOOD) |
			            (1u << RS_TERRAIN_HILL))) {
				ENG_COVER(g, FP_R_FIRE_SIGHT);
				continue;
			}
			best = t->p[s];
			*target = j;
			*weapon = t->w[s];
			if (rnd)
				return best;
		}
	}
	return best;
}

/* Fire if i can (f: its enemies from where it stands, or NULL):
 * returns 1 when it fired. */
static int
try_fire(struct eng_game *g, int i, const struct foes *f, int rnd)
{
	struct foes own;
	int j, w = -1;

	/* A rule that keeps the unit from firing counts, as it would
	 * refuse the shot of a test game (its one shot: fp_play_turn). */
	if (g->u[i].flags & ENG_UF_FIRED)
		return 0;
	if (g->u[i].flags & FP_UF_FOUGHT_HERE) {
		ENG_COVER(g, FP_R_FIRE_AFTER_MELEE);
		return 0;
	}
	if (in_ford(g, g->u[i].x, g->u[i].y)) {
		ENG_COVER(g, FP_R_FIRE_FORD);
		return 0;
	}
	if (fp_melee_enemy(g, i) >= 0) {
		ENG_COVER(g, FP_R_FIRE_MELEE_INSTEAD);
		return 0;
	}
	if (f == NULL) {
		foes_of(g, i, &own);
		f = &own;
	}
	if (best_shot(g, i, f, &j, &w, rnd) <= 0)
		return 0;
	shoot(g, i, w, j);
	return 1;
}

/* Whether attacker type a should melee defender type b: P(win) at least
 * P(lose), draws resolved exactly. */
static int
melee_good(const struct eng_game *g, int a, int b)
{
	int pa = ftype(g, a)->melee, pb = ftype(g, b)->melee;

	return pa * (6 - pb) >= pb * (6 - pa);
}

/* Chance that the attacker alone survives a melee of powers pa, pd. */
static inline double
p_attacker_wins(int pa, int pd)
{
	int draw = (6 - pa) * (6 - pd);

	return draw >= 36 ? 0 : (double)(pa * (6 - pd)) / (36 - draw);
}

/* The melee opponent among those in range: the one i is most likely to
 * beat alone (exact odds; of equal odds the first listed), or any one for
 * random (rnd); -1 none. The built-in players' evaluation, and the
 * engine's where a test game names none (Clarification 6). */
int
fp_pick_opponent(struct eng_game *g, int i, int rnd)
{
	double bv = -1, v;
	int j, best = -1;

	if (!melees(g, i))
		return -1;
	for (j = 0; j < g->nu; j++) {
		if (!g->u[j].alive || g->u[j].side == g->u[i].side ||
		    !melees(g, j) || !in_melee_range(g, i, j))
			continue;
		if (rnd && eng_rng_below(&g->ai, 2) == 0)
			return j;
		v = p_attacker_wins(ftype(g, i)->melee, ftype(g, j)->melee);
		if (v > bv) {
			bv = v;
			best = j;
		}
	}
	return best;
}

/* The enemy greedy i goes for: the nearest it can harm; *r2 the range
 * (squared) that is enough. */
static int
goal_for(struct eng_game *g, int i, const struct foes *f, double *r2,
    int *melee)
{
	const struct rs_unit *t = utype(g, i);
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double best = INFINITY, dd, r;
	int j, n, s, goal = -1, any = -1;
	double anyd = INFINITY;

	*melee = 0;
	*r2 = 0;
	for (n = 0; n < f->n; n++) {
		j = f->j[n];
		if (!g->u[j].alive)
			continue;
		dd = f->dd[n];
		if (dd < anyd) {
			anyd = dd;
			any = j;
		}
		if (dd >= best)
			continue;
		for (r = -1, s = 0; s < (int)t->nweapons; s++)
			if (harms(g, t->weapons[s], j) && k->range[s] > r)
				r = k->range[s];
		if (r < 0 &&
		    !(melees(g, i) && melees(g, j) && melee_good(g, i, j)) &&
		    !((t->traits & RS_TRAIT_RUNS_DOWN) && melees(g, j)))
			continue;
		best = dd;
		goal = j;
		*r2 = r > 0 ? r * r : 0;
		*melee = r < 0;
	}
	if (goal < 0) {
		goal = any;
		*r2 = 0;
	}
	return goal;
}

/* An enemy that greedy i can reach and melee on odds of 1/2 or better
 * (exact, draws resolved), or -1. */
static int
charge_target(struct eng_game *g, int i, const struct foes *f)
{
	const struct fp_type *t = ftype(g, i);
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	double reach = k->move + g->ctx->melee_range, best = 0.5 - 1e-9, p;
	int j, n, goal = -1;

	if (!t->melees || in_ford(g, g->u[i].x, g->u[i].y))
		return -1;
	for (n = 0; n < f->n; n++) {
		j = f->j[n];
		if (!g->u[j].alive || !melees(g, j) ||
		    f->dd[n] > reach * reach)
			continue;
		p = p_attacker_wins(t->melee, ftype(g, j)->melee);
		if (p > best) {
			best = p;
			goal = j;
		}
	}
	return goal;
}

/* One unit's activation for the greedy player. */
static void
greedy_unit(struct eng_game *g, int i)
{
	struct walk w;
	double path[1][2];
	struct foes f;
	double x, y;
	int goal, melee, fired;

	if (fp_melee_enemy(g, i) >= 0)
		start_melee(g, i, fp_pick_opponent(g, i, 0));
	if (!g->u[i].alive || g->over)
		return;
	foes_of(g, i, &f);
	fired = try_fire(g, i, &f, 0);
	if (!g->u[i].alive || g->over)
		return;
	memset(&w, 0, sizeof(w));
	if ((goal = charge_target(g, i, &f)) >= 0) {
		/* A melee on good odds within reach: close in; the move is
		 * stopped in melee range and the melee fought at its end. */
		path[0][0] = g->u[goal].x;
		path[0][1] = g->u[goal].y;
		w.npath = 1;
		w.path = path;
		w.sidestep = 1;
		w.target = -1;
		fp_move(g, i, &w);
		return;
	}
	if (fired)
		return; /* fired before moving: hold the position */
	goal = goal_for(g, i, &f, &w.stop_r2, &melee);
	if (goal < 0)
		return;
	path[0][0] = g->u[goal].x;
	path[0][1] = g->u[goal].y;
	w.npath = 1;
	w.path = path;
	w.sidestep = 1;
	w.target = melee ||
	        (utype(g, i)->traits & RS_TRAIT_RUNS_DOWN && melees(g, goal)) ?
	    -1 :
	    goal;
	w.avoid_melee = !melee;
	x = g->u[i].x;
	y = g->u[i].y;
	fp_move(g, i, &w);
	if (g->u[i].alive && !g->over)
		try_fire(g, i, x == g->u[i].x && y == g->u[i].y ? &f : NULL,
		    0);
}

/* One unit's activation for the random player: any legal choices. */
static void
random_unit(struct eng_game *g, int i)
{
	const struct eng_kind *k = &g->ctx->kinds[g->u[i].type];
	struct walk w;
	double path[1][2], m = k->road_move > k->move ? k->road_move : k->move;

	if (fp_melee_enemy(g, i) >= 0)
		start_melee(g, i, fp_pick_opponent(g, i, 1));
	if (!g->u[i].alive || g->over)
		return;
	if (eng_rng_below(&g->ai, 2))
		try_fire(g, i, NULL, 1);
	if (eng_rng_below(&g->ai, 4) != 0) {
		memset(&w, 0, sizeof(w));
		if (g->board->grid != RS_GRID_NONE) {
			int r = (int)m;
			path[0][0] = g->u[i].x +
			    (int)eng_rng_below(&g->ai, (uint32_t)(2 * r + 1)) -
			    r;
			path[0][1] = g->u[i].y +
			    (int)eng_rng_below(&g->ai, (uint32_t)(2 * r + 1)) -
			    r;
		} else {
			double a = eng_rng_below(&g->ai, 3600) * M_PI / 1800,
			       d = m * eng_rng_below(&g->ai, 1001) / 1000.0;
			path[0][0] = g->u[i].x + d * sin(a);
			path[0][1] = g->u[i].y + d * cos(a);
		}
		w.npath = 1;
		w.path = path;
		w.target = -1;
		fp_move(g, i, &w);
	}
	if (g->u[i].alive && !g->over)
		try_fire(g, i, NULL, 1);
}

/* One side's turn with its built-in player (Sequence of play, Turn). */
static void
fp_play_turn(struct eng_game *g)
{
	int i, n, side = g->side, rnd = g->player[side] == ENG_PLAYER_RANDOM;
	int order[ENG_MAX_UNITS], t;

	for (n = 0, i = 0; i < g->nu; i++)
		if (g->u[i].alive && g->u[i].side == side)
			order[n++] = i;
	if (rnd)
		for (i = n - 1; i > 0; i--) {
			int j = (int)eng_rng_below(&g->ai, (uint32_t)i + 1);
			t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
	for (i = 0; i < n && !g->over; i++) {
		if (!g->u[order[i]].alive)
			continue;
		if (rnd)
			random_unit(g, order[i]);
		else
			greedy_unit(g, order[i]);
		/* Its move and its shot are spent: it is offered neither
		 * again this turn (Movement, Fire: once per turn). */
		if (g->u[order[i]].flags & ENG_UF_MOVED)
			ENG_COVER(g, FP_R_MOVE_ONCE);
		if (g->u[order[i]].flags & ENG_UF_FIRED)
			ENG_COVER(g, FP_R_FIRE_ONCE);
	}
	if (!g->over)
		end_turn(g);
}

/* ---- exact odds ---- */

/* o's chances are initialised (eng_odds_melee_init, or a table's). */
void
fp_melee_odds(int pa, int pd, struct eng_odds_melee *o)
{
	struct eng_q a, d, one, na, nd, end;

	o->powers = 1;
	o->a_power = pa;
	o->d_power = pd;
	o->resolves = pa > 0 || pd > 0;
	if (!o->resolves) {
		eng_q_set_si(&o->attacker_wins, 0, 1);
		eng_q_set_si(&o->defender_wins, 0, 1);
		eng_q_set_si(&o->both_destroyed, 0, 1);
		eng_q_set_si(&o->expected_rolls, 0, 1);
		return;
	}
	eng_q_init(&a);
	eng_q_init(&d);
	eng_q_init(&one);
	eng_q_init(&na);
	eng_q_init(&nd);
	eng_q_init(&end);
	eng_q_set_si(&a, pa, 6);
	eng_q_set_si(&d, pd, 6);
	eng_q_set_si(&one, 1, 1);
	eng_q_sub(&na, &one, &a);
	eng_q_sub(&nd, &one, &d);
	/* Draws are rolled again until a result: condition on one. */
	eng_q_mul(&end, &na, &nd);
	eng_q_sub(&end, &one, &end);
	eng_q_mul(&o->attacker_wins, &a, &nd);
	eng_q_div(&o->attacker_wins, &o->attacker_wins, &end);
	eng_q_mul(&o->defender_wins, &na, &d);
	eng_q_div(&o->defender_wins, &o->defender_wins, &end);
	eng_q_mul(&o->both_destroyed, &a, &d);
	eng_q_div(&o->both_destroyed, &o->both_destroyed, &end);
	eng_q_div(&o->expected_rolls, &one, &end);
	eng_q_clear(&a);
	eng_q_clear(&d);
	eng_q_clear(&one);
	eng_q_clear(&na);
	eng_q_clear(&nd);
	eng_q_clear(&end);
}

static int
fp_contest_odds(const struct eng_game *g, const struct eng_contest *c,
    const char *key, struct eng_q *q)
{
	struct eng_odds_melee m;
	int rc = 0;

	if (c->kind == 1) {
		if (strcmp(key, "p_hit") != 0)
			return -1;
		eng_q_set_si(q,
		    hit_faces(g->ctx->rs->weapons[c->weapon].hit_faces.w[0]),
		    6);
		return 0;
	}
	eng_odds_melee_init(&m);
	fp_melee_odds(c->a_power, c->b_power, &m);
	if (strcmp(key, "attacker_wins") == 0)
		eng_q_set(q, &m.attacker_wins);
	else if (strcmp(key, "defender_wins") == 0)
		eng_q_set(q, &m.defender_wins);
	else if (strcmp(key, "both_destroyed") == 0)
		eng_q_set(q, &m.both_destroyed);
	else if (strcmp(key, "expected_rolls") == 0)
		eng_q_set(q, &m.expected_rolls);
	else
		rc = -1;
	eng_odds_melee_clear(&m);
	return rc;
}

const char *
fp_situation_name(int s)
{
	static const char *const n[] = { "open", "uphill", "river",
		"uphill+river" };

	return s >= 0 && s < 4 ? n[s] : "open";
}

static void
fp_odds(const struct eng_ctx *c, struct eng_odds *o)
{
	const struct ruleset *rs = c->rs;
	size_t a, b, k;
	int s;

	for (a = 0; a < rs->nunits; a++)
		for (k = 0; k < rs->units[a].nweapons; k++) {
			const struct rs_weapon *w =
			    &rs->weapons[rs->units[a].weapons[k]];
			for (b = 0; b < rs->nunits; b++) {
				struct eng_odds_fire *f = eng_odds_add_fire(o,
				    (int)a, rs->units[a].weapons[k], (int)b);

				if ((w->destroys >> rs->units[b].cls) & 1)
					eng_q_set_si(&f->p_hit,
					    hit_faces(w->hit_faces.w[0]), 6);
			}
		}
	for (a = 0; a < rs->nunits; a++)
		for (b = 0; b < rs->nunits; b++) {
			if (!fp_type_melees(rs, &rs->units[a]) ||
			    !fp_type_melees(rs, &rs->units[b]))
				continue;
			for (s = 0; s < 3; s++) {
				int pa = fp_melee(rs, &rs->units[a]) -
				    (s == FP_SIT_UPHILL ?
				            (int)c->set.v[FP_SET_UPHILL] :
				            s > 0);

				fp_melee_odds(pa < 0 ? 0 : pa,
				    fp_melee(rs, &rs->units[b]),
				    eng_odds_add_melee(o, (int)a, (int)b,
				        fp_situation_name(s)));
			}
		}
}

/* ---- findings on the ruleset ---- */

static void
fp_findings(const struct eng_ctx *c, const struct eng_stats *st,
    struct diags *d)
{
	const struct ruleset *rs = c->rs;
	size_t a, b, k;
	unsigned any = 0;
	double diag = hypot(rs->table_w_mm, rs->table_h_mm);
	char l[32];
	int s, up = (int)c->set.v[FP_SET_UPHILL];

	(void)st;
	for (k = 0; k < rs->nweapons; k++)
		any |= rs->weapons[k].destroys;
	for (a = 0; a < rs->nunits; a++) {
		const struct rs_unit *u = &rs->units[a];
		int meleeable = 0, harms_any = 0;
		for (b = 0; b < rs->nunits; b++)
			if (fp_type_melees(rs, u) &&
			    fp_type_melees(rs, &rs->units[b]) &&
			    fp_melee(rs, &rs->units[b]) > 0)
				meleeable = 1;
		if (!((any >> u->cls) & 1) && !meleeable)
			diag_msg(d, u->pos, MSG(NOTHING_CAN_DESTROY_UNIT),
			    u->name, rs_class_name(u->cls));
		for (k = 0; k < u->nweapons; k++)
			for (b = 0; b < rs->nunits; b++)
				if ((rs->weapons[u->weapons[k]].destroys >>
				        rs->units[b].cls) &
				    1)
					harms_any = 1;
		if (fp_type_melees(rs, u) && fp_melee(rs, u) > 0)
			harms_any = 1;
		if (!harms_any)
			diag_msg(d, u->pos, MSG(UNIT_CAN_DESTROY_NOTHING),
			    u->name);
		for (b = 0; b < rs->nunits; b++)
			for (s = 0; s < 2; s++) {
				/* The worse of uphill and from a ford. */
				int pa = fp_melee(rs, u) -
				    (s ? (up > 1 ? up : 1) : 0);
				if (!fp_type_melees(rs, u) ||
				    !fp_type_melees(rs, &rs->units[b]))
					continue;
				if ((pa < 0 ? 0 : pa) == 0 &&
				    fp_melee(rs, &rs->units[b]) <= 0)
					diag_msg(d, u->pos,
					    MSG(MELEE_AGAINST_CAN_NEVER_END),
					    u->name, rs->units[b].name,
					    s ? " uphill or from a river" :
					        "");
			}
	}
	for (k = 0; k < rs->nweapons; k++) {
		const struct rs_weapon *w = &rs->weapons[k];
		if (c->wrange[k] <= 0 && c->board.grid != RS_GRID_NONE)
			diag_msg(d, w->pos, MSG(WEAPON_REACHES_NO_CELL_GRID),
			    w->name);
		else if (w->range_mm >= diag && diag > 0) {
			len_format(l, sizeof(l), w->range_mm,
			    rs->measure == LEN_NONE ? LEN_MM : rs->measure);
			diag_msg(d, w->pos,
			    MSG(WEAPON_REACHES_ACROSS_WHOLE_TABLE), w->name,
			    l);
		}
	}
}

/* ---- the family ---- */

static int
fp_prepare(struct eng_ctx *c, struct diags *d)
{
	const struct ruleset *rs = c->rs;
	struct fp_type *ft;
	size_t i;
	int k;

	/* Every chance of the family is a d6's. */
	if (rs->die != 6) {
		if (d != NULL)
			diag_msg(d, rs->die_pos,
			    MSG(FIREPOWER_FAMILY_PLAYS_ONLY_D6), rs->die);
		return -1;
	}
	/* Melee range is 2" (the setting); on a grid the cells it covers,
	 * and at least the adjacent ones (Clarification 9: 2" on 3"
	 * squares). */
	c->melee_range = c->set.v[FP_SET_MELEE_RANGE];
	if (c->board.grid != RS_GRID_NONE)
		c->melee_range = eng_fmax(1,
		    floor(c->melee_range / c->board.cell_mm + 1e-6));
	ft = xcalloc(rs->nunits + 1, sizeof(*ft));
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];
		ft[i].melees = (uint8_t)fp_type_melees(rs, u);
		ft[i].vehicle = u->cls == RS_CLASS_VEHICLE ||
		    (u->traits & RS_TRAIT_NO_MELEE);
		ft[i].cls = (uint8_t)u->cls;
		ft[i].melee = (int8_t)fp_melee(rs, u);
		ft[i].nweap = (int)u->nweapons;
		for (k = 0; k < ft[i].nweap; k++) {
			const struct rs_weapon *w =
			    &rs->weapons[u->weapons[k]];
			double r = c->kinds[i].range[k];
			ft[i].w[k] = u->weapons[k];
			ft[i].p[k] = hit_faces(w->hit_faces.w[0]) / 6.0;
			ft[i].r2[k] = r * r + EPS;
			ft[i].destroys[k] = w->destroys;
			ft[i].indirect[k] = (w->traits & RS_WTRAIT_INDIRECT) !=
			    0;
		}
	}
	c->fam_data = ft;
	return 0;
}

static void
fp_release(struct eng_ctx *c)
{
	free(c->fam_data);
	c->fam_data = NULL;
}

/*
 * The numbers of the sources that a ruleset may change: Melee, "melee
 * range is two inches"; Clarification 14, uphill −1; Special rules, a
 * ford is entered on one turn and left on the next.
 */
static const struct eng_setting fp_settings[] = {
	[FP_SET_MELEE_RANGE] = { "melee_range", ENG_SET_LENGTH, 2 * 25.4, 1,
	    1000, "a unit this close to an enemy stops and melees",
	    { NULL, NULL } },
	[FP_SET_UPHILL] = { "uphill_penalty", ENG_SET_INT, 1, 0, 6,
	    "melee power an attacker loses meleeing uphill",
	    { "point of melee power", "points of melee power" } },
	[FP_SET_FORD_TURNS] = { "ford_turns", ENG_SET_INT, 2, 1, 10,
	    "turns a unit takes to cross a ford", { "turn", "turns" } },
	[FP_SET_WOOD_DEPTH] = ENG_SETTING_WOOD_DEPTH,
	[FP_SET_HILL_RISE] = ENG_SETTING_HILL_RISE,
};

/*
 * Whether rule k can happen in any battle of the ruleset, so that a test
 * game is owed for it: the vehicle rules need a unit that is a vehicle
 * (or never melees), running down one that runs down and something to
 * run down, rivers and fords a Terrain table with them (is_vehicle and
 * collide() in firepower_move.c decide as here), a road move a unit
 * faster on the road and roads, the uphill penalty hills, the power
 * floor a penalty that can take a unit's power to 0, indirect fire a
 * weapon that fires so. Test games may place any terrain, but what no
 * battle of the ruleset can bring about is no gap in its test games.
 */
static int
fp_applies(const struct eng_ctx *c, int rule)
{
	const struct ruleset *rs = c->rs;
	int veh = 0, scout = 0, nomelee = 0, melee = 0, runs = 0, road = 0;
	int indirect = 0, weak = 0, pen, w;
	int hill = eng_terrain_possible(rs, RS_TERRAIN_HILL);
	int ford = eng_terrain_possible(rs, RS_TERRAIN_FORD);
	size_t i, k;

	pen = (hill ? (int)c->set.v[FP_SET_UPHILL] : 0) + (ford ? 1 : 0);
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];
		int v = u->cls == RS_CLASS_VEHICLE ||
		    (u->traits & RS_TRAIT_NO_MELEE);

		veh |= v;
		runs |= (u->traits & RS_TRAIT_RUNS_DOWN) != 0;
		scout |= v && !(u->traits & RS_TRAIT_RUNS_DOWN);
		nomelee |= !fp_type_melees(rs, u);
		melee |= fp_type_melees(rs, u);
		weak |= fp_type_melees(rs, u) && fp_melee(rs, u) <= pen;
		road |= c->kinds[i].road_move > c->kinds[i].move;
		for (k = 0; k < u->nweapons; k++)
			if ((w = u->weapons[k]) >= 0 &&
			    (rs->weapons[w].traits & RS_WTRAIT_INDIRECT))
				indirect = 1;
	}
	switch (rule) {
	case FP_R_MOVE_ROAD:
		return road && eng_terrain_possible(rs, RS_TERRAIN_ROAD);
	case FP_R_FIRE_INDIRECT:
		return indirect;
	case FP_R_FIRE_FORD:
	case FP_R_MELEE_RIVER:
	case FP_R_FORD_LEAVE:
		return ford;
	case FP_R_FORD_STOP:
		/* A ford crossed in one turn stops nobody. */
		return ford && c->set.v[FP_SET_FORD_TURNS] > 1;
	case FP_R_RIVER_IMPASSABLE:
		return eng_terrain_possible(rs, RS_TERRAIN_RIVER);
	case FP_R_MELEE_UPHILL:
		return hill;
	case FP_R_MELEE_FLOOR:
		return (hill || ford) && weak;
	case FP_R_MELEE_NO_VEHICLES:
		return nomelee;
	case FP_R_VEH_IGNORE_RANGE:
		return veh && melee;
	case FP_R_VEH_RUN_DOWN:
	case FP_R_VEH_RUN_DOWN_SHORT:
		return runs && melee;
	case FP_R_VEH_NO_RUN_DOWN_VEHICLE:
		return runs && nomelee;
	case FP_R_VEH_SCOUT_STOPS:
		return scout;
	default:
		return 1;
	}
}

/* The melee range, a unit stops at it. Returns the number of gauges. */
static size_t
fp_gauges(const struct ruleset *rs, struct eng_gauge *out)
{
	struct eng_values v;

	eng_settings_read(rs, &eng_firepower, &v, NULL);
	out[0].mm = v.v[FP_SET_MELEE_RANGE];
	out[0].label = _("Melee range");
	return 1;
}

/* Rivers and fords: a unit in a ford may not fire and leaves it on its
 * next turn, so the table marks it — unless the ruleset's Terrain table
 * has neither (without one, the family's own terrain has both). Returns
 * the number of markers. */
static size_t
fp_markers(const struct ruleset *rs, char ***out)
{
	size_t i;

	*out = NULL;
	for (i = 0; i < rs->nterrain; i++)
		if (rs->terrain[i].kind == RS_TERRAIN_RIVER ||
		    rs->terrain[i].kind == RS_TERRAIN_FORD)
			break;
	if (rs->nterrain > 0 && i == rs->nterrain)
		return 0;
	*out = xcalloc(1, sizeof(char *));
	(*out)[0] = xstrdup(_("In ford"));
	return 1;
}

/* Firepower keeps no state of its own in fam_state: nothing to set up,
 * and having the hook spares each game eng_game_init()'s clearing of
 * those 28 KiB (4 % of a build of 256 unit types, whose scenario values
 * them in 9,500 games). */
static void
fp_setup(struct eng_game *g)
{
	(void)g;
}

/* What firepower needs of the reader's model: a melee power for each
 * unit (unless it never melees), Hits on and something destroyed for
 * each weapon, a Weapons table; and it has no 'break'. */
static void
fp_check(const struct ruleset *rs, const struct rs_check *c, struct diags *d)
{
	const struct rs_unit *u;
	const struct rs_weapon *w;
	const char *s;
	struct pos at;
	int v;

	switch (c->kind) {
	case RS_CHECK_UNIT_CELLS:
		/* Where the reader read the numbers it reads itself. */
		if ((s = eng_unit_cell(rs, &rs->units[c->item], fp_unit_cols,
		         &at)) != NULL)
			eng_cell_int(s, "Melee", 0, 6, at, &v, d);
		break;
	case RS_CHECK_UNIT:
		u = &rs->units[c->item];
		if (fp_melee(rs, u) == -1 && !(u->traits & RS_TRAIT_NO_MELEE))
			diag_msg(d, u->pos, MSG(UNIT_NO_MELEE), u->name);
		break;
	case RS_CHECK_WEAPON:
		w = &rs->weapons[c->item];
		/* A cell of its row that did not read said so already. */
		if (diags_error_on_line(d, w->pos.file, w->pos.line))
			break;
		if (rs_faces_none(&w->hit_faces))
			diag_msg(d, w->pos, MSG(WEAPON_NO_HITS), w->name);
		if (w->destroys == 0)
			diag_msg(d, w->pos, MSG(WEAPON_DESTROYS_NOTHING),
			    w->name);
		break;
	case RS_CHECK_NO_WEAPONS:
		eng_no_weapons(rs, c, &eng_firepower, d);
		break;
	case RS_CHECK_WHOLE:
	case RS_CHECK_ENGINE:
	case RS_CHECK_OWN_COL:
	case RS_CHECK_OWN:
	case RS_CHECK_TESTGAME:
	case RS_CHECK_CLASS:
	case RS_CHECK_NO_ENGINE:
	case RS_CHECK_MARKERS:
	case RS_CHECK_FACE_OVER:
		break;
	}
}

/* ruleset.txt: the classes each weapon destroys (all, or "-" for
 * none). */
static void
fp_dump(const struct ruleset *rs, enum rs_dump_at at, size_t item, FILE *fp)
{
	unsigned mask;
	int c, first = 1, m;

	if (at == RS_DUMP_UNIT && (m = fp_melee(rs, &rs->units[item])) >= 0)
		fprintf(fp, ", melee %d", m);
	if (at != RS_DUMP_WEAPON)
		return;
	mask = rs->weapons[item].destroys;
	fputs(", destroys ", fp);
	if (mask == RS_CLASS_ALL) {
		fputs("all", fp);
		return;
	}
	for (c = 0; c < RS_CLASS__MAX; c++)
		if (mask & (1u << c)) {
			fprintf(fp, "%s%s", first ? "" : ",",
			    rs_class_name((enum rs_class)c));
			first = 0;
		}
	if (first)
		fputs("-", fp);
}

const struct eng_family eng_firepower = {
	.d6_only = 1,
	.name = "firepower",
	.check = fp_check,
	.unit_cols = fp_unit_cols,
	.dump = fp_dump,
	.rules = fp_rules,
	.nrules = FP_R__MAX,
	.applies = fp_applies,
	.classes = 1u << RS_CLASS_INFANTRY | 1u << RS_CLASS_ARTILLERY |
	    1u << RS_CLASS_VEHICLE,
	.prepare = fp_prepare,
	.release = fp_release,
	.setup = fp_setup,
	.unit_key = NULL,
	.play_turn = fp_play_turn,
	.step = fp_step,
	.expect_unit = NULL,
	.contest_odds = fp_contest_odds,
	.odds = fp_odds,
	.findings = fp_findings,
	.weapon_usable = fp_weapon_usable,
	.settings = fp_settings,
	.nsettings = sizeof(fp_settings) / sizeof(fp_settings[0]),
	.gauges = fp_gauges,
	.markers = fp_markers,
	.show = &fp_show,
};
