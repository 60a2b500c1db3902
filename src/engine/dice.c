/*
 * dice.c: the dice family (engine: dice) — a game whose combat the
 * designer writes in tables: shooting by a hit, wound and save pipeline
 * (or accumulated hits), melee by opposed rolls (or accumulated hits, or
 * the pipeline), optional quality tests. This file is the family's row:
 * its rule ids (a stable id for every step of every mechanism), its
 * settings, the columns and sections it reads, and prepare(), which
 * reads and checks every table (dice_tables.c) into ctx->fam_data.
 * Play, the players and test-game steps are in dice_play.c; the exact
 * odds, findings and the odds document in dice_odds.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dice_odds.h"
#include "dice_tables.h"

static const struct eng_rule di_rules[] = {
	[DI_R_INITIATIVE] = { "game.initiative", "Sequence of play",
	    "each side rolls a die; the higher takes the first turn" },
	[DI_R_ALTERNATE] = { "game.alternate_turns", "Sequence of play",
	    "turn: alternate — a side moves, shoots and fights, then the "
	    "other" },
	[DI_R_PHASED] = { "game.phased_turns", "Sequence of play",
	    "turn: phased — both sides act in each phase" },
	[DI_R_END_ANNIHILATION] = { "game.end_annihilation",
	    "Sequence of play", "a side with no units left has lost" },
	[DI_R_END_TURN_LIMIT] = { "game.end_turn_limit", "Sequence of play",
	    "on the turn limit the side with more units wins" },
	[DI_R_MOVE_ALLOWANCE] = { "move.allowance", "Movement",
	    "a unit moves up to its Move" },
	[DI_R_MOVE_CONTACT_STOP] = { "move.contact_stop", "Movement",
	    "a move ends within the contact distance of an enemy" },
	[DI_R_SHOOT_RANGE] = { "shoot.range", "Shooting",
	    "a weapon shoots at a target within its Range" },
	[DI_R_SHOOT_SIGHT] = { "shoot.sight", "Shooting",
	    "a shooter must see its target" },
	[DI_R_SHOOT_ATTACKS] = { "shoot.attacks", "Combat",
	    "a weapon makes its Attacks (a number or a roll)" },
	[DI_R_SHOOT_HIT] = { "shoot.hit", "Combat",
	    "each attack hits on its To hit roll" },
	[DI_R_SHOOT_MISS] = { "shoot.miss", "Combat",
	    "an attack that rolls under its To hit misses" },
	[DI_R_SHOOT_WOUND] = { "shoot.wound", "Wound table",
	    "each hit wounds on the Wound table's roll, Strength against "
	    "Toughness" },
	[DI_R_SHOOT_NO_WOUND] = { "shoot.cannot_wound", "Wound table",
	    "a hit whose Wound table cell is - cannot wound" },
	[DI_R_SHOOT_SAVE] = { "shoot.save", "Combat",
	    "the target saves each wound on its Save" },
	[DI_R_SHOOT_AP] = { "shoot.ap", "Combat",
	    "a weapon's AP makes the Save that much worse" },
	[DI_R_SHOOT_MODIFIER] = { "shoot.modifier", "Fire modifiers",
	    "a Fire modifier changes each To hit roll (accumulated: the "
	    "hits)" },
	[DI_R_SHOOT_DAMAGE] = { "shoot.damage", "Combat",
	    "each unsaved wound removes Damage from the target's Wounds" },
	[DI_R_SHOOT_REMOVED] = { "shoot.removed", "Combat",
	    "a unit at 0 Wounds is removed" },
	[DI_R_SHOOT_ACCUMULATED] = { "shoot.accumulated", "Combat",
	    "shooting: accumulated — Attacks rolled are hits, taken from "
	    "Wounds" },
	[DI_R_SHOOT_HALF] = { "shoot.half_hits", "Combat",
	    "a unit of a class that takes half hits takes half, rounded "
	    "down" },
	[DI_R_MELEE_CONTACT] = { "melee.contact", "Melee",
	    "units within the contact distance fight a melee" },
	[DI_R_MELEE_OPPOSED] = { "melee.opposed", "Melee",
	    "both roll the melee roll plus their Combat; the higher wins" },
	[DI_R_MELEE_FACTOR_CLASS] = { "melee.factor_by_class", "Melee",
	    "a Combat factor given against the enemy's class" },
	[DI_R_MELEE_MODIFIER] = { "melee.modifier", "Melee modifiers",
	    "a Melee modifier changes the unit's total (accumulated: its "
	    "hits; pipeline: its To hit rolls)" },
	[DI_R_MELEE_BEATEN] = { "melee.beaten", "Melee outcomes",
	    "the lower total is beaten" },
	[DI_R_MELEE_DOUBLE] = { "melee.double", "Melee outcomes",
	    "a total of at least double the other's beats it by double" },
	[DI_R_MELEE_EQUAL] = { "melee.equal", "Melee outcomes",
	    "equal totals" },
	[DI_R_MELEE_RECOIL] = { "melee.recoil", "Melee outcomes",
	    "recoil: move straight back by base depths" },
	[DI_R_MELEE_FALL_BACK] = { "melee.fall_back", "Melee outcomes",
	    "fall back: move straight back by a length" },
	[DI_R_MELEE_DESTROYED] = { "melee.destroyed", "Melee outcomes",
	    "the outcome removes the unit" },
	[DI_R_MELEE_AGAIN] = { "melee.fight_again", "Melee outcomes",
	    "the melee is fought again at once, at most the times given" },
	[DI_R_MELEE_ACCUMULATED] = { "melee.accumulated", "Combat",
	    "melee: accumulated — each side's roll is hits on the other" },
	[DI_R_MELEE_PIPELINE] = { "melee.pipeline", "Combat",
	    "melee: pipeline — weapons within the contact distance strike as "
	    "in shooting" },
	[DI_R_QUALITY_TEST] = { "quality.test", "Quality test",
	    "a unit tests: it passes on its Quality roll" },
	[DI_R_QUALITY_BELOW_HALF] = { "quality.below_half", "Quality test",
	    "a unit that falls below half its Wounds tests" },
	[DI_R_QUALITY_PASSED] = { "quality.passed", "Quality test",
	    "the Quality test table's passed row" },
	[DI_R_QUALITY_FAILED] = { "quality.failed", "Quality test",
	    "the Quality test table's failed row" },
	[DI_R_QUALITY_FAILED_BY] = { "quality.failed_by", "Quality test",
	    "the Quality test table's failed by N or more row" },
	[DI_R_KEYWORD] = { "keyword.roll", "Keywords",
	    "a roll is made with the keywords that act on it" },
	[DI_R_KEYWORD_MODIFIER] = { "keyword.modifier", "Keywords",
	    "a keyword's modifier changes the face or total needed" },
	[DI_R_KEYWORD_REROLL] = { "keyword.reroll", "Keywords",
	    "a keyword re-rolls a failure or a 1, once" },
	[DI_R_KEYWORD_WOUNDS] = { "keyword.wounds", "Keywords",
	    "a hit on the keyword's natural face wounds without a roll" },
	[DI_R_KEYWORD_NO_SAVE] = { "keyword.no_save", "Keywords",
	    "a success on the keyword's natural face cannot be saved" },
	[DI_R_UNIT_ACTIVATION] = { "game.unit_activation", "Sequence of play",
	    "turn: units — the sides activate a unit each in turn; a unit "
	    "moves, shoots and fights" },
	[DI_R_ORDER_DICE] = { "game.order_dice", "Sequence of play",
	    "turn: order dice — the side of the die drawn from the bag "
	    "activates a unit" },
	[DI_R_ACTIVATION_TEST] = { "activation.test", "Sequence of play",
	    "a unit activating tests its Quality first" },
	[DI_R_ACTIVATION_FAILED] = { "activation.failed", "Sequence of play",
	    "a unit that fails its activation test does nothing this turn" },
	[DI_R_ACTIVATION_TURN_ENDS] = { "activation.turn_ends",
	    "Sequence of play",
	    "failed activation: turn ends — the side's activations end for "
	    "the turn" },
	[DI_R_SHOOT_MODELS] = { "shoot.models", "Units",
	    "a unit's weapons make their Attacks once for each model it has "
	    "left" },
	[DI_R_SHOOT_EXCESS_LOST] = { "shoot.excess_lost", "Combat",
	    "damage past the Wounds left of the model it falls on is lost" },
	[DI_R_MELEE_AT_ONCE] = { "melee.at_once", "Melee",
	    "both strike at once, each with the models it had when the round "
	    "began" },
	[DI_R_MELEE_ATTACKER_ONLY] = { "melee.attacker_only", "Melee",
	    "only the attacker strikes; the other does not strike back" },
	[DI_R_MELEE_INITIATIVE] = { "melee.initiative", "Melee",
	    "the higher Initiative strikes first; equal ones at once" },
	[DI_R_QUALITY_LOST_MODEL] = { "quality.lost_model", "Quality test",
	    "a unit that loses a model tests at the end of the turn" },
	[DI_R_QUALITY_WOUNDED] = { "quality.wounded", "Quality test",
	    "a unit that loses Wounds tests at the end of the turn" },
	[DI_R_MELEE_PURSUED] = { "melee.pursued", "Melee outcomes",
	    "the winner follows the unit it beat back into contact" },
	[DI_R_QUALITY_FALL_BACK] = { "quality.fall_back", "Quality test",
	    "a test's fall back: move straight away from the nearest enemy" },
	[DI_R_QUALITY_ROUT] = { "quality.rout", "Quality test",
	    "a test's rout or destroyed removes the unit, as a fall back it "
	    "cannot make does" },
	[DI_R_FACING] = { "facing.flank", "Movement",
	    "a unit faces the way it last moved; an attack from beyond 45 "
	    "degrees of its front comes from its flank, of its back from its "
	    "rear" },
	[DI_R_MARKER_PLACED] = { "marker.placed", "Markers",
	    "an event of a marker's Placed gives the unit one, up to its "
	    "Most" },
	[DI_R_MARKER_REMOVED] = { "marker.removed", "Markers",
	    "a marker goes as its Removed says" },
	[DI_R_MARKER_MODIFIER] = { "marker.modifier", "Keywords",
	    "a keyword's modifier per marker the unit carries changes its "
	    "roll" },
	[DI_R_KEYWORD_EXTRA_HITS] = { "keyword.extra_hits", "Keywords",
	    "a hit on the keyword's natural face scores extra hits, each "
	    "rolling to wound" },
	[DI_R_KEYWORD_MORTAL] = { "keyword.mortal_wounds", "Keywords",
	    "a success on the keyword's natural face is mortal wounds: no "
	    "save, no Damage roll" },
	[DI_R_SHOOT_CLOSE] = { "shoot.close", "Shooting",
	    "a close weapon (a Range at most the contact distance) strikes "
	    "an enemy in contact in the Shoot step, where the melee is not "
	    "fought with weapons" },
};

/* The settings: the contact distance (the Combat table may give it
 * instead) and the turn limit of a battle that gives none. */
enum {
	DI_SET_CONTACT,
	DI_SET_TURN_LIMIT,
	DI_SET_WOOD_DEPTH,
	DI_SET_HILL_RISE
};
static const struct eng_setting di_settings[] = {
	[DI_SET_CONTACT] = { "contact", ENG_SET_LENGTH, 25.4, 1, 1000,
	    "units this close to each other are in contact and fight",
	    { NULL, NULL } },
	[DI_SET_TURN_LIMIT] = { "turn_limit", ENG_SET_INT, 10, 1, 1000,
	    "game turns of a battle whose battle: gives no turns",
	    { "game turn", "game turns" } },
	[DI_SET_WOOD_DEPTH] = ENG_SETTING_WOOD_DEPTH,
	[DI_SET_HILL_RISE] = ENG_SETTING_HILL_RISE,
};

/* What it reads beyond the reader's model. */
static const char *const di_unit_cols[] = { "Quality", "Combat", "Toughness",
	"Save", "Wounds", "Models", "Initiative", "Keywords", NULL };
static const char *const di_weapon_cols[] = { "Attacks", "To hit", "Strength",
	"AP", "Damage", "Keywords", NULL };
static const char *const di_sections[] = { "Combat", "Wound table",
	"Melee outcomes", "Quality test", "Keywords", NULL };

/* Read and check every table into ctx->fam_data; the contact distance
 * and turn limit into ctx. Returns 0, or -1 when a table is bad. */
static int
di_prepare(struct eng_ctx *c, struct diags *d)
{
	struct dt_tables *t = xcalloc(1, sizeof(*t));
	int whole;

	if (dt_read(c->rs, c->set.v[DI_SET_CONTACT],
	        c->set.given[DI_SET_CONTACT], c->focus, t, d) != 0) {
		dt_free(t);
		free(t);
		return -1;
	}
	c->fam_data = t;
	c->melee_range = eng_board_len(&c->board, t->contact_mm, &whole);
	/* Every expression dt_read() kept was compiled by dx_parse(),
	 * so its distribution, and its mean, can be worked out. */
	(void)dp_prepare(c, t);
	if (c->rs->turn_limit <= 0)
		c->turn_limit = (int)c->set.v[DI_SET_TURN_LIMIT];
	return 0;
}

/* Whether an outcome that can happen has an effect of this kind: the
 * Melee outcomes table's under melee: opposed, the Quality test table's
 * when units test. */
static int has_fx_in(const struct dt_tables *, int, enum dt_fx, int, int);

static int
has_fx(const struct dt_tables *t, int tests, enum dt_fx fx)
{
	return has_fx_in(t, tests, fx, 0, DT_RES__MAX);
}

/* The same among the results lo to hi - 1 only: the Melee outcomes
 * table's (0 to DT_RES_PASSED) or the Quality test table's. */
static int
has_fx_in(const struct dt_tables *t, int tests, enum dt_fx fx, int lo, int hi)
{
	int r, k;

	for (r = lo; r < hi; r++) {
		if (r < DT_RES_PASSED ? t->melee != DT_MELEE_OPPOSED : !tests)
			continue;
		for (k = 0; k < t->out[r].nfx; k++)
			if (t->out[r].fx[k].kind == fx)
				return 1;
	}
	return 0;
}

/* Whether a unit's Combat differs by the enemy's class, or a weapon
 * makes a save worse. */
static int
by_class(const struct ruleset *rs, const struct dt_tables *t)
{
	size_t u;
	int k;

	for (u = 0; u < rs->nunits; u++)
		for (k = 1; k < RS_CLASS_SLOTS; k++)
			if (t->units[u].combat[k] != t->units[u].combat[0])
				return 1;
	return 0;
}

static int
any_ap(const struct ruleset *rs, const struct dt_tables *t)
{
	size_t w;

	for (w = 0; w < rs->nweapons; w++)
		if (t->weapons[w].ap > 0)
			return 1;
	return 0;
}

/* Whether an effect of kind k is in a keyword some weapon or unit has
 * (k < 0: any keyword), on a roll that is made (a test only when units
 * test). */
static int
kw_has(const struct dt_tables *t, const struct dt_kwlist *l, int k, int tests)
{
	int i, f;

	for (i = 0; i < l->n; i++) {
		const struct dt_keyword *kw = &t->kw[l->v[i].k];

		if (kw->step == DT_STEP_TEST && !tests)
			continue;
		for (f = 0; f < kw->nfx; f++)
			if (k < 0 || (int)kw->fx[f].kind == k ||
			    (k == DT_KFX_REROLL_FAILS &&
			        kw->fx[f].kind == DT_KFX_REROLL_ONES))
				return 1;
	}
	return 0;
}

/* The keyword rules that can apply: a kind of effect some weapon or unit
 * has (the pipeline makes the to hit, wound and save rolls). */
static int
keyword_used(const struct ruleset *rs, const struct dt_tables *t, int rule)
{
	int pipe = t->shooting == DT_SHOOT_PIPELINE ||
	    t->melee == DT_MELEE_PIPELINE,
	    tests = t->quality != 0 || t->activation_test,
	    k = rule == DI_R_KEYWORD_MODIFIER ? DT_KFX_MOD :
	    rule == DI_R_KEYWORD_REROLL       ? DT_KFX_REROLL_FAILS :
	    rule == DI_R_KEYWORD_WOUNDS       ? DT_KFX_WOUNDS :
	    rule == DI_R_KEYWORD_NO_SAVE      ? DT_KFX_NO_SAVE :
	    rule == DI_R_KEYWORD_EXTRA_HITS   ? DT_KFX_EXTRA_HITS :
	    rule == DI_R_KEYWORD_MORTAL       ? DT_KFX_MORTAL :
	                                        -1;
	size_t i;

	for (i = 0; i < rs->nweapons; i++)
		if (pipe && kw_has(t, &t->weapons[i].kw, k, 0))
			return 1;
	/* Units test their Quality for quality tests and activations. */
	for (i = 0; i < rs->nunits; i++)
		if (kw_has(t, &t->units[i].kw, k, tests) && (pipe || tests))
			return 1;
	return 0;
}

/* Whether a unit has a Save to make. */
static int
any_save(const struct ruleset *rs, const struct dt_tables *t)
{
	size_t u;

	for (u = 0; u < rs->nunits; u++)
		if (t->units[u].save > 0)
			return 1;
	return 0;
}

/* Whether some marker is placed by an event that can happen: a volley
 * (shooting), a loss of Wounds, a test (tests: any test is taken), a
 * unit beaten in an opposed melee (read only then). */
static int
markers_placed(const struct dt_tables *t, int shoot, int tests)
{
	unsigned can = DT_MK_WOUNDED | DT_MK_BEATEN;

	if (shoot || t->shooting == DT_SHOOT_ACCUMULATED)
		can |= DT_MK_SHOT_AT;
	if (tests || t->activation_test)
		can |= DT_MK_FAILED_TEST;
	return (t->mk_placed & can) != 0;
}

/* Whether a keyword that counts a marker acts on a roll some weapon or
 * unit makes (as keyword_used: a weapon's to hit and to wound rolls
 * under the pipeline, a unit's saves under it and its tests when units
 * test). */
static int
markers_read(const struct ruleset *rs, const struct dt_tables *t, int pipe,
    int tests)
{
	size_t i;
	int k, f;

	tests |= t->activation_test;
	for (i = 0; i < rs->nweapons + rs->nunits; i++) {
		const struct dt_kwlist *l = i < rs->nweapons ?
		    &t->weapons[i].kw :
		    &t->units[i - rs->nweapons].kw;

		for (k = 0; k < l->n; k++) {
			const struct dt_keyword *kw = &t->kw[l->v[k].k];

			if (kw->step == DT_STEP_TEST ? !tests : !pipe)
				continue;
			for (f = 0; f < kw->nfx; f++)
				if (kw->fx[f].per_mk)
					return 1;
		}
	}
	return 0;
}

/*
 * The rules of the mechanisms the Combat table chose, and of the tables
 * and columns the ruleset gives: the rules of accumulated melee are no
 * gap in the test games of a game that fights by opposed rolls.
 */
static int
di_applies(const struct eng_ctx *c, int rule)
{
	const struct dt_tables *t = c->fam_data;
	int shoot = t->shooting == DT_SHOOT_PIPELINE,
	    pipe = shoot || t->melee == DT_MELEE_PIPELINE,
	    opp = t->melee == DT_MELEE_OPPOSED, r, k, tests = t->quality != 0;

	for (r = 0; r < DT_RES_PASSED && opp; r++)
		for (k = 0; k < t->out[r].nfx; k++)
			tests |= t->out[r].fx[k].kind == DT_FX_TEST;
	switch (rule) {
	case DI_R_ALTERNATE:
		return t->turn == DT_TURN_ALTERNATE;
	case DI_R_PHASED:
		return t->turn == DT_TURN_PHASED;
	case DI_R_UNIT_ACTIVATION:
		return t->turn == DT_TURN_UNITS;
	case DI_R_ORDER_DICE:
		return t->turn == DT_TURN_ORDER_DICE;
	case DI_R_ACTIVATION_TEST:
	case DI_R_ACTIVATION_FAILED:
		return t->activation_test;
	case DI_R_ACTIVATION_TURN_ENDS:
		return t->activation_test && t->failed == DT_FAILED_TURN_ENDS;
	case DI_R_SHOOT_RANGE:
	case DI_R_SHOOT_SIGHT:
		return t->shooting != DT_SHOOT_NONE;
	case DI_R_SHOOT_ATTACKS:
	case DI_R_SHOOT_HIT:
	case DI_R_SHOOT_MISS:
	case DI_R_SHOOT_DAMAGE:
		return pipe;
	case DI_R_SHOOT_SAVE:
		/* A game where every Save is "-" has no save step. */
		return pipe && any_save(c->rs, t);
	case DI_R_SHOOT_WOUND:
		return pipe && t->wound_given;
	case DI_R_SHOOT_NO_WOUND:
		for (r = 0; r < t->nstr; r++)
			for (k = 0; k < t->ntough; k++)
				if (t->need[r][k] == 0)
					return pipe && t->wound_given;
		return 0;
	case DI_R_SHOOT_AP:
		return pipe && any_ap(c->rs, t) && any_save(c->rs, t);
	case DI_R_SHOOT_MODIFIER:
		return t->nfmod > 0 && t->shooting != DT_SHOOT_NONE;
	case DI_R_SHOOT_REMOVED:
		return t->shooting != DT_SHOOT_NONE || pipe;
	case DI_R_SHOOT_ACCUMULATED:
		return t->shooting == DT_SHOOT_ACCUMULATED;
	case DI_R_SHOOT_HALF:
		return t->shooting == DT_SHOOT_ACCUMULATED && t->half_hits;
	case DI_R_MELEE_MODIFIER:
		return t->nmmod > 0;
	case DI_R_MELEE_OPPOSED:
	case DI_R_MELEE_BEATEN:
	case DI_R_MELEE_EQUAL:
		return opp;
	case DI_R_MELEE_FACTOR_CLASS:
		return opp && by_class(c->rs, t);
	case DI_R_MELEE_DOUBLE:
		return opp && t->out[DT_RES_DOUBLE].given;
	case DI_R_MELEE_RECOIL:
		return has_fx(t, tests, DT_FX_RECOIL) ||
		    has_fx(t, tests, DT_FX_BOTH_RECOIL);
	case DI_R_MELEE_FALL_BACK:
		return has_fx_in(t, tests, DT_FX_FALL_BACK, 0, DT_RES_PASSED);
	case DI_R_QUALITY_FALL_BACK:
		return has_fx_in(t, tests, DT_FX_FALL_BACK, DT_RES_PASSED,
		    DT_RES__MAX);
	case DI_R_MELEE_DESTROYED:
		/* Also a unit that cannot give ground. */
		return t->melee == DT_MELEE_ACCUMULATED ||
		    has_fx_in(t, tests, DT_FX_DESTROYED, 0, DT_RES_PASSED) ||
		    has_fx_in(t, tests, DT_FX_RECOIL, 0, DT_RES_PASSED) ||
		    has_fx_in(t, tests, DT_FX_BOTH_RECOIL, 0, DT_RES_PASSED) ||
		    has_fx_in(t, tests, DT_FX_FALL_BACK, 0, DT_RES_PASSED);
	case DI_R_QUALITY_ROUT:
		return has_fx_in(t, tests, DT_FX_DESTROYED, DT_RES_PASSED,
		           DT_RES__MAX) ||
		    has_fx_in(t, tests, DT_FX_ROUT, DT_RES_PASSED,
		        DT_RES__MAX) ||
		    has_fx_in(t, tests, DT_FX_FALL_BACK, DT_RES_PASSED,
		        DT_RES__MAX);
	case DI_R_MELEE_AGAIN:
		return has_fx(t, tests, DT_FX_FIGHT_AGAIN);
	case DI_R_MELEE_ACCUMULATED:
		return t->melee == DT_MELEE_ACCUMULATED;
	case DI_R_MELEE_PIPELINE:
		return t->melee == DT_MELEE_PIPELINE;
	case DI_R_QUALITY_TEST:
	case DI_R_QUALITY_PASSED:
	case DI_R_QUALITY_FAILED:
		return tests;
	case DI_R_QUALITY_BELOW_HALF:
		return (t->quality & DT_Q_BELOW_HALF) != 0;
	case DI_R_QUALITY_FAILED_BY:
		return tests && t->fail_by > 0;
	case DI_R_KEYWORD:
	case DI_R_KEYWORD_MODIFIER:
	case DI_R_KEYWORD_REROLL:
	case DI_R_KEYWORD_WOUNDS:
	case DI_R_KEYWORD_NO_SAVE:
	case DI_R_KEYWORD_EXTRA_HITS:
	case DI_R_KEYWORD_MORTAL:
		return keyword_used(c->rs, t, rule);
	case DI_R_SHOOT_MODELS:
		return t->models;
	case DI_R_SHOOT_EXCESS_LOST:
		return pipe && dt_excess_lost(c->rs, t);
	case DI_R_MELEE_AT_ONCE:
		/* By initiative, a unit type meets its own kind at once. */
		return t->melee == DT_MELEE_PIPELINE &&
		    (t->strikes == DT_STRIKES_AT_ONCE ||
		        t->strikes == DT_STRIKES_INITIATIVE);
	case DI_R_MELEE_ATTACKER_ONLY:
		return t->melee == DT_MELEE_PIPELINE &&
		    t->strikes == DT_STRIKES_ONLY;
	case DI_R_FACING:
		return t->facing;
	case DI_R_MELEE_PURSUED:
		return has_fx(t, tests, DT_FX_PURSUED);
	case DI_R_QUALITY_WOUNDED:
		return (t->quality & DT_Q_WOUNDED) != 0;
	case DI_R_QUALITY_LOST_MODEL:
		return (t->quality & DT_Q_LOST_MODEL) && t->models;
	case DI_R_MELEE_INITIATIVE:
		return t->melee == DT_MELEE_PIPELINE &&
		    t->strikes == DT_STRIKES_INITIATIVE;
	case DI_R_MARKER_PLACED:
		return markers_placed(t, shoot, tests);
	case DI_R_MARKER_REMOVED:
		/* Markers a unit may carry that go. */
		return t->mk_removed != 0 && markers_placed(t, shoot, tests);
	case DI_R_MARKER_MODIFIER:
		return markers_read(c->rs, t, pipe, tests);
	case DI_R_SHOOT_CLOSE:
		/* A close weapon some unit carries. */
		if (t->shooting == DT_SHOOT_NONE ||
		    t->melee == DT_MELEE_PIPELINE)
			return 0;
		for (r = 0; r < (int)c->rs->nunits; r++)
			for (k = 0; k < (int)c->rs->units[r].nweapons; k++)
				if (c->wrange[c->rs->units[r].weapons[k]] <=
				    c->melee_range + 1e-9)
					return 1;
		return 0;
	default:
		return 1;
	}
}

static void
di_release(struct eng_ctx *c)
{
	if (c->fam_data != NULL)
		dt_free(c->fam_data);
	free(c->fam_data);
	c->fam_data = NULL;
}

/* The contact distance: the Combat table's when it gives one that
 * reads, else the setting's. Returns the number of gauges. */
/* The Combat table's contact when it gives one that reads, else NAN. */
static double
combat_contact(const struct ruleset *rs)
{
	const struct rs_table *c = rs_table_find(rs, "Combat");
	const char *why;
	double mm, v = NAN;
	size_t i;

	for (i = 1; c != NULL && c->ncols >= 2 && i < c->nrows; i++)
		if (rs_name_eq(RS_CELL(c, i, 0), "contact") &&
		    len_parse(RS_CELL(c, i, 1), rs->measure, &mm, &why) == 0 &&
		    mm >= 1 && mm <= 1000)
			v = mm;
	return v;
}

static double
di_setting_played(const struct ruleset *rs, int k, const char **from)
{
	*from = "the Combat table's contact";
	return k == DI_SET_CONTACT ? combat_contact(rs) : NAN;
}

static size_t
di_gauges(const struct ruleset *rs, struct eng_gauge *out)
{
	struct eng_values v;
	double mm;

	eng_settings_read(rs, &eng_dice, &v, NULL);
	out[0].mm = v.v[DI_SET_CONTACT];
	if (!isnan(mm = combat_contact(rs)))
		out[0].mm = mm;
	out[0].label = _("Contact");
	return 1;
}

/* A melee fought to its end (accumulated hits, the pipeline): its
 * chance is that the unit removes the enemy, not one roll's. */
static void
di_melee_of_rs(const struct ruleset *rs, struct eng_chances_of *out)
{
	const struct rs_table *t = rs_table_find(rs, "Combat");
	size_t i;

	int opposed = 1;

	for (i = 1; t != NULL && t->ncols >= 2 && i < t->nrows; i++)
		if (rs_name_eq(RS_CELL(t, i, 0), "melee") &&
		    !rs_name_eq(RS_CELL(t, i, 1), "opposed")) {
			out->head = N_("wins the melee");
			opposed = 0;
		}
	/* By opposed roll the matrix gives one roll's chance, not the
	 * melee's (a stand-off is fought again): its title says so. */
	if (opposed)
		out->title = N_("Melee: chance the attacker wins one opposed "
		                "roll (row attacks column)");
}

static const struct eng_words di_situations[] = {
	{ "contact", "a melee in contact" },
	{ NULL, NULL },
};

/* The Wounds a unit has taken, as an example of play tells them. */
/* A band's hits are wounds it has taken: the Wounds column counts them
 * (Saltmarsh's shooting said 'B has 2 hits' of 2 wounds). */
static const struct eng_ugauge di_ugauges[] = {
	{ "hits", N_("<b>%s</b> has taken %d wounds"),
	    N_("<b>%s</b> has taken %d wounds"),
	    N_("<b>%s</b> has taken %d wound") },
};

/* The family's own steps, as an example of play tells them. */
static const struct eng_verb di_verbs[] = {
	{ "activate", N_("%s is activated"), ENG_VERB_UNIT },
	{ "draw", N_("An order die is drawn from the bag"), ENG_VERB_NONE },
	{ NULL, NULL, ENG_VERB_NONE },
};

static const struct eng_show di_show = {
	/* Shooting needs sight, which woods (past wood_depth) and hills
	 * (above hill_rise) block (dice_play.c, DP_SIGHT_BLOCK); no move
	 * ends in a river but at a ford (dice_play.c). */
	.sight_limits = (1u << RS_TERRAIN_WOOD) | (1u << RS_TERRAIN_HILL),
	.move_blocks = 1u << RS_TERRAIN_RIVER,
	.ugauges = di_ugauges,
	.nugauges = 1,
	.verbs = di_verbs,
	.settings_section = "Combat",
	.setting_words = di_setting_words,
	.cell_words = di_cell_words,
	/* Played (dice_play.c): test games, self-play and play run; the
	 * exact odds are another file's. */
	.print_only = 0,
	.unplayed = NULL,
	.stats = ENG_STAT_MOVE | ENG_STAT_ROAD,
	.weapon_destroys = 0,
	/* To hit and the rest are the weapons' own columns (under the
	 * name on a card); no weapon has faces it hits on. */
	.weapon_hits_on = 0,
	/* The exact odds (dice_odds.c): by opposed roll one fight is one
	 * roll; by accumulated hits or the pipeline the melee is fought
	 * to its end (dice_melee.c). The words fit either. */
	.situation = "contact",
	.melee_title = N_("Melee: chance the attacker wins (row attacks "
	                  "column)"),
	.fire_title = N_("Shooting: chance one attack wounds (row shoots "
	                 "column)"),
	/* One attack of its best weapon, and one fight — the opposed roll
	 * is the same whoever attacked. The attack's chance is of at least
	 * one Wound (p_attack), not of a kill, and the fight's that the
	 * unit's total beats the enemy's: the heads say so. */
	.melee_either_way = 1,
	.melee_of_rs = di_melee_of_rs,
	.situations = di_situations,
	.melee_of.head = N_("melee roll wins"),
	.melee_of.legend = N_(
	    "chance the attacker wins: its total beats the "
	    "defender's (opposed roll), or it removes the defender and "
	    "stands (accumulated hits, pipeline)"),
	.melee_of.note = N_(
	    "Exact odds. By opposed roll, one roll: each side "
	    "rolls the melee roll plus its Combat against the other's class; "
	    "the Melee outcomes table says what beaten, beaten by double and "
	    "equal do. By accumulated hits or the pipeline, the melee fought "
	    "round by round from full Wounds until a unit is removed."),
	.fire_of.title = N_("Shooting: chance one attack wounds"),
	.fire_of.head = N_("attack wounds"),
	.fire_of.legend = N_("chance one attack takes at least one Wound"),
	.fire_of.note = N_(
	    "Exact odds that one attack at a target in range "
	    "and sight takes at least one of its Wounds, by the Combat "
	    "table's shooting (hit, wound and save, or accumulated hits); 0 "
	    "where it never can, as where the Wound table gives - for the "
	    "weapon's Strength against the target's Toughness."),
	.tables = do_tables,
	.outcomes = do_outcomes,
	.odds_doc = do_odds_doc,
	.odds_size = do_odds_size,
};

/* Whether the Combat table says setting is word. */
static int
combat_says(const struct ruleset *rs, const char *setting, const char *word)
{
	const struct rs_table *c = rs_table_find(rs, "Combat");
	size_t i;

	for (i = 1; c != NULL && c->ncols >= 2 && i < c->nrows; i++)
		if (rs_name_eq(RS_CELL(c, i, 0), setting))
			return rs_name_eq(RS_CELL(c, i, 1), word);
	return 0;
}

/* What the dice family needs of the reader's model: a Weapons table
 * (the rest of its columns are its own, read when prepared), unless no
 * one shoots and melee is not by the weapons (a melee-only game). */
static void
di_check(const struct ruleset *rs, const struct rs_check *c, struct diags *d)
{
	if (c->kind != RS_CHECK_NO_WEAPONS)
		return;
	if (combat_says(rs, "shooting", "none") &&
	    !combat_says(rs, "melee", "pipeline"))
		eng_no_weapons(rs, c, NULL, d);
	else
		eng_no_weapons(rs, c, &eng_dice, d);
}

/*
 * Whether weapon w is ever used (eng_family.weapon_usable): a close
 * weapon (Range at most the contact distance) strikes in melee under
 * melee: pipeline, else in contact in the Shoot step while there is
 * shooting (Saltmarsh's Clarification 2); a longer one only shoots.
 */
static int
di_weapon_usable(const struct eng_ctx *c, int w, const char **why)
{
	const struct dt_tables *t = c->fam_data;
	int close = c->wrange[w] <= c->melee_range + 1e-9;

	if (t == NULL)
		return 1;
	if (close &&
	    (t->melee == DT_MELEE_PIPELINE || t->shooting != DT_SHOOT_NONE))
		return 1;
	if (!close && t->shooting != DT_SHOOT_NONE)
		return 1;
	*why = close ? "its Range is within the contact distance, and with "
	               "shooting: none and a melee by Combat no weapon "
	               "strikes in contact" :
	               "the Combat table gives shooting: none, and its Range "
	               "reaches past contact, where only shooting could use "
	               "it";
	return 0;
}

const struct eng_family eng_dice = {
	.name = "dice",
	.check = di_check,
	.rules = di_rules,
	.nrules = DI_R__MAX,
	.applies = di_applies,
	.classes = RS_CLASS_ALL,
	.own_classes = 1,
	.plays_markers = 1,
	.prepare = di_prepare,
	.release = di_release,
	.state_size = sizeof(struct dp_state),
	.setup = dp_setup,
	.unit_key = dp_unit_key,
	.unit_gauges = dp_unit_gauges,
	.play_turn = dp_play_turn,
	.step = dp_step,
	.expect_unit = dp_expect_unit,
	.contest_odds = do_contest_odds,
	.odds = do_odds,
	.findings = do_findings,
	.weapon_usable = di_weapon_usable,
	.settings = di_settings,
	.nsettings = sizeof(di_settings) / sizeof(di_settings[0]),
	.unit_cols = di_unit_cols,
	.weapon_cols = di_weapon_cols,
	.sections = di_sections,
	.gauges = di_gauges,
	.setting_played = di_setting_played,
	.markers = NULL,
	.show = &di_show,
};
