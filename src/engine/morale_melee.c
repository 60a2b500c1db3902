/*
 * morale_melee.c: charges and the Melee (Sequence of play steps 5 and 6;
 * Melee; Melee modifiers). In the Pre-melee morale step the players
 * declare charges, settled unit by unit, the side that moved first first
 * (Clarification 19): a unit with melee dice and morale 3 or more may
 * charge an enemy within 30mm and partly in its front sector (Melee:
 * closing in). Open order targets evade (Clarification 14); a target
 * charged by a single unit, on a flank, turns to face, unless pike-armed
 * (Clarification 16); then every charger tests to close and its target
 * tests too, with the defending modifiers (Clarification 6). In the
 * Melee step each target fights its chargers for one round: the
 * chargers' hits added, more hits wins (Clarification 21), a tie goes to
 * the tie-break die (Clarifications 8, 11); the loser is disorganised
 * and takes a further hit, and falls back next Movement or routs (Melee:
 * the loser; Clarification 12). When the target wins, every charger
 * loses (Melee: several chargers).
 *
 * Closing to contact is not moved on the table (Clarification 19).
 */
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "morale.h"
#include "morale_internal.h"

/* ---- declaring and settling charges ---- */

/* Returns why unit i may not charge unit j (NULL: it may). Only units
 * with melee dice and morale 3 or more charge; open order troops,
 * routing units and artillery never do (Melee: closing in). */
const char *
mo_charge_illegal(struct eng_game *g, int i, int j, int count)
{
	double stop = prep(g)->stop_dist;

	if (!g->u[i].alive)
		return "it is not on the table";
	if (g->u[i].flags & MO_UF_ROUTING)
		return "it is routing";
	if (!unit_charges(g, i))
		return "it never charges";
	if (cstate(g)->morale[i] <= 2) {
		if (count)
			ENG_COVER(g, MO_R_ONLY_DEFEND);
		return "at morale 2 or less it may only defend";
	}
	if (j < 0 || !g->u[j].alive || g->u[j].side == g->u[i].side)
		return "the target is not an enemy on the table";
	if (dist2(g, i, j) > stop * stop + 1e-6)
		return "the target is not within 30mm";
	if (!mo_partly_in_front(g, i, j))
		return "the target is not in its front sector";
	return NULL;
}

/* The players declare charges: greedy on fair odds or better by the
 * exact table, random at a coin's toss. */
static void
declare_charges(struct eng_game *g)
{
	int i, j, k, n, best;
	float best_p, p;
	double stop = prep(g)->stop_dist, stop2 = stop * stop + 1e-6;
	const double *row;
	const int8_t *foes;
	uint64_t m = 0;

	/* The steady units with melee dice, as a mask made without
	 * branches (declaring changes no other unit's state). */
	for (i = 0; i < g->nu; i++) {
		g->u[i].c[MO_C_CHARGE] = 0;
		m |= (uint64_t)((g->u[i].alive != 0) &
		         !(g->u[i].flags & MO_UF_ROUTING) &
		         (type_cols(g, i)->melee > 0))
		    << i;
	}
	for (; m != 0; m &= m - 1) {
		i = __builtin_ctzll(m);
		/* The charger's own conditions of mo_charge_illegal() first:
		 * when they fail, no target is legal. */
		if (!engaged(g, i) || !unit_charges(g, i))
			continue;
		/* A unit that would charge but may only defend: the limit
		 * decides, as it refuses a test game's charge. */
		if (cstate(g)->morale[i] <= 2) {
			ENG_COVER(g, MO_R_ONLY_DEFEND);
			continue;
		}
		best = -1;
		best_p = -1;
		row = enemy_dist2_row(g, i);
		foes = cstate(g)->side_unit[1 - g->u[i].side];
		n = cstate(g)->side_count[1 - g->u[i].side];
		for (k = 0; k < n; k++) {
			j = foes[k];
			/* What mo_charge_illegal() asks of the target: an
			 * enemy on the table within 30mm, partly in front. */
			if (row[k] > stop2 || !g->u[j].alive ||
			    !mo_partly_in_front(g, i, j))
				continue;
			p = prep(g)->p_win[g->u[i].type][g->u[j].type];
			/* A disorganised target that fails its test routs
			 * without striking: the charge wins. */
			if (g->u[j].flags & MO_UF_DISORDERED) {
				int morale = cstate(g)->morale[j] +
				    prep(g)->morale_mod[MO_MOD_DISORDERED];
				float fail = morale >= 6 ? 0.0f :
				    morale <= 0          ? 1.0f :
				                  (float)(6 - morale) / 6;

				p = fail + (1 - fail) * p;
			}
			if (!mo_in_front(g, j, i))
				p += 0.2f; /* a flank attack */
			if (g->u[j].flags & MO_UF_ROUTING)
				p = 1;
			if (g->player[g->u[i].side] == ENG_PLAYER_RANDOM)
				p = (float)eng_rng_below(&g->ai, 100) / 100;
			if (p > best_p) {
				best_p = p;
				best = j;
			}
		}
		if (best >= 0 && best_p >= 0.4f)
			g->u[i].c[MO_C_CHARGE] = (int16_t)(best + 1);
	}
}

/* Settle declarations: the side that moved first first, in unit order;
 * a charge stands unless its unit is already charged or its target's
 * own charge already stands (Clarification 19): of two units charging
 * each other, the one of the side that moved first charges. Illegal
 * ones are dropped. */
static void
settle_charges(struct eng_game *g)
{
	int pass, i, j, side;
	uint64_t stood = 0;

	for (i = 0; i < g->nu; i++)
		g->u[i].c[MO_C_TURN] &= (int16_t) ~(MO_T_TARGET | MO_T_PASSED);
	for (pass = 0; pass < 2; pass++) {
		side = pass == 0 ? g->first : 1 - g->first;
		for (i = 0; i < g->nu; i++) {
			if (g->u[i].side != side ||
			    g->u[i].c[MO_C_CHARGE] == 0)
				continue;
			j = g->u[i].c[MO_C_CHARGE] - 1;
			/* Already charged, or its target's charge already
			 * stands: settled before this one. */
			if (mo_charge_illegal(g, i, j, 1) != NULL ||
			    (g->u[i].c[MO_C_TURN] & MO_T_TARGET) ||
			    (stood >> j & 1)) {
				g->u[i].c[MO_C_CHARGE] = 0;
				continue;
			}
			stood |= (uint64_t)1 << i;
			g->u[j].c[MO_C_TURN] |= MO_T_TARGET;
		}
	}
	/* A target's own charge is dropped: it was declared too late. */
	for (i = 0; i < g->nu; i++) {
		state(g)->charged_by[i] = 0;
		if (g->u[i].c[MO_C_TURN] & MO_T_TARGET)
			g->u[i].c[MO_C_CHARGE] = 0;
	}
	for (i = 0; i < g->nu; i++)
		if (g->u[i].alive && g->u[i].c[MO_C_CHARGE] > 0)
			state(g)->charged_by[g->u[i].c[MO_C_CHARGE] - 1] |=
			    (uint64_t)1 << i;
}

/* Returns 1 when unit c charges unit t this turn. */
static int
charges(const struct eng_game *g, int c, int t)
{
	return g->u[c].alive && g->u[c].c[MO_C_CHARGE] == t + 1;
}

/* Returns the mask of the units that charged unit t when the charges
 * were settled (bit c: unit c); some may have dropped out since. */
static uint64_t
chargers_of(const struct eng_game *g, int t)
{
	return cstate(g)->charged_by[t];
}

/* Loop c, in unit order, over the units that charge unit t this turn
 * (after settle_charges()); m is a uint64_t. A charge dropped in the
 * loop's body is seen. */
#define FOR_CHARGERS(g, t, m, c)                                              \
	for ((m) = chargers_of((g), (t));                                     \
	     (m) != 0 && ((c) = __builtin_ctzll(m), 1); (m) &= (m)-1)         \
		if (charges((g), (c), (t)))

/* ---- Pre-melee morale ---- */

/* Light troops evade the charge of a (the fastest charger): one normal
 * move straight away, along a path; caught when slower than a, or when
 * another unit's base or the table edge on the path stops it short of
 * the full distance (Clarification 14). Returns 1 escaped. */
static int
evade(struct eng_game *g, int t, int a)
{
	struct eng_unit *u = &g->u[t];
	double mv = g->ctx->kinds[u->type].move;
	double dx = u->x - g->u[a].x, dy = u->y - g->u[a].y, n = len2d(dx, dy);
	double x, y;
	int met, clear;

	ENG_COVER(g, MO_R_EVADE);
	if (n < 1e-12) {
		dx = 0;
		dy = u->side == ENG_BLUE ? -1 : 1;
		n = 1;
	}
	x = u->x + dx / n * mv;
	y = u->y + dy / n * mv;
	if (cstate(g)->on_grid)
		clear = mo_on_table(g, t, x, y) && !mo_overlaps(g, t, x, y);
	else
		clear = mo_forced_path(g, t, u->x, u->y, dx / n, dy / n, mv,
		            &met) >= mv - 1e-9 &&
		    met == MO_MET_NONE;
	if (mv < g->ctx->kinds[g->u[a].type].move - 1e-9 || !clear) {
		ENG_COVER(g, MO_R_CAUGHT);
		u->c[MO_C_TURN] |= MO_T_NO_STRIKE;
		return 0;
	}
	mo_place(g, t, x, y);
	u->c[MO_C_TURN] |= MO_T_EVADED;
	return 1;
}

/* Unit c's test to close on t (Melee; Clarification 6). */
static void
charger_test(struct eng_game *g, int c, int t)
{
	int mods = mo_mods_every_test(g, c);

	ENG_COVER(g, MO_R_CHARGE_TEST);
	if (!mo_in_front(g, t, c))
		mods += mo_mod_apply(g, MO_MOD_MELEEING_FLANK);
	if (mo_unsupported(g, c))
		mods += mo_mod_apply(g, MO_MOD_UNSUPPORTED);
	if (mo_test(g, c, mods)) {
		g->u[c].c[MO_C_TURN] |= MO_T_PASSED;
		return;
	}
	/* Clarification 6: a charger that fails stays where it is. */
	ENG_COVER(g, MO_R_CHARGE_FAIL);
	mo_fail(g, c);
	g->u[c].c[MO_C_CHARGE] = 0;
}

/* The charged unit t's test, with the defending modifiers
 * (Clarification 6). */
static void
target_test(struct eng_game *g, int t)
{
	const struct rs_unit *type = unit_type(g, t);
	int mods = mo_mods_every_test(g, t), c;
	int by_mounted = 0, by_elephants = 0, from_flank = 0, higher = 0;
	uint64_t rest;
	unsigned kinds;

	FOR_CHARGERS(g, t, rest, c)
	{
		by_mounted |= mounted(unit_type(g, c));
		by_elephants |= unit_type(g, c)->cls == RS_CLASS_ELEPHANT;
		from_flank |= !mo_in_front(g, t, c);
		higher |= mo_higher_ground(g, t, c);
	}
	ENG_COVER(g, MO_R_TARGET_TEST);
	if (by_mounted && !mounted(type))
		mods += mo_mod_apply(g, MO_MOD_MELEED_BY_CAVALRY);
	if (by_elephants && mounted(type))
		mods += mo_mod_apply(g, MO_MOD_CAV_BY_ELEPHANTS);
	if (from_flank)
		mods += mo_mod_apply(g, MO_MOD_MELEED_FROM_FLANK);
	if (mo_unsupported(g, t))
		mods += mo_mod_apply(g, MO_MOD_UNSUPPORTED);
	if (higher && !mounted(type))
		mods += mo_mod_apply(g, MO_MOD_HIGHER_GROUND);
	kinds = eng_board_kinds_at(g->board, g->u[t].x, g->u[t].y);
	if (kinds & (1u << RS_TERRAIN_FORTIFICATION))
		mods += mo_mod_apply(g, MO_MOD_FORTIFICATIONS);
	if (mo_test(g, t, mods))
		return;
	if (g->u[t].flags & MO_UF_DISORDERED) {
		/* Already disorganised: it routs and does not strike. */
		ENG_COVER(g, MO_R_TARGET_ROUTS);
		g->u[t].c[MO_C_TURN] |= MO_T_NO_STRIKE;
	}
	mo_fail(g, t);
}

/* Pre-melee morale: charges declared (by the players unless scripted),
 * targets evade or turn to face, and every unit about to fight tests. */
void
mo_pre_morale(struct eng_game *g, int scripted)
{
	int t, c, nchargers, nfront, fastest, passed;
	uint64_t rest;

	if (!scripted)
		declare_charges(g);
	settle_charges(g);
	for (t = 0; t < g->nu; t++) {
		if (!(g->u[t].c[MO_C_TURN] & MO_T_TARGET))
			continue;
		nchargers = nfront = 0;
		fastest = -1;
		FOR_CHARGERS(g, t, rest, c)
		{
			nchargers++;
			nfront += mo_in_front(g, t, c);
			if (fastest < 0 ||
			    g->ctx->kinds[g->u[c].type].move >
			        g->ctx->kinds[g->u[fastest].type].move)
				fastest = c;
		}
		if (nchargers == 0)
			continue;
		if (steady(g, t) &&
		    (unit_type(g, t)->traits & RS_TRAIT_LIGHT) &&
		    evade(g, t, fastest)) {
			FOR_CHARGERS(g, t, rest, c)
			g->u[c].c[MO_C_CHARGE] = 0;
			continue;
		}
		/* Turning to face: one charger only, on a flank, not
		 * pikes; two or more cannot all be faced (Clarification
		 * 16). */
		if (steady(g, t) && nfront == 0 && nchargers == 1 &&
		    !(g->u[t].c[MO_C_TURN] & MO_T_NO_STRIKE)) {
			if (unit_type(g, t)->traits & RS_TRAIT_PIKE)
				ENG_COVER(g, MO_R_PIKE_NO_TURN);
			else {
				ENG_COVER(g, MO_R_TURN);
				mo_face_to(g, t, g->u[fastest].x,
				    g->u[fastest].y);
			}
		}
		passed = 0;
		FOR_CHARGERS(g, t, rest, c)
		{
			charger_test(g, c, t);
			passed |= charges(g, c, t);
		}
		if (!passed)
			continue;
		if (g->u[t].flags & MO_UF_ROUTING)
			g->u[t].c[MO_C_TURN] |= MO_T_NO_STRIKE;
		else
			target_test(g, t);
	}
}

/* ---- the fight ---- */

/* Returns the melee die modifier of unit i fighting towards unit j from
 * the Melee modifiers table, counting each that applies. */
static int
melee_mod(struct eng_game *g, int i, int j)
{
	const struct rs_unit *t = unit_type(g, i);
	const struct mo_ctx *c = prep(g);
	int v = 0;

	if ((t->traits & RS_TRAIT_PIKE) && c->has_die_mod[MO_DIE_PIKE_FRONT] &&
	    mo_in_front(g, i, j)) {
		ENG_COVER(g, MO_R_DIE_PIKE);
		v += c->die_mod[MO_DIE_PIKE_FRONT];
	}
	if ((t->traits & RS_TRAIT_ARMOURED) &&
	    c->has_die_mod[MO_DIE_ARMOURED]) {
		ENG_COVER(g, MO_R_DIE_ARMOURED);
		v += c->die_mod[MO_DIE_ARMOURED];
	}
	if ((t->traits & RS_TRAIT_LEVY) && c->has_die_mod[MO_DIE_LEVY]) {
		ENG_COVER(g, MO_R_DIE_LEVY);
		v += c->die_mod[MO_DIE_LEVY];
	}
	return v;
}

/* The loser of a melee against winner: disorganised with a further hit,
 * falling back next Movement; routing if it already was disorganised
 * (Melee: the loser; Clarification 12). */
static void
lose(struct eng_game *g, int loser, int winner)
{
	struct eng_unit *u = &g->u[loser];

	ENG_COVER(g, MO_R_LOSER);
	state(g)->pending_hits[loser]++;
	state(g)->pending_mask |= (uint64_t)1 << loser;
	if (u->flags & (MO_UF_DISORDERED | MO_UF_ROUTING)) {
		ENG_COVER(g, MO_R_LOSER_ROUTS);
		if (!(u->flags & MO_UF_ROUTING))
			ENG_COVER(g, MO_R_ROUT);
		u->flags |= MO_UF_ROUTING | MO_UF_DISORDERED;
	} else {
		u->flags |= MO_UF_DISORDERED | MO_UF_LOST_MELEE;
		u->c[MO_C_FOE] = (int16_t)winner;
	}
	u->c[MO_C_TURN] |= MO_T_NEW_DISORDER;
}

/* Returns 1 when the chargers' side wins a tie-break: one die each,
 * never modified, rolled again while equal (Clarifications 8, 11). */
static int
tiebreak(struct eng_game *g)
{
	int a, d;

	ENG_COVER(g, MO_R_TIEBREAK);
	for (;;) {
		a = eng_die(&g->dice);
		d = eng_die(&g->dice);
		if (a != d || g->dice.out)
			return a > d;
		ENG_COVER(g, MO_R_TIEBREAK_AGAIN);
	}
}

/* Returns 1 when a target's built-in player strikes charger c rather
 * than charger o, both of them ones it may strike: the one its hits
 * hurt most, the lower current morale, then the more hits towards the
 * next point lost (Melee: several chargers). */
static int
strike_rather(const struct eng_game *g, int c, int o)
{
	const struct mo_state *s = cstate(g);
	int per = prep(g)->hits_per_morale > 0 ? prep(g)->hits_per_morale : 1;

	if (s->morale[c] != s->morale[o])
		return s->morale[c] < s->morale[o];
	return s->hits[c] % per > s->hits[o] % per;
}

/* One melee round at target t (Melee: the fight). */
static void
fight(struct eng_game *g, int t)
{
	struct mo_state *s = state(g);
	int c, opp = -1, nfront = 0, nflank = 0, nchargers = 0;
	int att_hits = 0, def_hits = 0, att_mod = 0, def_mod = 0, strike, win;
	uint64_t rest;

	FOR_CHARGERS(g, t, rest, c)
	{
		nchargers++;
		if (mo_in_front(g, t, c))
			nfront++;
		else
			nflank++;
	}
	/* The target strikes the charger to its front, or its player's
	 * choice among those it may strike (Melee: several chargers). */
	FOR_CHARGERS(g, t, rest, c)
	if ((nfront == 0 || mo_in_front(g, t, c)) &&
	    (opp < 0 || strike_rather(g, c, opp)))
		opp = c;
	if (nfront > 0 && nflank > 0)
		ENG_COVER(g, MO_R_FRONT_FLANK);
	ENG_COVER(g, MO_R_MELEE);
	FOR_CHARGERS(g, t, rest, c)
	{
		att_mod = melee_mod(g, c, t);
		att_hits += mo_roll_hits(g, c, type_cols(g, c)->melee,
		    att_mod);
	}
	strike = steady(g, t) && type_cols(g, t)->melee > 0 &&
	    !(g->u[t].c[MO_C_TURN] & MO_T_NO_STRIKE);
	if (!strike &&
	    (g->u[t].c[MO_C_TURN] & MO_T_NO_STRIKE || !steady(g, t)))
		ENG_COVER(g, MO_R_NO_STRIKE);
	if (strike) {
		def_mod = melee_mod(g, t, opp);
		def_hits = mo_roll_hits(g, t, type_cols(g, t)->melee, def_mod);
	}
	mo_contest_record(g, 2, opp, t, type_cols(g, opp)->melee, att_mod,
	    (g->u[opp].flags & MO_UF_DISORDERED) != 0,
	    strike ? type_cols(g, t)->melee : 0, def_mod,
	    (g->u[t].flags & MO_UF_DISORDERED) != 0);
	if (s->contest_recorded && g->contest.b == t && g->contest.kind == 2)
		s->contest_chargers = nchargers;
	s->pending_hits[t] = (int16_t)(s->pending_hits[t] + att_hits);
	s->pending_hits[opp] = (int16_t)(s->pending_hits[opp] + def_hits);
	s->pending_mask |= (uint64_t)1 << t | (uint64_t)1 << opp;
	win = att_hits > def_hits ? 1 : att_hits < def_hits ? 0 : tiebreak(g);
	if (nchargers == 1 && att_mod == 0 && def_mod == 0 &&
	    !(g->u[opp].flags & MO_UF_DISORDERED) &&
	    !(strike && (g->u[t].flags & MO_UF_DISORDERED)) &&
	    type_cols(g, opp)->melee <= 6 && type_cols(g, t)->melee <= 6)
		g->tally[MO_TALLY_MELEE(type_cols(g, opp)->melee,
		    strike ? type_cols(g, t)->melee : 0, win)]++;
	if (win)
		lose(g, t, opp);
	else
		FOR_CHARGERS(g, t, rest, c)
	lose(g, c, t);
}

/* Melee: every charger that passed fights its target; one round. */
void
mo_melee(struct eng_game *g)
{
	int t, c, any;
	uint64_t rest;

	for (t = 0; t < g->nu; t++) {
		if (!(g->u[t].c[MO_C_TURN] & MO_T_TARGET) || !g->u[t].alive)
			continue;
		any = 0;
		FOR_CHARGERS(g, t, rest, c)
		{
			any = 1;
			break;
		}
		if (any)
			fight(g, t);
	}
	for (c = 0; c < g->nu; c++)
		g->u[c].c[MO_C_CHARGE] = 0;
	mo_apply_pending(g);
}
