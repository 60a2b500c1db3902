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
	[DI_R_SHOOT_DAMAGE] = { "shoot.damage", "Combat",
	    "each unsaved wound removes Damage from the target's Wounds" },
	[DI_R_SHOOT_REMOVED] = { "shoot.removed", "Combat",
	    "a unit at 0 Wounds is removed" },
	[DI_R_SHOOT_ACCUMULATED] = { "shoot.accumulated", "Combat",
	    "shooting: accumulated — Attacks rolled are hits, taken from "
	    "Wounds" },
	[DI_R_MELEE_CONTACT] = { "melee.contact", "Melee",
	    "units within the contact distance fight a melee" },
	[DI_R_MELEE_OPPOSED] = { "melee.opposed", "Melee",
	    "both roll the melee roll plus their Combat; the higher wins" },
	[DI_R_MELEE_FACTOR_CLASS] = { "melee.factor_by_class", "Melee",
	    "a Combat factor given against the enemy's class" },
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
};

/* The settings: the contact distance (the Combat table may give it
 * instead) and the turn limit of a battle that gives none. */
enum { DI_SET_CONTACT, DI_SET_TURN_LIMIT };
static const struct eng_setting di_settings[] = {
	[DI_SET_CONTACT] = { "contact", ENG_SET_LENGTH, 25.4, 1, 1000,
	    "units this close to each other are in contact and fight" },
	[DI_SET_TURN_LIMIT] = { "turn_limit", ENG_SET_INT, 10, 1, 1000,
	    "game turns of a battle whose battle: gives no turns" },
};

/* What it reads beyond the reader's model. */
static const char *const di_unit_cols[] = { "Quality", "Combat",
	"Toughness", "Save", "Wounds", NULL };
static const char *const di_weapon_cols[] = { "Attacks", "To hit",
	"Strength", "AP", "Damage", NULL };
static const char *const di_sections[] = { "Combat", "Wound table",
	"Melee outcomes", "Quality test", NULL };

/* Read and check every table into ctx->fam_data; the contact distance
 * and turn limit into ctx. Returns 0, or -1 when a table is bad. */
static int
di_prepare(struct eng_ctx *c, struct diags *d)
{
	struct dt_tables *t = xcalloc(1, sizeof(*t));
	int whole;

	if (dt_read(c->rs, c->set.v[DI_SET_CONTACT],
	    c->set.given[DI_SET_CONTACT], t, d) != 0) {
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
static size_t
di_gauges(const struct ruleset *rs, struct eng_gauge *out)
{
	const struct rs_table *c = rs_table_find(rs, "Combat");
	struct eng_values v;
	const char *why;
	double mm;
	size_t i;

	eng_settings_read(rs, &eng_dice, &v, NULL);
	out[0].mm = v.v[DI_SET_CONTACT];
	for (i = 1; c != NULL && c->ncols >= 2 && i < c->nrows; i++)
		if (rs_name_eq(RS_CELL(c, i, 0), "contact") &&
		    len_parse(RS_CELL(c, i, 1), rs->measure, &mm, &why) == 0 &&
		    mm >= 1 && mm <= 1000)
			out[0].mm = mm;
	out[0].label = "Contact";
	return 1;
}

/* A card's odds against each enemy type: one attack of its best weapon,
 * and one fight — the opposed roll is the same whoever attacked, so a
 * column each way would say the same twice. The attack's chance is of
 * at least one Wound (p_attack), not of a kill, and the fight's that
 * the unit's total beats the enemy's: the headings say so. */
static const enum eng_card_col di_card[] = { ENG_CARD_SHOT,
	ENG_CARD_ROUND };
static const char *const di_card_heads[] = { "attack wounds",
	"melee roll wins" };
static const struct eng_words di_situations[] = {
	{ "contact", "one opposed roll in contact" },
	{ NULL, NULL },
};

static const struct eng_show di_show = {
	/* Played (dice_play.c): test games, self-play and play run; the
	 * exact odds are another file's. */
	.print_only = 0,
	.unplayed = NULL,
	.stats = ENG_STAT_MOVE | ENG_STAT_ROAD,
	.weapon_destroys = 0,
	/* To hit and the rest are the weapons' own columns (under the
	 * name on a card); no weapon has faces it hits on. */
	.weapon_hits_on = 0,
	/* Move and five stats of its own: one grid on a card. */
	.card_one_grid = 1,
	.end_words = eng_end_words_plain,
	.marker = eng_marker_weapons,
	/* The exact odds (dice_odds.c): one fight is one opposed roll. */
	.situation = "contact",
	.melee_title = "Melee: chance the attacker wins one fight (row "
	    "attacks column)",
	.melee_title_wide = "Melee: % chance the attacker (row) wins one "
	    "fight against the defender (column number)",
	.fire_title = "Shooting: chance one attack wounds (row shoots "
	    "column)",
	.fire_title_wide = "Shooting: % chance one attack wounds (row "
	    "shoots column; units numbered as in the melee table)",
	.card = di_card,
	.card_heads = di_card_heads,
	.ncard = sizeof(di_card) / sizeof(di_card[0]),
	.situations = di_situations,
	.melee_legend = "chance the attacker's total beats the defender's",
	.melee_note = "Exact odds of one opposed roll: each side rolls the "
	    "melee roll plus its Combat against the other's class; the Melee "
	    "outcomes table says what beaten, beaten by double and equal do.",
	.fire_map = 1,
	.fire_map_title = "Shooting: chance one attack wounds",
	.fire_map_legend = "chance one attack takes at least one Wound",
	.fire_map_note = "Exact odds that one attack at a target in range "
	    "and sight takes at least one of its Wounds, by the Combat "
	    "table's shooting (hit, wound and save, or accumulated hits); 0 "
	    "where it never can, as where the Wound table gives - for the "
	    "weapon's Strength against the target's Toughness.",
	.tables = do_tables,
	.outcomes = do_outcomes,
	.odds_doc = do_odds_doc,
	.odds_text = do_odds_text,
};

const struct eng_family eng_dice = {
	.name = "dice",
	.engine = RS_ENGINE_DICE,
	.rules = di_rules,
	.nrules = DI_R__MAX,
	.classes = RS_CLASS_ALL,
	.prepare = di_prepare,
	.release = di_release,
	.setup = dp_setup,
	.unit_key = dp_unit_key,
	.play_turn = dp_play_turn,
	.step = dp_step,
	.expect_unit = dp_expect_unit,
	.contest_odds = do_contest_odds,
	.odds = do_odds,
	.findings = do_findings,
	.settings = di_settings,
	.nsettings = sizeof(di_settings) / sizeof(di_settings[0]),
	.unit_cols = di_unit_cols,
	.weapon_cols = di_weapon_cols,
	.sections = di_sections,
	.gauges = di_gauges,
	.markers = NULL,
	.show = &di_show,
};
