/*
 * tables.c: the Markdown tables of a ruleset's body — Units, Weapons,
 * Terrain and the modifier tables — into the model. Each table is a
 * block of its own: the columns it knows (any of their names), the
 * parsers of its list cells, and the reader of its rows, which reports
 * a bad cell at its place and goes on without it. read.c's sections
 * table says which heading leads to which reader; names between tables
 * (a unit's weapons) are resolved later in resolve.c.
 *
 * A new table is a reader here, its declaration in internal.h and a row
 * of the sections table; a new column is its names below, in the
 * reader's known list, and an rd_table_col() lookup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* Column names, by any of which a header may call a column. */
static const char *const COL_UNIT[] = { "Unit", "Unit type", "Name", NULL };
static const char *const COL_CLASS[] = { "Class", "Type", NULL };
static const char *const COL_MOVE[] = { "Move", "Movement", "Off road", NULL };
static const char *const COL_ROAD[] = { "Road move", "On road", "Road", NULL };
static const char *const COL_WEAPONS[] = { "Weapons", "Weapon", NULL };
static const char *const COL_BASE[] = { "Base", NULL };
static const char *const COL_TRAITS[] = { "Traits", "Special", NULL };
static const char *const COL_NOTES[] = { "Notes", NULL };
static const char *const COL_IMAGE[] = { "Image", "Picture", NULL };
static const char *const COL_SYMBOL[] = { "Symbol", NULL };
static const char *const COL_WEAPON[] = { "Weapon", "Name", NULL };
static const char *const COL_RANGE[] = { "Range", NULL };
static const char *const COL_HITS[] = { "Hits on", "Hit on", "Hits", NULL };
static const char *const COL_DESTROYS[] = { "Destroys", "Kills", NULL };
static const char *const COL_TERRAIN[] = { "Terrain", NULL };
static const char *const COL_KIND[] = { "Kind", NULL };
static const char *const COL_EFFECT[] = { "Effect", "Effects", NULL };
static const char *const COL_GAUGE[] = { "Gauge", NULL };
static const char *const COL_LENGTH[] = { "Length", NULL };
static const char *const COL_MARKER[] = { "Marker", NULL };
static const char *const COL_COLOUR[] = { "Colour", "Color", NULL };
static const char *const COL_PLACED[] = { "Placed", NULL };
static const char *const COL_REMOVED[] = { "Removed", NULL };
static const char *const COL_MOST[] = { "Most", NULL };
static const char *const COL_MODIFIER[] = { "Modifier", "Situation", NULL };
static const char *const COL_KEY[] = { "Key", NULL };
static const char *const COL_VALUE[] = { "Value", NULL };

/* ---- Units ---- */

struct unitctx {
	struct rs_unit *u;
	char **wnames;
	struct pos *wpos;
	size_t nw;
};

static void
unit_weapon_item(struct reader *r, const char *name, struct pos at, void *arg)
{
	struct unitctx *uc = arg;

	if (uc->nw >= RS_MAX_WEAPONS_PER_UNIT) {
		diag_msg(r->d, at, MSG(UNIT_MORE_WEAPONS), uc->u->name,
		    RS_MAX_WEAPONS_PER_UNIT);
		return;
	}
	uc->wnames[uc->nw] = xstrdup(name);
	uc->wpos[uc->nw] = at;
	uc->nw++;
}

static void
trait_item(struct reader *r, const char *name, struct pos at, void *arg)
{
	unsigned *traits = arg, bit;

	if (rd_trait_parse(name, &bit) == 0) {
		*traits |= bit;
		return;
	}
	diag_msg(r->d, at, MSG(UNKNOWN_TRAIT), name);
}

/* Where the Units table's columns are: an index, or -1 when it has none
 * of that name. */
struct unit_cols {
	int unit, cls, move, road, weapons, base, traits, notes, image, symbol;
	int own[RS_MAX_OWN_COLS]; /* the game's own stats (rs->unit_own) */
};

/*
 * A class that is none of the known words: a word of the game's own,
 * kept as first written (later rows that write it in another case share
 * it). Whether the ruleset may have one is its family's to say (print
 * only takes any word; a family plays only the classes it knows): the
 * engine says it at the place noted here (RS_CHECK_CLASS), and a word
 * that is none or too long for a name is not kept.
 */
static void
unit_free_class(struct reader *r, const struct cell *c, struct rs_unit *u)
{
	struct ruleset *rs = r->rs;
	struct rs_check *ck;
	size_t k;

	u->cls = RS_CLASS_INFANTRY;
	ck = rd_check(r, RS_CHECK_CLASS, 0);
	ck->pos = c->pos;
	ck->text = xstrdup(c->text);
	ck->name = xstrdup(u->name);
	if (rd_is_none(c->text) || utf8_chars(c->text) > RS_MAX_NAME)
		return;
	for (k = 0; k < rs->nclasses; k++)
		if (strcasecmp(rs->classes[k], c->text) == 0)
			break;
	if (k == RS_MAX_OWN_CLASSES) {
		diag_msg(r->d, c->pos, MSG(MORE_OWN_CLASSES),
		    RS_MAX_OWN_CLASSES);
		return;
	}
	if (k == rs->nclasses) {
		char *w = xstrdup(c->text);

		XPUSH(rs->classes, rs->nclasses, rs->capclasses, w);
	}
	u->cls_free = (int)k + 1;
}

/* The numbers of a unit the reader reads: its class and moves, each
 * reported at its cell when it is bad (a family reads its own: the
 * rs_check noted after them). */
static void
unit_numbers(struct reader *r, const struct unit_cols *c,
    const struct cell *row, struct rs_unit *u)
{
	u->cls_pos = row[c->cls].pos;
	if (rd_class_parse(rd_value_en(r->rs->lang, row[c->cls].text),
	        &u->cls) == -1)
		unit_free_class(r, &row[c->cls], u);
	if (rd_is_none(row[c->move].text))
		diag_msg(r->d, row[c->move].pos, MSG(UNIT_NO_MOVE), u->name);
	else
		rd_cell_len(r, &row[c->move], "Move", &u->move_mm);
	if (c->road >= 0 && !rd_is_none(row[c->road].text))
		rd_cell_len(r, &row[c->road], "Road move", &u->road_move_mm);
}

/* A unit's base: the ruleset's, or its own "30mm" (square) or "40x20mm"
 * (frontage by depth). */
static void
unit_base(struct reader *r, const struct cell *b, struct rs_unit *u)
{
	const char *why;

	u->base_w_mm = r->rs->base_w_mm;
	u->base_d_mm = r->rs->base_d_mm;
	u->base_shape = r->rs->base_shape;
	if (b == NULL || rd_is_none(b->text))
		return;
	u->base_shape = RS_BASE_RECT;
	if (strchr(b->text, 'x') != NULL ?
	        len_parse_pair(b->text, r->rs->measure, &u->base_w_mm,
	            &u->base_d_mm, &why) :
	        len_parse(b->text, r->rs->measure, &u->base_w_mm, &why))
		diag_msg(r->d, b->pos, MSG(UNIT_BASE_BAD), b->text, why);
	else if (strchr(b->text, 'x') == NULL)
		u->base_d_mm = u->base_w_mm;
}

/*
 * One row of the Units table into rs->units, and its weapons by name into
 * r->pend. Returns -1 when the ruleset already has as many unit types as
 * it may (the rest of the table is not read), else 0; a row without a
 * usable name is left out.
 */
static int
unit_row(struct reader *r, const struct unit_cols *c, const struct cell *row)
{
	struct ruleset *rs = r->rs;
	struct rs_unit u;
	struct pending p;
	struct unitctx uc;
	const struct cell *name = &row[c->unit];
	char *tmp;
	size_t k;

	memset(&u, 0, sizeof(u));
	memset(&p, 0, sizeof(p));
	u.pos = name->pos;
	if (rd_is_none(name->text)) {
		diag_msg(r->d, name->pos, MSG(UNIT_WITHOUT_NAME));
		return 0;
	}
	if (rs->nunits >= RS_MAX_UNITS) {
		diag_msg(r->d, name->pos, MSG(MORE_UNIT_TYPES), RS_MAX_UNITS);
		return -1;
	}
	if (rs_unit_find(rs, name->text) >= 0) {
		diag_msg(r->d, name->pos, MSG(DUPLICATE_UNIT), name->text,
		    rs->units[rs_unit_find(rs, name->text)].pos.line);
		return 0;
	}
	if (rd_name_long(r->d, name->pos, "unit name", name->text,
	        RS_MAX_NAME))
		return 0;
	u.name = xstrdup(name->text);
	unit_numbers(r, c, row, &u);
	/* The family's own numbers are its to read: said here, in the
	 * row's order (the unit is pushed below, whatever else it has). */
	rd_check(r, RS_CHECK_UNIT_CELLS, rs->nunits);
	if (c->traits >= 0 && !rd_is_none(row[c->traits].text)) {
		tmp = xstrdup(row[c->traits].text);
		rd_split_list(tmp, trait_item, r, row[c->traits].pos,
		    &u.traits);
		free(tmp);
	}
	unit_base(r, c->base >= 0 ? &row[c->base] : NULL, &u);
	if (c->notes >= 0 && !rd_is_none(row[c->notes].text))
		u.notes = xstrdup(row[c->notes].text);
	rd_row_own(r, &rs->unit_own, c->own, row, u.own, u.own_pos);
	rd_unit_image(r, c->image >= 0 ? &row[c->image] : NULL, &u);
	rd_unit_symbol(r, c->symbol >= 0 ? &row[c->symbol] : NULL, &u);
	if (c->weapons >= 0 && !rd_is_none(row[c->weapons].text)) {
		uc.u = &u;
		uc.wnames = p.names;
		uc.wpos = p.pos;
		uc.nw = 0;
		tmp = xstrdup(row[c->weapons].text);
		rd_split_list(tmp, unit_weapon_item, r, row[c->weapons].pos,
		    &uc);
		free(tmp);
		p.n = uc.nw;
	}
	for (k = 0; k < p.n; k++)
		u.weapon_pos[k] = p.pos[k];
	XPUSH(rs->units, rs->nunits, rs->capunits, u);
	XPUSH(r->pend, r->npend, r->cappend, p);
	return 0;
}

/* A unit without Points when others have them: a scenario picking forces
 * to a points total would leave it out, unsaid. An empty cell only; a
 * "-" is a game's own word for not for sale. */
static void
points_missing(struct reader *r)
{
	struct ruleset *rs = r->rs;
	int col = rs_points_col(rs);
	size_t i, priced = 0;

	if (col < 0)
		return;
	for (i = 0; i < rs->nunits; i++)
		priced += rs->units[i].own[col] != NULL;
	for (i = 0; priced > 0 && i < rs->nunits; i++)
		if (rs->units[i].own[col] == NULL)
			diag_msg(r->d, rs->units[i].own_pos[col],
			    MSG(UNIT_NO_POINTS), rs->units[i].name,
			    rs->unit_own.head[col]);
}

/*
 * A header cell of t that seems meant for one of the missing columns
 * (NULL-terminated): its name misspelt, a letter off in a name of up to
 * seven, two in a longer one ("Moves", "Weapn"), in English or in lang.
 * Returns the cell's place, with hint "; did you mean 'Move' for the
 * column 'Moves'?"; else *at (the table) and hint "".
 */
static struct pos
col_meant(const struct table *t, const char *lang, const char *const *miss,
    const struct pos *at, char *hint, size_t sz)
{
	const char *own, *h;
	size_t i, j, cap;

	hint[0] = '\0';
	for (i = 0; miss[i] != NULL; i++)
		for (j = 0; j < t->ncols; j++) {
			h = t->head[j].text;
			own = rd_column_own(lang, miss[i]);
			cap = strlen(miss[i]) <= 7 ? 1 : 2;
			if (*h == '\0' ||
			    (str_edit_distance(h, miss[i], cap) > cap &&
			        (own == NULL ||
			            str_edit_distance(h, own, cap) > cap)))
				continue;
			snprintf(hint, sz,
			    "; did you mean '%s' for the column '%s'?",
			    own != NULL ? own : miss[i], h);
			return t->head[j].pos;
		}
	return *at;
}
/* The Units table: one unit type a row. Weapons are kept by name in
 * r->pend until the Weapons table has been read (rd_resolve). */
void
rd_units(struct reader *r, const struct table *t, int arg)
{
	static const char *const *const known[] = { COL_UNIT, COL_CLASS,
		COL_MOVE, COL_ROAD, COL_WEAPONS, COL_BASE, COL_TRAITS,
		COL_NOTES, COL_IMAGE, COL_SYMBOL, NULL };
	struct unit_cols c;
	size_t i;

	(void)arg;
	c.unit = rd_table_col(t, COL_UNIT);
	c.cls = rd_table_col(t, COL_CLASS);
	c.move = rd_table_col(t, COL_MOVE);
	c.road = rd_table_col(t, COL_ROAD);
	c.weapons = rd_table_col(t, COL_WEAPONS);
	c.base = rd_table_col(t, COL_BASE);
	c.traits = rd_table_col(t, COL_TRAITS);
	c.notes = rd_table_col(t, COL_NOTES);
	c.image = rd_table_col(t, COL_IMAGE);
	c.symbol = rd_table_col(t, COL_SYMBOL);
	rd_table_own_cols(r, t, known, &r->rs->unit_own, c.own);
	if (c.unit < 0 || c.cls < 0 || c.move < 0) {
		static const char *const need[] = { "Unit", "Class", "Move",
			NULL };
		const char *miss[4];
		char *w = rd_columns_said(r->rs->lang, need), *m, hint[300];
		size_t n = 0;
		struct pos at = t->pos;

		if (c.unit < 0)
			miss[n++] = "Unit";
		if (c.cls < 0)
			miss[n++] = "Class";
		if (c.move < 0)
			miss[n++] = "Move";
		miss[n] = NULL;
		m = rd_columns_said(r->rs->lang, miss);
		diag_msg(r->d,
		    col_meant(t, r->rs->lang, miss, &at, hint, sizeof(hint)),
		    MSG(UNITS_TABLE_NEEDS_COLUMNS), w, m, hint);
		free(w);
		free(m);
		return;
	}
	for (i = 0; i < t->nrows; i++)
		if (unit_row(r, &c, t->rows[i]) == -1)
			break;
	points_missing(r);
}

/* ---- Weapons ---- */

/* The faces of one Hits on cell, and the weapon it is for. */
struct facectx {
	struct rs_faces *faces;
	const char *weapon;
};

/* One item of Hits on: a face of the ruleset's die ("7"), or "5+", every
 * face from 5 up. A "+" past the die's faces is legal but never hits:
 * worth a warning, as the weapon is then useless. */
static void
face_item(struct reader *r, const char *s, struct pos at, void *arg)
{
	struct facectx *fc = arg;
	int die = r->rs->die;
	char *end;
	long v = strtol(s, &end, 10), f;

	/* Without dice: (or with an unknown one, said), a face above the
	 * default d6 is the family's to say: a d6 family's mistake at the
	 * face, else the die the ruleset seems to roll (RS_CHECK_FACE_OVER). */
	if ((r->rs->die_pos.line == 0 || r->die_said) && end != s && v > die &&
	    v <= 100 && (*end == '\0' || (end[0] == '+' && end[1] == '\0'))) {
		struct rs_check *ck = rd_check(r, RS_CHECK_FACE_OVER,
		    r->die_said ? 1 : 0);

		ck->text = xstrdup(s);
		ck->name = xstrdup(fc->weapon);
		ck->pos = at;
		ck->n = (size_t)v;
		return;
	}
	if (end != s && v >= 1 && end[0] == '+' && end[1] == '\0') {
		if (v > die) {
			diag_msg(r->d, at, MSG(WEAPON_NEVER_HITS), fc->weapon,
			    s, die, die);
			return;
		}
		for (f = v; f <= die; f++)
			rs_faces_set(fc->faces, (int)f);
		return;
	}
	if (end == s || *end != '\0' || v < 1 || v > die) {
		diag_msg(r->d, at, MSG(DIE_FACE_NOT_NUMBER), s, die);
		return;
	}
	rs_faces_set(fc->faces, (int)v);
}

static void
class_item(struct reader *r, const char *s, struct pos at, void *arg)
{
	unsigned *mask = arg;
	enum rs_class c;

	s = rd_value_en(r->rs->lang, s);
	if (rd_name_eq(s, "all")) {
		*mask = RS_CLASS_ALL;
		return;
	}
	if (rd_class_parse(s, &c) == -1) {
		const char *names[RS_CLASS__MAX + 1] = { "all" };
		char hint[RS_MAX_NAME * 4 + 32];
		int k;

		for (k = 0; k < RS_CLASS__MAX; k++)
			names[k + 1] = rs_class_name(k);
		diag_msg(r->d, at, MSG(UNKNOWN_CLASS), s,
		    str_did_you_mean(hint, sizeof(hint), s, names,
		        RS_CLASS__MAX + 1));
		return;
	}
	*mask |= 1u << c;
}

static void
wtrait_item(struct reader *r, const char *s, struct pos at, void *arg)
{
	unsigned *t = arg;

	if (rd_name_eq(s, "indirect"))
		*t |= RS_WTRAIT_INDIRECT;
	else
		diag_msg(r->d, at, MSG(UNKNOWN_WEAPON_TRAIT), s);
}

/* The Weapons table: one weapon a row. */
void
rd_weapons(struct reader *r, const struct table *t, int arg)
{
	static const char *const *const known[] = { COL_WEAPON, COL_RANGE,
		COL_HITS, COL_DESTROYS, COL_TRAITS, COL_NOTES, NULL };
	int cw = rd_table_col(t, COL_WEAPON), cr = rd_table_col(t, COL_RANGE),
	    ch = rd_table_col(t, COL_HITS), cd = rd_table_col(t, COL_DESTROYS),
	    ct = rd_table_col(t, COL_TRAITS), cn = rd_table_col(t, COL_NOTES);
	struct ruleset *rs = r->rs;
	int own[RS_MAX_OWN_COLS];
	size_t i;
	char *tmp;

	(void)arg;
	rd_table_own_cols(r, t, known, &rs->weapon_own, own);
	if (cw < 0 || cr < 0) {
		static const char *const need[] = { "Weapon", "Range", NULL };
		const char *miss[3];
		char *w = rd_columns_said(rs->lang, need), hint[300];
		struct pos at = t->pos;
		size_t n = 0;

		if (cw < 0)
			miss[n++] = "Weapon";
		if (cr < 0)
			miss[n++] = "Range";
		miss[n] = NULL;
		diag_msg(r->d,
		    col_meant(t, rs->lang, miss, &at, hint, sizeof(hint)),
		    MSG(WEAPONS_TABLE_NEEDS_COLUMNS), w, hint);
		/* The table is there, and said: no 'no weapons' after. */
		r->csv_failed |= 2;
		free(w);
		return;
	}
	for (i = 0; i < t->nrows; i++) {
		struct cell *row = t->rows[i];
		struct rs_weapon w;

		memset(&w, 0, sizeof(w));
		w.pos = row[cw].pos;
		if (rd_is_none(row[cw].text)) {
			diag_msg(r->d, row[cw].pos, MSG(WEAPON_WITHOUT_NAME));
			continue;
		}
		if (rs->nweapons >= RS_MAX_WEAPONS) {
			diag_msg(r->d, w.pos, MSG(MORE_WEAPONS),
			    RS_MAX_WEAPONS);
			break;
		}
		if (rs_weapon_find(rs, row[cw].text) >= 0) {
			diag_msg(r->d, w.pos, MSG(DUPLICATE_WEAPON),
			    row[cw].text,
			    rs->weapons[rs_weapon_find(rs, row[cw].text)]
			        .pos.line);
			continue;
		}
		if (rd_name_long(r->d, w.pos, "weapon name", row[cw].text,
		        RS_MAX_NAME))
			continue;
		w.name = xstrdup(row[cw].text);
		if (rd_is_none(row[cr].text))
			diag_msg(r->d, row[cr].pos, MSG(WEAPON_NO_RANGE),
			    w.name);
		else if (rd_cell_len(r, &row[cr], "Range", &w.range_mm) == 0 &&
		    w.range_mm <= 0)
			diag_msg(r->d, row[cr].pos, MSG(WEAPON_ZERO_RANGE),
			    w.name);
		if (ch >= 0 && !rd_is_none(row[ch].text)) {
			struct facectx fc = { &w.hit_faces, w.name };

			tmp = xstrdup(row[ch].text);
			rd_split_list(tmp, face_item, r, row[ch].pos, &fc);
			free(tmp);
			w.hits_text = xstrdup(row[ch].text);
		}
		if (cd >= 0 && !rd_is_none(row[cd].text)) {
			tmp = xstrdup(row[cd].text);
			rd_split_list(tmp, class_item, r, row[cd].pos,
			    &w.destroys);
			free(tmp);
		}
		if (ct >= 0 && !rd_is_none(row[ct].text)) {
			tmp = xstrdup(row[ct].text);
			rd_split_list(tmp, wtrait_item, r, row[ct].pos,
			    &w.traits);
			free(tmp);
		}
		if (cn >= 0 && !rd_is_none(row[cn].text))
			w.notes = xstrdup(row[cn].text);
		rd_row_own(r, &rs->weapon_own, own, row, w.own, w.own_pos);
		XPUSH(rs->weapons, rs->nweapons, rs->capweapons, w);
	}
}

/* ---- Terrain ---- */

/* The Terrain table: one kind of terrain a row; a row without a name is
 * named for its kind. */
void
rd_terrain(struct reader *r, const struct table *t, int arg)
{
	static const char *const *const known[] = { COL_TERRAIN, COL_KIND,
		COL_EFFECT, COL_NOTES, NULL };
	int cn = rd_table_col(t, COL_TERRAIN), ck = rd_table_col(t, COL_KIND),
	    ce = rd_table_col(t, COL_EFFECT);
	enum rs_terrain_kind kind;
	size_t i;

	(void)arg;
	rd_table_unknown_cols(r, t, known);
	if (cn < 0 || ck < 0) {
		static const char *const need[] = { "Terrain", "Kind", NULL };
		char *w = rd_columns_said(r->rs->lang, need);

		diag_msg(r->d, t->pos, MSG(TERRAIN_TABLE_NEEDS_COLUMNS), w);
		free(w);
		return;
	}
	for (i = 0; i < t->nrows; i++) {
		struct cell *row = t->rows[i];
		struct rs_terrain tr;

		memset(&tr, 0, sizeof(tr));
		tr.pos = row[cn].pos;
		if (rd_terrain_kind_parse(rd_value_en(r->rs->lang,
		                              row[ck].text),
		        &kind) == -1) {
			char hint[RS_MAX_NAME * 4 + 64];

			diag_msg(r->d, row[ck].pos, MSG(UNKNOWN_TERRAIN_KIND),
			    row[ck].text,
			    rd_terrain_kind_hint(row[ck].text, hint,
			        sizeof(hint)));
			continue;
		}
		if (rd_name_long(r->d, row[cn].pos, "terrain name",
		        row[cn].text, RS_MAX_NAME))
			continue;
		tr.kind = kind;
		tr.name = xstrdup(rd_is_none(row[cn].text) ?
		        rs_terrain_kind_name(kind) :
		        row[cn].text);
		if (ce >= 0 && !rd_is_none(row[ce].text))
			tr.effect = xstrdup(row[ce].text);
		XPUSH(r->rs->terrain, r->rs->nterrain, r->rs->capterrain, tr);
	}
}

/* ---- Gauges and Markers ---- */

/*
 * The Gauges table: a name and a length a row, printed as rulers on the
 * bases sheet. At most RS_MAX_GAUGES rows: the first one past it is an
 * error, and the rest is not read.
 */
void
rd_gauges(struct reader *r, const struct table *t, int arg)
{
	static const char *const *const known[] = { COL_GAUGE, COL_LENGTH,
		COL_NOTES, NULL };
	int cn = rd_table_col(t, COL_GAUGE), cl = rd_table_col(t, COL_LENGTH);
	size_t i;

	(void)arg;
	rd_table_unknown_cols(r, t, known);
	if (cn < 0 || cl < 0) {
		static const char *const need[] = { "Gauge", "Length", NULL };
		char *w = rd_columns_said(r->rs->lang, need);

		diag_msg(r->d, t->pos, MSG(GAUGES_TABLE_NEEDS_COLUMNS), w);
		free(w);
		return;
	}
	for (i = 0; i < t->nrows; i++) {
		struct cell *row = t->rows[i];
		struct rs_gauge g;

		if (i == RS_MAX_GAUGES) {
			diag_msg(r->d, row[cn].pos, MSG(MORE_GAUGES),
			    RS_MAX_GAUGES);
			return;
		}
		memset(&g, 0, sizeof(g));
		g.pos = row[cn].pos;
		if (rd_is_none(row[cn].text)) {
			diag_msg(r->d, row[cn].pos, MSG(GAUGE_NEEDS_NAME));
			continue;
		}
		if (rd_name_long(r->d, row[cn].pos, "gauge name", row[cn].text,
		        RS_MAX_NAME))
			continue;
		if (rd_is_none(row[cl].text)) {
			diag_msg(r->d, row[cl].pos, MSG(GAUGE_NO_LENGTH),
			    row[cn].text);
			continue;
		}
		if (rd_cell_len(r, &row[cl], "Length", &g.mm) != 0)
			continue;
		if (g.mm < 1) {
			diag_msg(r->d, row[cl].pos, MSG(GAUGE_SHORTER_MM),
			    row[cn].text);
			continue;
		}
		g.name = xstrdup(row[cn].text);
		XPUSH(r->rs->gauges, r->rs->ngauges, r->rs->capgauges, g);
	}
}

/* A marker's colour: #rrggbb or one of a few names. Returns 0, or -1. */
static int
colour_parse(const char *s, uint32_t *rgb)
{
	static const struct {
		const char *name;
		uint32_t rgb;
	} names[] = {
		{ "black", 0x000000 },
		{ "white", 0xffffff },
		{ "grey", 0x9e9e9e },
		{ "gray", 0x9e9e9e },
		{ "red", 0xd32f2f },
		{ "orange", 0xf57c00 },
		{ "yellow", 0xfbc02d },
		{ "green", 0x388e3c },
		{ "blue", 0x1976d2 },
		{ "purple", 0x7b1fa2 },
		{ "brown", 0x795548 },
	};
	size_t i;
	char *end;

	if (s[0] == '#') {
		if (strlen(s) != 7 ||
		    strspn(s + 1, "0123456789abcdefABCDEF") != 6)
			return -1;
		*rgb = (uint32_t)strtoul(s + 1, &end, 16);
		return 0;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcasecmp(s, names[i].name) == 0) {
			*rgb = names[i].rgb;
			return 0;
		}
	return -1;
}

/* A cell of the columns a family plays markers by: its text (NULL
 * when empty or there is no such column) and place. */
static char *
marker_cell(const struct cell *row, int c, struct pos *at)
{
	if (c < 0 || rd_is_none(row[c].text))
		return NULL;
	*at = row[c].pos;
	return xstrdup(row[c].text);
}

/* Where the family has its say on the columns it plays markers by
 * (Placed, Removed, Most): their headings, at the first. */
static void
marker_cols_check(struct reader *r, const struct table *t, const int *cols,
    int n)
{
	struct rs_check *ck = NULL;
	char buf[3 * (RS_MAX_NAME * 4 + 2) + 1];
	size_t len = 0;
	int k;

	buf[0] = '\0';
	for (k = 0; k < n; k++) {
		if (cols[k] < 0)
			continue;
		if (ck == NULL) {
			ck = rd_check(r, RS_CHECK_MARKERS, 0);
			ck->pos = t->head[cols[k]].pos;
		}
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s",
		    len ? ", " : "", t->head[cols[k]].text);
		ck->n++;
	}
	if (ck != NULL)
		ck->text = xstrdup(buf);
}

/*
 * The Markers table: a label and a colour a row (white without one),
 * printed as status markers on the bases sheet. At most RS_MAX_MARKERS
 * rows, as the Gauges table. The columns Placed, Removed and Most are
 * kept as written for the family that plays markers (the dice family
 * reads them; another says it does not).
 */
void
rd_markers(struct reader *r, const struct table *t, int arg)
{
	static const char *const *const known[] = { COL_MARKER, COL_COLOUR,
		COL_PLACED, COL_REMOVED, COL_MOST, COL_NOTES, NULL };
	int cn = rd_table_col(t, COL_MARKER), cc = rd_table_col(t, COL_COLOUR);
	int play[3];
	size_t i;

	(void)arg;
	play[0] = rd_table_col(t, COL_PLACED);
	play[1] = rd_table_col(t, COL_REMOVED);
	play[2] = rd_table_col(t, COL_MOST);
	rd_table_unknown_cols(r, t, known);
	if (cn < 0) {
		diag_msg(r->d, t->pos, MSG(MARKERS_TABLE_NEEDS_COLUMN_MARKER));
		return;
	}
	marker_cols_check(r, t, play, 3);
	for (i = 0; i < t->nrows; i++) {
		struct cell *row = t->rows[i];
		struct rs_marker m;

		if (i == RS_MAX_MARKERS) {
			diag_msg(r->d, row[cn].pos, MSG(MORE_MARKERS),
			    RS_MAX_MARKERS);
			return;
		}
		memset(&m, 0, sizeof(m));
		m.pos = row[cn].pos;
		m.rgb = 0xffffff;
		if (rd_is_none(row[cn].text)) {
			diag_msg(r->d, row[cn].pos, MSG(MARKER_NEEDS_LABEL));
			continue;
		}
		if (rd_name_long(r->d, row[cn].pos, "marker label",
		        row[cn].text, RS_MAX_NAME))
			continue;
		if (cc >= 0 && !rd_is_none(row[cc].text) &&
		    colour_parse(row[cc].text, &m.rgb) != 0) {
			diag_msg(r->d, row[cc].pos, MSG(UNKNOWN_COLOUR),
			    row[cc].text);
			continue;
		}
		m.label = xstrdup(row[cn].text);
		m.placed = marker_cell(row, play[0], &m.placed_pos);
		m.removed = marker_cell(row, play[1], &m.removed_pos);
		m.most = marker_cell(row, play[2], &m.most_pos);
		XPUSH(r->rs->markers, r->rs->nmarkers, r->rs->capmarkers, m);
	}
}

/* ---- modifiers ---- */

/* A table of modifiers (Morale, Melee, Fire, Melee power): one a row, by
 * Key, each keeping its section (the table's what). */
void
rd_mods(struct reader *r, const struct table *t, int arg)
{
	static const char *const *const known[] = { COL_MODIFIER, COL_KEY,
		COL_VALUE, COL_NOTES, NULL };
	int cm = rd_table_col(t, COL_MODIFIER), ck = rd_table_col(t, COL_KEY),
	    cv = rd_table_col(t, COL_VALUE);
	size_t i;

	(void)arg;
	rd_table_unknown_cols(r, t, known);
	if (cm < 0 || ck < 0 || cv < 0) {
		diag_msg(r->d, t->pos, MSG(TABLE_NEEDS_COLUMNS_MODIFIER_KEY),
		    t->what);
		return;
	}
	for (i = 0; i < t->nrows; i++) {
		struct cell *row = t->rows[i];
		struct rs_modifier m;

		memset(&m, 0, sizeof(m));
		m.pos = row[ck].pos;
		m.section = t->what;
		if (rd_is_none(row[ck].text)) {
			diag_msg(r->d, row[ck].pos, MSG(MODIFIER_WITHOUT_KEY));
			continue;
		}
		if (rs_mod_find(r->rs, t->what, row[ck].text) != NULL) {
			diag_msg(r->d, row[ck].pos, MSG(DUPLICATE_MODIFIER),
			    row[ck].text,
			    rs_mod_find(r->rs, t->what, row[ck].text)
			        ->pos.line);
			continue;
		}
		if (rd_cell_int(r, &row[cv], "Value", -6, 6, &m.value) == -1)
			continue;
		m.key = xstrdup(row[ck].text);
		m.text = xstrdup(row[cm].text);
		XPUSH(r->rs->mods, r->rs->nmods, r->rs->capmods, m);
	}
}
