/*
 * dice_tables.c: the dice family's tables, read and checked — the
 * Combat settings (how shooting and melee are resolved), the Wound
 * table, the Melee outcomes and Quality test tables, and the columns of
 * the Units and Weapons tables it reads from the game's own stats
 * (Attacks, To hit, Strength, AP, Damage; Toughness, Save, Wounds,
 * Quality, Combat). The reader keeps those as text with their places
 * (rs_table_find, own_pos); each bad one is an error there. Nothing is
 * rolled here: the mechanisms read struct dt_tables.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dice_tables.h"

/* ---- cells ---- */

/* An empty cell, or one that says none. */
static int
is_none(const char *s)
{
	return s == NULL || *s == '\0' || strcmp(s, "-") == 0 ||
	    strcmp(s, "\xe2\x80\x94") == 0 || strcmp(s, "\xe2\x80\x93") == 0 ||
	    strcasecmp(s, "none") == 0 || strcasecmp(s, "n/a") == 0;
}

/* A whole number in lo..hi (a leading '+' or '-' as written). Returns
 * 0, or -1. */
static int
whole(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v;

	if (s == NULL ||
	    !(isdigit((unsigned char)*s) ||
	        ((*s == '-' || *s == '+') && isdigit((unsigned char)s[1]))))
		return -1;
	v = strtol(s, &end, 10);
	if (*end != '\0' || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

/* A roll on the ruleset's die: "4+" is the face needed, "-" (or an
 * empty cell when none may be) is 0. Returns 0, or -1. */
static int
roll(const char *s, int die, int *need)
{
	char *end;
	long v;

	if (is_none(s) && s != NULL && *s != '\0') {
		*need = 0;
		return 0;
	}
	if (s == NULL || !isdigit((unsigned char)*s))
		return -1;
	v = strtol(s, &end, 10);
	if (end[0] != '+' || end[1] != '\0' || v < 1 || v > die)
		return -1;
	*need = (int)v;
	return 0;
}

/* N of a roll "N+" above the die rolled without dice: in the front
 * matter, up to 100; else 0. */
static int
face_over(const struct ruleset *rs, const char *s)
{
	char *end;
	long v;

	if (rs->die_pos.line != 0 || s == NULL || !isdigit((unsigned char)*s))
		return 0;
	v = strtol(s, &end, 10);
	if (end[0] != '+' || end[1] != '\0' || v <= rs->die || v > 100)
		return 0;
	return (int)v;
}

/*
 * A roll that is not one on the ruleset's die because its face is above
 * the d6 rolled without dice: (a game on a bigger die that does not say
 * so): the first such cell is one error naming the smallest die with the
 * highest face any cell asks for, and the others say nothing more.
 * Returns 1 when s is such a roll, 0 when the caller's message is due.
 */
static int
face_over_said(const struct ruleset *rs, struct dt_tables *t, const char *s,
    struct pos at, struct diags *d)
{
	static const int dice[] = { 8, 10, 12, 20, 100 };
	int k = 0;

	if (face_over(rs, s) == 0 || t->face_max == 0)
		return 0;
	if (t->face_said++)
		return 1;
	while (k < 4 && dice[k] < t->face_max)
		k++;
	diag_msg(d, at, MSG(DIE_FACE_NO_DICE), s, rs->die, dice[k],
	    t->face_max);
	return 1;
}

int
dt_expr_check(const char *text, struct dt_expr *e, int *col, const char **why)
{
	/* The whole language of dicex.c, with its contract: 0, or -1 with
	 * a column and a reason. */
	e->text = text;
	return dx_parse(text, &e->dx, col, why);
}

/* Place col characters into the cell at p. */
static struct pos
at_col(struct pos p, int col)
{
	p.col += col - 1;
	return p;
}

/* ---- Combat ---- */

/* The Combat table's settings and their words. */
static const struct {
	const char *name;
	const char *const words[6];
} combat_keys[] = {
	{ "shooting", { "pipeline", "accumulated", "none", NULL } },
	{ "melee", { "opposed", "accumulated", "pipeline", NULL } },
	{ "turn", { "alternate", "phased", "units", "order dice", NULL } },
	{ "quality test",
	    { "none", "below half", "beaten", "lost a model", "wounded",
	        NULL } },
	{ "contact", { NULL } },
	{ "melee roll", { NULL } },
	{ "half hits", { NULL } },
	{ "hits to destroy", { NULL } },
	{ "test roll", { NULL } },
	{ "every unit", { NULL } },
	{ "every weapon", { NULL } },
	{ "activation test", { "none", "quality", NULL } },
	{ "failed activation", { "unit stays", "turn ends", NULL } },
	{ "excess damage", { "lost", "carries over", NULL } },
	{ "strikes",
	    { "attacker first", "at once", "attacker only", "by initiative",
	        NULL } },
};
#define NCOMBAT (sizeof(combat_keys) / sizeof(combat_keys[0]))

/* "pipeline, accumulated or none" for a message, into buf. */
static char *
words_list(char *buf, size_t sz, const char *const *w)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; w[i] != NULL; i++)
		n += (size_t)snprintf(buf + n, n < sz ? sz - n : 0, "%s%s",
		    i == 0               ? "" :
		        w[i + 1] == NULL ? " or " :
		                           ", ",
		    w[i]);
	return buf;
}

/* The index of the word s among w, or -1. */
static int
word_of(const char *const *w, const char *s)
{
	int i;

	for (i = 0; w[i] != NULL; i++)
		if (rs_name_eq(w[i], s))
			return i;
	return -1;
}

/* The quality test's triggers: "none", or a list of "below half" and
 * "beaten". Returns 0, or -1 at the first bad item. */
static int
quality_when(const char *v, unsigned *mask, int *col)
{
	char buf[256], *item, *save = NULL;
	int w;

	*mask = 0;
	snprintf(buf, sizeof(buf), "%s", v);
	for (item = strtok_r(buf, ",", &save); item != NULL;
	     item = strtok_r(NULL, ",", &save)) {
		while (isspace((unsigned char)*item))
			item++;
		*col = (int)(item - buf) + 1;
		w = word_of(combat_keys[3].words, item);
		if (w < 0)
			return -1;
		if (w == 1)
			*mask |= DT_Q_BELOW_HALF;
		else if (w == 2)
			*mask |= DT_Q_BEATEN;
		else if (w == 3)
			*mask |= DT_Q_LOST_MODEL;
		else if (w == 4)
			*mask |= DT_Q_WOUNDED;
	}
	return 0;
}

/* The classes of "half hits": "none", or a list of class names (foot:
 * infantry and artillery; mounted: cavalry, elephant and chariot).
 * Returns 0, or -1 with the column of the bad item. */
static int
half_classes(const struct ruleset *rs, const char *v, unsigned *mask, int *col)
{
	char buf[256], *item, *save = NULL;
	int c;

	*mask = 0;
	if (is_none(v))
		return 0;
	snprintf(buf, sizeof(buf), "%s", v);
	for (item = strtok_r(buf, ",", &save); item != NULL;
	     item = strtok_r(NULL, ",", &save)) {
		while (isspace((unsigned char)*item))
			item++;
		*col = (int)(item - buf) + 1;
		if (rs_name_eq(item, "foot")) {
			*mask |= 1u << RS_CLASS_INFANTRY |
			    1u << RS_CLASS_ARTILLERY;
			continue;
		}
		if (rs_name_eq(item, "mounted")) {
			*mask |= 1u << RS_CLASS_CAVALRY |
			    1u << RS_CLASS_ELEPHANT | 1u << RS_CLASS_CHARIOT;
			continue;
		}
		if ((c = rs_class_slot_find(rs, item)) < 0)
			return -1;
		*mask |= 1u << c;
	}
	return 0;
}

/* One row of the Combat table. Returns 0, or -1 on an error. */
static int
combat_row(const struct ruleset *rs, const struct rs_table *c, size_t i,
    int sc, int vc, int *seen, struct dt_tables *t, struct diags *d)
{
	const char *k = RS_CELL(c, i, sc), *v = RS_CELL(c, i, vc), *why;
	const char *names[NCOMBAT + 1];
	struct pos kp = RS_CPOS(c, i, sc), vp = RS_CPOS(c, i, vc);
	char words[256], hint[300];
	size_t j, n;
	int w, col;

	for (j = 0; j < NCOMBAT && !rs_name_eq(combat_keys[j].name, k); j++)
		;
	if (j == NCOMBAT) {
		for (j = 0; j < NCOMBAT; j++)
			names[j] = combat_keys[j].name;
		names[NCOMBAT] = NULL;
		diag_msg(d, kp, MSG(UNKNOWN_COMBAT_SETTING), k,
		    words_list(words, sizeof(words), names),
		    str_did_you_mean(hint, sizeof(hint), k, names, NCOMBAT));
		return -1;
	}
	if (seen[j]++) {
		diag_msg(d, kp, MSG(COMBAT_SETTING_GIVEN_TWICE),
		    combat_keys[j].name);
		return -1;
	}
	if (*v == '\0') {
		diag_msg(d, vp, MSG(COMBAT_SETTING_NO_VALUE),
		    combat_keys[j].name);
		return -1;
	}
	switch (j) {
	case 0:
	case 1:
	case 2:
	case 11:
	case 12:
	case 13:
	case 14:
		if ((w = word_of(combat_keys[j].words, v)) < 0) {
			for (n = 0; combat_keys[j].words[n] != NULL; n++)
				;
			diag_msg(d, vp, MSG(UNKNOWN_VALUE),
			    combat_keys[j].name, v,
			    words_list(words, sizeof(words),
			        combat_keys[j].words),
			    str_did_you_mean(hint, sizeof(hint), v,
			        combat_keys[j].words, n));
			return -1;
		}
		if (j == 0)
			t->shooting = (enum dt_shoot)w;
		else if (j == 1)
			t->melee = (enum dt_melee)w;
		else if (j == 2)
			t->turn = (enum dt_turn)w;
		else if (j == 11)
			t->activation_test = w;
		else if (j == 13)
			t->excess_spills = w;
		else if (j == 14) {
			t->strikes = (enum dt_strikes)w;
			t->strikes_pos = vp;
		} else {
			t->failed = (enum dt_failed)w;
			t->failed_pos = vp;
		}
		return 0;
	case 3:
		if (quality_when(v, &t->quality, &col) != 0) {
			diag_msg(d, at_col(vp, col), MSG(UNKNOWN_QUALITY_TEST),
			    v);
			return -1;
		}
		t->quality_pos = vp;
		return 0;
	case 4:
		if (len_parse(v, rs->measure, &t->contact_mm, &why) != 0) {
			diag_msg(d, vp, MSG(CONTACT_NOT_LENGTH), v, why);
			return -1;
		}
		if (t->contact_mm < 1 || t->contact_mm > 1000) {
			diag_msg(d, vp, MSG(CONTACT_OUT_RANGE), v);
			return -1;
		}
		t->contact_pos = vp;
		return 0;
	case 6:
		if (half_classes(rs, v, &t->half_hits, &col) != 0) {
			t->half_hits = 0;
			diag_msg(d, at_col(vp, col),
			    MSG(HALF_HITS_WRITE_NONE_LIST), v);
			return -1;
		}
		t->half_pos = vp;
		return 0;
	case 7:
		if (whole(v, 1, DT_MAX_STAT, &t->hits_to_destroy) != 0) {
			diag_msg(d, vp, MSG(HITS_DESTROY_NOT_WHOLE_NUMBER), v,
			    DT_MAX_STAT);
			return -1;
		}
		return 0;
	case 9:
	case 10:
		/* Read once the Keywords table is (dt_read). */
		t->every[j - 9] = v;
		t->every_pos[j - 9] = vp;
		return 0;
	case 8:
		if (dt_expr_check(v, &t->test_roll, &col, &why) != 0) {
			diag_msg(d, at_col(vp, col),
			    MSG(TEST_ROLL_NOT_DICE_EXPRESSION), v, why);
			return -1;
		}
		t->test_roll.pos = vp;
		t->test_roll_given = 1;
		return 0;
	default:
		if (dt_expr_check(v, &t->melee_roll, &col, &why) != 0) {
			diag_msg(d, at_col(vp, col),
			    MSG(MELEE_ROLL_NOT_DICE_EXPRESSION), v, why);
			return -1;
		}
		t->melee_roll.pos = vp;
		return 0;
	}
}

/* The Combat section: a Setting | Value table. shooting and melee must
 * be given; the others have defaults. */
static int
read_combat(const struct ruleset *rs, struct dt_tables *t, int given,
    struct diags *d)
{
	const struct rs_table *c = rs_table_find(rs, "Combat");
	int seen[NCOMBAT] = { 0 }, sc = -1, vc = -1, rc = 0, col;
	size_t i;
	const char *why;

	dt_expr_check("d6", &t->melee_roll, &col, &why);
	if (c == NULL) {
		diag_msg(d, rs->engine_pos,
		    MSG(DICE_FAMILY_NEEDS_COMBAT_SECTION));
		return -1;
	}
	for (i = 0; i < c->ncols; i++) {
		if (sc < 0 && rs_name_eq(RS_CELL(c, 0, i), "Setting"))
			sc = (int)i;
		else if (vc < 0 && rs_name_eq(RS_CELL(c, 0, i), "Value"))
			vc = (int)i;
	}
	if (sc < 0 || vc < 0) {
		diag_msg(d, c->pos, MSG(COMBAT_TABLE_NEEDS_COLUMNS_SETTING));
		return -1;
	}
	for (i = 1; i < c->nrows; i++) {
		if (*RS_CELL(c, i, sc) == '\0') {
			/* A value with no setting says nothing it could mean. */
			if (*RS_CELL(c, i, vc) != '\0') {
				diag_msg(d, RS_CPOS(c, i, sc),
				    MSG(COMBAT_ROW_WITHOUT_SETTING));
				rc = -1;
			}
			continue;
		}
		if (combat_row(rs, c, i, sc, vc, seen, t, d) != 0)
			rc = -1;
	}
	for (i = 0; i < 2; i++)
		if (!seen[i]) {
			diag_msg(d, c->pos, MSG(COMBAT_TABLE_DOES_NOT_SAY),
			    combat_keys[i].name, combat_keys[i].name);
			rc = -1;
		}
	/* Who strikes is a question of the pipeline's melee only: an
	 * opposed roll is both at once, accumulated hits too. */
	if (seen[14] && t->melee != DT_MELEE_PIPELINE) {
		diag_msg(d, t->strikes_pos, MSG(STRIKES_NEEDS_PIPELINE),
		    combat_keys[1].words[t->melee]);
		rc = -1;
	}
	if (seen[6] && t->half_hits != 0 &&
	    t->shooting != DT_SHOOT_ACCUMULATED) {
		diag_msg(d, t->half_pos,
		    MSG(HALF_HITS_RULE_ACCUMULATED_SHOOTING),
		    combat_keys[0].words[t->shooting]);
		rc = -1;
	}
	/* A failed activation ends the side's activations: there are a
	 * side's activations to end only when a side acts as one
	 * (alternate) or its units take turns with the other's (units). */
	if (rc != 0)
		; /* a bad row: its value is not what the designer meant */
	else if (t->failed == DT_FAILED_TURN_ENDS && !t->activation_test) {
		diag_msg(d, t->failed_pos, MSG(FAILED_ACTIVATION_NEEDS_TEST));
		rc = -1;
	} else if (t->failed == DT_FAILED_TURN_ENDS &&
	    t->turn != DT_TURN_ALTERNATE && t->turn != DT_TURN_UNITS) {
		diag_msg(d, t->failed_pos, MSG(FAILED_ACTIVATION_NEEDS_TURN),
		    combat_keys[2].words[t->turn]);
		rc = -1;
	}
	if (seen[4] && given) {
		diag_msg(d, t->contact_pos.line ? t->contact_pos : c->pos,
		    MSG(CONTACT_GIVEN_TWICE));
		rc = -1;
	}
	return rc;
}

/* ---- the Wound table ---- */

/* The index of v among n values, or -1. */
static int
index_of(const int *a, int n, int v)
{
	int i;

	for (i = 0; i < n; i++)
		if (a[i] == v)
			return i;
	return -1;
}

/* The Wound table's header: a Toughness a column after the first.
 * Returns 0; -1 when a heading is bad (the rows are still read); -2 when
 * the table has no room for rolls or is past its limit (they are not). */
static int
wound_head(const struct rs_table *w, struct dt_tables *t, struct diags *d)
{
	size_t j;
	int v, rc = 0;

	if (w->ncols < 2 || w->nrows < 2) {
		diag_msg(d, w->pos, MSG(WOUND_TABLE_NEEDS_ROW_STRENGTH));
		return -2;
	}
	if (w->ncols - 1 > DT_MAX_WOUND || w->nrows - 1 > DT_MAX_WOUND) {
		diag_msg(d, w->pos, MSG(WOUND_TABLE_MORE_ROWS_COLUMNS),
		    DT_MAX_WOUND);
		return -2;
	}
	for (j = 1; j < w->ncols; j++) {
		if (whole(RS_CELL(w, 0, j), 0, DT_MAX_STAT, &v) != 0) {
			diag_msg(d, RS_CPOS(w, 0, j),
			    MSG(WOUND_TABLE_COLUMN_NOT_TOUGHNESS),
			    RS_CELL(w, 0, j), DT_MAX_STAT);
			rc = -1;
			v = -1;
		} else if (index_of(t->tough, t->ntough, v) >= 0) {
			diag_msg(d, RS_CPOS(w, 0, j),
			    MSG(WOUND_TABLE_COLUMN_TOUGHNESS_TWICE), v);
			rc = -1;
			v = -1;
		}
		t->tough[t->ntough++] = v;
	}
	return rc;
}

/* The Wound table: rows by the attacker's Strength, columns by the
 * target's Toughness, cells a roll ("4+") or "-" (cannot wound). */
static int
read_wound(const struct ruleset *rs, struct dt_tables *t, struct diags *d)
{
	const struct rs_table *w = rs_table_find(rs, "Wound table");
	size_t i, j;
	int v, n, rc = 0;

	if (w == NULL)
		return 0;
	t->wound_given = 1;
	if ((rc = wound_head(w, t, d)) == -2)
		return -1;
	for (i = 1; i < w->nrows; i++) {
		const char *s = RS_CELL(w, i, 0);

		if (whole(s, 0, DT_MAX_STAT, &v) != 0) {
			diag_msg(d, RS_CPOS(w, i, 0),
			    MSG(WOUND_TABLE_ROW_NOT_STRENGTH), s, DT_MAX_STAT);
			rc = -1;
			v = -1;
		} else if (index_of(t->str, t->nstr, v) >= 0) {
			diag_msg(d, RS_CPOS(w, i, 0),
			    MSG(WOUND_TABLE_ROW_STRENGTH_TWICE), v);
			rc = -1;
			v = -1;
		}
		t->str[t->nstr] = v;
		for (j = 1; j < w->ncols; j++) {
			s = RS_CELL(w, i, j);
			t->need[t->nstr][j - 1] = -1;
			if (*s == '\0') {
				diag_msg(d, RS_CPOS(w, i, j),
				    MSG(WOUND_TABLE_NO_ROLL_HERE));
				rc = -1;
			} else if (roll(s, rs->die, &n) != 0) {
				if (!face_over_said(rs, t, s, RS_CPOS(w, i, j),
				        d))
					diag_msg(d, RS_CPOS(w, i, j),
					    MSG(NOT_ROLL_WOUND), s, rs->die);
				rc = -1;
			} else
				t->need[t->nstr][j - 1] = (signed char)n;
		}
		t->nstr++;
	}
	return rc;
}

/* ---- outcomes ---- */

/* The effects each table allows, by result. */
static int
fx_allowed(enum dt_result r, enum dt_fx fx)
{
	if (r == DT_RES_PASSED || r == DT_RES_FAILED || r == DT_RES_FAILED_BY)
		return fx == DT_FX_NOTHING || fx == DT_FX_FALL_BACK ||
		    fx == DT_FX_DESTROYED || fx == DT_FX_ROUT;
	if (fx == DT_FX_ROUT)
		return 0;
	/* A winner pursues a beaten unit. */
	if (fx == DT_FX_PURSUED)
		return r == DT_RES_BEATEN || r == DT_RES_DOUBLE;
	return fx != DT_FX_BOTH_RECOIL || r == DT_RES_EQUAL;
}

/* One effect: "nothing", "destroyed", "recoil 1 base", "fall back 5cm",
 * "both recoil", "fight again at most 2 times", "test quality", "rout".
 * Returns 0, or -1 with why. */
static int
effect(const struct ruleset *rs, const char *s, struct dt_effect *e,
    const char **why)
{
	char *end;
	long n;

	e->amount = 0;
	*why =
	    "known: nothing, destroyed, recoil N bases, fall back "
	    "LENGTH, both recoil, fight again at most N times, test quality, "
	    "rout, pursued";
	if (rs_name_eq(s, "nothing") || rs_name_eq(s, "steady"))
		e->kind = DT_FX_NOTHING;
	else if (rs_name_eq(s, "destroyed"))
		e->kind = DT_FX_DESTROYED;
	else if (rs_name_eq(s, "rout") || rs_name_eq(s, "routs"))
		e->kind = DT_FX_ROUT;
	else if (rs_name_eq(s, "pursued"))
		e->kind = DT_FX_PURSUED;
	else if (rs_name_eq(s, "test quality") ||
	    rs_name_eq(s, "quality test"))
		e->kind = DT_FX_TEST;
	else if (rs_name_eq(s, "both recoil")) {
		e->kind = DT_FX_BOTH_RECOIL;
		e->amount = 1;
	} else if (strncasecmp(s, "recoil", 6) == 0) {
		e->kind = DT_FX_RECOIL;
		e->amount = 1;
		s += 6;
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '\0')
			return 0;
		n = strtol(s, &end, 10);
		while (isspace((unsigned char)*end))
			end++;
		if (end == s || n < 1 || n > 10 ||
		    !(rs_name_eq(end, "base") || rs_name_eq(end, "bases"))) {
			*why = "recoil 1 to 10 bases";
			return -1;
		}
		e->amount = (double)n;
	} else if (strncasecmp(s, "fall back", 9) == 0) {
		e->kind = DT_FX_FALL_BACK;
		if (len_parse(s + 9, rs->measure, &e->amount, why) != 0)
			return -1;
		if (e->amount < 1 || e->amount > 1000) {
			*why = "fall back 1 mm to 1 m";
			return -1;
		}
	} else if (strncasecmp(s, "fight again", 11) == 0) {
		e->kind = DT_FX_FIGHT_AGAIN;
		s += 11;
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '\0')
			return 0; /* no limit: read_outcomes says why not */
		if (strncasecmp(s, "at most", 7) == 0)
			s += 7;
		n = strtol(s, &end, 10);
		while (isspace((unsigned char)*end))
			end++;
		if (end == s || n < 1 || n > DT_MAX_AGAIN ||
		    !(rs_name_eq(end, "times") || rs_name_eq(end, "time"))) {
			*why = "fight again at most 1 to 10 times";
			return -1;
		}
		e->amount = (double)n;
	} else
		return -1;
	return 0;
}

/* An Effect cell: effects separated by commas. Returns 0, or -1. */
static int
effects(const struct ruleset *rs, const char *cell, struct pos at,
    enum dt_result r, const char *rname, struct dt_outcome *o, struct diags *d)
{
	char buf[512], *item, *save = NULL;
	const char *why;
	int rc = 0;

	snprintf(buf, sizeof(buf), "%s", cell);
	for (item = strtok_r(buf, ",", &save); item != NULL;
	     item = strtok_r(NULL, ",", &save)) {
		struct pos ip;
		char *e;

		while (isspace((unsigned char)*item))
			item++;
		for (e = item + strlen(item);
		     e > item && isspace((unsigned char)e[-1]); e--)
			*--e = '\0';
		ip = at_col(at, (int)(item - buf) + 1);
		if (o->nfx >= DT_MAX_FX) {
			diag_msg(d, ip, MSG(MORE_EFFECTS_ONE_OUTCOME),
			    DT_MAX_FX);
			return -1;
		}
		if (effect(rs, item, &o->fx[o->nfx], &why) != 0) {
			diag_msg(d, ip, MSG(UNKNOWN_EFFECT), item, why);
			rc = -1;
			continue;
		}
		if (!fx_allowed(r, o->fx[o->nfx].kind)) {
			diag_msg(d, ip, MSG(NOT_EFFECT_OF_RESULT), item,
			    rname);
			rc = -1;
			continue;
		}
		/* Melee: a result that fights the same melee again can come
		 * up again every time; without a limit the melee may never
		 * end. */
		if (o->fx[o->nfx].kind == DT_FX_FIGHT_AGAIN &&
		    o->fx[o->nfx].amount == 0) {
			diag_msg(d, ip, MSG(CAN_FIGHT_SAME_MELEE_EVER), item,
			    rname);
			rc = -1;
			continue;
		}
		o->nfx++;
	}
	return rc;
}

/* The results of one outcome table: first and last index of
 * enum dt_result and their words. */
static const char *const result_words[DT_RES__MAX] = {
	"beaten",
	"beaten by double",
	"equal",
	"passed",
	"failed",
	"failed by N or more",
};

/* "failed by N or more" (N 1 to 100) into *n. Returns 0, or -1. */
static int
failed_by(const char *s, int *n)
{
	char *end;
	long v;

	if (strncasecmp(s, "failed by ", 10) != 0 ||
	    !isdigit((unsigned char)s[10]))
		return -1;
	v = strtol(s + 10, &end, 10);
	if (v < 1 || v > 100 || strcasecmp(end, " or more") != 0)
		return -1;
	*n = (int)v;
	return 0;
}

/*
 * An outcome table (Result | Effect) for results lo..hi; the results in
 * need must each have a row. Returns 0, or -1.
 */
static int
read_outcomes(const struct ruleset *rs, const struct rs_table *o, int lo,
    int hi, unsigned need, struct dt_tables *t, struct diags *d)
{
	int rcol = -1, ecol = -1, r, rc = 0;
	size_t i;

	for (i = 0; i < o->ncols; i++) {
		if (rcol < 0 && rs_name_eq(RS_CELL(o, 0, i), "Result"))
			rcol = (int)i;
		else if (ecol < 0 && rs_name_eq(RS_CELL(o, 0, i), "Effect"))
			ecol = (int)i;
	}
	if (rcol < 0 || ecol < 0) {
		diag_msg(d, o->pos, MSG(TABLE_NEEDS_COLUMNS_RESULT_EFFECT),
		    o->section);
		return -1;
	}
	for (i = 1; i < o->nrows; i++) {
		const char *res = RS_CELL(o, i, rcol);

		for (r = lo; r <= hi && !rs_name_eq(result_words[r], res); r++)
			;
		/* "failed by 3 or more": the margin of a failed test. */
		if (r > hi && hi == DT_RES_FAILED_BY &&
		    failed_by(res, &t->fail_by) == 0)
			r = DT_RES_FAILED_BY;
		if (r > hi && hi == DT_RES_FAILED_BY) {
			diag_msg(d, RS_CPOS(o, i, rcol),
			    MSG(UNKNOWN_RESULT_QUALITY_TABLE), res,
			    o->section);
			rc = -1;
			continue;
		}
		if (r > hi) {
			diag_msg(d, RS_CPOS(o, i, rcol),
			    MSG(UNKNOWN_RESULT_TABLE), res, o->section,
			    result_words[lo],
			    lo + 1 < hi ? ", beaten by double, " : ", ",
			    result_words[hi]);
			rc = -1;
			continue;
		}
		if (t->out[r].given++) {
			diag_msg(d, RS_CPOS(o, i, rcol),
			    MSG(RESULT_TWICE_TABLE), res, o->section);
			rc = -1;
			continue;
		}
		t->out[r].pos = RS_CPOS(o, i, ecol);
		if (*RS_CELL(o, i, ecol) == '\0') {
			diag_msg(d, RS_CPOS(o, i, ecol), MSG(RESULT_NO_EFFECT),
			    res);
			rc = -1;
		} else if (effects(rs, RS_CELL(o, i, ecol),
		               RS_CPOS(o, i, ecol), (enum dt_result)r, res,
		               &t->out[r], d) != 0)
			rc = -1;
	}
	for (r = lo; r <= hi; r++)
		if ((need >> r & 1) && !t->out[r].given) {
			diag_msg(d, o->pos, MSG(TABLE_NO_ROW), o->section,
			    result_words[r]);
			rc = -1;
		}
	return rc;
}

/* Melee outcomes: an opposed melee needs them. */
static int
read_melee_outcomes(const struct ruleset *rs, struct dt_tables *t,
    struct diags *d)
{
	const struct rs_table *m = rs_table_find(rs, "Melee outcomes");

	if (m != NULL)
		return read_outcomes(rs, m, DT_RES_BEATEN, DT_RES_EQUAL,
		    t->melee == DT_MELEE_OPPOSED ?
		        1u << DT_RES_BEATEN | 1u << DT_RES_EQUAL :
		        0,
		    t, d);
	if (t->melee != DT_MELEE_OPPOSED)
		return 0;
	diag_msg(d, rs->engine_pos, MSG(OPPOSED_MELEE_NEEDS_MELEE_OUTCOMES));
	return -1;
}

/* The Quality test's outcomes: any quality test needs them (tests: an
 * outcome says "test quality"). */
static int
read_quality(const struct ruleset *rs, struct dt_tables *t, int tests,
    struct diags *d)
{
	const struct rs_table *q = rs_table_find(rs, "Quality test");

	if (q != NULL)
		return read_outcomes(rs, q, DT_RES_PASSED, DT_RES_FAILED_BY,
		    1u << DT_RES_FAILED, t, d);
	if (t->quality == 0 && !tests)
		return 0;
	diag_msg(d, rs->engine_pos, MSG(QUALITY_TESTS_NEED_QUALITY_TEST));
	return -1;
}

/* ---- units and weapons ---- */

/* The keywords every unit (or weapon) has, after its own in l. Returns
 * 0, or -1 when they are too many together. */
static int
every(const struct dt_kwlist *all, const char *owner, struct pos at,
    struct dt_kwlist *l, struct diags *d)
{
	int i;

	for (i = 0; i < all->n; i++) {
		if (l->n == DT_MAX_KW_PER) {
			diag_msg(d, at, MSG(KEYWORDS_TOO_MANY), owner,
			    DT_MAX_KW_PER);
			return -1;
		}
		l->v[l->n++] = all->v[i];
	}
	return 0;
}

/* The cell of unit or weapon own stats under heading name: its text
 * (NULL when the table has no such column or the cell is empty) and
 * place (the row's name when there is no column). */
static const char *
own(const struct rs_own_cols *oc, char *const *cells, const struct pos *cp,
    struct pos name, const char *heading, struct pos *at)
{
	int k = eng_own_col(oc, heading);

	*at = k >= 0 ? cp[k] : name;
	return k >= 0 ? cells[k] : NULL;
}

/* A unit's Combat: "4", or per enemy class, "5, 3 against cavalry" (the
 * first plain number is against the others; foot: infantry and
 * artillery; mounted: cavalry, elephant and chariot). Returns 0, or -1
 * with the column of the bad item. */
static int
combat_factor(const struct ruleset *rs, const char *s, int *f, int *col,
    char *cls, size_t clssz)
{
	char buf[256], *item, *save = NULL, *w, *end;
	long v;
	int k, c, all = -1;

	for (k = 0; k < RS_CLASS_SLOTS; k++)
		f[k] = -1;
	snprintf(buf, sizeof(buf), "%s", s);
	for (item = strtok_r(buf, ",", &save); item != NULL;
	     item = strtok_r(NULL, ",", &save)) {
		while (isspace((unsigned char)*item))
			item++;
		*col = (int)(item - buf) + 1;
		v = strtol(item, &end, 10);
		if (end == item || v < 0 || v > 20)
			return -1;
		while (isspace((unsigned char)*end))
			end++;
		if (*end == '\0') {
			all = (int)v;
			continue;
		}
		if (strncasecmp(end, "against ", 8) == 0)
			w = end + 8;
		else if (strncasecmp(end, "vs ", 3) == 0)
			w = end + 3;
		else
			return -1;
		while (isspace((unsigned char)*w))
			w++;
		if (rs_name_eq(w, "foot"))
			f[RS_CLASS_INFANTRY] = f[RS_CLASS_ARTILLERY] = (int)v;
		else if (rs_name_eq(w, "mounted"))
			f[RS_CLASS_CAVALRY] = f[RS_CLASS_ELEPHANT] =
			    f[RS_CLASS_CHARIOT] = (int)v;
		else {
			if ((c = rs_class_slot_find(rs, w)) < 0) {
				snprintf(cls, clssz, "%s", w);
				*col = (int)(w - buf) + 1;
				return -2;
			}
			f[c] = (int)v;
		}
	}
	for (k = 0; k < RS_CLASS_SLOTS; k++)
		if (f[k] < 0)
			f[k] = all;
	return 0;
}

/* "; did you mean 'cavalry'?" for a class word no unit has, or "". */
static const char *
class_hint(const struct ruleset *rs, const char *word, char *buf, size_t sz)
{
	const char *names[RS_CLASS__MAX + RS_MAX_OWN_CLASSES + 2] = { "foot",
		"mounted" };
	size_t n = 2, k;

	for (k = 0; k < RS_CLASS__MAX; k++)
		names[n++] = rs_class_name((enum rs_class)k);
	for (k = 0; k < rs->nclasses && k < RS_MAX_OWN_CLASSES; k++)
		names[n++] = rs->classes[k];
	return str_did_you_mean(buf, sz, word, names, n);
}

/* What the combat needs of a unit, each an error at its cell. */
static int
read_unit(const struct ruleset *rs, size_t i, struct dt_tables *t, int tests,
    struct dt_unit *du, struct diags *d)
{
	const struct rs_unit *u = &rs->units[i];
	const struct rs_own_cols *oc = &rs->unit_own;
	const char *s;
	char owner[RS_MAX_NAME * 4 + 16], cls[256], hint[300];
	struct pos at;
	int k, col, rc = 0;
	int save = t->shooting == DT_SHOOT_PIPELINE ||
	    t->melee == DT_MELEE_PIPELINE;

	du->toughness = du->save = du->quality = -1;
	du->wounds = 0;
	for (k = 0; k < RS_CLASS_SLOTS; k++)
		du->combat[k] = -1;
	s = own(oc, u->own, u->own_pos, u->pos, "Wounds", &at);
	if (s == NULL && t->hits_to_destroy > 0)
		du->wounds = t->hits_to_destroy;
	else if (s == NULL) {
		diag_msg(d, at, MSG(UNIT_NO_WOUNDS), u->name);
		rc = -1;
	} else if (whole(s, 1, DT_MAX_STAT, &du->wounds) != 0) {
		diag_msg(d, at, MSG(WOUNDS_UNIT_NOT_WHOLE_NUMBER), s, u->name,
		    DT_MAX_STAT);
		rc = -1;
	}
	/* A unit of models: its Wounds are each model's. */
	du->models = 1;
	s = own(oc, u->own, u->own_pos, u->pos, "Models", &at);
	du->models_pos = at;
	if (s != NULL && whole(s, 1, DT_MAX_MODELS, &du->models) != 0) {
		diag_msg(d, at, MSG(MODELS_UNIT_NOT_WHOLE_NUMBER), s, u->name,
		    DT_MAX_MODELS);
		du->models = 1;
		rc = -1;
	} else if (s != NULL && du->wounds > 0 &&
	    du->models * du->wounds > DT_MAX_STAT) {
		diag_msg(d, at, MSG(MODELS_TOO_MANY_WOUNDS), u->name,
		    du->models, du->wounds, du->models * du->wounds,
		    DT_MAX_STAT);
		du->models = 1;
		rc = -1;
	}
	du->wpm = du->wounds;
	du->wounds *= du->models;
	s = own(oc, u->own, u->own_pos, u->pos, "Toughness", &at);
	if (s == NULL && t->wound_given && save) {
		diag_msg(d, at, MSG(UNIT_NO_TOUGHNESS), u->name);
		rc = -1;
	} else if (s != NULL && whole(s, 0, DT_MAX_STAT, &du->toughness)) {
		diag_msg(d, at, MSG(TOUGHNESS_UNIT_NOT_WHOLE_NUMBER), s,
		    u->name, DT_MAX_STAT);
		rc = -1;
	}
	s = own(oc, u->own, u->own_pos, u->pos, "Save", &at);
	if (s == NULL && save) {
		diag_msg(d, at, MSG(UNIT_NO_SAVE), u->name);
		rc = -1;
	} else if (s != NULL && roll(s, rs->die, &du->save) != 0) {
		if (!face_over_said(rs, t, s, at, d))
			diag_msg(d, at, MSG(SAVE_UNIT_NOT_ROLL), s, u->name,
			    rs->die);
		rc = -1;
	}
	s = own(oc, u->own, u->own_pos, u->pos, "Quality", &at);
	if (s == NULL && (t->quality || tests || t->activation_test)) {
		diag_msg(d, at, MSG(UNIT_NO_QUALITY), u->name);
		rc = -1;
	} else if (s != NULL && t->test_roll_given &&
	    roll(s, t->test_roll.dx.hi, &du->quality) != 0) {
		diag_msg(d, at, MSG(QUALITY_UNIT_NOT_TEST_TOTAL), s, u->name,
		    t->test_roll.text, (int)t->test_roll.dx.lo,
		    (int)t->test_roll.dx.hi);
		rc = -1;
	} else if (s != NULL && !t->test_roll_given &&
	    roll(s, rs->die, &du->quality) != 0) {
		if (!face_over_said(rs, t, s, at, d))
			diag_msg(d, at, MSG(QUALITY_UNIT_NOT_ROLL), s, u->name,
			    rs->die);
		rc = -1;
	}
	s = own(oc, u->own, u->own_pos, u->pos, "Initiative", &at);
	du->initiative = -1;
	if (s == NULL && t->strikes == DT_STRIKES_INITIATIVE &&
	    t->melee == DT_MELEE_PIPELINE) {
		diag_msg(d, at, MSG(UNIT_NO_INITIATIVE), u->name);
		rc = -1;
	} else if (s != NULL && whole(s, 0, 20, &du->initiative) != 0) {
		diag_msg(d, at, MSG(INITIATIVE_UNIT_NOT_WHOLE_NUMBER), s,
		    u->name);
		rc = -1;
	}
	s = own(oc, u->own, u->own_pos, u->pos, "Combat", &at);
	if (s == NULL && t->melee == DT_MELEE_OPPOSED) {
		diag_msg(d, at, MSG(UNIT_NO_COMBAT), u->name);
		rc = -1;
	} else if (s != NULL &&
	    (k = combat_factor(rs, s, du->combat, &col, cls, sizeof(cls))) ==
	        -2) {
		diag_msg(d, at_col(at, col), MSG(COMBAT_UNIT_UNKNOWN_CLASS), s,
		    u->name, cls, class_hint(rs, cls, hint, sizeof(hint)));
		rc = -1;
	} else if (s != NULL && k != 0) {
		diag_msg(d, at_col(at, col), MSG(COMBAT_UNIT_NOT_FACTOR), s,
		    u->name);
		rc = -1;
	}
	s = own(oc, u->own, u->own_pos, u->pos, "Keywords", &at);
	snprintf(owner, sizeof(owner), "unit '%s'", u->name);
	if (dt_read_kwlist(rs, t, s, at, owner, 0, &du->kw, d) != 0 ||
	    every(&t->every_kw[0], owner, at, &du->kw, d) != 0)
		rc = -1;
	return rc;
}

/* What the combat needs of a weapon, each an error at its cell. */
static int
read_weapon(const struct ruleset *rs, size_t i, struct dt_tables *t,
    struct dt_weapon *dw, struct diags *d)
{
	const struct rs_weapon *w = &rs->weapons[i];
	const struct rs_own_cols *oc = &rs->weapon_own;
	const char *s, *why;
	char owner[RS_MAX_NAME * 4 + 16];
	struct pos at;
	int col, rc = 0;

	dw->strength = -1;
	dw->to_hit = -1;
	s = own(oc, w->own, w->own_pos, w->pos, "Attacks", &at);
	if (s == NULL) {
		diag_msg(d, at, MSG(WEAPON_NO_ATTACKS), w->name);
		rc = -1;
	} else if (dt_expr_check(s, &dw->attacks, &col, &why) != 0) {
		diag_msg(d, at_col(at, col),
		    MSG(ATTACKS_WEAPON_NOT_DICE_EXPRESSION), s, w->name, why);
		rc = -1;
	}
	dw->attacks.pos = at;
	s = own(oc, w->own, w->own_pos, w->pos, "To hit", &at);
	if (s == NULL && t->shooting == DT_SHOOT_PIPELINE) {
		diag_msg(d, at, MSG(WEAPON_NO_HIT), w->name);
		rc = -1;
	} else if (s != NULL && roll(s, rs->die, &dw->to_hit) != 0) {
		if (!face_over_said(rs, t, s, at, d))
			diag_msg(d, at, MSG(HIT_WEAPON_NOT_ROLL), s, w->name,
			    rs->die);
		rc = -1;
	}
	s = own(oc, w->own, w->own_pos, w->pos, "Strength", &at);
	if (s == NULL && t->wound_given) {
		diag_msg(d, at, MSG(WEAPON_NO_STRENGTH), w->name);
		rc = -1;
	} else if (s != NULL && whole(s, 0, DT_MAX_STAT, &dw->strength)) {
		diag_msg(d, at, MSG(STRENGTH_WEAPON_NOT_WHOLE_NUMBER), s,
		    w->name, DT_MAX_STAT);
		rc = -1;
	}
	s = own(oc, w->own, w->own_pos, w->pos, "AP", &at);
	dw->ap = 0;
	if (s != NULL && !is_none(s) &&
	    (whole(s, -6, 6, &dw->ap) != 0 || (*s == '+'))) {
		diag_msg(d, at, MSG(AP_WEAPON_NOT_WHOLE_NUMBER), s, w->name);
		rc = -1;
	}
	dw->ap = abs(dw->ap);
	s = own(oc, w->own, w->own_pos, w->pos, "Damage", &at);
	if (s == NULL)
		dt_expr_check("1", &dw->damage, &col, &why);
	else if (dt_expr_check(s, &dw->damage, &col, &why) != 0) {
		diag_msg(d, at_col(at, col),
		    MSG(DAMAGE_WEAPON_NOT_DICE_EXPRESSION), s, w->name, why);
		rc = -1;
	}
	dw->damage.pos = at;
	s = own(oc, w->own, w->own_pos, w->pos, "Keywords", &at);
	snprintf(owner, sizeof(owner), "weapon '%s'", w->name);
	if (dt_read_kwlist(rs, t, s, at, owner, 1, &dw->kw, d) != 0 ||
	    every(&t->every_kw[1], owner, at, &dw->kw, d) != 0)
		rc = -1;
	return rc;
}

/*
 * A hole in the Wound table: a Strength of a weapon some unit carries
 * against the Toughness of a unit it may shoot at (any unit: both sides
 * field every type) that the table has no roll for. One error for each
 * pair missing, at the table, naming a weapon and a unit that meet so.
 */
static int
wound_holes(const struct ruleset *rs, struct dt_tables *t, struct diags *d)
{
	const struct rs_table *w = rs_table_find(rs, "Wound table");
	unsigned char told[DT_MAX_STAT + 1][DT_MAX_STAT + 1];
	size_t a, k, b;
	int s, tt, rc = 0;

	memset(told, 0, sizeof(told));
	for (a = 0; a < rs->nunits; a++)
		for (k = 0; k < rs->units[a].nweapons; k++) {
			int wi = rs->units[a].weapons[k];

			if ((s = t->weapons[wi].strength) < 0)
				continue;
			for (b = 0; b < rs->nunits; b++) {
				if ((tt = t->units[b].toughness) < 0 ||
				    told[s][tt])
					continue;
				if (index_of(t->str, t->nstr, s) >= 0 &&
				    index_of(t->tough, t->ntough, tt) >= 0)
					continue;
				told[s][tt] = 1;
				diag_msg(d, w->pos,
				    MSG(WOUND_TABLE_NO_ROLL_STRENGTH), s, tt,
				    rs->weapons[wi].name, rs->units[a].name,
				    rs->units[b].name, rs->units[b].pos.line,
				    index_of(t->str, t->nstr, s) < 0 ?
				        "row" :
				        "column");
				rc = -1;
			}
		}
	return rc;
}

const char *const dt_fmod_keys[DT_FM__N] = { "long_range", "moved",
	"target_in_cover", "target_uphill" };
const char *const dt_mmod_keys[DT_MM__N] = { "uphill", "in_cover", "charging",
	"below_half", "flank", "rear" };

/* The Fire and Melee modifiers: each key one the family knows, each
 * at most once; no other modifier table. Returns 0, or -1. */
static int
read_mods(const struct ruleset *rs, struct dt_tables *t, struct diags *d)
{
	size_t i;
	int k, n, rc = 0, *val, *given;
	const char *const *keys;
	char known[128];

	for (i = 0; i < rs->nmods; i++) {
		const struct rs_modifier *m = &rs->mods[i];

		if (strcmp(m->section, "Fire modifiers") == 0) {
			keys = dt_fmod_keys;
			n = DT_FM__N;
			val = t->fmod;
			given = &t->nfmod;
		} else if (strcmp(m->section, "Melee modifiers") == 0) {
			keys = dt_mmod_keys;
			n = DT_MM__N;
			val = t->mmod;
			given = &t->nmmod;
		} else {
			diag_msg(d, m->pos, MSG(DICE_FAMILY_READS_NO),
			    m->section);
			rc = -1;
			continue;
		}
		for (k = 0; k < n && strcasecmp(m->key, keys[k]) != 0; k++)
			;
		if (k == n) {
			size_t o = 0;
			int j;

			for (j = 0; j < n; j++)
				o += (size_t)snprintf(known + o,
				    o < sizeof(known) ? sizeof(known) - o : 0,
				    "%s%s", j ? ", " : "", keys[j]);
			diag_msg(d, m->pos, MSG(DICE_FAMILY_DOES_NOT_KNOW),
			    m->section, m->key, known);
			rc = -1;
			continue;
		}
		if (val[k] != 0) {
			diag_msg(d, m->pos, MSG(KEY_GIVEN_TWICE), m->section,
			    keys[k]);
			rc = -1;
			continue;
		}
		val[k] = m->value;
		if (m->value != 0)
			(*given)++;
	}
	return rc;
}

/* The largest Wounds of a unit type (one for none written). */
static int
largest_wounds(const struct ruleset *rs, const struct dt_tables *t)
{
	size_t u;
	int w = 1;

	for (u = 0; u < rs->nunits; u++)
		if (t->units[u].wounds > w && dt_in_focus(t, u))
			w = t->units[u].wounds;
	return w;
}

int
dt_models_left(const struct dt_tables *t, int u, int left)
{
	const struct dt_unit *du = &t->units[u];

	if (left <= 0)
		return 0;
	if (du->models <= 1 || du->wpm <= 0)
		return 1;
	return (left + du->wpm - 1) / du->wpm;
}

int
dt_excess_lost(const struct ruleset *rs, const struct dt_tables *t)
{
	size_t u, k;
	int many = 0, dmg = 0;

	if (t->excess_spills)
		return 0;
	for (u = 0; u < rs->nunits; u++)
		many |= t->units[u].models > 1;
	for (k = 0; k < rs->nweapons; k++)
		dmg |= t->weapons[k].damage.dx.hi > 1;
	return many && dmg;
}

int
dt_in_focus(const struct dt_tables *t, size_t u)
{
	return t->focus[0] < 0 || (int)u == t->focus[0] ||
	    (int)u == t->focus[1];
}

/* The highest face above the die rolled without dice: of the rolls the
 * family reads: the Wound table's, Save, Quality (on the die, without a
 * test roll) and To hit; 0 when none is. */
static int
faces_max(const struct ruleset *rs, const struct dt_tables *t)
{
	const struct rs_table *w = rs_table_find(rs, "Wound table");
	struct pos at;
	size_t i, j;
	int max = 0, v;

#define FACE(s)                                                               \
	if ((v = face_over(rs, (s))) > max)                                   \
		max = v;
	for (i = 1; w != NULL && i < w->nrows; i++)
		for (j = 1; j < w->ncols; j++)
			FACE(RS_CELL(w, i, j));
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		FACE(own(&rs->unit_own, u->own, u->own_pos, u->pos, "Save",
		    &at));
		if (!t->test_roll_given)
			FACE(own(&rs->unit_own, u->own, u->own_pos, u->pos,
			    "Quality", &at));
	}
	for (i = 0; i < rs->nweapons; i++) {
		const struct rs_weapon *x = &rs->weapons[i];

		FACE(own(&rs->weapon_own, x->own, x->own_pos, x->pos, "To hit",
		    &at));
	}
#undef FACE
	return max;
}

int
dt_read(const struct ruleset *rs, double contact_mm, int given,
    const int focus[2], struct dt_tables *t, struct diags *d)
{
	size_t i;
	int rc = 0, tests = 0, r, k;

	memset(t, 0, sizeof(*t));
	t->focus[0] = focus[0];
	t->focus[1] = focus[1];
	t->contact_mm = contact_mm;
	t->units = xcalloc(rs->nunits + 1, sizeof(*t->units));
	t->weapons = xcalloc(rs->nweapons + 1, sizeof(*t->weapons));
	if (read_combat(rs, t, given, d) != 0)
		rc = -1;
	t->face_max = faces_max(rs, t);
	if (read_wound(rs, t, d) != 0)
		rc = -1;
	/* Only an opposed melee has a beaten unit to test. */
	if ((t->quality & DT_Q_BEATEN) && t->melee != DT_MELEE_OPPOSED) {
		diag_msg(d, t->quality_pos, MSG(QUALITY_BEATEN_NEEDS_OPPOSED));
		rc = -1;
	}
	if (read_melee_outcomes(rs, t, d) != 0)
		rc = -1;
	if (read_mods(rs, t, d) != 0)
		rc = -1;
	if (dt_read_keywords(rs, t, d) != 0)
		rc = -1;
	if (dt_read_markers(rs, t, d) != 0)
		rc = -1;
	t->conds[0] = dt_kw_conditions(t, 0);
	t->conds[1] = dt_kw_conditions(t, 1);
	t->facing = ((t->conds[0] | t->conds[1]) &
	                (DT_WHEN_FLANK | DT_WHEN_REAR)) != 0 ||
	    t->mmod[DT_MM_FLANK] != 0 || t->mmod[DT_MM_REAR] != 0;
	/* The keywords every unit and every weapon has. */
	for (k = 0; k < 2; k++)
		if (dt_read_kwlist(rs, t, t->every[k], t->every_pos[k],
		        k ? "every weapon" : "every unit", k, &t->every_kw[k],
		        d) != 0)
			rc = -1;
	/* An outcome that says "test quality" asks for Quality too. */
	for (r = 0; r < DT_RES__MAX; r++)
		for (k = 0; k < t->out[r].nfx; k++)
			tests |= t->out[r].fx[k].kind == DT_FX_TEST;
	if (read_quality(rs, t, tests, d) != 0)
		rc = -1;
	for (i = 0; i < rs->nunits; i++) {
		if (read_unit(rs, i, t, tests, &t->units[i], d) != 0)
			rc = -1;
		if (t->units[i].models > 1)
			t->models = 1;
	}
	for (i = 0; i < rs->nweapons; i++)
		if (read_weapon(rs, i, t, &t->weapons[i], d) != 0)
			rc = -1;
	if (rc == 0 && t->wound_given && wound_holes(rs, t, d) != 0)
		rc = -1;
	if (rc == 0)
		dt_tsig_build(rs, t);
	if (rc == 0)
		t->memo = do_memo_new(rs, t);
	if (rc == 0 && do_work_check(rs, t, largest_wounds(rs, t), d) != 0)
		rc = -1;
	return rc;
}

void
dt_free(struct dt_tables *t)
{
	free(t->units);
	free(t->weapons);
	free(t->ev);
	free(t->medge);
	do_memo_free(t->memo);
	memset(t, 0, sizeof(*t));
}
