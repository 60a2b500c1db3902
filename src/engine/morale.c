/*
 * morale.c: the morale rule family (engine: morale), which plays
 * rulesets/gauntlet-ancients.md. Units are not killed by hits: hits wear
 * their morale down, failed tests disorganise and rout them.
 *
 * A turn is the ruleset's Sequence of play, each step a phase (enum
 * mo_phase); both sides act in every step. Everything numeric comes from
 * the ruleset: moves, dice, ranges, morale grades, the modifier tables
 * and hits_per_morale. This file holds the family as the core sees it:
 * the rule ids, reading the ruleset's sequence and modifier tables, the
 * setup of a game, the sequence of play, the steps and expectations of
 * test games, the exact odds and the findings. The rules themselves are
 * in the files named for them (morale_internal.h lists them).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine.h"
#include "mo_odds.h"
#include "morale.h"
#include "morale_internal.h"

/* ---- rule ids ---- */
static const struct eng_rule mo_rules[] = {
	[MO_R_INITIATIVE] = { "move.initiative", "Clarifications",
	    "the higher die moves all its units first; ties rolled again" },
	[MO_R_SEQUENCE] = { "turn.sequence", "Sequence of play",
	    "a turn runs the seven steps in the ruleset's order" },
	[MO_R_MOVE] = { "move.normal", "Movement",
	    "a unit moves up to its move in any direction" },
	[MO_R_MOVE_BONUS] = { "move.bonus", "Movement",
	    "half again when no enemy is within twice its move" },
	[MO_R_MOVE_STOP] = { "move.stop_30mm", "Movement",
	    "a unit must halt within 30mm of an enemy" },
	[MO_R_MOVE_NO_CLOSER] = { "move.no_closer", "Movement",
	    "a unit starting within 30mm may not get closer" },
	[MO_R_FALL_BACK] = { "move.fall_back", "Clarifications",
	    "a melee loser falls back one move, facing the enemy" },
	[MO_R_ROUT_MOVE] = { "move.rout", "Clarifications",
	    "a routing unit moves one move towards its own edge" },
	[MO_R_OFF_TABLE] = { "move.off_table", "Clarifications",
	    "a unit that leaves the table is lost" },
	[MO_R_FORCED_BLOCKED] = { "move.forced_blocked", "Clarifications",
	    "a forced move stops where its base touches another base" },
	[MO_R_FORCED_EDGE] = { "move.forced_edge", "Clarifications",
	    "a forced move that keeps its centre on the table stops at the "
	    "edge" },
	[MO_R_FIRE] = { "fire.shoot", "Firing",
	    "fire dice at an enemy in range and in the front sector; 6s hit" },
	[MO_R_FIRE_HOLD] = { "fire.hold_within_30mm", "Firing",
	    "units within 30mm of an enemy do not shoot in the Firing step" },
	[MO_R_FIRE_FLANK] = { "fire.flank", "Morale modifiers",
	    "a unit fired on from a flank" },
	[MO_R_SAVE] = { "fire.saving_throw", "Firing",
	    "hits from a disorganised enemy are saved on 4-6" },
	[MO_R_PRE_FIRE] = { "fire.pre_melee", "Sequence of play",
	    "units within 30mm shoot before the clash" },
	[MO_R_MORALE_POINT] = { "morale.hits_per_point", "Morale",
	    "every hits_per_morale hits cost a point of morale" },
	[MO_R_DISORDER] = { "morale.disorganised", "Morale",
	    "a failed test disorganises" },
	[MO_R_ROUT] = { "morale.rout", "Morale", "a second failure routs" },
	[MO_R_DISPERSED] = { "morale.dispersed", "Clarifications",
	    "a unit at morale 0 is dispersed, whatever bonus it has" },
	[MO_R_ONLY_DEFEND] = { "morale.only_defend", "Morale",
	    "a unit at morale 2 or less may not charge" },
	[MO_R_RALLY_ROUT] = { "rally.rout", "Morale",
	    "a routing unit that passes stops, still disorganised" },
	[MO_R_RALLY_ROUT_FAIL] = { "rally.rout_fail", "Morale",
	    "a routing unit that fails takes one more hit" },
	[MO_R_RALLY_DISORDER] = { "rally.disorder", "Sequence of play",
	    "a disorganised unit that passes is in order again" },
	[MO_R_RALLY_DISORDER_FAIL] = { "rally.disorder_fail", "Clarifications",
	    "a disorganised unit that fails to rally routs" },
	[MO_R_RALLY_NEVER] = { "rally.never_again", "Clarifications",
	    "a unit rallied from a rout never rallies from disorder" },
	[MO_R_CHARGE_TEST] = { "charge.test", "Melee",
	    "a charger tests to close" },
	[MO_R_CHARGE_FAIL] = { "charge.fail", "Clarifications",
	    "a charger that fails stays where it is" },
	[MO_R_TARGET_TEST] = { "charge.target_test", "Clarifications",
	    "the charged unit tests too" },
	[MO_R_TARGET_ROUTS] = { "charge.target_routs", "Clarifications",
	    "a disorganised target that fails routs and does not strike" },
	[MO_R_FRONT_FLANK] = { "melee.front_and_flank", "Melee",
	    "charged front and flank, a unit fights its front" },
	[MO_R_TURN] = { "melee.turn_to_face", "Melee",
	    "a unit charged on one flank by one unit only turns to face" },
	[MO_R_PIKE_NO_TURN] = { "melee.pike_no_turn", "Melee",
	    "pikes may not turn" },
	[MO_R_EVADE] = { "melee.evade", "Melee",
	    "open order troops evade when charged" },
	[MO_R_CAUGHT] = { "melee.caught", "Clarifications",
	    "an evader without enough move is caught" },
	[MO_R_NO_STRIKE] = { "melee.no_strike_back", "Melee",
	    "caught, routing or broken units do not strike back" },
	[MO_R_MELEE] = { "melee.round", "Melee",
	    "one round of melee dice; more hits wins, chargers' hits added "
	    "(Clarification 21)" },
	[MO_R_LOSER] = { "melee.loser_falls_back", "Melee",
	    "the loser is disorganised and takes a further hit" },
	[MO_R_LOSER_ROUTS] = { "melee.loser_routs", "Clarifications",
	    "a disorganised loser routs" },
	[MO_R_TIEBREAK] = { "melee.tiebreak", "Melee",
	    "equal hits: one die each, the higher wins" },
	[MO_R_TIEBREAK_AGAIN] = { "melee.tiebreak_reroll", "Clarifications",
	    "tied tie-break dice are rolled again" },
	[MO_R_MOD_DISORDERED] = { "mod.disordered", "Morale modifiers",
	    "disorganised" },
	[MO_R_MOD_BY_CAVALRY] = { "mod.meleed_by_cavalry", "Morale modifiers",
	    "non-cavalry meleed by cavalry" },
	[MO_R_MOD_FIRED_FLANK] = { "mod.fired_on_flank", "Morale modifiers",
	    "fired on from a flank" },
	[MO_R_MOD_BY_ELEPHANTS] = { "mod.cavalry_meleed_by_elephants",
	    "Morale modifiers", "cavalry meleed by elephants" },
	[MO_R_MOD_FROM_FLANK] = { "mod.meleed_from_flank", "Morale modifiers",
	    "meleed from a flank" },
	[MO_R_MOD_UNSUPPORTED] = { "mod.unsupported", "Morale modifiers",
	    "no friend within 60mm" },
	[MO_R_MOD_HIGHER] = { "mod.higher_ground", "Morale modifiers",
	    "defending higher ground" },
	[MO_R_MOD_FORT] = { "mod.fortifications", "Morale modifiers",
	    "defending fortifications" },
	[MO_R_MOD_MELEEING_FLANK] = { "mod.meleeing_flank", "Morale modifiers",
	    "meleeing a unit on its flank" },
	[MO_R_MOD_ROUTING] = { "mod.routing", "Morale modifiers", "routing" },
	[MO_R_DIE_PIKE] = { "die.pike_front", "Melee modifiers",
	    "pikes fighting to their front" },
	[MO_R_DIE_ARMOURED] = { "die.armoured", "Melee modifiers",
	    "armoured cavalry and heavy chariots" },
	[MO_R_DIE_LEVY] = { "die.levy", "Melee modifiers", "levies" },
	[MO_R_END_BROKEN] = { "end.side_broken", "End of the battle",
	    "a side with no unit fit to fight loses" },
	[MO_R_END_ARMY_BREAKS] = { "end.army_breaks", "End of the battle",
	    "a side that has lost its break point of fighting units loses" },
	[MO_R_END_LIMIT] = { "end.turn_limit", "End of the battle",
	    "at the turn limit more units not routing wins" },
};

/* Morale modifier keys, in the order of enum mo_mod. */
static const char *const mo_mod_keys[MO_MOD__N] = {
	"disordered",
	"meleed_by_cavalry",
	"fired_on_flank",
	"cavalry_meleed_by_elephants",
	"meleed_from_flank",
	"unsupported",
	"higher_ground",
	"fortifications",
	"meleeing_flank",
	"routing",
};

static const char *const mo_phase_names[MO_PH__N] = {
	"Movement",
	"Firing",
	"Rally",
	"Pre-melee firing",
	"Pre-melee morale",
	"Melee",
	"Record",
};

/* ---- the sequence of play ---- */

int
mo_phase_find(const char *name)
{
	int k;

	for (k = 0; k < MO_PH__N; k++)
		if (strcasecmp(name, mo_phase_names[k]) == 0)
			return k;
	return -1;
}

void
mo_phase_run(struct eng_game *g, enum mo_phase ph, int scripted)
{
	int s, i;

	switch (ph) {
	case MO_PH_MOVEMENT:
		mo_forced_moves(g);
		if (scripted)
			break;
		/* Clarification 4: the higher die moves all its units
		 * first. */
		eng_initiative(g);
		for (s = 0; s < 2; s++)
			for (i = 0; i < g->nu; i++)
				if (g->u[i].side ==
				    (s ? 1 - g->first : g->first))
					mo_player_move(g, i);
		break;
	case MO_PH_FIRING:
		mo_firing(g, 0);
		break;
	case MO_PH_RALLY:
		mo_rally(g, scripted);
		break;
	case MO_PH_PRE_FIRING:
		mo_firing(g, 1);
		break;
	case MO_PH_PRE_MORALE:
		mo_pre_morale(g, scripted);
		break;
	case MO_PH_MELEE:
		mo_melee(g);
		break;
	case MO_PH_RECORD:
	case MO_PH__N:
	default:
		mo_record(g);
		break;
	}
}

/* One game turn with the built-in players: every step of the ruleset's
 * sequence, in its order. */
static void
mo_play_turn(struct eng_game *g)
{
	int k;

	for (k = 0; k < prep(g)->nphase && !g->over; k++)
		mo_phase_run(g, (enum mo_phase)prep(g)->phase[k], 0);
}

/* ---- reading the ruleset, setting up a game ---- */

/* Add an error to d when there is one. */
static void prep_error(struct diags *, struct pos, enum msg, const char *, ...)
    __attribute__((format(printf, 4, 5)));

static void
prep_error(struct diags *d, struct pos p, enum msg m, const char *fmt, ...)
{
	va_list ap;

	if (d == NULL)
		return;
	va_start(ap, fmt);
	diag_vmsg(d, p, m, fmt, ap);
	va_end(ap);
}

/* Read the sequence of play: every step must be one the engine knows;
 * Record is added at the end when missing, so that battles end. */
static int
prep_sequence(struct mo_ctx *c, const struct ruleset *rs, struct diags *d)
{
	size_t i;
	int k, rc = 0, rec = 0;

	for (i = 0; i < rs->nphases && c->nphase < 15; i++) {
		if ((k = mo_phase_find(rs->phases[i].name)) < 0) {
			prep_error(d, rs->phases[i].pos,
			    MSG(MORALE_UNKNOWN_STEP), rs->phases[i].name);
			rc = -1;
			continue;
		}
		rec |= k == MO_PH_RECORD;
		c->phase[c->nphase++] = k;
	}
	if (!rec)
		c->phase[c->nphase++] = MO_PH_RECORD;
	return rc;
}

/* Read the modifier tables: every key must be one the engine knows. */
static int
prep_mods(struct mo_ctx *c, const struct ruleset *rs, struct diags *d)
{
	static const char *const die_keys[MO_DIE__N] = { "pike_front",
		"armoured", "levy" };
	size_t i;
	int k, rc = 0;

	for (i = 0; i < rs->nmods; i++) {
		const struct rs_modifier *m = &rs->mods[i];

		if (strcmp(m->section, "Morale modifiers") == 0) {
			for (k = 0; k < MO_MOD__N; k++)
				if (strcasecmp(m->key, mo_mod_keys[k]) == 0)
					break;
			if (k == MO_MOD__N) {
				prep_error(d, m->pos,
				    MSG(MORALE_UNKNOWN_MORALE_MODIFIER),
				    m->key);
				rc = -1;
				continue;
			}
			c->morale_mod[k] = m->value;
			c->has_morale_mod[k] = 1;
		} else if (strcmp(m->section, "Melee modifiers") == 0) {
			for (k = 0; k < MO_DIE__N; k++)
				if (strcasecmp(m->key, die_keys[k]) == 0)
					break;
			if (k == MO_DIE__N) {
				prep_error(d, m->pos,
				    MSG(MORALE_UNKNOWN_MELEE_MODIFIER),
				    m->key);
				rc = -1;
				continue;
			}
			c->die_mod[k] = m->value;
			c->has_die_mod[k] = 1;
		}
	}
	return rc;
}

/* Returns unit type u's melee die modifier, from the prepared table. */
static int
type_melee_mod(const struct mo_ctx *c, const struct rs_unit *u, int front)
{
	int v = 0;

	if ((u->traits & RS_TRAIT_PIKE) && front)
		v += c->die_mod[MO_DIE_PIKE_FRONT];
	if (u->traits & RS_TRAIT_ARMOURED)
		v += c->die_mod[MO_DIE_ARMOURED];
	if (u->traits & RS_TRAIT_LEVY)
		v += c->die_mod[MO_DIE_LEVY];
	return v;
}

/* The Units table's columns of the family's own: a unit's morale grade
 * and its fire and melee dice. */
const char *const mo_unit_col_names[] = { "Morale", "Fire dice", "Melee dice",
	NULL };

/* A cell of column k of mo_unit_col_names as a number, in its range (as
 * the reader read them): 0 when none or not a number, which d (may be
 * NULL) hears of. */
static int
unit_col(const struct ruleset *rs, const struct rs_unit *u, int k,
    struct diags *d)
{
	static const int lo[] = { 1, 0, 0 }, hi[] = { 12, 20, 20 };
	const char *const name[] = { mo_unit_col_names[k], NULL };
	struct pos at;
	const char *s = eng_unit_cell(rs, u, name, &at);
	int v;

	if (s == NULL ||
	    eng_cell_int(s, name[0], lo[k], hi[k], at, &v, d) != 0)
		return 0;
	return v;
}

int
mo_grade(const struct ruleset *rs, const struct rs_unit *u)
{
	return unit_col(rs, u, 0, NULL);
}

int
mo_fire_dice(const struct ruleset *rs, const struct rs_unit *u)
{
	return unit_col(rs, u, 1, NULL);
}

int
mo_melee_dice(const struct ruleset *rs, const struct rs_unit *u)
{
	return unit_col(rs, u, 2, NULL);
}

void
mo_unit_cols(const struct ruleset *rs, const struct rs_unit *u,
    struct mo_cols *c)
{
	c->grade = mo_grade(rs, u);
	c->fire = mo_fire_dice(rs, u);
	c->melee = mo_melee_dice(rs, u);
}

/* Returns 1 when unit type u strikes back when charged to its front. */
static int
type_strikes(const struct ruleset *rs, const struct rs_unit *u)
{
	return mo_melee_dice(rs, u) > 0 && !(u->traits & RS_TRAIT_LIGHT);
}

/*
 * One melee round's outcome, memoised by its parameters: many unit types
 * share dice and modifiers, and the exact arithmetic is the costly part.
 * The round depends on each side's dice and the faces that hit, so the
 * memo is indexed by those (21 x 7 x 21 x 7 slots).
 */
struct melee_memo {
	struct mo_q att_wins, def_wins; /* the charger, the defender wins */
};

struct melee_memos {
	int *slot; /* index into v + 1; 0: not yet worked out */
	struct melee_memo *v;
	size_t n, cap;
};

static void
melee_memos_free(struct melee_memos *m)
{
	free(m->slot);
	free(m->v);
}

/* Returns the memo entry of a round (made on first use). */
static const struct melee_memo *
melee_memo_get(struct melee_memos *m, int att_dice, int att_mod, int def_dice,
    int def_mod)
{
	enum { D = MO_MAX_DICE + 1, F = 7 };
	struct melee_memo e;
	struct mo_melee r;
	size_t k;

	att_dice = att_dice < 0    ? 0 :
	    att_dice > MO_MAX_DICE ? MO_MAX_DICE :
	                             att_dice;
	def_dice = def_dice < 0    ? 0 :
	    def_dice > MO_MAX_DICE ? MO_MAX_DICE :
	                             def_dice;
	k = (((size_t)att_dice * F + (size_t)mo_hit_faces(att_mod)) * D +
	        (size_t)def_dice) *
	        F +
	    (size_t)mo_hit_faces(def_mod);
	if (m->slot == NULL)
		m->slot = xcalloc((size_t)D * F * D * F, sizeof(int));
	if (m->slot[k] == 0) {
		mo_melee_odds(&r, att_dice, att_mod, 0, def_dice, def_mod, 0);
		e.att_wins = r.a_wins;
		e.def_wins = r.d_wins;
		XPUSH(m->v, m->n, m->cap, e);
		m->slot[k] = (int)m->n;
	}
	return &m->v[m->slot[k] - 1];
}

/* Family hook: read the sequence and modifier tables, convert the 30mm
 * and 60mm distances, and tabulate the greedy player's melee odds.
 * Returns 0, or -1 with errors in d (when given). */
static int
mo_prepare(struct eng_ctx *ctx, struct diags *d)
{
	const struct ruleset *rs = ctx->rs;
	struct mo_ctx *c = xcalloc(1, sizeof(*c));
	struct melee_memos memo = { 0 };
	size_t a, b;
	int whole, rc = 0;

	ctx->fam_data = c;
	/* Fire, melee and morale are tests on a d6. */
	if (rs->die != 6) {
		if (d != NULL)
			diag_msg(d, rs->die_pos,
			    MSG(MORALE_FAMILY_PLAYS_ONLY_D6), rs->die);
		return -1;
	}
	rc |= prep_sequence(c, rs, d);
	rc |= prep_mods(c, rs, d);
	c->hits_per_morale = (int)ctx->set.v[MO_SET_HITS];
	/* Movement: halt within 30mm; Morale modifiers: support 60mm;
	 * Clarification 15; saves on 4-6 (the settings' defaults). */
	c->stop_dist = eng_board_len(&ctx->board, ctx->set.v[MO_SET_HALT],
	    &whole);
	c->engaged_dist2 = (c->stop_dist + 1e-3) * (c->stop_dist + 1e-3);
	c->support_dist = eng_board_len(&ctx->board,
	    ctx->set.v[MO_SET_SUPPORT], &whole);
	c->free_bonus = 1 + ctx->set.v[MO_SET_FREE_BONUS] / 100;
	c->free_clear = ctx->set.v[MO_SET_FREE_CLEAR];
	c->save_mask = (unsigned)ctx->set.v[MO_SET_SAVE];
	c->save_faces = __builtin_popcount(c->save_mask);
	for (a = 0; a < rs->nunits; a++) {
		const struct rs_unit *u = &rs->units[a];

		mo_unit_cols(rs, u, &c->cols[a]);
		c->fire_mod[a] = mo_fire_die_mod(rs, u);
		if (u->nweapons > 0 && u->weapons[0] >= 0) {
			/* A d6 (prepare() sees to it): faces 1-6. */
			unsigned f = rs->weapons[u->weapons[0]].hit_faces.w[0];
			int low = 6;

			while (low > 1 && (f & (1u << (low - 1))))
				low--;
			c->fire_mod[a] += 6 - low;
		}
	}
	for (a = 0; a < rs->nunits; a++)
		for (b = 0; b < rs->nunits; b++) {
			const struct rs_unit *x = &rs->units[a];
			const struct rs_unit *y = &rs->units[b];
			const struct melee_memo *k = melee_memo_get(&memo,
			    c->cols[a].melee, type_melee_mod(c, x, 1),
			    type_strikes(rs, y) ? c->cols[b].melee : 0,
			    type_melee_mod(c, y, 1));

			c->p_win[a][b] = (float)mo_q_double(&k->att_wins);
		}
	melee_memos_free(&memo);
	return rc;
}

/* Family hook: free what mo_prepare() made. */
static void
mo_release(struct eng_ctx *ctx)
{
	free(ctx->fam_data);
	ctx->fam_data = NULL;
}

/* Family hook: the units are placed; set up the tables of where they
 * stand (morale_space.c), each unit's weapon range, the fighting units
 * each side brings, grades and current morale. */
static void
mo_setup(struct eng_game *g)
{
	struct mo_state *s = state(g);
	int i, m;

	memset(s, 0, offsetof(struct mo_state, enemy_dist2));
	mo_space_setup(g);
	for (i = 0; i < g->nu; i++) {
		struct eng_unit *u = &g->u[i];

		s->fire_range[i] = mo_fire_range_of(g, i);
		if (u->alive && unit_charges(g, i))
			s->fit_at_start[u->side]++;
		if (u->c[MO_C_GRADE] == 0)
			u->c[MO_C_GRADE] = (int16_t)(type_cols(g, i)->grade >
			            0 ?
			        type_cols(g, i)->grade :
			        5);
		if (!(u->flags & MO_UF_LOST_MELEE))
			u->c[MO_C_FOE] = -1;
		if (!s->keyed_hits)
			s->hits[i] = 0;
		m = u->c[MO_C_GRADE] - s->hits[i] / prep(g)->hits_per_morale;
		s->morale[i] = (int16_t)(m < 0 ? 0 : m);
	}
	/* The default battle's break point (battle: break), unless a test
	 * game gave its own. */
	if (!s->keyed_break)
		s->break_pct = g->ctx->rs->break_pct;
	if (g->gturn <= 0)
		g->gturn = 1;
}

/* ---- test games ---- */

/* Returns 0/1 for a YAML boolean, -1 otherwise. */
static int
node_bool(const struct rs_node *v)
{
	if (v == NULL || v->kind != RS_NODE_SCALAR)
		return -1;
	if (!strcasecmp(v->scalar, "true") || !strcasecmp(v->scalar, "yes"))
		return 1;
	if (!strcasecmp(v->scalar, "false") || !strcasecmp(v->scalar, "no"))
		return 0;
	return -1;
}

/* Set or clear flag bits f of unit u from a boolean. */
static void
set_flag(struct eng_unit *u, unsigned f, int on)
{
	if (on)
		u->flags |= (uint16_t)f;
	else
		u->flags &= (uint16_t)~f;
}

/* Family hook: unit i's hits and current morale (mo_show.ugauges). */
static void
mo_unit_gauges(const struct eng_game *g, int i, int *out)
{
	out[0] = cstate(g)->hits[i];
	out[1] = cstate(g)->morale[i];
}

/* Family hook: a test game's own keys: `break: 50%`, the army break
 * point (none without it, whatever the ruleset's battle says). Returns
 * 0, or -1 with err at *at. */
static int
mo_test_keys(struct eng_game *g, const struct rs_node *doc, struct pos *at,
    char *err, size_t errsz)
{
	const struct rs_node *v = rs_node_get(doc, "break");
	long n = 0;

	if (v != NULL && (rs_node_pct(v, &n) != 0 || n < 1 || n > 100)) {
		*at = v->pos;
		snprintf(err, errsz, MSGF_BREAK_N_ARMY_BREAK_POINT);
		return -1;
	}
	state(g)->break_pct = (int)n;
	state(g)->keyed_break = 1;
	return 0;
}

/* Family hook: a test game's unit key (morale, hits, disordered,
 * routing, rallied, fired_on_flank). Returns 0, or -1 with err. */
static int
mo_unit_key(struct eng_game *g, int i, const char *key,
    const struct rs_node *v, char *err, size_t errsz, struct pos *at)
{
	struct eng_unit *u = &g->u[i];
	long n;
	int b = node_bool(v);

	(void)at;

	if (!strcmp(key, "morale") || !strcmp(key, "grade")) {
		if (rs_node_int(v, &n) || n < 1 || n > 12) {
			snprintf(err, errsz, "%s is a morale grade, 1 to 12",
			    key);
			return -1;
		}
		u->c[MO_C_GRADE] = (int16_t)n;
		return 0;
	}
	if (!strcmp(key, "hits")) {
		if (rs_node_int(v, &n) || n < 0 || n > 200) {
			snprintf(err, errsz, "hits is a number of hits");
			return -1;
		}
		state(g)->hits[i] = (int16_t)n;
		state(g)->keyed_hits = 1;
		return 0;
	}
	if (b < 0) {
		snprintf(err, errsz,
		    "unknown key '%s' (known: morale, hits, "
		    "disordered, routing, rallied, fired_on_flank)",
		    key);
		return -1;
	}
	if (!strcmp(key, "disordered") || !strcmp(key, "disorganised"))
		set_flag(u, MO_UF_DISORDERED, b);
	else if (!strcmp(key, "routing"))
		set_flag(u, MO_UF_ROUTING | (b ? MO_UF_DISORDERED : 0), b);
	else if (!strcmp(key, "rallied"))
		set_flag(u, MO_UF_RALLIED | (b ? MO_UF_DISORDERED : 0), b);
	else if (!strcmp(key, "fired_on_flank"))
		u->c[MO_C_TURN] = (int16_t)(b ? MO_T_FLANK_FIRED : 0);
	else {
		snprintf(err, errsz,
		    "unknown key '%s' (known: morale, hits, "
		    "disordered, routing, rallied, fired_on_flank)",
		    key);
		return -1;
	}
	return 0;
}

/* Returns the unit labelled by a scalar node, or -1. */
static int
unit_named(const struct eng_game *g, const struct rs_node *v)
{
	int i;

	if (v == NULL || v->kind != RS_NODE_SCALAR)
		return -1;
	for (i = 0; i < g->nu; i++)
		if (strcmp(g->u[i].name, v->scalar) == 0)
			return i;
	return -1;
}

/*
 * Hold a test game's step to the sequence of play (Sequence of play;
 * the ruleset's order): a step of phase ph may not come once the turn
 * has reached a later step, nor once phase ph itself has been run
 * (run: this step runs the whole phase; Movement runs only the forced
 * moves, which come before the free ones). Returns 0, or -1 with err.
 */
static int
script_order(struct eng_game *g, enum mo_phase ph, int run, const char *what,
    char *err, size_t errsz)
{
	struct mo_state *s = state(g);
	int k, at = -1;

	for (k = 0; k < prep(g)->nphase; k++)
		if (prep(g)->phase[k] == (int)ph)
			at = k;
	if (at < 0)
		return 0;
	if (s->script_at > 2 * at) {
		if (s->script_at & 1)
			snprintf(err, errsz,
			    "%s is out of turn: it belongs to the %s step, "
			    "and this turn's %s step has been played",
			    what, mo_phase_names[ph],
			    mo_phase_names[prep(g)->phase[s->script_at / 2]]);
		else
			snprintf(err, errsz,
			    "%s is out of turn: it belongs to the %s step, "
			    "and this turn has reached the %s step",
			    what, mo_phase_names[ph],
			    mo_phase_names[prep(g)->phase[s->script_at / 2]]);
		return -1;
	}
	s->script_at = 2 * at + run;
	return 0;
}

/* The family's own steps: charge: [A, B], rally: A, phase: NAME. */
static int
family_step(struct eng_game *g, const struct eng_action *a, char *err,
    size_t errsz)
{
	const struct rs_node *v = a->node;
	const char *why;
	char what[64];
	int i, j, ph;

	if (!strcmp(a->verb, "charge")) {
		if (v == NULL || v->kind != RS_NODE_SEQ || v->nkids != 2 ||
		    (i = unit_named(g, v->kids[0])) < 0 ||
		    (j = unit_named(g, v->kids[1])) < 0) {
			snprintf(err, errsz,
			    "charge: [A, B] with units of "
			    "the test game");
			return -1;
		}
		if ((why = mo_charge_illegal(g, i, j, 1)) != NULL) {
			snprintf(err, errsz, "%s may not charge %s: %s",
			    g->u[i].name, g->u[j].name, why);
			return -1;
		}
		if (g->u[i].c[MO_C_CHARGE] != 0) {
			snprintf(err, errsz,
			    "%s may not charge %s: it has declared a charge "
			    "this turn",
			    g->u[i].name, g->u[j].name);
			return -1;
		}
		snprintf(what, sizeof(what), "%s's charge", g->u[i].name);
		if (script_order(g, MO_PH_PRE_MORALE, 0, what, err, errsz))
			return -1;
		g->u[i].c[MO_C_CHARGE] = (int16_t)(j + 1);
		return 0;
	}
	if (!strcmp(a->verb, "rally")) {
		if ((i = unit_named(g, v)) < 0) {
			snprintf(err, errsz,
			    "rally: A with a unit of the "
			    "test game");
			return -1;
		}
		if (!mo_may_rally(g, i, 1)) {
			snprintf(err, errsz, "%s may not rally", g->u[i].name);
			return -1;
		}
		snprintf(what, sizeof(what), "%s's rally", g->u[i].name);
		if (script_order(g, MO_PH_RALLY, 0, what, err, errsz))
			return -1;
		mo_rally_unit(g, i);
		return 0;
	}
	if (!strcmp(a->verb, "phase")) {
		if (v == NULL || v->kind != RS_NODE_SCALAR ||
		    (ph = mo_phase_find(v->scalar)) < 0) {
			snprintf(err, errsz,
			    "phase: one of Movement, Firing, "
			    "Rally, Pre-melee firing, Pre-melee morale, "
			    "Melee, Record");
			return -1;
		}
		snprintf(what, sizeof(what), "phase: %s", mo_phase_names[ph]);
		if (ph == MO_PH_MOVEMENT && state(g)->script_moves != 0) {
			snprintf(err, errsz,
			    "%s is out of turn: the forced moves come first, "
			    "once a turn, and this turn has had %s",
			    what,
			    state(g)->script_moves == 1 ? "them" :
			                                  "a free move");
			return -1;
		}
		if (script_order(g, (enum mo_phase)ph, ph != MO_PH_MOVEMENT,
		        what, err, errsz))
			return -1;
		if (ph == MO_PH_MOVEMENT)
			state(g)->script_moves = 1;
		mo_phase_run(g, (enum mo_phase)ph, 1);
		return 0;
	}
	snprintf(err, errsz,
	    "unknown step '%s' (the morale family has "
	    "move, fire, charge, rally, phase, initiative, end turn, play)",
	    a->verb);
	return -1;
}

/* Family hook: one scripted step of a test game. Returns 0, or -1 with
 * err when the step is illegal. */
static int
mo_step(struct eng_game *g, const struct eng_action *a, char *err,
    size_t errsz)
{
	const char *why;
	const struct rs_node *f;
	char what[64];
	double deg;
	int i = a->unit, j = a->target;

	switch (a->kind) {
	case ENG_ACT_MOVE:
		snprintf(what, sizeof(what), "%s's move", g->u[i].name);
		if (!(g->u[i].flags & (MO_UF_ROUTING | ENG_UF_MOVED)) &&
		    script_order(g, MO_PH_MOVEMENT, 0, what, err, errsz))
			return -1;
		if (mo_move(g, i, (const double(*)[2])a->path, a->npath, -1,
		        err, errsz) != 0)
			return -1;
		state(g)->script_moves = 2;
		if (a->node != NULL &&
		    (f = rs_node_get(a->node, "facing")) != NULL) {
			if (rs_node_double(f, &deg)) {
				snprintf(err, errsz, "facing is in degrees");
				return -1;
			}
			g->u[i].facing = deg * M_PI / 180;
		}
		return 0;
	case ENG_ACT_FIRE:
		if ((why = mo_fire_illegal(g, i, j)) != NULL) {
			snprintf(err, errsz, "%s may not shoot at %s: %s",
			    g->u[i].name, g->u[j].name, why);
			return -1;
		}
		if (g->u[i].flags & ENG_UF_FIRED) {
			snprintf(err, errsz,
			    "%s may not shoot at %s: it has shot this turn",
			    g->u[i].name, g->u[j].name);
			return -1;
		}
		snprintf(what, sizeof(what), "%s's shot", g->u[i].name);
		if (script_order(g,
		        engaged(g, i) ? MO_PH_PRE_FIRING : MO_PH_FIRING, 0,
		        what, err, errsz))
			return -1;
		if (engaged(g, i)) {
			if (dist(g, i, j) > prep(g)->stop_dist + 1e-6) {
				snprintf(err, errsz,
				    "%s is within 30mm of an "
				    "enemy and shoots only at it",
				    g->u[i].name);
				return -1;
			}
			ENG_COVER(g, MO_R_PRE_FIRE);
		}
		mo_shoot(g, i, j);
		mo_apply_pending(g);
		return 0;
	case ENG_ACT_MELEE:
		snprintf(err, errsz,
		    "the morale family charges: use "
		    "charge: [A, B] and the Pre-melee morale and Melee phases");
		return -1;
	case ENG_ACT_END_TURN:
		mo_record(g);
		return 0;
	case ENG_ACT_FAMILY:
	default:
		return family_step(g, a, err, errsz);
	}
}

/* Returns 1 when flag-like expectation word s holds for unit i, 0 when
 * not, -1 for an unknown word. */
static int
state_word(const struct eng_game *g, int i, const char *s)
{
	unsigned f = g->u[i].flags;

	if (!strcmp(s, "disordered") || !strcmp(s, "disorganised"))
		return (f & MO_UF_DISORDERED) != 0;
	if (!strcmp(s, "routing"))
		return (f & MO_UF_ROUTING) != 0;
	if (!strcmp(s, "rallied"))
		return (f & MO_UF_RALLIED) != 0;
	if (!strcmp(s, "falls back") || !strcmp(s, "falls_back"))
		return (f & MO_UF_LOST_MELEE) != 0;
	if (!strcmp(s, "steady"))
		return g->u[i].alive &&
		    !(f & (MO_UF_DISORDERED | MO_UF_ROUTING));
	return -1;
}

/* Family hook: a unit expectation of a test game. Returns 1 met, 0 not
 * met (err says why), -1 unknown. */
static int
mo_expect_unit(const struct eng_game *g, int i, const struct rs_node *v,
    char *err, size_t errsz, struct pos *at)
{
	const struct eng_unit *u = &g->u[i];
	size_t k;
	long n;
	double deg, diff;
	int r, b;

	(void)at;

	if (v->kind == RS_NODE_SCALAR) {
		if ((r = state_word(g, i, v->scalar)) < 0)
			return -1;
		if (r == 0)
			snprintf(err, errsz, "%s is not %s", u->name,
			    v->scalar);
		return r;
	}
	if (v->kind != RS_NODE_MAP)
		return -1;
	for (k = 0; k + 1 < v->nkids; k += 2) {
		const char *key = v->kids[k]->scalar;
		const struct rs_node *x = v->kids[k + 1];

		if (key == NULL || !strcmp(key, "at") || !strcmp(key, "alive"))
			continue;
		if (!strcmp(key, "hits") || !strcmp(key, "morale")) {
			int have = key[0] == 'h' ? cstate(g)->hits[i] :
			                           cstate(g)->morale[i];

			if (rs_node_int(x, &n))
				return -1;
			if (have != n) {
				snprintf(err, errsz, "%s %ld, but it is %d",
				    key, n, have);
				return 0;
			}
		} else if (!strcmp(key, "facing")) {
			if (rs_node_double(x, &deg))
				return -1;
			diff = fmod(fabs(
			                mo_facing_of(g, i) * 180 / M_PI - deg),
			    360);
			if (diff > 0.5 && diff < 359.5) {
				char want[32], is[32];

				fmt_double(want, sizeof(want), deg, 1);
				fmt_double(is, sizeof(is),
				    mo_facing_of(g, i) * 180 / M_PI, 1);
				snprintf(err, errsz, "facing %s, but it is %s",
				    want, is);
				return 0;
			}
		} else {
			if ((b = node_bool(x)) < 0 ||
			    (r = state_word(g, i, key)) < 0) {
				snprintf(err, errsz,
				    "unknown key '%s' (known: "
				    "hits, morale, facing, disordered, "
				    "routing, rallied, falls back, steady)",
				    key);
				return -1;
			}
			if (r != b) {
				snprintf(err, errsz, "%s %s, but it is%s", key,
				    b ? "true" : "false", r ? "" : " not");
				return 0;
			}
		}
	}
	return 1;
}

/* ---- exact odds ---- */

/* Record the first contest of a game (kind 1: fire, 2: melee; a: the
 * shooter or the charger the target fights, b: the target) for the
 * exact odds of a test game's odds: expectations. */
void
mo_contest_record(struct eng_game *g, int kind, int a, int b, int att_dice,
    int att_mod, int att_saved, int def_dice, int def_mod, int def_saved)
{
	struct mo_state *s = state(g);

	if (kind == 1 || kind == 2) {
		g->fights[kind]++;
		g->fight_a = a;
		g->fight_b = b;
	}
	if (s->contest_recorded)
		return;
	s->contest_recorded = 1;
	g->contest.kind = kind;
	g->contest.a = a;
	g->contest.b = b;
	g->contest.weapon = kind == 1 ? unit_type(g, a)->weapons[0] : -1;
	s->contest_att_dice = att_dice;
	s->contest_att_mod = att_mod;
	s->contest_att_saved = att_saved;
	s->contest_def_dice = def_dice;
	s->contest_def_mod = def_mod;
	s->contest_def_saved = def_saved;
}

/* Store an exact probability as an eng_q (any size: 0). */
static int
to_eng_q(const struct mo_q *x, struct eng_q *q)
{
	mpq_t v;

	mpq_init(v);
	mo_q_to_mpq(x, v);
	eng_q_set_mpq(q, v);
	mpq_clear(v);
	return 0;
}

/* Family hook: the exact odds of the first volley or melee round of a
 * test game by key. Returns 0, or -1 for an unknown key. */
static int
mo_contest_odds(const struct eng_game *g, const struct eng_contest *c,
    const char *key, struct eng_q *q)
{
	const struct mo_state *s = cstate(g);
	struct mo_dist d;
	struct mo_melee m;
	struct mo_q one, t;

	if (c->kind == 1) {
		mo_hits_dist(&d, s->contest_att_dice, s->contest_att_mod,
		    s->contest_att_saved ? prep(g)->save_faces : 0);
		if (strcmp(key, "p_hit") != 0)
			return -1;
		/* p_hit: at least one hit stands. */
		mo_q_set(&one, 1, 0, 0);
		mo_q_sub(&t, &one, &d.p[0]);
		return to_eng_q(&t, q);
	}
	if (c->kind != 2 || s->contest_chargers != 1)
		return -1;
	mo_melee_odds(&m, s->contest_att_dice, s->contest_att_mod,
	    s->contest_att_saved ? prep(g)->save_faces : 0,
	    s->contest_def_dice, s->contest_def_mod,
	    s->contest_def_saved ? prep(g)->save_faces : 0);
	if (!strcmp(key, "attacker_wins"))
		return to_eng_q(&m.a_wins, q);
	if (!strcmp(key, "defender_wins"))
		return to_eng_q(&m.d_wins, q);
	if (!strcmp(key, "tiebreak"))
		return to_eng_q(&m.tiebreak, q);
	if (!strcmp(key, "both_destroyed")) {
		eng_q_set_si(q, 0, 1);
		return 0;
	}
	return -1;
}

/* Every fire and melee matchup of the ruleset in the core's table:
 * p_hit is the chance of at least one hit; melee is one round, charger
 * and defender to their fronts (the full tables: mo_odds_json). */
static void
mo_odds(const struct eng_ctx *ctx, struct eng_odds *o)
{
	const struct ruleset *rs = ctx->rs;
	const struct mo_ctx *c = ctx->fam_data;
	struct mo_dist d;
	struct melee_memos memo = { 0 };
	struct mo_q one, t;
	size_t a, b;

	mo_q_set(&one, 1, 0, 0);
	for (a = 0; a < rs->nunits; a++) {
		const struct rs_unit *x = &rs->units[a];

		if (mo_fire_dice(rs, x) <= 0 || x->nweapons == 0)
			continue;
		mo_hits_dist(&d, mo_fire_dice(rs, x), c->fire_mod[a], 0);
		mo_q_sub(&t, &one, &d.p[0]);
		for (b = 0; b < rs->nunits; b++)
			to_eng_q(&t,
			    &eng_odds_add_fire(o, (int)a, x->weapons[0],
			        (int)b)
			         ->p_hit);
	}
	for (a = 0; a < rs->nunits; a++) {
		const struct rs_unit *x = &rs->units[a];

		if (mo_melee_dice(rs, x) <= 0 ||
		    (x->traits & RS_TRAIT_LIGHT) ||
		    x->cls == RS_CLASS_ARTILLERY)
			continue;
		for (b = 0; b < rs->nunits; b++) {
			const struct rs_unit *y = &rs->units[b];
			struct eng_odds_melee *e;

			const struct melee_memo *k = melee_memo_get(&memo,
			    mo_melee_dice(rs, x), type_melee_mod(c, x, 1),
			    type_strikes(rs, y) ? mo_melee_dice(rs, y) : 0,
			    type_melee_mod(c, y, 1));

			e = eng_odds_add_melee(o, (int)a, (int)b, "front");
			e->resolves = 1;
			eng_q_set_si(&e->expected_rolls, 1, 1);
			to_eng_q(&k->att_wins, &e->attacker_wins);
			to_eng_q(&k->def_wins, &e->defender_wins);
		}
	}
	melee_memos_free(&memo);
}

/* ---- findings, gauges and markers ---- */

/* Findings on the ruleset: units that can harm nothing, units whose
 * melee dice can never hit, skirmishers no charger can catch. */
static void
mo_findings(const struct eng_ctx *ctx, const struct eng_stats *st,
    struct diags *d)
{
	const struct ruleset *rs = ctx->rs;
	double fastest = 0;
	char x[32], y[32];
	size_t a;

	(void)st;
	for (a = 0; a < rs->nunits; a++)
		if (type_charges(rs, &rs->units[a]) &&
		    rs->units[a].move_mm > fastest)
			fastest = rs->units[a].move_mm;
	for (a = 0; a < rs->nunits; a++) {
		const struct rs_unit *u = &rs->units[a];
		int shoots = mo_fire_dice(rs, u) > 0 && u->nweapons > 0;
		int fights = mo_melee_dice(rs, u) > 0 &&
		    !(u->traits & RS_TRAIT_LIGHT);

		if (!shoots && !fights)
			diag_msg(d, u->pos, MSG(UNIT_CAN_HARM_NOTHING),
			    u->name);
		if (fights && mo_hit_faces(mo_melee_die_mod(rs, u, 1)) == 0)
			diag_msg(d, u->pos, MSG(UNIT_CAN_NEVER_SCORE_MELEE),
			    u->name, mo_melee_die_mod(rs, u, 1));
		if ((u->traits & RS_TRAIT_LIGHT) && fastest > 0 &&
		    u->move_mm > fastest) {
			fmt_double(x, sizeof(x), u->move_mm, 2);
			fmt_double(y, sizeof(y), fastest, 2);
			diag_msg(d, u->pos,
			    MSG(UNIT_OUTPACES_EVERY_UNIT_CHARGE), u->name, x,
			    y);
		}
	}
}

/*
 * The numbers of the sources that a ruleset may change: Movement, "all
 * units must stop when within 30mm of an enemy unit" and half again
 * when no enemy is within twice the move (Clarification 15); Morale
 * modifiers, unsupported beyond 60mm; Firing, saves on 4-6.
 */
static const struct eng_setting mo_settings[] = {
	[MO_SET_HALT] = { "halt_distance", ENG_SET_LENGTH, 30, 1, 1000,
	    "a unit this close to an enemy stops", { NULL, NULL } },
	[MO_SET_FREE_BONUS] = { "free_move_bonus", ENG_SET_PCT, 50, 0, 100,
	    "extra move when no enemy is near (share of the move)",
	    { NULL, NULL } },
	[MO_SET_FREE_CLEAR] = { "free_move_clear", ENG_SET_INT, 2, 1, 10,
	    "no enemy within this many moves: the extra move",
	    { "move", "moves" } },
	[MO_SET_SUPPORT] = { "unsupported_distance", ENG_SET_LENGTH, 60, 1,
	    1000, "no friend within it: the unit is unsupported",
	    { NULL, NULL } },
	[MO_SET_SAVE] = { "saving_throw", ENG_SET_FACES, 0x70, 0x02, 0x7e,
	    "faces that save a hit from a disorganised enemy",
	    { NULL, NULL } },
	[MO_SET_HITS] = { "hits_per_morale", ENG_SET_INT, 3, 1, 20,
	    "hits that cost a unit a point of morale", { "hit", "hits" } },
};

/* The stop distance, at which a move ends. Returns the number of
 * gauges. */
static size_t
mo_gauges(const struct ruleset *rs, struct eng_gauge *out)
{
	struct eng_values v;

	eng_settings_read(rs, &eng_morale, &v, NULL);
	out[0].mm = v.v[MO_SET_HALT];
	out[0].label = _("Stop distance");
	return 1;
}

/* Morale: failing a test disorganises, failing again routs; every
 * hits_per_morale hits cost a point of morale. Returns the number of
 * markers. */
static size_t
mo_markers(const struct ruleset *rs, char ***out)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	struct eng_values set;
	int i, per_point;

	eng_settings_read(rs, &eng_morale, &set, NULL);
	per_point = (int)set.v[MO_SET_HITS];

	XPUSH(v, n, cap, xstrdup(_("Disordered")));
	XPUSH(v, n, cap, xstrdup(_("Routing")));
	for (i = 1; i < per_point && i <= 5; i++)
		XPUSH(v, n, cap, xasprintf("%d hit%s", i, i > 1 ? "s" : ""));
	for (i = 1; i <= 3; i++)
		XPUSH(v, n, cap, xasprintf("\xe2\x88\x92%d morale", i));
	*out = v;
	return n;
}

/* A morale modifier row the ruleset's table gives (prepared data). */
static int
has_mod(const struct mo_ctx *m, enum mo_mod k)
{
	return m == NULL || m->has_morale_mod[k];
}

/*
 * Whether rule k can happen in any battle of the ruleset, so that a test
 * game is owed for it: a modifier needs its row in the Morale or Melee
 * modifiers table (mo_mod_apply, melee_mod) and the units or terrain it
 * is about — meleed by cavalry a mounted unit and one on foot, by
 * elephants elephants and mounted troops, higher ground hills and foot,
 * fortifications fortifications; the pike, armoured and levy rules a
 * unit with that trait; evading light troops; firing a unit with fire
 * dice and a weapon (mo_fire_range_of). Saving throws stay: melee dice
 * are saved too.
 */
static int
mo_applies(const struct eng_ctx *c, int rule)
{
	const struct mo_ctx *m = c->fam_data;
	const struct ruleset *rs = c->rs;
	unsigned traits = 0;
	int shoots = 0, mounts = 0, foot = 0, elephants = 0;
	size_t i;

	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		traits |= u->traits;
		shoots |= mo_fire_dice(rs, u) > 0 && u->nweapons > 0;
		mounts |= mounted(u);
		foot |= !mounted(u);
		elephants |= u->cls == RS_CLASS_ELEPHANT;
	}
	switch (rule) {
	case MO_R_FIRE:
	case MO_R_FIRE_HOLD:
	case MO_R_FIRE_FLANK:
	case MO_R_PRE_FIRE:
		return shoots;
	case MO_R_MOD_FIRED_FLANK:
		return shoots && has_mod(m, MO_MOD_FIRED_ON_FLANK);
	case MO_R_MOD_BY_CAVALRY:
		return mounts && foot && has_mod(m, MO_MOD_MELEED_BY_CAVALRY);
	case MO_R_MOD_BY_ELEPHANTS:
		return elephants && mounts &&
		    has_mod(m, MO_MOD_CAV_BY_ELEPHANTS);
	case MO_R_MOD_HIGHER:
		return foot && eng_terrain_possible(rs, RS_TERRAIN_HILL) &&
		    has_mod(m, MO_MOD_HIGHER_GROUND);
	case MO_R_MOD_FORT:
		return eng_terrain_possible(rs, RS_TERRAIN_FORTIFICATION) &&
		    has_mod(m, MO_MOD_FORTIFICATIONS);
	case MO_R_MOD_DISORDERED:
		return has_mod(m, MO_MOD_DISORDERED);
	case MO_R_MOD_FROM_FLANK:
		return has_mod(m, MO_MOD_MELEED_FROM_FLANK);
	case MO_R_MOD_UNSUPPORTED:
		return has_mod(m, MO_MOD_UNSUPPORTED);
	case MO_R_MOD_MELEEING_FLANK:
		return has_mod(m, MO_MOD_MELEEING_FLANK);
	case MO_R_MOD_ROUTING:
		return has_mod(m, MO_MOD_ROUTING);
	case MO_R_DIE_PIKE:
		return (traits & RS_TRAIT_PIKE) &&
		    (m == NULL || m->has_die_mod[MO_DIE_PIKE_FRONT]);
	case MO_R_DIE_ARMOURED:
		return (traits & RS_TRAIT_ARMOURED) &&
		    (m == NULL || m->has_die_mod[MO_DIE_ARMOURED]);
	case MO_R_DIE_LEVY:
		return (traits & RS_TRAIT_LEVY) &&
		    (m == NULL || m->has_die_mod[MO_DIE_LEVY]);
	case MO_R_PIKE_NO_TURN:
		return (traits & RS_TRAIT_PIKE) != 0;
	case MO_R_EVADE:
	case MO_R_CAUGHT:
		return (traits & RS_TRAIT_LIGHT) != 0;
	default:
		return 1;
	}
}

/* What the morale family needs of the reader's model: a morale grade
 * for each unit. */
static void
mo_check(const struct ruleset *rs, const struct rs_check *c, struct diags *d)
{
	const struct rs_unit *u;
	int k;

	if (c->kind != RS_CHECK_UNIT && c->kind != RS_CHECK_UNIT_CELLS)
		return;
	u = &rs->units[c->item];
	/* Its columns' numbers, where the reader read its own. */
	if (c->kind == RS_CHECK_UNIT_CELLS)
		for (k = 0; k < 3; k++)
			unit_col(rs, u, k, d);
	else if (mo_grade(rs, u) == 0)
		diag_msg(d, u->pos, MSG(UNIT_NO_MORALE), u->name);
}

/* ruleset.txt: the hits a point of morale costs, as the model dumped
 * it when it held them. */
static void
mo_dump(const struct ruleset *rs, enum rs_dump_at at, size_t item, FILE *fp)
{
	struct eng_values set;
	struct mo_cols c;

	if (at == RS_DUMP_UNIT) {
		mo_unit_cols(rs, &rs->units[item], &c);
		if (c.grade)
			fprintf(fp, ", morale %d", c.grade);
		if (c.fire || c.melee)
			fprintf(fp, ", dice %d/%d", c.fire, c.melee);
	}
	if (at != RS_DUMP_HEAD)
		return;
	eng_settings_read(rs, &eng_morale, &set, NULL);
	fprintf(fp, "hits per morale point: %d\n", (int)set.v[MO_SET_HITS]);
}

const struct eng_family eng_morale = {
	.d6_only = 1,
	.name = "morale",
	.check = mo_check,
	.state_size = sizeof(struct mo_state),
	.dump = mo_dump,
	.unit_cols = mo_unit_col_names,
	.rules = mo_rules,
	.nrules = MO_R__N,
	.applies = mo_applies,
	.classes = 1u << RS_CLASS_INFANTRY | 1u << RS_CLASS_ARTILLERY |
	    1u << RS_CLASS_CAVALRY | 1u << RS_CLASS_ELEPHANT |
	    1u << RS_CLASS_CHARIOT,
	.plays_break = 1,
	.prepare = mo_prepare,
	.release = mo_release,
	.setup = mo_setup,
	.test_keys = mo_test_keys,
	.unit_key = mo_unit_key,
	.unit_gauges = mo_unit_gauges,
	.play_turn = mo_play_turn,
	.step = mo_step,
	.expect_unit = mo_expect_unit,
	.facing = mo_facing_of,
	.contest_odds = mo_contest_odds,
	.odds = mo_odds,
	.findings = mo_findings,
	.settings = mo_settings,
	.nsettings = sizeof(mo_settings) / sizeof(mo_settings[0]),
	.gauges = mo_gauges,
	.markers = mo_markers,
	.show = &mo_show,
};
