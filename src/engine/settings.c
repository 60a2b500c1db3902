/*
 * settings.c: the numbers a rule family plays with, as a ruleset's front
 * matter gives them. Each family declares its settings as data (struct
 * eng_setting: key, kind, the sources' value, the range allowed); this
 * file reads them, says where a value is bad, and warns about front-matter
 * keys that neither the reader nor the family reads — only here is the
 * family known, so the reader cannot tell a setting from a misspelling.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine.h"

/*
 * Faces of a d6 as a bit mask (bit f: face f): "4-6" (or an en dash),
 * "4+", "5, 6" or "6". Returns 0, or -1 when s is none of these or names
 * a face off the die.
 */
static int
faces_parse(const char *s, unsigned *mask)
{
	char *end;
	long a, b;

	*mask = 0;
	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		a = strtol(s, &end, 10);
		if (end == s || a < 1 || a > 6)
			return -1;
		s = end;
		b = a;
		if (*s == '+') {
			b = 6;
			s++;
		} else if (*s == '-' || strncmp(s, "\xe2\x80\x93", 3) == 0) {
			s += *s == '-' ? 1 : 3;
			b = strtol(s, &end, 10);
			if (end == s || b < a || b > 6)
				return -1;
			s = end;
		}
		for (; a <= b; a++)
			*mask |= 1u << a;
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '\0')
			return 0;
		if (*s++ != ',')
			return -1;
	}
}

/* Faces as the sources write them: "4-6", "6", "2, 4". Returns buf. */
static char *
faces_format(char *buf, size_t sz, unsigned mask)
{
	int f, lo, hi, n = 0;

	buf[0] = '\0';
	for (f = 1; f <= 6; f++) {
		if (!(mask >> f & 1))
			continue;
		lo = hi = f;
		while (hi < 6 && (mask >> (hi + 1) & 1))
			hi++;
		if (hi > lo)
			n += snprintf(buf + n, sz - (size_t)n, "%s%d-%d",
			    n ? ", " : "", lo, hi);
		else
			n += snprintf(buf + n, sz - (size_t)n, "%s%d",
			    n ? ", " : "", lo);
		if ((size_t)n >= sz)
			break;
		f = hi;
	}
	return buf;
}

/* A value as the front matter would write it. Returns buf. */
static char *
value_format(char *buf, size_t sz, const struct eng_setting *s, double v,
    enum unit_of_length u)
{
	switch (s->kind) {
	case ENG_SET_LENGTH:
		len_format(buf, sz, v, u == LEN_NONE ? LEN_MM : u);
		break;
	case ENG_SET_PCT:
		snprintf(buf, sz, "%d%%", (int)v);
		break;
	case ENG_SET_FACES:
		faces_format(buf, sz, (unsigned)v);
		break;
	case ENG_SET_INT:
	default:
		snprintf(buf, sz, "%d", (int)v);
		break;
	}
	return buf;
}

/* A value as check -v shows it: as the front matter would write it, a
 * whole number with its unit ("10 game turns"). Returns buf. */
static char *
value_show(char *buf, size_t sz, const struct eng_setting *s, double v,
    enum unit_of_length u)
{
	if (s->kind == ENG_SET_FACES) {
		char f[32];

		snprintf(buf, sz, "%s on a d6",
		    faces_format(f, sizeof(f), (unsigned)v));
		return buf;
	}
	if (s->kind != ENG_SET_INT || s->unit[0] == NULL)
		return value_format(buf, sz, s, v, u);
	snprintf(buf, sz, "%d %s", (int)v, s->unit[(int)v != 1]);
	return buf;
}

/*
 * Read one setting's value from v. Returns 0 with *out, or -1 with an
 * error at the value.
 */
static int
value_read(const struct ruleset *rs, const struct eng_setting *s,
    const struct rs_node *v, double *out, struct diags *d)
{
	const char *why = NULL;
	char lo[32], hi[32];
	unsigned mask;
	long x = 0;
	int bad = 0;

	if (v->kind != RS_NODE_SCALAR) {
		diag_msg(d, v->pos, MSG(SETTING_NOT_SINGLE_VALUE), s->key);
		return -1;
	}
	switch (s->kind) {
	case ENG_SET_LENGTH:
		if (len_parse(v->scalar, rs->measure, out, &why) != 0) {
			diag_msg(d, v->pos, MSG(SETTING_NOT_LENGTH), s->key,
			    why);
			return -1;
		}
		break;
	case ENG_SET_FACES:
		if (faces_parse(v->scalar, &mask) != 0) {
			diag_msg(d, v->pos, MSG(SETTING_NOT_D6_FACES), s->key);
			return -1;
		}
		*out = mask;
		return 0;
	case ENG_SET_PCT:
		bad = rs_node_pct(v, &x);
		*out = (double)x;
		break;
	case ENG_SET_INT:
	default:
		bad = rs_node_int(v, &x);
		*out = (double)x;
		break;
	}
	if (bad) {
		diag_msg(d, v->pos, MSG(SETTING_NOT_WHOLE_NUMBER), s->key,
		    s->kind == ENG_SET_PCT ? " (a percentage)" : "");
		return -1;
	}
	if (*out < s->min - 1e-9 || *out > s->max + 1e-9) {
		/* Length bounds in mm: round in any measure. */
		diag_msg(d, v->pos, MSG(SETTING_OUT_OF_RANGE), s->key,
		    v->scalar, value_format(lo, sizeof(lo), s, s->min, LEN_MM),
		    value_format(hi, sizeof(hi), s, s->max, LEN_MM));
		return -1;
	}
	return 0;
}

double
eng_setting_default(const struct ruleset *rs, const struct eng_setting *s)
{
	/* A length the sources give in another measure is the ruleset's
	 * own round number: 2in is 5cm in a ruleset in centimetres. */
	return s->kind == ENG_SET_LENGTH ? len_round_to(s->def, rs->measure) :
	                                   s->def;
}

/* The index of f's setting named key, or -1. */
static int
setting_find(const struct eng_family *f, const char *key)
{
	int k;

	for (k = 0; f != NULL && k < f->nsettings && k < ENG_MAX_SETTINGS; k++)
		if (strcasecmp(f->settings[k].key, key) == 0)
			return k;
	return -1;
}

int
eng_settings_read(const struct ruleset *rs, const struct eng_family *f,
    struct eng_values *out, struct diags *d)
{
	const struct rs_node *fm = rs->front;
	struct diags scratch = { 0 };
	size_t i;
	int k, rc = 0;

	/* Without d the errors were reported before (eng_front_check). */
	if (d == NULL)
		d = &scratch;
	memset(out, 0, sizeof(*out));
	for (k = 0; f != NULL && k < f->nsettings && k < ENG_MAX_SETTINGS; k++)
		out->v[k] = eng_setting_default(rs, &f->settings[k]);
	/* In the order written, so that the messages are in line order. */
	for (i = 0; fm != NULL && fm->kind == RS_NODE_MAP && i + 1 < fm->nkids;
	     i += 2) {
		if (fm->kids[i]->scalar == NULL ||
		    (k = setting_find(f, fm->kids[i]->scalar)) < 0 ||
		    out->given[k])
			continue;
		if (value_read(rs, &f->settings[k], fm->kids[i + 1],
		        &out->v[k], d) != 0) {
			out->v[k] = eng_setting_default(rs, &f->settings[k]);
			rc = -1;
		}
		out->given[k] = 1;
	}
	diags_free(&scratch);
	return rc;
}

int
eng_front_check(const struct ruleset *rs, struct diags *d)
{
	const struct eng_family *f = eng_family_of(rs);
	const struct rs_node *fm = rs->front;
	struct eng_values v;
	const char *key;
	size_t i;

	if (fm == NULL || fm->kind != RS_NODE_MAP)
		return 0;
	/* An engine no family has: its error is the cause, and the keys of
	 * the family meant are not unknown keys as well. */
	if (f == NULL && rs->engine != NULL)
		return 0;
	for (i = 0; i + 1 < fm->nkids; i += 2) {
		key = fm->kids[i]->scalar;
		if (key == NULL || rs_front_key_read(key))
			continue;
		if (setting_find(f, key) < 0)
			diag_msg(d, fm->kids[i]->pos,
			    MSG(UNKNOWN_FRONT_MATTER_KEY), key);
	}
	return eng_settings_read(rs, f, &v, d);
}

int
eng_own_col(const struct rs_own_cols *oc, const char *name)
{
	size_t k;

	for (k = 0; k < oc->n; k++)
		if (rs_name_eq(oc->head[k], name))
			return (int)k;
	return -1;
}

int
eng_col_named(const char *const *names, const char *h)
{
	for (; names != NULL && *names != NULL; names++)
		if (rs_name_eq(*names, h))
			return 1;
	return 0;
}

const char *
eng_unit_cell(const struct ruleset *rs, const struct rs_unit *u,
    const char *const *names, struct pos *at)
{
	int k = -1;

	for (; names != NULL && *names != NULL && k < 0; names++)
		k = eng_own_col(&rs->unit_own, *names);
	if (k < 0 || u->own[k] == NULL || rs_is_none(u->own[k]))
		return NULL;
	if (at != NULL)
		*at = u->own_pos[k];
	return u->own[k];
}

int
eng_cell_int(const char *s, const char *what, int lo, int hi, struct pos at,
    int *v, struct diags *d)
{
	const char *p = *s == '+' ? s + 1 : s;
	char *end;
	long x = strtol(p, &end, 10);

	if (end == p || *end != '\0') {
		if (d != NULL)
			diag_msg(d, at, MSG(VALUE_NOT_WHOLE_NUMBER), what, s);
		return -1;
	}
	if (x < lo || x > hi) {
		if (d != NULL)
			diag_msg(d, at, MSG(VALUE_OUT_OF_RANGE), what, x, lo,
			    hi);
		return -1;
	}
	*v = (int)x;
	return 0;
}

/* The Units table's own columns f shows as its stats (eng_show.stat_cols),
 * which are not the game's own: the card's limit does not count them. */
static const char *const *
stat_cols(const struct eng_family *f, size_t table)
{
	return f != NULL && f->show != NULL && table == 0 ?
	    f->show->stat_cols :
	    NULL;
}

/* An own column met (RS_CHECK_OWN_COL, rs->checks[i]): the game's own
 * stats past what a card holds are an error, once a table, at the first
 * column past them. */
static void
own_col(const struct ruleset *rs, const struct eng_family *f, size_t i,
    struct diags *d)
{
	const struct rs_check *c = &rs->checks[i];
	const char *const *fam = stat_cols(f, c->item);
	size_t n = 0;

	if (eng_col_named(fam, c->text))
		return;
	/* The table's columns before it: back to the table's own note,
	 * which ends the previous table of the kind. */
	while (i-- > 0 &&
	    !(rs->checks[i].kind == RS_CHECK_OWN &&
	        rs->checks[i].item == c->item))
		if (rs->checks[i].kind == RS_CHECK_OWN_COL &&
		    rs->checks[i].item == c->item &&
		    !eng_col_named(fam, rs->checks[i].text))
			n++;
	if (n == RS_MAX_OWN_STATS)
		diag_msg(d, c->pos, MSG(MORE_COLUMNS_GAME_OWN_STATS),
		    RS_MAX_OWN_STATS, c->item == 0 ? "Units" : "Weapons");
}

/* The note on one table's own columns that f does not read (of the
 * game's own up to the card's limit); pts, the Points column (-1:
 * none), is not among them: the scenario buys its forces with it in
 * every family (it was 'printed on the cards …, not played'). */
static void
own_note(const struct rs_own_cols *oc, const char *what,
    const char *const *reads, const char *const *shown,
    const struct eng_family *f, int pts, const struct diags *read,
    struct diags *d)
{
	char list[RS_MAX_OWN_STATS * (RS_MAX_NAME * 4 + 2) + 1];
	size_t k, n = 0, cols = 0, own = 0;

	/* A table that could not be read said why (in what the reader
	 * said, read); its columns are not news. */
	if (!oc->read ||
	    diags_error_on_line(read, oc->table_pos.file, oc->table_pos.line))
		return;
	list[0] = '\0';
	for (k = 0; k < oc->n; k++) {
		if (eng_col_named(shown, oc->head[k]))
			continue;
		if (own++ >= RS_MAX_OWN_STATS)
			break;
		if (eng_col_named(reads, oc->head[k]) || (int)k == pts)
			continue;
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s",
		    n ? ", " : "", oc->head[k]);
		cols++;
	}
	/* A family plays what it knows; the designer should hear once, not
	 * per column, that the rest is printed only. */
	if (cols > 0)
		diag_msg(d, oc->table_pos, MSG(TABLE_COLUMN_GAME_OWN), what,
		    cols > 1 ? "s" : "", list, cols > 1 ? "are" : "is",
		    f->name);
}

void
eng_no_weapons(const struct ruleset *rs, const struct rs_check *c,
    const struct eng_family *needs, struct diags *d)
{
	if (c->text != NULL)
		diag_msg(d, c->pos, MSG(NO_WEAPONS_NOT_SECTION_SANDTABLE),
		    c->text);
	else if (needs != NULL)
		diag_msg(d, c->pos, MSG(NO_WEAPONS_RULESET_NEEDS_WEAPONS),
		    needs->name);
	else if (c->n > 0 && c->item < rs->nunits)
		diag_msg(d, c->name_pos, MSG(NO_WEAPONS_UNIT_WEAPON_BUT),
		    rs->units[c->item].name, c->name,
		    c->n > 1 ? " (and other units "
		               "name weapons too)" :
		               "");
}

/*
 * A class of the game's own that no other unit has, a letter or two off
 * another class ('infantr' beside infantry): a warning at its cell, for
 * the typo makes a class of its own in silence.
 */
static void
lone_class(const struct ruleset *rs, const struct rs_check *c, struct diags *d)
{
	const char *names[RS_CLASS__MAX + RS_MAX_OWN_CLASSES];
	char hint[RS_MAX_NAME * 4 + 32];
	size_t i, n = 0, same = 0;
	int k;

	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		if (u->cls_free > 0 &&
		    strcasecmp(rs->classes[u->cls_free - 1], c->text) == 0)
			same++;
	}
	if (same != 1)
		return;
	for (k = 0; k < RS_CLASS__MAX; k++)
		names[n++] = rs_class_name(k);
	for (i = 0; i < rs->nclasses && n < sizeof(names) / sizeof(names[0]);
	     i++)
		if (strcasecmp(rs->classes[i], c->text) != 0)
			names[n++] = rs->classes[i];
	if (*str_did_you_mean(hint, sizeof(hint), c->text, names, n) != '\0')
		diag_msg(d, c->pos, MSG(UNIT_CLASS_LONE), c->name, c->text,
		    hint);
}

/* The first of the places of kind the reader noted, or NULL. */
static const struct rs_check *
first_check(const struct ruleset *rs, enum rs_check_kind kind)
{
	size_t i;

	for (i = 0; i < rs->nchecks; i++)
		if (rs->checks[i].kind == kind)
			return &rs->checks[i];
	return NULL;
}

/*
 * A Hits on face above the d6 of a ruleset without dice: (c). A family
 * that rolls a d6 only says it at each face, the mistake being there; any
 * other says once, at the first, the smallest die that has them all (not
 * when the dice: it was given did not read: that is the cause).
 */
static void
face_over(const struct ruleset *rs, const struct eng_family *f,
    const struct rs_check *c, struct diags *d)
{
	static const int dice[] = { 8, 10, 12, 20, 100 };
	size_t i, max = 0;
	int k = 0;

	if (f == NULL)
		return; /* the unknown engine is the cause */
	if (f->d6_only) {
		if (c->text[strlen(c->text) - 1] == '+')
			diag_msg(d, c->pos, MSG(WEAPON_NEVER_HITS), c->name,
			    c->text, rs->die, rs->die);
		else
			diag_msg(d, c->pos, MSG(DIE_FACE_NOT_NUMBER), c->text,
			    rs->die);
		return;
	}
	if (c->item != 0 || c != first_check(rs, RS_CHECK_FACE_OVER))
		return;
	for (i = 0; i < rs->nchecks; i++)
		if (rs->checks[i].kind == RS_CHECK_FACE_OVER &&
		    rs->checks[i].n > max)
			max = rs->checks[i].n;
	while (k < 4 && (size_t)dice[k] < max)
		k++;
	diag_msg(d, c->pos, MSG(DIE_FACE_NO_DICE), c->text, rs->die, dice[k],
	    (int)max);
}

/* What is said at the place c the reader noted, f the ruleset's family
 * (NULL: an engine name no row has), read what the reader said (all of
 * it: a finding that follows from an error is left out): the core's
 * findings, then the family's. */
static void
check_at(const struct ruleset *rs, const struct eng_family *f,
    const struct rs_check *c, const struct diags *read, struct diags *d)
{
	size_t n = d->n;
	char *s, hint[RS_MAX_NAME * 4 + 32];

	switch (c->kind) {
	case RS_CHECK_ENGINE:
		if (f != NULL)
			break;
		s = eng_family_known();
		diag_msg(d, rs->engine_pos, MSG(UNKNOWN_ENGINE), rs->engine, s,
		    eng_family_hint(rs->engine, hint, sizeof(hint)));
		free(s);
		break;
	case RS_CHECK_OWN_COL:
		own_col(rs, f, (size_t)(c - rs->checks), d);
		break;
	case RS_CHECK_OWN:
		/* What a family does not play: print only plays nothing. */
		if (f == NULL || f->play_turn == NULL)
			break;
		if (c->item == 0)
			own_note(&rs->unit_own, "Units", f->unit_cols,
			    stat_cols(f, 0), f, rs_points_col(rs), read, d);
		else
			own_note(&rs->weapon_own, "Weapons", f->weapon_cols,
			    NULL, f, -1, read, d);
		break;
	case RS_CHECK_TESTGAME:
		/* Print only plays no test game. */
		if (f == NULL || f->show == NULL || !f->show->print_only)
			break;
		s = eng_family_names("engine: ", " or ");
		diag_msg(d, c->pos, MSG(TEST_GAME_BUT_RULESET_NO), s);
		free(s);
		break;
	case RS_CHECK_FACE_OVER:
		face_over(rs, f, c, d);
		break;
	case RS_CHECK_CLASS:
		/* Print only and a family of the game's own classes (dice)
		 * take any word for a class, as a name; the six classes'
		 * families (firepower, morale) play only those they know. */
		if (rs_is_none(c->text))
			diag_msg(d, c->pos, MSG(UNIT_NO_CLASS), c->name);
		else if (f != NULL && f->play_turn != NULL &&
		    !f->own_classes) {
			char known[128];
			const char *names[RS_CLASS__MAX];
			size_t nn = 0;
			int k;

			eng_family_classes(f, known, sizeof(known));
			for (k = 0; k < RS_CLASS__MAX; k++)
				if (f->classes & (1u << k))
					names[nn++] = rs_class_name(k);
			diag_msg(d, c->pos, MSG(UNIT_UNKNOWN_CLASS), c->name,
			    c->text, f->name, known,
			    str_did_you_mean(hint, sizeof(hint), c->text,
			        names, nn));
		} else if (rs_name_long(d, c->pos, "class", c->text,
		               RS_MAX_NAME) == 0)
			lone_class(rs, c, d);
		break;
	case RS_CHECK_NO_ENGINE:
		s = eng_family_names("engine: ", " or ");
		diag_msg(d, c->pos, MSG(NO_ENGINE_FRONT_MATTER), s);
		free(s);
		break;
	case RS_CHECK_NO_WEAPONS: /* below, if the family says nothing */
	case RS_CHECK_UNIT_CELLS:
	case RS_CHECK_UNIT:
	case RS_CHECK_WEAPON:
		break;
	case RS_CHECK_MARKERS:
		/* The columns markers are played by: a family that does
		 * not play them prints the markers only. */
		if (f == NULL || f->plays_markers)
			break;
		if (f->play_turn != NULL)
			diag_msg(d, c->pos, MSG(MARKERS_COLUMNS_NOT_PLAYED),
			    c->n > 1 ? "s" : "", c->text,
			    c->n > 1 ? "are" : "is", f->name);
		else
			diag_msg(d, c->pos, MSG(MARKERS_COLUMNS_PRINT_ONLY),
			    c->n > 1 ? "s" : "", c->text,
			    c->n > 1 ? "are" : "is");
		break;
	case RS_CHECK_WHOLE:
		/* The default battle's army break point: a family plays
		 * it or says it does not. */
		if (rs->break_pct > 0 && f != NULL && f->play_turn != NULL &&
		    !f->plays_break)
			diag_msg(d, rs->break_pos, MSG(BREAK_NOT_PLAYED),
			    f->name);
		break;
	}
	if (f != NULL && f->check != NULL)
		f->check(rs, c, d);
	/* A unit names a weapon: the table is missing whoever plays. */
	if (c->kind == RS_CHECK_NO_WEAPONS && d->n == n && c->n > 0)
		eng_no_weapons(rs, c, NULL, d);
}

/* Whether title is one of the family's own sections. */
static int
own_section(const struct eng_family *f, const char *title)
{
	const char *const *sec;

	for (sec = f->sections; *sec != NULL; sec++)
		if (rs_name_eq(title, *sec))
			return 1;
	return 0;
}

/*
 * A section of the family's own given twice with a table: the family
 * reads the first (rs_table_find), so the second gets a warning, as a
 * second table of a section the reader reads does. A section of its own
 * that is missing, where a level-2 heading over a table is its title
 * misspelt ("## Wound tabel", "## Melee outcome": one letter off in a
 * title of up to seven, two in a longer one, as the reader's sections),
 * is said at that heading, before what the family then lacks.
 */
static void
own_sections(const struct ruleset *rs, struct diags *d)
{
	const struct eng_family *f = eng_family_of(rs);
	const char *const *sec;
	size_t i, n, cap;

	for (sec = f != NULL ? f->sections : NULL; sec != NULL && *sec != NULL;
	     sec++) {
		for (i = n = 0; i < rs->ntables; i++)
			if (rs->tables[i].level == 2 &&
			    rs_name_eq(rs->tables[i].section, *sec) && n++)
				diag_msg(d, rs->tables[i].head_pos,
				    MSG(SECOND_SECTION_TABLE), *sec, f->name);
		if (n > 0)
			continue;
		cap = strlen(*sec) <= 7 ? 1 : 2;
		for (i = 0; i < rs->ntables; i++) {
			const char *t = rs->tables[i].section;
			char *h;

			/* A subheading ("### Wound table") even spelt
			 * right: sections are level-2 headings. */
			if ((rs->tables[i].level == 2 && own_section(f, t)) ||
			    str_edit_distance(t, *sec, cap) > cap)
				continue;
			h = xasprintf("%.*s %s", rs->tables[i].level, "######",
			    t);
			diag_msg(d, rs->tables[i].head_pos,
			    MSG(READ_PROSE_NOT_SECTION_DID), h, *sec, *sec);
			free(h);
			break;
		}
	}
}

int
eng_family_check(const struct ruleset *rs, struct diags *d)
{
	const struct eng_family *f = eng_family_of(rs);
	struct diags out = { 0 };
	size_t i, k = 0;

	/* The reader's messages with the findings of each place it noted
	 * put in where it met it, into a new list of the same limit. */
	out.limit = d->limit;
	for (i = 0; i <= rs->nchecks; i++) {
		for (; k < d->n && (i == rs->nchecks || k < rs->checks[i].at);
		     k++)
			diag_copy(&out, &d->v[k]);
		if (i < rs->nchecks)
			check_at(rs, f, &rs->checks[i], d, &out);
	}
	out.dropped += d->dropped;
	diags_free(d);
	*d = out;
	own_sections(rs, d);
	return eng_front_check(rs, d);
}

void
eng_settings_dump(const struct ruleset *rs, FILE *fp)
{
	const struct eng_family *f = eng_family_of(rs);
	struct eng_values v;
	char buf[64], def[64];
	int i;

	if (f == NULL || f->nsettings == 0)
		return;
	eng_settings_read(rs, f, &v, NULL);
	fprintf(fp, "\nsettings (%d)\n", f->nsettings);
	for (i = 0; i < f->nsettings; i++) {
		const struct eng_setting *s = &f->settings[i];
		double dv = eng_setting_default(rs, s);

		value_show(buf, sizeof(buf), s, v.v[i], rs->measure);
		/* Written as the default is still the default. */
		if (v.given[i] && v.v[i] != dv)
			fprintf(fp, "  %s: %s (default %s): %s\n", s->key, buf,
			    value_show(def, sizeof(def), s, dv, rs->measure),
			    s->text);
		else
			fprintf(fp, "  %s: %s (default): %s\n", s->key, buf,
			    s->text);
		/* A table of the ruleset that gives it instead. */
		if (f->setting_played != NULL) {
			const char *from = NULL;
			double p = f->setting_played(rs, i, &from);

			if (!isnan(p))
				fprintf(fp, "    played: %s, %s\n",
				    value_show(def, sizeof(def), s, p,
				        rs->measure),
				    from != NULL ? from : "");
		}
	}
}
