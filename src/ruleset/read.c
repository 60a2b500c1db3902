/*
 * read.c: a ruleset file into struct ruleset. Front matter (YAML) gives
 * the settings; level-2 headings name the sections whose tables and
 * lists become the model; ```test-game blocks are test games; the whole
 * body stays as a Markdown tree for the renderer. Every problem is
 * reported with its position and the reader goes on with a default.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ruleset.h"
#include "internal.h"

struct cell {
	char *text; /* trimmed plain text */
	struct pos pos;
};

struct table {
	struct diags *d;
	struct pos pos;
	const char *what; /* "Units", "Weapons" … for messages */
	struct cell *head;
	size_t ncols;
	struct cell **rows; /* each ncols cells */
	size_t nrows, caprows;
};

/* Weapon names of units are resolved after all tables are read. */
struct pending {
	char *names[RS_MAX_WEAPONS_PER_UNIT];
	struct pos pos[RS_MAX_WEAPONS_PER_UNIT];
	size_t n;
};

struct reader {
	struct ruleset *rs;
	struct diags *d;
	struct pending *pend; /* one per unit, in order */
	size_t npend, cappend;
};

/* ---- small text helpers ---- */

static char *
trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* Compare names ignoring case, spaces, '-' and '_': "Road move" ==
 * "road-move". */
static int
name_eq(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '-' || *a == '_' || *a == '.')
			a++;
		while (*b == ' ' || *b == '-' || *b == '_' || *b == '.')
			b++;
		if (*a == '\0' || *b == '\0')
			return *a == *b;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
		a++, b++;
	}
}

static int
is_none(const char *s)
{
	return *s == '\0' || strcmp(s, "\xe2\x80\x94") == 0 || /* — */
	    strcmp(s, "\xe2\x80\x93") == 0 || strcmp(s, "-") == 0 ||
	    strcasecmp(s, "n/a") == 0 || strcasecmp(s, "none") == 0;
}

/*
 * Split a comma-separated list in place; calls fn for each trimmed item
 * with the column offset of the item inside the cell.
 */
static void
split_list(char *s, void (*fn)(struct reader *, const char *, struct pos,
    void *), struct reader *r, struct pos at, void *arg)
{
	char *start = s, *p;
	struct pos ip;
	int last = 0;

	for (p = s; !last; p++) {
		if (*p != ',' && *p != ';' && *p != '\0')
			continue;
		last = *p == '\0';
		*p = '\0';
		ip = at;
		while (isspace((unsigned char)*start))
			start++;
		ip.col += (int)(start - s);
		if (*trim(start) != '\0')
			fn(r, trim(start), ip, arg);
		start = p + 1;
	}
}

/* ---- names ---- */

/*
 * Names and titles are printed on cards, headings and tabs: past max
 * characters they are an error at their place (a name of 100 KB would
 * take minutes to typeset). Returns 0 when name is within the limit.
 */
static int
name_long(struct diags *d, struct pos at, const char *what, const char *name,
    size_t max)
{
	size_t n = utf8_chars(name), cut = 0, k = 0;

	if (n <= max)
		return 0;
	/* Quote its first 40 characters. */
	while (name[cut] != '\0' && k < 40)
		if (((unsigned char)name[++cut] & 0xc0) != 0x80)
			k++;
	diag_add(d, SEV_ERROR, at, "%s of %zu characters: the limit is %zu "
	    "(\"%.*s…\")", what, n, max, (int)cut, name);
	return -1;
}

/* ---- UTF-8 and binary checks ---- */

int
text_check(const char *file, const char *s, size_t len, struct diags *d)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, n;
	int line = 1, col = 1;
	unsigned long cp;
	struct pos at;

	while (i < len) {
		at.file = file;
		at.line = line;
		at.col = col;
		if (u[i] == 0) {
			diag_add(d, SEV_ERROR, at,
			    "binary file (NUL byte): not a Markdown ruleset");
			return -1;
		}
		if ((n = utf8_seq(u + i, len - i, &cp)) == 0) {
			diag_add(d, SEV_ERROR, at, "invalid UTF-8 byte 0x%02x "
			    "(save the file as UTF-8)", u[i]);
			return -1;
		}
		/* Tab, line feed, carriage return and form feed are text;
		 * other control characters (an escape sequence that would
		 * drive a terminal) are not. */
		if (is_control(cp) && cp != '\t' && cp != '\n' && cp != '\r' &&
		    cp != '\f') {
			diag_add(d, SEV_ERROR, at, "control character U+%04lX: "
			    "not allowed in a ruleset", cp);
			return -1;
		}
		if (cp == '\n') {
			line++;
			col = 1;
		} else
			col++;
		i += n;
	}
	return 0;
}

/* ---- tables ---- */

static void
table_free(struct table *t)
{
	size_t i, j;

	for (j = 0; j < t->ncols; j++)
		free(t->head[j].text);
	free(t->head);
	for (i = 0; i < t->nrows; i++) {
		for (j = 0; j < t->ncols; j++)
			free(t->rows[i][j].text);
		free(t->rows[i]);
	}
	free(t->rows);
}

static void
cell_from(struct cell *c, const struct rs_md *m)
{
	char *raw = m ? rs_md_text(m) : xstrdup("");
	char *t = trim(raw);

	c->text = xstrdup(t);
	free(raw);
	if (m != NULL)
		c->pos = m->pos;
}

static void
table_load(struct table *t, const struct rs_md *m, const char *what,
    struct diags *d)
{
	size_t i, j;
	const struct rs_md *row;

	memset(t, 0, sizeof(*t));
	t->d = d;
	t->pos = m->pos;
	t->what = what;
	if (m->nkids == 0)
		return;
	row = m->kids[0];
	t->ncols = row->nkids;
	t->head = xcalloc(t->ncols ? t->ncols : 1, sizeof(struct cell));
	for (j = 0; j < t->ncols; j++)
		cell_from(&t->head[j], row->kids[j]);
	for (i = 1; i < m->nkids; i++) {
		if (t->nrows >= RS_MAX_TABLE_ROWS) {
			diag_add(t->d, SEV_ERROR, m->kids[i]->pos, "the %s table "
			    "has more than %d rows (the rest are ignored)", what,
			    RS_MAX_TABLE_ROWS);
			break;
		}
		struct cell *cells = xcalloc(t->ncols ? t->ncols : 1,
		    sizeof(struct cell));

		row = m->kids[i];
		for (j = 0; j < t->ncols; j++) {
			cell_from(&cells[j], j < row->nkids ? row->kids[j] :
			    NULL);
			if (j >= row->nkids)
				cells[j].pos = row->pos;
		}
		XPUSH(t->rows, t->nrows, t->caprows, cells);
	}
}

/* Column index of the first name in the NULL-terminated alias list. */
static int
table_col(const struct table *t, const char *const *names)
{
	size_t j;

	for (; *names != NULL; names++)
		for (j = 0; j < t->ncols; j++)
			if (name_eq(t->head[j].text, *names))
				return (int)j;
	return -1;
}

/* Warn about columns no reader wanted. */
static void
table_unknown_cols(struct reader *r, const struct table *t,
    const char *const *const *known)
{
	size_t j;
	const char *const *const *k;
	const char *const *a;
	int ok;

	for (j = 0; j < t->ncols; j++) {
		ok = 0;
		for (k = known; *k != NULL && !ok; k++)
			for (a = *k; *a != NULL && !ok; a++)
				ok = name_eq(t->head[j].text, *a);
		if (!ok)
			diag_add(r->d, SEV_WARNING, t->head[j].pos,
			    "unknown column '%s' in the %s table (ignored)",
			    t->head[j].text, t->what);
	}
}

static const char *const COL_UNIT[] = { "Unit", "Unit type", "Name", NULL };
static const char *const COL_CLASS[] = { "Class", "Type", NULL };
static const char *const COL_MOVE[] = { "Move", "Movement", "Off road", NULL };
static const char *const COL_ROAD[] = { "Road move", "On road", "Road", NULL };
static const char *const COL_MELEE[] = { "Melee", "Melee power", NULL };
static const char *const COL_MORALE[] = { "Morale", NULL };
static const char *const COL_FIRED[] = { "Fire dice", NULL };
static const char *const COL_MELEED[] = { "Melee dice", NULL };
static const char *const COL_WEAPONS[] = { "Weapons", "Weapon", NULL };
static const char *const COL_BASE[] = { "Base", NULL };
static const char *const COL_TRAITS[] = { "Traits", "Special", NULL };
static const char *const COL_NOTES[] = { "Notes", NULL };
static const char *const COL_RANGE[] = { "Range", NULL };
static const char *const COL_HITS[] = { "Hits on", "Hit on", "Hits", NULL };
static const char *const COL_DESTROYS[] = { "Destroys", "Kills", NULL };
static const char *const COL_TERRAIN[] = { "Terrain", NULL };
static const char *const COL_KIND[] = { "Kind", NULL };
static const char *const COL_EFFECT[] = { "Effect", "Effects", NULL };
static const char *const COL_MODIFIER[] = { "Modifier", "Situation", NULL };
static const char *const COL_KEY[] = { "Key", NULL };
static const char *const COL_VALUE[] = { "Value", NULL };

/* ---- names and vocabularies ---- */

static const struct {
	const char *name;
	enum rs_class cls;
} class_names[] = {
	{ "infantry", RS_CLASS_INFANTRY },
	{ "artillery", RS_CLASS_ARTILLERY },
	{ "vehicle", RS_CLASS_VEHICLE }, { "vehicles", RS_CLASS_VEHICLE },
	{ "cavalry", RS_CLASS_CAVALRY },
	{ "elephant", RS_CLASS_ELEPHANT }, { "elephants", RS_CLASS_ELEPHANT },
	{ "chariot", RS_CLASS_CHARIOT }, { "chariots", RS_CLASS_CHARIOT },
};

static const struct {
	const char *name;
	unsigned bit;
} trait_names[] = {
	{ "runs-down", RS_TRAIT_RUNS_DOWN },
	{ "no-melee", RS_TRAIT_NO_MELEE },
	{ "light", RS_TRAIT_LIGHT },
	{ "pike", RS_TRAIT_PIKE },
	{ "armoured", RS_TRAIT_ARMOURED },
	{ "levy", RS_TRAIT_LEVY },
	{ "heavy", RS_TRAIT_HEAVY },
};

static const char *const terrain_kind_names[RS_TERRAIN__MAX] = {
	"open", "hill", "wood", "river", "ford", "road", "town",
	"fortification",
};

const char *
rs_engine_name(enum rs_engine e)
{
	return e == RS_ENGINE_FIREPOWER ? "firepower" :
	    e == RS_ENGINE_MORALE ? "morale" : "none";
}

const char *
rs_class_name(enum rs_class c)
{
	static const char *const n[RS_CLASS__MAX] = { "infantry",
		"artillery", "vehicle", "cavalry", "elephant", "chariot" };

	return (unsigned)c < RS_CLASS__MAX ? n[c] : "?";
}

const char *
rs_terrain_kind_name(enum rs_terrain_kind k)
{
	return (unsigned)k < RS_TERRAIN__MAX ? terrain_kind_names[k] : "?";
}

const char *
rs_grid_name(enum rs_grid g)
{
	return g == RS_GRID_SQUARE ? "square" : g == RS_GRID_HEX ? "hex" :
	    g == RS_GRID_HEX_POINTY ? "hex-pointy" : "none";
}

void
rs_traits_format(char *buf, size_t sz, unsigned traits)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(trait_names) / sizeof(trait_names[0]); i++)
		if (traits & trait_names[i].bit) {
			n += (size_t)snprintf(buf + n, n < sz ? sz - n : 0,
			    "%s%s", n ? ", " : "", trait_names[i].name);
			if (n >= sz)
				return;
		}
}

static int
class_parse(const char *s, enum rs_class *c)
{
	size_t i;

	for (i = 0; i < sizeof(class_names) / sizeof(class_names[0]); i++)
		if (name_eq(s, class_names[i].name)) {
			*c = class_names[i].cls;
			return 0;
		}
	return -1;
}

/* ---- cell parsers: report and return -1 on bad input ---- */

static int
cell_int(struct reader *r, const struct cell *c, const char *what, int lo,
    int hi, int *out)
{
	char *end;
	long v;
	const char *s = c->text;

	if (*s == '+')
		s++;
	v = strtol(s, &end, 10);
	if (end == s || *end != '\0') {
		diag_add(r->d, SEV_ERROR, c->pos,
		    "%s '%s' is not a whole number", what, c->text);
		return -1;
	}
	if (v < lo || v > hi) {
		diag_add(r->d, SEV_ERROR, c->pos,
		    "%s %ld is out of range (%d to %d)", what, v, lo, hi);
		return -1;
	}
	*out = (int)v;
	return 0;
}

static int
cell_len(struct reader *r, const struct cell *c, const char *what,
    double *mm)
{
	const char *why;

	if (len_parse(c->text, r->rs->measure, mm, &why) == -1) {
		diag_add(r->d, SEV_ERROR, c->pos, "%s '%s': %s", what, c->text,
		    why);
		return -1;
	}
	return 0;
}

/* ---- sections ---- */

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
		diag_add(r->d, SEV_ERROR, at,
		    "unit '%s' has more than %d weapons", uc->u->name,
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
	unsigned *traits = arg;
	size_t i;

	for (i = 0; i < sizeof(trait_names) / sizeof(trait_names[0]); i++)
		if (name_eq(name, trait_names[i].name)) {
			*traits |= trait_names[i].bit;
			return;
		}
	diag_add(r->d, SEV_ERROR, at, "unknown trait '%s' (known: runs-down, "
	    "no-melee, light, pike, armoured, levy, heavy)", name);
}

static void
read_units(struct reader *r, const struct table *t)
{
	static const char *const *const known[] = { COL_UNIT, COL_CLASS,
		COL_MOVE, COL_ROAD, COL_MELEE, COL_MORALE, COL_FIRED,
		COL_MELEED, COL_WEAPONS, COL_BASE, COL_TRAITS, COL_NOTES,
		NULL };
	int cu = table_col(t, COL_UNIT), cc = table_col(t, COL_CLASS),
	    cm = table_col(t, COL_MOVE), cr = table_col(t, COL_ROAD),
	    cml = table_col(t, COL_MELEE), cmo = table_col(t, COL_MORALE),
	    cfd = table_col(t, COL_FIRED), cmd = table_col(t, COL_MELEED),
	    cw = table_col(t, COL_WEAPONS), cb = table_col(t, COL_BASE),
	    ct = table_col(t, COL_TRAITS), cn = table_col(t, COL_NOTES);
	struct ruleset *rs = r->rs;
	size_t i, k;

	table_unknown_cols(r, t, known);
	if (cu < 0 || cc < 0 || cm < 0) {
		diag_add(r->d, SEV_ERROR, t->pos, "the Units table needs the "
		    "columns Unit, Class and Move (missing: %s%s%s)",
		    cu < 0 ? "Unit " : "", cc < 0 ? "Class " : "",
		    cm < 0 ? "Move" : "");
		return;
	}
	for (i = 0; i < t->nrows; i++) {
		struct cell *row = t->rows[i];
		struct rs_unit u;
		struct pending p;
		struct unitctx uc;
		char *tmp;

		memset(&u, 0, sizeof(u));
		memset(&p, 0, sizeof(p));
		u.pos = row[cu].pos;
		u.melee = -1;
		if (is_none(row[cu].text)) {
			diag_add(r->d, SEV_ERROR, row[cu].pos,
			    "unit without a name");
			continue;
		}
		if (rs->nunits >= RS_MAX_UNITS) {
			diag_add(r->d, SEV_ERROR, row[cu].pos,
			    "more than %d unit types", RS_MAX_UNITS);
			break;
		}
		if (rs_unit_find(rs, row[cu].text) >= 0) {
			diag_add(r->d, SEV_ERROR, row[cu].pos,
			    "duplicate unit '%s'", row[cu].text);
			continue;
		}
		if (name_long(r->d, row[cu].pos, "unit name", row[cu].text,
		    RS_MAX_NAME))
			continue;
		u.name = xstrdup(row[cu].text);
		u.cls_pos = row[cc].pos;
		if (class_parse(row[cc].text, &u.cls) == -1)
			diag_add(r->d, SEV_ERROR, row[cc].pos, "unit '%s' has "
			    "unknown class '%s' (known: infantry, artillery, "
			    "vehicle, cavalry, elephant, chariot)", u.name,
			    row[cc].text);
		if (is_none(row[cm].text))
			diag_add(r->d, SEV_ERROR, row[cm].pos,
			    "unit '%s' has no Move", u.name);
		else
			cell_len(r, &row[cm], "Move", &u.move_mm);
		if (cr >= 0 && !is_none(row[cr].text))
			cell_len(r, &row[cr], "Road move", &u.road_move_mm);
		if (cml >= 0 && !is_none(row[cml].text) &&
		    cell_int(r, &row[cml], "Melee", 0, 6, &u.melee) == -1)
			u.melee = -2; /* reported: no second message */
		if (cmo >= 0 && !is_none(row[cmo].text))
			cell_int(r, &row[cmo], "Morale", 1, 12, &u.morale);
		if (cfd >= 0 && !is_none(row[cfd].text))
			cell_int(r, &row[cfd], "Fire dice", 0, 20,
			    &u.fire_dice);
		if (cmd >= 0 && !is_none(row[cmd].text))
			cell_int(r, &row[cmd], "Melee dice", 0, 20,
			    &u.melee_dice);
		if (ct >= 0 && !is_none(row[ct].text)) {
			tmp = xstrdup(row[ct].text);
			split_list(tmp, trait_item, r, row[ct].pos, &u.traits);
			free(tmp);
		}
		u.base_w_mm = rs->base_w_mm;
		u.base_d_mm = rs->base_d_mm;
		if (cb >= 0 && !is_none(row[cb].text)) {
			const char *why;

			if (strchr(row[cb].text, 'x') != NULL ?
			    len_parse_pair(row[cb].text, rs->measure,
			    &u.base_w_mm, &u.base_d_mm, &why) :
			    len_parse(row[cb].text, rs->measure, &u.base_w_mm,
			    &why)) {
				diag_add(r->d, SEV_ERROR, row[cb].pos,
				    "Base '%s': %s", row[cb].text, why);
			} else if (strchr(row[cb].text, 'x') == NULL)
				u.base_d_mm = u.base_w_mm;
		}
		if (cn >= 0 && !is_none(row[cn].text))
			u.notes = xstrdup(row[cn].text);
		if (cw >= 0 && !is_none(row[cw].text)) {
			uc.u = &u;
			uc.wnames = p.names;
			uc.wpos = p.pos;
			uc.nw = 0;
			tmp = xstrdup(row[cw].text);
			split_list(tmp, unit_weapon_item, r, row[cw].pos, &uc);
			free(tmp);
			p.n = uc.nw;
		}
		for (k = 0; k < p.n; k++)
			u.weapon_pos[k] = p.pos[k];
		XPUSH(rs->units, rs->nunits, rs->capunits, u);
		XPUSH(r->pend, r->npend, r->cappend, p);
	}
}

static void
face_item(struct reader *r, const char *s, struct pos at, void *arg)
{
	unsigned *faces = arg;
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || *end != '\0' || v < 1 || v > 6) {
		diag_add(r->d, SEV_ERROR, at,
		    "die face '%s' is not a number from 1 to 6", s);
		return;
	}
	*faces |= 1u << v;
}

static void
class_item(struct reader *r, const char *s, struct pos at, void *arg)
{
	unsigned *mask = arg;
	enum rs_class c;

	if (name_eq(s, "all")) {
		*mask = RS_CLASS_ALL;
		return;
	}
	if (class_parse(s, &c) == -1) {
		diag_add(r->d, SEV_ERROR, at, "unknown class '%s' (known: "
		    "all, infantry, artillery, vehicle, cavalry, elephant, "
		    "chariot)", s);
		return;
	}
	*mask |= 1u << c;
}

static void
wtrait_item(struct reader *r, const char *s, struct pos at, void *arg)
{
	unsigned *t = arg;

	if (name_eq(s, "indirect"))
		*t |= RS_WTRAIT_INDIRECT;
	else
		diag_add(r->d, SEV_ERROR, at,
		    "unknown weapon trait '%s' (known: indirect)", s);
}

static void
read_weapons(struct reader *r, const struct table *t)
{
	static const char *const COL_WEAPON[] = { "Weapon", "Name", NULL };
	static const char *const *const known[] = { COL_WEAPON, COL_RANGE,
		COL_HITS, COL_DESTROYS, COL_TRAITS, COL_NOTES, NULL };
	int cw = table_col(t, COL_WEAPON), cr = table_col(t, COL_RANGE),
	    ch = table_col(t, COL_HITS), cd = table_col(t, COL_DESTROYS),
	    ct = table_col(t, COL_TRAITS), cn = table_col(t, COL_NOTES);
	struct ruleset *rs = r->rs;
	size_t i;
	char *tmp;

	table_unknown_cols(r, t, known);
	if (cw < 0 || cr < 0) {
		diag_add(r->d, SEV_ERROR, t->pos, "the Weapons table needs the "
		    "columns Weapon and Range");
		return;
	}
	for (i = 0; i < t->nrows; i++) {
		struct cell *row = t->rows[i];
		struct rs_weapon w;

		memset(&w, 0, sizeof(w));
		w.pos = row[cw].pos;
		if (is_none(row[cw].text)) {
			diag_add(r->d, SEV_ERROR, row[cw].pos,
			    "weapon without a name");
			continue;
		}
		if (rs->nweapons >= RS_MAX_WEAPONS) {
			diag_add(r->d, SEV_ERROR, w.pos, "more than %d weapons",
			    RS_MAX_WEAPONS);
			break;
		}
		if (rs_weapon_find(rs, row[cw].text) >= 0) {
			diag_add(r->d, SEV_ERROR, w.pos, "duplicate weapon '%s'",
			    row[cw].text);
			continue;
		}
		if (name_long(r->d, w.pos, "weapon name", row[cw].text,
		    RS_MAX_NAME))
			continue;
		w.name = xstrdup(row[cw].text);
		if (is_none(row[cr].text))
			diag_add(r->d, SEV_ERROR, row[cr].pos,
			    "weapon '%s' has no Range", w.name);
		else if (cell_len(r, &row[cr], "Range", &w.range_mm) == 0 &&
		    w.range_mm <= 0)
			diag_add(r->d, SEV_ERROR, row[cr].pos,
			    "weapon '%s' has a zero Range", w.name);
		if (ch >= 0 && !is_none(row[ch].text)) {
			tmp = xstrdup(row[ch].text);
			split_list(tmp, face_item, r, row[ch].pos, &w.hit_faces);
			free(tmp);
		}
		if (cd >= 0 && !is_none(row[cd].text)) {
			tmp = xstrdup(row[cd].text);
			split_list(tmp, class_item, r, row[cd].pos, &w.destroys);
			free(tmp);
		}
		if (ct >= 0 && !is_none(row[ct].text)) {
			tmp = xstrdup(row[ct].text);
			split_list(tmp, wtrait_item, r, row[ct].pos, &w.traits);
			free(tmp);
		}
		if (cn >= 0 && !is_none(row[cn].text))
			w.notes = xstrdup(row[cn].text);
		XPUSH(rs->weapons, rs->nweapons, rs->capweapons, w);
	}
}

static void
read_terrain(struct reader *r, const struct table *t)
{
	static const char *const *const known[] = { COL_TERRAIN, COL_KIND,
		COL_EFFECT, COL_NOTES, NULL };
	int cn = table_col(t, COL_TERRAIN), ck = table_col(t, COL_KIND),
	    ce = table_col(t, COL_EFFECT);
	size_t i, k;

	table_unknown_cols(r, t, known);
	if (cn < 0 || ck < 0) {
		diag_add(r->d, SEV_ERROR, t->pos, "the Terrain table needs the "
		    "columns Terrain and Kind");
		return;
	}
	for (i = 0; i < t->nrows; i++) {
		struct cell *row = t->rows[i];
		struct rs_terrain tr;

		memset(&tr, 0, sizeof(tr));
		tr.pos = row[cn].pos;
		for (k = 0; k < RS_TERRAIN__MAX; k++)
			if (name_eq(row[ck].text, terrain_kind_names[k]) ||
			    (k == RS_TERRAIN_WOOD &&
			    name_eq(row[ck].text, "woods")) ||
			    (k == RS_TERRAIN_HILL &&
			    name_eq(row[ck].text, "hills")))
				break;
		if (k == RS_TERRAIN__MAX) {
			diag_add(r->d, SEV_ERROR, row[ck].pos, "unknown terrain "
			    "kind '%s' (known: open, hill, wood, river, ford, "
			    "road, town, fortification)", row[ck].text);
			continue;
		}
		if (name_long(r->d, row[cn].pos, "terrain name", row[cn].text,
		    RS_MAX_NAME))
			continue;
		tr.kind = (enum rs_terrain_kind)k;
		tr.name = xstrdup(is_none(row[cn].text) ?
		    terrain_kind_names[k] : row[cn].text);
		if (ce >= 0 && !is_none(row[ce].text))
			tr.effect = xstrdup(row[ce].text);
		XPUSH(r->rs->terrain, r->rs->nterrain, r->rs->capterrain, tr);
	}
}

static void
read_mods(struct reader *r, const struct table *t, enum rs_mod_scope scope)
{
	static const char *const *const known[] = { COL_MODIFIER, COL_KEY,
		COL_VALUE, COL_NOTES, NULL };
	int cm = table_col(t, COL_MODIFIER), ck = table_col(t, COL_KEY),
	    cv = table_col(t, COL_VALUE);
	size_t i;

	table_unknown_cols(r, t, known);
	if (cm < 0 || ck < 0 || cv < 0) {
		diag_add(r->d, SEV_ERROR, t->pos, "the %s table needs the "
		    "columns Modifier, Key and Value", t->what);
		return;
	}
	for (i = 0; i < t->nrows; i++) {
		struct cell *row = t->rows[i];
		struct rs_modifier m;

		memset(&m, 0, sizeof(m));
		m.pos = row[ck].pos;
		m.scope = scope;
		if (is_none(row[ck].text)) {
			diag_add(r->d, SEV_ERROR, row[ck].pos,
			    "modifier without a Key");
			continue;
		}
		if (rs_mod_find(r->rs, scope, row[ck].text) != NULL) {
			diag_add(r->d, SEV_ERROR, row[ck].pos,
			    "duplicate modifier '%s'", row[ck].text);
			continue;
		}
		if (cell_int(r, &row[cv], "Value", -6, 6, &m.value) == -1)
			continue;
		m.key = xstrdup(row[ck].text);
		m.text = xstrdup(row[cm].text);
		XPUSH(r->rs->mods, r->rs->nmods, r->rs->capmods, m);
	}
}

static void
read_phases(struct reader *r, const struct rs_md *list)
{
	size_t i, j;

	for (i = 0; i < list->nkids; i++) {
		const struct rs_md *item = list->kids[i], *para, *lead = NULL;
		struct rs_phase ph;
		char *t;

		memset(&ph, 0, sizeof(ph));
		ph.pos = item->pos;
		ph.text = rs_md_text(item);
		para = item->nkids > 0 ? item->kids[0] : NULL;
		if (para != NULL && para->kind == RS_MD_PARAGRAPH)
			for (j = 0; j < para->nkids && lead == NULL; j++)
				if (para->kids[j]->kind == RS_MD_STRONG)
					lead = para->kids[j];
		if (lead != NULL)
			ph.name = rs_md_text(lead);
		else {
			/* No bold lead-in: the words before a dash or colon. */
			size_t n = strcspn(ph.text, ":.\xe2");
			ph.name = xstrndup(ph.text, n);
		}
		t = xstrdup(trim(ph.name));
		free(ph.name);
		ph.name = t;
		if (name_long(r->d, ph.pos, lead != NULL ? "phase name" :
		    "phase name (its words up to the first colon or full "
		    "stop; or give it in bold)", ph.name, RS_MAX_NAME)) {
			free(ph.name);
			free(ph.text);
			continue;
		}
		XPUSH(r->rs->phases, r->rs->nphases, r->rs->capphases, ph);
	}
}

/*
 * The static part of a test game's check: every unit it places names a
 * unit type of the ruleset. Playing it is the engine's business. Test
 * games are read after the Units table, wherever they stand.
 */
static void
check_testgame_units(struct reader *r, const struct rs_node *doc)
{
	const struct rs_node *units = rs_node_get(doc, "units"), *ty;
	size_t i;

	if (units == NULL)
		return;
	if (units->kind != RS_NODE_MAP) {
		diag_add(r->d, SEV_ERROR, units->pos, "test game 'units' must "
		    "map names to units ({ side: blue, type: Rifle, at: [0, 0] })");
		return;
	}
	for (i = 0; i + 1 < units->nkids; i += 2) {
		ty = rs_node_get(units->kids[i + 1], "type");
		if (ty == NULL)
			diag_add(r->d, SEV_ERROR, units->kids[i + 1]->pos,
			    "test game unit '%s' has no type",
			    units->kids[i]->scalar);
		else if (ty->kind != RS_NODE_SCALAR ||
		    rs_unit_find(r->rs, ty->scalar) < 0)
			diag_add(r->d, SEV_ERROR, ty->pos, "test game unit '%s' "
			    "has unknown type '%s'", units->kids[i]->scalar,
			    ty->kind == RS_NODE_SCALAR ? ty->scalar : "?");
	}
}

static void
read_testgame(struct reader *r, const struct rs_md *code)
{
	struct rs_testgame tg;
	struct rs_node *doc;
	const struct rs_node *nm;

	if (r->rs->ntests >= RS_MAX_TESTGAMES) {
		diag_add(r->d, SEV_ERROR, code->pos, "more than %d test games",
		    RS_MAX_TESTGAMES);
		return;
	}
	/* The YAML starts on the line after the fence. */
	doc = rs_yaml_parse(r->rs->path, code->text, strlen(code->text),
	    code->pos.line, r->d);
	if (doc == NULL)
		return;
	if (doc->kind != RS_NODE_MAP) {
		diag_add(r->d, SEV_ERROR, code->pos,
		    "a test game must be a YAML mapping");
		rs_node_free(doc);
		return;
	}
	memset(&tg, 0, sizeof(tg));
	tg.pos = code->pos;
	check_testgame_units(r, doc);
	tg.doc = doc;
	nm = rs_node_get(doc, "name");
	if (nm != NULL && nm->kind == RS_NODE_SCALAR && name_long(r->d,
	    nm->pos, "test game name", nm->scalar, RS_MAX_TITLE)) {
		rs_node_free(doc);
		return;
	}
	tg.name = nm != NULL && nm->kind == RS_NODE_SCALAR ?
	    xstrdup(nm->scalar) : xasprintf("test game %zu",
	    r->rs->ntests + 1);
	XPUSH(r->rs->tests, r->rs->ntests, r->rs->captests, tg);
}

enum section { SEC_OTHER, SEC_UNITS, SEC_WEAPONS, SEC_TERRAIN, SEC_SEQUENCE,
	SEC_MORALE_MODS, SEC_MELEE_MODS, SEC_FIRE_MODS, SEC_MELEE_POWER_MODS };

static enum section
section_of(const char *title)
{
	if (name_eq(title, "Units") || name_eq(title, "Unit types"))
		return SEC_UNITS;
	if (name_eq(title, "Weapons") || name_eq(title, "Firing ranges"))
		return SEC_WEAPONS;
	if (name_eq(title, "Terrain"))
		return SEC_TERRAIN;
	if (name_eq(title, "Sequence of play") || name_eq(title, "Turn sequence"))
		return SEC_SEQUENCE;
	if (name_eq(title, "Morale modifiers"))
		return SEC_MORALE_MODS;
	if (name_eq(title, "Melee modifiers"))
		return SEC_MELEE_MODS;
	if (name_eq(title, "Fire modifiers"))
		return SEC_FIRE_MODS;
	if (name_eq(title, "Melee power modifiers"))
		return SEC_MELEE_POWER_MODS;
	return SEC_OTHER;
}

/* Find test-game blocks anywhere in the tree (depth is already capped). */
static void
find_testgames(struct reader *r, const struct rs_md *m)
{
	size_t i;

	if (m->kind == RS_MD_CODE_BLOCK && m->info != NULL &&
	    strncmp(m->info, "test-game", 9) == 0 &&
	    (m->info[9] == '\0' || isspace((unsigned char)m->info[9])))
		read_testgame(r, m);
	for (i = 0; i < m->nkids; i++)
		find_testgames(r, m->kids[i]);
}

static void
read_body(struct reader *r)
{
	const struct rs_md *doc = r->rs->doc;
	enum section sec = SEC_OTHER;
	int seen[SEC_MELEE_POWER_MODS + 1] = { 0 };
	size_t i;
	struct table t;
	static const char *const names[] = { "", "Units", "Weapons", "Terrain",
		"Sequence of play", "Morale modifiers", "Melee modifiers",
		"Fire modifiers", "Melee power modifiers" };

	for (i = 0; i < doc->nkids; i++) {
		const struct rs_md *m = doc->kids[i];

		if (m->kind == RS_MD_HEADING && m->level <= 2) {
			char *title = rs_md_text(m);

			sec = m->level == 2 ? section_of(trim(title)) :
			    SEC_OTHER;
			free(title);
			continue;
		}
		if (sec == SEC_OTHER)
			continue;
		if (m->kind == RS_MD_TABLE && sec != SEC_SEQUENCE) {
			if (seen[sec]++) {
				diag_add(r->d, SEV_WARNING, m->pos, "second table "
				    "in the %s section (ignored)", names[sec]);
				continue;
			}
			table_load(&t, m, names[sec], r->d);
			switch (sec) {
			case SEC_UNITS:
				read_units(r, &t);
				break;
			case SEC_WEAPONS:
				read_weapons(r, &t);
				break;
			case SEC_TERRAIN:
				read_terrain(r, &t);
				break;
			case SEC_MORALE_MODS:
				read_mods(r, &t, RS_MOD_MORALE);
				break;
			case SEC_MELEE_MODS:
				read_mods(r, &t, RS_MOD_MELEE_DIE);
				break;
			case SEC_FIRE_MODS:
				read_mods(r, &t, RS_MOD_FIRE_DIE);
				break;
			case SEC_MELEE_POWER_MODS:
				read_mods(r, &t, RS_MOD_MELEE_POWER);
				break;
			default:
				break;
			}
			table_free(&t);
		} else if (m->kind == RS_MD_LIST && m->ordered &&
		    sec == SEC_SEQUENCE && !seen[sec]++)
			read_phases(r, m);
	}
	find_testgames(r, doc);
}

/* ---- front matter ---- */

static const char *
fm_scalar(struct reader *r, const struct rs_node *n, const char *key)
{
	const struct rs_node *v = rs_node_get(n, key);

	if (v == NULL)
		return NULL;
	if (v->kind != RS_NODE_SCALAR) {
		diag_add(r->d, SEV_ERROR, v->pos, "'%s' must be a single value",
		    key);
		return NULL;
	}
	return v->scalar;
}

/* A front-matter value printed as a title: at most RS_MAX_TITLE
 * characters. */
static const char *
fm_title(struct reader *r, const struct rs_node *n, const char *key)
{
	const char *s = fm_scalar(r, n, key);
	char what[32];

	snprintf(what, sizeof(what), "'%s'", key);
	if (s != NULL && name_long(r->d, rs_node_get(n, key)->pos, what, s,
	    RS_MAX_TITLE))
		return NULL;
	return s;
}

static void
fm_int(struct reader *r, const struct rs_node *fm, const char *key, int lo,
    int hi, int *out)
{
	const struct rs_node *v = rs_node_get(fm, key);
	long x;

	if (v == NULL)
		return;
	if (rs_node_int(v, &x) == -1)
		diag_add(r->d, SEV_ERROR, v->pos, "'%s' must be a whole number",
		    key);
	else if (x < lo || x > hi)
		diag_add(r->d, SEV_ERROR, v->pos,
		    "'%s' %ld is out of range (%d to %d)", key, x, lo, hi);
	else
		*out = (int)x;
}

static void
fm_len(struct reader *r, const struct rs_node *fm, const char *key,
    double *mm)
{
	const struct rs_node *v = rs_node_get(fm, key);
	const char *why;

	if (v == NULL)
		return;
	if (v->kind != RS_NODE_SCALAR ||
	    len_parse(v->scalar, r->rs->measure, mm, &why) == -1)
		diag_add(r->d, SEV_ERROR, v->pos, "'%s': %s", key,
		    v->kind != RS_NODE_SCALAR ? "expected a length" : why);
}

/* battle: break: 50% (or 50): the army break point, 1 to 100. */
static void
read_break(struct reader *r, const struct rs_node *b)
{
	const struct rs_node *v = rs_node_get(b, "break");
	long x;

	if (v == NULL)
		return;
	r->rs->break_pos = v->pos;
	if (rs_node_pct(v, &x) == -1) {
		diag_add(r->d, SEV_ERROR, v->pos, "'break' must be a share "
		    "of the army's fighting units, such as 50%%, not '%s'",
		    v->kind == RS_NODE_SCALAR ? v->scalar : "a list");
		return;
	}
	if (x < 1 || x > 100) {
		diag_add(r->d, SEV_ERROR, v->pos, "'break' %ld%% is out of "
		    "range (1%% to 100%%)", x);
		return;
	}
	r->rs->break_pct = (int)x;
}

static void
read_battle(struct reader *r, const struct rs_node *b)
{
	const struct rs_node *f;
	size_t i;
	long x;

	if (b->kind != RS_NODE_MAP) {
		diag_add(r->d, SEV_ERROR, b->pos, "'battle' must be a mapping "
		    "(turns, deploy, forces)");
		return;
	}
	fm_int(r, b, "turns", 1, 10000, &r->rs->turn_limit);
	read_break(r, b);
	fm_len(r, b, "deploy", &r->rs->deploy_mm);
	if ((f = rs_node_get(b, "forces")) == NULL)
		return;
	if (f->kind != RS_NODE_MAP) {
		diag_add(r->d, SEV_ERROR, f->pos, "'forces' must map unit "
		    "names to counts (Rifle: 4)");
		return;
	}
	for (i = 0; i + 1 < f->nkids; i += 2) {
		struct rs_force fc;

		fc.pos = f->kids[i]->pos;
		fc.unit = -1;
		if (rs_node_int(f->kids[i + 1], &x) == -1 || x < 0 ||
		    x > 1000) {
			diag_add(r->d, SEV_ERROR, f->kids[i + 1]->pos,
			    "count of '%s' must be a whole number from 0 to "
			    "1000", f->kids[i]->scalar);
			continue;
		}
		fc.count = (int)x;
		XPUSH(r->rs->forces, r->rs->nforces, r->rs->capforces, fc);
	}
}

static void
read_front(struct reader *r, const struct rs_node *fm)
{
	static const char *const keys[] = { "title", "author", "year",
		"version", "engine", "measure", "base", "table", "grid",
		"paper", "hits_per_morale", "battle", "description", "license",
		"source", NULL };
	struct ruleset *rs = r->rs;
	const char *s, *why;
	const struct rs_node *v;
	size_t i;
	const char *const *k;

	if (fm->kind != RS_NODE_MAP) {
		diag_add(r->d, SEV_ERROR, fm->pos,
		    "front matter must be a YAML mapping (key: value)");
		return;
	}
	for (i = 0; i + 1 < fm->nkids; i += 2) {
		for (k = keys; *k != NULL; k++)
			if (strcasecmp(*k, fm->kids[i]->scalar) == 0)
				break;
		if (*k == NULL)
			diag_add(r->d, SEV_WARNING, fm->kids[i]->pos,
			    "unknown front matter key '%s' (ignored)",
			    fm->kids[i]->scalar);
	}
	if ((v = rs_node_get(fm, "title")) != NULL)
		rs->title_pos = v->pos;
	if ((s = fm_title(r, fm, "title")) != NULL)
		rs->title = xstrdup(s);
	if ((s = fm_title(r, fm, "author")) != NULL)
		rs->author = xstrdup(s);
	if ((s = fm_title(r, fm, "year")) != NULL)
		rs->year = xstrdup(s);
	if ((s = fm_title(r, fm, "version")) != NULL)
		rs->version = xstrdup(s);
	if ((s = fm_scalar(r, fm, "paper")) != NULL) {
		double pw, ph;
		const char *why;

		/* The products take the same papers: what check passes,
		 * build can make. */
		if (paper_parse(s, &pw, &ph, &why) == -1)
			diag_add(r->d, SEV_ERROR, rs_node_get(fm, "paper")->pos,
			    "paper '%s': %s", s, why);
		else
			rs->paper = xstrdup(s);
	}
	if ((v = rs_node_get(fm, "measure")) != NULL) {
		s = fm_scalar(r, fm, "measure");
		if (s != NULL && (rs->measure = len_unit_from_name(s)) ==
		    LEN_NONE) {
			diag_add(r->d, SEV_ERROR, v->pos, "unknown measure '%s' "
			    "(use in, mm or cm)", s);
			rs->measure = LEN_MM;
		}
	}
	if ((v = rs_node_get(fm, "engine")) != NULL) {
		rs->engine_pos = v->pos;
		s = fm_scalar(r, fm, "engine");
		if (s != NULL && strcasecmp(s, "firepower") == 0)
			rs->engine = RS_ENGINE_FIREPOWER;
		else if (s != NULL && strcasecmp(s, "morale") == 0)
			rs->engine = RS_ENGINE_MORALE;
		else if (s != NULL)
			diag_add(r->d, SEV_ERROR, v->pos, "unknown engine '%s' "
			    "(known: firepower, morale)", s);
	}
	if ((v = rs_node_get(fm, "base")) != NULL) {
		s = fm_scalar(r, fm, "base");
		if (s != NULL && strpbrk(s, "xX") != NULL) {
			if (len_parse_pair(s, rs->measure, &rs->base_w_mm,
			    &rs->base_d_mm, &why) == -1)
				diag_add(r->d, SEV_ERROR, v->pos, "base: %s", why);
		} else if (s != NULL) {
			if (len_parse(s, rs->measure, &rs->base_w_mm, &why) == -1)
				diag_add(r->d, SEV_ERROR, v->pos, "base: %s", why);
			rs->base_d_mm = rs->base_w_mm;
		}
		if (rs->base_w_mm > 1000 || rs->base_d_mm > 1000)
			diag_add(r->d, SEV_ERROR, v->pos,
			    "base is larger than a metre");
	}
	if ((v = rs_node_get(fm, "table")) != NULL &&
	    (s = fm_scalar(r, fm, "table")) != NULL) {
		if (len_parse_pair(s, rs->measure, &rs->table_w_mm,
		    &rs->table_h_mm, &why) == -1)
			diag_add(r->d, SEV_ERROR, v->pos, "table: %s", why);
		else if (rs->table_w_mm < 100 || rs->table_h_mm < 100 ||
		    rs->table_w_mm > 100000 || rs->table_h_mm > 100000)
			diag_add(r->d, SEV_ERROR, v->pos, "table size '%s' is "
			    "impossible (10 cm to 100 m a side)", s);
	}
	if ((v = rs_node_get(fm, "grid")) != NULL &&
	    (s = fm_scalar(r, fm, "grid")) != NULL) {
		enum rs_grid g;

		rs->grid_pos = v->pos;
		if (rs_grid_parse(s, rs->measure, &g, &rs->cell_mm, &why) != 0)
			diag_add(r->d, SEV_ERROR, v->pos, "grid '%s': %s", s,
			    why);
		else if ((rs->grid = g) != RS_GRID_NONE && rs->cell_mm == 0)
			diag_add(r->d, SEV_ERROR, v->pos,
			    "grid needs a cell size, like 'square 3in'");
		else if (rs->grid != RS_GRID_NONE && rs->cell_mm < 2)
			diag_add(r->d, SEV_ERROR, v->pos,
			    "grid cell is smaller than 2 mm");
	}
	fm_int(r, fm, "hits_per_morale", 1, 20, &rs->hits_per_morale);
	if ((v = rs_node_get(fm, "battle")) != NULL)
		read_battle(r, v);
}

/* Whether the n bytes at s are all spaces, tabs or carriage returns (s
 * need not be NUL-terminated). */
static int
only_blanks(const char *s, size_t n)
{
	while (n-- > 0)
		if (*s != ' ' && *s != '\t' && *s != '\r')
			return 0;
		else
			s++;
	return 1;
}

/*
 * Split off "---" front matter. Returns the line after the closing fence
 * (1-based) or 0 when there is none; -1 when it is not closed.
 */
static int
front_split(const char *s, size_t len, size_t *fm_start, size_t *fm_len,
    size_t *body_start)
{
	size_t i = 0, ls;
	int line = 1;

	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	if (len - i < 3 || memcmp(s + i, "---", 3) != 0)
		return 0;
	i += 3;
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
		i++;
	if (i < len && s[i] != '\n')
		return 0;
	i++;
	line++;
	*fm_start = i;
	while (i < len) {
		ls = i;
		while (i < len && s[i] != '\n')
			i++;
		if (i - ls >= 3 && (memcmp(s + ls, "---", 3) == 0 ||
		    memcmp(s + ls, "...", 3) == 0) &&
		    only_blanks(s + ls + 3, i - ls - 3)) {
			*fm_len = ls - *fm_start;
			*body_start = i < len ? i + 1 : i;
			return line + 1;
		}
		i++;
		line++;
	}
	return -1;
}

/* ---- resolution and checks across sections ---- */

static void
resolve(struct reader *r)
{
	struct ruleset *rs = r->rs;
	struct pos top = { rs->path, 1, 1 };
	size_t i, k;
	int *used;

	used = xcalloc(rs->nweapons ? rs->nweapons : 1, sizeof(int));
	for (i = 0; i < rs->nunits && i < r->npend; i++) {
		struct rs_unit *u = &rs->units[i];

		for (k = 0; k < r->pend[i].n; k++) {
			int w = rs_weapon_find(rs, r->pend[i].names[k]);

			if (w < 0) {
				diag_add(r->d, SEV_ERROR, r->pend[i].pos[k],
				    "unit '%s' has weapon '%s', which the "
				    "Weapons table does not list", u->name,
				    r->pend[i].names[k]);
				continue;
			}
			used[w]++;
			u->weapon_pos[u->nweapons] = r->pend[i].pos[k];
			u->weapons[u->nweapons++] = w;
		}
		if (rs->engine == RS_ENGINE_FIREPOWER && u->melee == -1 &&
		    !(u->traits & RS_TRAIT_NO_MELEE))
			diag_add(r->d, SEV_ERROR, u->pos, "unit '%s' has no Melee "
			    "(give a melee power, or the trait no-melee)",
			    u->name);
		if (rs->engine == RS_ENGINE_MORALE && u->morale == 0)
			diag_add(r->d, SEV_ERROR, u->pos, "unit '%s' has no "
			    "Morale", u->name);
		if (u->move_mm > 10000)
			diag_add(r->d, SEV_ERROR, u->pos, "unit '%s' moves more "
			    "than 10 m a turn", u->name);
	}
	for (i = 0; i < rs->nweapons; i++) {
		if (!used[i])
			diag_add(r->d, SEV_WARNING, rs->weapons[i].pos,
			    "weapon '%s' is carried by no unit",
			    rs->weapons[i].name);
		if (rs->engine == RS_ENGINE_FIREPOWER &&
		    rs->weapons[i].hit_faces == 0)
			diag_add(r->d, SEV_ERROR, rs->weapons[i].pos,
			    "weapon '%s' has no Hits on", rs->weapons[i].name);
		if (rs->engine == RS_ENGINE_FIREPOWER &&
		    rs->weapons[i].destroys == 0)
			diag_add(r->d, SEV_WARNING, rs->weapons[i].pos,
			    "weapon '%s' destroys nothing", rs->weapons[i].name);
	}
	free(used);
	for (i = 0; i < rs->nforces; i++) {
		const struct rs_node *fo = rs_node_get(rs_node_get(rs->front,
		    "battle"), "forces");
		const char *nm = fo->kids[0]->scalar;
		size_t j;

		/* Recover the name from the position (forces are few). */
		for (j = 0; j + 1 < fo->nkids; j += 2)
			if (fo->kids[j]->pos.line == rs->forces[i].pos.line &&
			    fo->kids[j]->pos.col == rs->forces[i].pos.col)
				nm = fo->kids[j]->scalar;
		if ((rs->forces[i].unit = rs_unit_find(rs, nm)) < 0)
			diag_add(r->d, SEV_ERROR, rs->forces[i].pos,
			    "battle force names unknown unit '%s'", nm);
	}
	if (rs->title == NULL && rs->front != NULL &&
	    rs_node_get(rs->front, "title") == NULL)
		diag_add(r->d, SEV_ERROR, top, "no title in the front matter");
	if (rs->break_pct > 0 && rs->engine == RS_ENGINE_FIREPOWER)
		diag_add(r->d, SEV_WARNING, rs->break_pos, "'break' is a rule "
		    "of the morale family; the firepower family ignores it");
	if (rs->engine == RS_ENGINE_NONE && rs->front != NULL &&
	    rs_node_get(rs->front, "engine") == NULL)
		diag_add(r->d, SEV_ERROR, top, "no engine in the front matter "
		    "(engine: firepower or engine: morale)");
	if (rs->nunits == 0)
		diag_add(r->d, SEV_ERROR, top, "no units: a ruleset needs a "
		    "'## Units' section with a table");
	if (rs->engine == RS_ENGINE_FIREPOWER && rs->nweapons == 0)
		diag_add(r->d, SEV_ERROR, top, "no weapons: a firepower "
		    "ruleset needs a '## Weapons' section with a table");
	if (rs->nphases == 0 && rs->nunits > 0)
		diag_add(r->d, SEV_WARNING, top, "no sequence of play (an "
		    "ordered list under '## Sequence of play')");
}

struct ruleset *
rs_parse(const char *path, const char *data, size_t len, struct diags *d)
{
	struct ruleset *rs = xcalloc(1, sizeof(*rs));
	struct reader r;
	size_t fs = 0, fl = 0, bs = 0;
	int fmline;
	char *body;
	const char *slash, *base;

	rs->path = xstrdup(path);
	/* Kept for the report's quoted lines: an input is read once (it
	 * may be a pipe). */
	rs->src = xmalloc(len + 1);
	memcpy(rs->src, data, len);
	rs->src[len] = '\0';
	rs->srclen = len;
	slash = strrchr(path, '/');
	base = slash ? slash + 1 : path;
	rs->name = xstrdup(base);
	if (strlen(rs->name) > 3 &&
	    strcmp(rs->name + strlen(rs->name) - 3, ".md") == 0)
		rs->name[strlen(rs->name) - 3] = '\0';
	rs->measure = LEN_MM;
	rs->base_w_mm = rs->base_d_mm = 25.4;
	rs->table_w_mm = 1828.8;
	rs->table_h_mm = 1219.2;
	rs->hits_per_morale = 3;
	r.rs = rs;
	r.d = d;
	r.pend = NULL;
	r.npend = r.cappend = 0;

	if (len == 0) {
		struct pos at = { rs->path, 1, 1 };

		diag_add(d, SEV_ERROR, at, "empty file: a ruleset needs front "
		    "matter and a Units table");
		rs->doc = md_parse(rs->path, "", 0, d);
		return rs;
	}
	/* A byte-order mark (Windows editors write one) is not text. */
	if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0) {
		data += 3;
		len -= 3;
	}
	if (text_check(rs->path, data, len, d) == -1) {
		rs->doc = md_parse(rs->path, "", 0, d);
		return rs;
	}
	fmline = front_split(data, len, &fs, &fl, &bs);
	if (fmline == -1) {
		struct pos at = { rs->path, 1, 1 };

		diag_add(d, SEV_ERROR, at, "front matter is not closed (a line "
		    "'---' must end it)");
		bs = 0;
		fmline = 0;
	} else if (fmline == 0) {
		struct pos at = { rs->path, 1, 1 };

		diag_add(d, SEV_ERROR, at, "no front matter: a ruleset starts "
		    "with a '---' line, then YAML (title, engine …), then '---'");
	} else {
		rs->front = rs_yaml_parse(rs->path, data + fs, fl, 1, d);
		if (rs->front != NULL) {
			/* Units, bases and lengths depend on measure: read it
			 * before the tables. */
			read_front(&r, rs->front);
		}
	}
	/* Blank the front matter so Markdown lines keep their numbers. */
	body = xmalloc(len + 1);
	memcpy(body, data, len);
	body[len] = '\0';
	if (fmline > 0) {
		size_t i;

		for (i = 0; i < bs && i < len; i++)
			if (body[i] != '\n')
				body[i] = ' ';
	}
	rs->doc = md_parse(rs->path, body, len, d);
	free(body);
	read_body(&r);
	resolve(&r);
	{
		size_t i, k;

		for (i = 0; i < r.npend; i++)
			for (k = 0; k < r.pend[i].n; k++)
				free(r.pend[i].names[k]);
		free(r.pend);
	}
	return rs;
}

struct ruleset *
rs_read(const char *path, struct diags *d)
{
	char *data, *why;
	size_t len;
	struct ruleset *rs;
	struct pos at = { path, 0, 0 };

	if (file_slurp(path, RS_MAX_FILE, &data, &len, &why) != 0) {
		int big = errno == EFBIG;

		diag_add(d, SEV_ERROR, at, "%s", why);
		free(why);
		if (!big)
			return NULL;
		/* Too large is bad input, not a missing file: an empty
		 * model. */
		{
			struct diags quiet = { 0 };

			rs = rs_parse(path, "", 0, &quiet);
			diags_free(&quiet);
		}
		return rs;
	}
	rs = rs_parse(path, data, len, d);
	free(data);
	return rs;
}
