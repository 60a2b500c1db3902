/*
 * read.c: a ruleset file into struct ruleset — the entry point. The file
 * is checked as text and split into its YAML front matter (front.c) and
 * its Markdown body; the body's level-2 headings name the sections whose
 * tables (tables.c) and lists become the model, ```test-game blocks
 * anywhere are test games, and the whole body stays as a Markdown tree
 * for the renderer. Names between sections are resolved last
 * (resolve.c). Every problem is reported with its position and the
 * reader goes on with a default.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

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
			diag_msg(d, at, MSG(BINARY_FILE_NOT_MARKDOWN_RULESET));
			return -1;
		}
		if ((n = utf8_seq(u + i, len - i, &cp)) == 0) {
			diag_msg(d, at, MSG(INVALID_UTF_BYTE_X), u[i]);
			return -1;
		}
		/* Tab, line feed, carriage return and form feed are text;
		 * other control characters (an escape sequence that would
		 * drive a terminal) are not. */
		if (is_control(cp) && cp != '\t' && cp != '\n' && cp != '\r' &&
		    cp != '\f') {
			diag_msg(d, at, MSG(CONTROL_CHARACTER), cp);
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

/* ---- the front matter, split off ---- */

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
 * (1-based) or 0 when there is none; -1 when it is not closed. A "..."
 * line (YAML's end of document) ends it too, but its line is put in
 * *dots, for an error: what follows it would be dropped unsaid.
 */
static int
front_split(const char *s, size_t len, size_t *fm_start, size_t *fm_len,
    size_t *body_start, int *dots)
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
		if (i - ls >= 3 &&
		    (memcmp(s + ls, "---", 3) == 0 ||
		        memcmp(s + ls, "...", 3) == 0) &&
		    only_blanks(s + ls + 3, i - ls - 3)) {
			*fm_len = ls - *fm_start;
			*body_start = i < len ? i + 1 : i;
			if (s[ls] == '.')
				*dots = line;
			return line + 1;
		}
		i++;
		line++;
	}
	return -1;
}

/* ---- the sequence of play and test games ---- */

/* The sequence of play: a phase for each item of the ordered list, named
 * by its bold lead-in (or its first words). */
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
		t = xstrdup(rd_trim(ph.name));
		free(ph.name);
		ph.name = t;
		if (rd_name_long(r->d, ph.pos,
		        lead != NULL ?
		            "phase name" :
		            "phase name (its words up to the first colon or full "
		            "stop; or give it in bold)",
		        ph.name, RS_MAX_NAME)) {
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
	char hintbuf[160];
	const struct rs_node *units = rs_node_get(doc, "units"), *ty;
	size_t i;

	if (units == NULL)
		return;
	if (units->kind != RS_NODE_MAP) {
		diag_msg(r->d, units->pos, MSG(TEST_GAME_UNITS_MUST_MAP));
		return;
	}
	for (i = 0; i + 1 < units->nkids; i += 2) {
		ty = rs_node_get(units->kids[i + 1], "type");
		if (ty == NULL)
			diag_msg(r->d, units->kids[i + 1]->pos,
			    MSG(TEST_GAME_UNIT_NO_TYPE),
			    units->kids[i]->scalar);
		else if (ty->kind != RS_NODE_SCALAR ||
		    (rs_unit_find(r->rs, ty->scalar) < 0 && !r->units_said))
			diag_msg(r->d, ty->pos,
			    MSG(TEST_GAME_UNIT_UNKNOWN_TYPE),
			    units->kids[i]->scalar,
			    ty->kind == RS_NODE_SCALAR ? ty->scalar : "?",
			    ty->kind == RS_NODE_SCALAR ?
			        rs_unit_hint(r->rs, ty->scalar, hintbuf,
			            sizeof(hintbuf)) :
			        "");
	}
}

/* A ```test-game block: its YAML kept for the engine to play, its units
 * checked, and its name (or "test game N"). */
static void
read_testgame(struct reader *r, const struct rs_md *code)
{
	struct rs_testgame tg;
	struct rs_node *doc;
	const struct rs_node *nm;

	/* Front matter that could not be read has no engine to play a
	 * test game: its error is the cause, said already. */
	if (r->front_failed)
		return;
	/* Whether the ruleset's family plays test games (a print-only one
	 * does not, and a test game nobody plays would pass for checked)
	 * is the engine's to say, here. */
	rd_check(r, RS_CHECK_TESTGAME, 0)->pos = code->pos;
	if (r->rs->ntests >= RS_MAX_TESTGAMES) {
		diag_msg(r->d, code->pos, MSG(MORE_TEST_GAMES),
		    RS_MAX_TESTGAMES);
		return;
	}
	/* The YAML starts on the line after the fence. */
	doc = rs_yaml_parse(r->rs->path, code->text, strlen(code->text),
	    code->pos.line, r->d);
	if (doc == NULL)
		return;
	if (doc->kind != RS_NODE_MAP) {
		diag_msg(r->d, code->pos, MSG(TEST_GAME_MUST_YAML_MAPPING));
		rs_node_free(doc);
		return;
	}
	memset(&tg, 0, sizeof(tg));
	tg.pos = code->pos;
	check_testgame_units(r, doc);
	tg.doc = doc;
	nm = rs_node_get(doc, "name");
	if (nm != NULL && nm->kind == RS_NODE_SCALAR &&
	    rd_name_long(r->d, nm->pos, "test game name", nm->scalar,
	        RS_MAX_TITLE)) {
		rs_node_free(doc);
		return;
	}
	tg.name = nm != NULL && nm->kind == RS_NODE_SCALAR ?
	    xstrdup(nm->scalar) :
	    xasprintf("test game %zu", r->rs->ntests + 1);
	XPUSH(r->rs->tests, r->rs->ntests, r->rs->captests, tg);
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

/* ---- the body, section by section ---- */

/*
 * The sections the reader knows, by the titles of their level-2 headings
 * (compared as rd_name_eq does); the first title names the section in
 * messages. A section is read from its first table, through `table` with
 * `arg`, or from its first ordered list, through `list`; what else it
 * holds is text for the renderer.
 */
static const struct section {
	const char *title, *alias;
	void (*table)(struct reader *, const struct table *, int arg);
	int arg;
	void (*list)(struct reader *, const struct rs_md *);
} sections[] = {
	{ "Units", "Unit types", rd_units, 0, NULL },
	{ "Weapons", "Firing ranges", rd_weapons, 0, NULL },
	{ "Terrain", NULL, rd_terrain, 0, NULL },
	{ "Gauges", NULL, rd_gauges, 0, NULL },
	{ "Markers", NULL, rd_markers, 0, NULL },
	{ "Sequence of play", "Turn sequence", NULL, 0, read_phases },
	{ "Morale modifiers", NULL, rd_mods, 0, NULL },
	{ "Melee modifiers", NULL, rd_mods, 0, NULL },
	{ "Fire modifiers", NULL, rd_mods, 0, NULL },
	{ "Melee power modifiers", NULL, rd_mods, 0, NULL },
};
#define NSECTIONS (sizeof(sections) / sizeof(sections[0]))
/* The places in sections[] of the ones named elsewhere. */
enum { SEC_UNITS, SEC_WEAPONS, SEC_TERRAIN, SEC_PHASES = 5 };

/*
 * Headings in other languages, and other words in English, that a writer
 * may give for a section the reader reads: index into sections[]. Such
 * a heading is prose to the reader, and a Units table under it is
 * missing: the message says so at the heading, not where the missing
 * units are first named.
 */
static const struct {
	const char *title;
	size_t sec;
} lookalikes[] = {
	{ "Einheiten", SEC_UNITS },
	{ "Truppen", SEC_UNITS },
	{ "Unit list", SEC_UNITS },
	{ "Troops", SEC_UNITS },
	{ "Troop types", SEC_UNITS },
	{ "Unit table", SEC_UNITS },
	{ "Unit\xc3\xa9s", SEC_UNITS },
	{ "Unites", SEC_UNITS },
	{ "Troupes", SEC_UNITS },
	{ "Unidades", SEC_UNITS },
	{ "Tropas", SEC_UNITS },
	{ "Unit\xc3\xa0", SEC_UNITS },
	{ "Eenheden", SEC_UNITS },
	{ "Waffen", SEC_WEAPONS },
	{ "Armes", SEC_WEAPONS },
	{ "Armas", SEC_WEAPONS },
	{ "Armi", SEC_WEAPONS },
	{ "Wapens", SEC_WEAPONS },
	{ "Weapon table", SEC_WEAPONS },
	{ "Weapon list", SEC_WEAPONS },
	{ "Gel\xc3\xa4nde", SEC_TERRAIN },
	{ "Terreno", SEC_TERRAIN },
	{ "Terrain types", SEC_TERRAIN },
	{ "Spielablauf", SEC_PHASES },
	{ "Zugfolge", SEC_PHASES },
	{ "Spielzug", SEC_PHASES },
	{ "S\xc3\xa9quence de jeu", SEC_PHASES },
	{ "Tour de jeu", SEC_PHASES },
	{ "Turn order", SEC_PHASES },
	{ "Order of play", SEC_PHASES },
	{ "Game turn", SEC_PHASES },
};

/*
 * The section a heading the reader does not read seems meant for: one
 * of the words above, or a section's title misspelt (one letter off in
 * a title of up to seven, two in a longer one: "Unit", "Weapns",
 * "Sequence of ply").
 * NULL when it is prose under a title of its own.
 */
static const struct section *
section_like(const char *title)
{
	size_t i, cap;

	for (i = 0; i < sizeof(lookalikes) / sizeof(lookalikes[0]); i++)
		if (rd_name_eq(title, lookalikes[i].title))
			return &sections[lookalikes[i].sec];
	for (i = 0; i < NSECTIONS; i++) {
		cap = strlen(sections[i].title) <= 7 ? 1 : 2;
		if (str_edit_distance(title, sections[i].title, cap) <= cap ||
		    (sections[i].alias != NULL &&
		        str_edit_distance(title, sections[i].alias, cap) <=
		            cap))
			return &sections[i];
	}
	return NULL;
}

/* The section a heading's title opens, or NULL for one the reader does
 * not read. */
static const struct section *
section_of(const char *title)
{
	size_t i;

	for (i = 0; i < NSECTIONS; i++)
		if (rd_name_eq(title, sections[i].title) ||
		    (sections[i].alias != NULL &&
		        rd_name_eq(title, sections[i].alias)))
			return &sections[i];
	return NULL;
}

/* A German or French table's column headings as the reader's English
 * ones (lang.c); the game's own columns keep their words. */
static void
table_columns_en(struct reader *r, struct table *t)
{
	const char *en;
	size_t j;

	for (j = 0; j < t->ncols; j++)
		if ((en = rd_column_en(r->rs->lang, t->head[j].text)) !=
		    t->head[j].text) {
			free(t->head[j].text);
			t->head[j].text = xstrdup(en);
		}
}

/*
 * The first table of a level-2 section the reader does not read, kept as
 * text cells (struct rs_table) for a rule family that reads sections of
 * its own. Nothing is reported: to the reader it is prose.
 */
static void
keep_table(struct reader *r, const char *title, struct pos head, int level,
    const struct rs_md *m)
{
	struct diags quiet = { 0 };
	struct rs_table x;
	struct table t;
	size_t i, j;

	rd_table_load(&t, m, title, &quiet);
	memset(&x, 0, sizeof(x));
	x.section = xstrdup(title);
	x.level = level;
	x.head_pos = head;
	x.pos = t.pos;
	x.ncols = t.ncols;
	x.nrows = t.nrows + 1;
	x.cell = xcalloc(x.nrows * x.ncols + 1, sizeof(char *));
	x.cpos = xcalloc(x.nrows * x.ncols + 1, sizeof(struct pos));
	for (i = 0; i < x.nrows; i++)
		for (j = 0; j < x.ncols; j++) {
			struct cell *c = i == 0 ? &t.head[j] :
			                          &t.rows[i - 1][j];

			RS_CELL(&x, i, j) = xstrdup(c->text);
			RS_CPOS(&x, i, j) = c->pos;
		}
	rd_table_free(&t);
	diags_free(&quiet);
	XPUSH(r->rs->tables, r->rs->ntables, r->rs->captables, x);
}

const struct rs_table *
rs_table_find(const struct ruleset *rs, const char *title)
{
	size_t i;

	for (i = 0; i < rs->ntables; i++)
		if (rs->tables[i].level == 2 &&
		    rd_name_eq(rs->tables[i].section, title))
			return &rs->tables[i];
	return NULL;
}

int
rs_name_eq(const char *a, const char *b)
{
	return rd_name_eq(a, b);
}

/*
 * A heading the reader does not read but that looks like a section's
 * (section_like), or a section's own title at another level ("# Units",
 * "### Units"): the first one for each section, kept until the walk
 * shows whether the section itself is there.
 */
struct lookalike {
	char *heading; /* as written: "## Einheiten" */
	struct pos pos;
	int level;
	int holds; /* a table or an ordered list stands under it */
};

/* Keep the heading m as like, if it is the first; returns like then. */
static struct lookalike *
lookalike_keep(struct lookalike *like, const struct rs_md *m,
    const char *title)
{
	if (like->heading != NULL)
		return NULL;
	like->heading = xasprintf("%.*s %s", m->level, "######", title);
	like->pos = m->pos;
	like->level = m->level;
	return like;
}

/*
 * What a section missing under a heading that looks like it means, said
 * at that heading: no units or (where the family needs them, resolve.c)
 * no weapons is the cause of every later complaint about a unit or a
 * weapon by name, and those are not made. Without such a heading, no
 * units is said at the top of the file. Either way it is said before the
 * test games and the names are read, as they follow from it.
 */
static void
said_missing(struct reader *r, const int *head, const int *seen,
    struct pos units_head, struct lookalike *like)
{
	struct pos top = { r->rs->path, 1, 1 };
	struct lookalike *u = &like[SEC_UNITS], *w = &like[SEC_WEAPONS];
	size_t i;

	if (r->rs->nunits == 0 && (r->csv_failed & 1))
		r->units_said = 1;
	if (r->rs->nweapons == 0 && (r->csv_failed & 2))
		r->weapons_said = 1;
	if (r->rs->nunits == 0 && !r->units_said) {
		if (u->heading != NULL && !head[SEC_UNITS])
			diag_msg(r->d, u->pos,
			    MSG(NO_UNITS_NOT_SECTION_SANDTABLE), u->heading);
		else if (seen[SEC_UNITS])
			diag_msg(r->d, units_head,
			    MSG(NO_UNITS_UNITS_TABLE_COULD));
		else if (head[SEC_UNITS])
			diag_msg(r->d, units_head,
			    MSG(NO_UNITS_UNITS_SECTION_NO));
		else
			diag_msg(r->d, top, MSG(NO_UNITS_RULESET_NEEDS_UNITS));
		r->units_said = 1;
	}
	if (r->rs->nweapons == 0) {
		if (w->heading != NULL && !head[SEC_WEAPONS]) {
			r->weapons_like = w->pos;
			r->weapons_title = w->heading;
			w->heading = NULL;
		}
		if (!(r->csv_failed & 2))
			rd_no_weapons(r);
	}
	for (i = 0; i < NSECTIONS; i++) {
		/* A subheading, or a heading over prose only, loses
		 * nothing: it may well be prose. */
		if (i == SEC_UNITS || i == SEC_WEAPONS ||
		    like[i].heading == NULL || head[i] || like[i].level != 2 ||
		    !like[i].holds)
			continue;
		if (i == SEC_PHASES)
			r->phases_said = 1;
		diag_msg(r->d, like[i].pos, MSG(READ_PROSE_NOT_SECTION_DID),
		    like[i].heading, sections[i].title, sections[i].title);
	}
	for (i = 0; i < NSECTIONS; i++)
		free(like[i].heading);
}

/*
 * Walk the top level of the body: a level-1 or level-2 heading opens a
 * section (level 1, or an unknown title, one that is not read), and a
 * section's first table or ordered list is read; a second table is
 * warned about. The first table of a level-2 section the reader does
 * not know is kept for the rule family. What is missing is then said
 * (said_missing), and test games are found anywhere.
 */
/* Put node m into doc's top level at index i. */
static void
doc_insert(struct rs_md *doc, size_t i, struct rs_md *m)
{
	XPUSH(doc->kids, doc->nkids, doc->capkids, m);
	memmove(&doc->kids[i + 1], &doc->kids[i],
	    (doc->nkids - 1 - i) * sizeof(doc->kids[0]));
	doc->kids[i] = m;
}

/* Whether a url names a spreadsheet: a CSV file, or an OpenDocument
 * one (a sheet of it after '#'); 2 for the latter. */
static int
is_csv(const char *url)
{
	const char *hash;
	size_t n;

	if (url == NULL || strstr(url, "://") != NULL)
		return 0;
	hash = strchr(url, '#');
	n = hash != NULL ? (size_t)(hash - url) : strlen(url);
	if (n > 4 && strncasecmp(url + n - 4, ".ods", 4) == 0)
		return 2;
	return hash == NULL && n > 4 && strcasecmp(url + n - 4, ".csv") == 0;
}

/* The table of a spreadsheet named in the ruleset. */
static struct rs_md *
sheet_table(struct reader *r, const char *name, struct pos at)
{
	return is_csv(name) == 2 ? rd_ods_table(r, name, at) :
	                           rd_csv_table(r, name, at);
}

/*
 * Tables kept in spreadsheets (csvtab.c) into the document, where the
 * reader and the products find them as any table: a paragraph that is
 * only a link to a .csv file is replaced by its table; the front
 * matter's units:, weapons: and terrain: put theirs under the section's
 * heading. Both for one section, or a table of its own too: an error.
 */
static void
read_csv_tables(struct reader *r)
{
	static const char *const keys[] = { "units", "weapons", "terrain" };
	struct rs_md *doc = r->rs->doc;
	const struct rs_node *fm = r->rs->front;
	size_t i, k;

	const struct section *in = NULL;

	for (i = 0; i < doc->nkids; i++) {
		struct rs_md *m = doc->kids[i], *tab;
		char *name;

		if (m->kind == RS_MD_HEADING && m->level <= 2) {
			char *title = rs_md_text(m);

			in = section_of(
			    rs_heading_en(r->rs->lang, rd_trim(title)));
			free(title);
		}
		if (m->kind != RS_MD_PARAGRAPH || m->nkids != 1 ||
		    m->kids[0]->kind != RS_MD_LINK || m->kids[0]->level != 0 ||
		    !is_csv(m->kids[0]->info))
			continue;
		name = xstrdup(m->kids[0]->info);
		if ((tab = sheet_table(r, name, m->kids[0]->pos)) != NULL) {
			rs_md_free(m);
			doc->kids[i] = tab;
		} else if (in != NULL && in - sections < 3)
			r->csv_failed |= 1u << (in - sections);
		free(name);
	}
	for (k = 0; fm != NULL && k < sizeof(keys) / sizeof(keys[0]); k++) {
		const struct rs_node *v = rs_node_get(fm, keys[k]);
		const struct section *want = section_of(k == 0 ? "Units" :
		        k == 1                                 ? "Weapons" :
		                                                 "Terrain");
		struct rs_md *tab;
		size_t at = doc->nkids, j;

		if (v == NULL)
			continue;
		if (v->kind != RS_NODE_SCALAR || !is_csv(v->scalar)) {
			diag_msg(r->d, v->pos, MSG(CSV_FRONT_NOT_CSV),
			    keys[k]);
			continue;
		}
		/* Under its section's heading, before what follows it. */
		for (j = 0; j < doc->nkids; j++) {
			const struct rs_md *m = doc->kids[j];
			char *title;
			const char *tt;

			if (m->kind != RS_MD_HEADING || m->level != 2)
				continue;
			if (at < doc->nkids)
				break;
			title = rs_md_text(m);
			tt = rs_heading_en(r->rs->lang, rd_trim(title));
			if (section_of(tt) == want)
				at = j + 1;
			free(title);
		}
		if (at == doc->nkids &&
		    (doc->nkids == 0 ||
		        doc->kids[at - 1]->kind != RS_MD_HEADING)) {
			diag_msg(r->d, v->pos, MSG(CSV_NO_SECTION), keys[k],
			    want->title);
			continue;
		}
		for (j = at; j < doc->nkids &&
		     !(doc->kids[j]->kind == RS_MD_HEADING &&
		         doc->kids[j]->level <= 2);
		     j++)
			if (doc->kids[j]->kind == RS_MD_TABLE) {
				diag_msg(r->d, doc->kids[j]->pos,
				    MSG(CSV_AND_TABLE), want->title, keys[k],
				    v->scalar);
				break;
			}
		if (j < doc->nkids && doc->kids[j]->kind == RS_MD_TABLE)
			continue;
		if ((tab = sheet_table(r, v->scalar, v->pos)) != NULL)
			doc_insert(doc, at, tab);
		else
			r->csv_failed |= 1u << k;
	}
}

static void
read_body(struct reader *r)
{
	const struct rs_md *doc = r->rs->doc;
	const struct section *sec = NULL, *like;
	int seen[NSECTIONS] = { 0 }, head[NSECTIONS] = { 0 };
	struct lookalike likes[NSECTIONS], *cur = NULL;
	size_t i;
	struct table t;
	char *other = NULL; /* the title of a level-2 section not read */
	char *sub = NULL;   /* of a subheading, over a table */
	char *under = NULL; /* the subheading over this table, if any */
	struct pos other_pos = { 0 }, units_head = { 0 }, sub_pos = { 0 };
	int sub_level = 3;

	memset(likes, 0, sizeof(likes));
	for (i = 0; i < doc->nkids; i++) {
		const struct rs_md *m = doc->kids[i];

		free(under);
		under = NULL;
		if (m->kind == RS_MD_HEADING) {
			char *title = rs_md_text(m);
			/* A German or French heading reads as its section's
			 * English one (lang.c). */
			const char *tt = rs_heading_en(r->rs->lang,
			    rd_trim(title));

			like = m->level == 2 ? section_like(tt) :
			                       section_of(tt);
			free(sub);
			sub = NULL;
			if (m->level > 2) {
				/* A subheading: "### Units" may be meant
				 * as the section; the section goes on. A
				 * table under it is kept too, for a family
				 * to say that "### Wound table" is not its
				 * section. */
				if (like != NULL)
					lookalike_keep(&likes[like - sections],
					    m, tt);
				sub = xstrdup(tt);
				sub_pos = m->pos;
				sub_level = m->level;
				free(title);
				goto body;
			}
			sec = m->level == 2 ? section_of(tt) : NULL;
			cur = NULL;
			if (sec == &sections[0] && !head[0])
				units_head = m->pos;
			if (sec != NULL)
				head[sec - sections] = 1;
			else if (like != NULL)
				cur = lookalike_keep(&likes[like - sections],
				    m, tt);
			free(other);
			other = NULL;
			if (m->level == 2 && sec == NULL) {
				other = xstrdup(tt);
				other_pos = m->pos;
			}
			free(title);
			continue;
		}
body:
		if (cur != NULL &&
		    (m->kind == RS_MD_TABLE ||
		        (m->kind == RS_MD_LIST && m->ordered)))
			cur->holds = 1;
		if (other != NULL && m->kind == RS_MD_TABLE) {
			keep_table(r, other, other_pos, 2, m);
			free(other);
			other = NULL;
		}
		if (sub != NULL && m->kind == RS_MD_TABLE) {
			keep_table(r, sub, sub_pos, 3, m);
			under = sub;
			sub = NULL;
		}
		if (sec == NULL)
			continue;
		if (m->kind == RS_MD_TABLE && sec->table != NULL) {
			if (seen[sec - sections]++) {
				char *h;

				/* Under a subheading: its title is what the
				 * designer meant ("### Wound table"). */
				if (under != NULL) {
					h = xasprintf("%.*s %s", sub_level,
					    "######", under);
					diag_msg(r->d, m->pos,
					    MSG(SECOND_TABLE_SECTION_UNDER),
					    sec->title, h, under);
					free(h);
				} else
					diag_msg(r->d, m->pos,
					    MSG(SECOND_TABLE_SECTION),
					    sec->title);
				continue;
			}
			rd_table_load(&t, m, sec->title, r->d);
			table_columns_en(r, &t);
			sec->table(r, &t, sec->arg);
			rd_table_free(&t);
		} else if (m->kind == RS_MD_LIST && m->ordered &&
		    sec->list != NULL && !seen[sec - sections]++)
			sec->list(r, m);
	}
	free(other);
	free(sub);
	free(under);
	said_missing(r, head, seen, units_head, likes);
	find_testgames(r, doc);
}

/* ---- entry points ---- */

/* An empty model of the file at path: its source kept, its name, and the
 * defaults of every setting the front matter may give. */
static struct ruleset *
ruleset_new(const char *path, const char *data, size_t len)
{
	struct ruleset *rs = xcalloc(1, sizeof(*rs));
	const char *slash, *base;

	rs->keep = xcalloc(1, sizeof(*rs->keep));
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
	rs->die = 6;
	return rs;
}

/* The line of the first Markdown heading ("# Title", "## Units") after
 * the opening fence, where an unclosed front matter should have ended;
 * 0 when there is none. */
static int
first_heading(const char *s, size_t len)
{
	size_t i = 0;
	int line = 1;

	while (i < len) {
		if (line > 1 && s[i] == '#') {
			size_t j = i;

			while (j < len && s[j] == '#')
				j++;
			if (j - i <= 6 && j < len && s[j] == ' ')
				return line;
		}
		while (i < len && s[i] != '\n')
			i++;
		i++;
		line++;
	}
	return 0;
}

/*
 * Find the front matter of data and read it (rd_front). Returns the
 * line after its closing fence with the offset of the body in *bs, or 0
 * when there is none to blank out of the body (none, or not closed: both
 * reported).
 */
static int
read_front_matter(struct reader *r, const char *data, size_t len, size_t *bs)
{
	struct ruleset *rs = r->rs;
	struct pos at = { rs->path, 1, 1 };
	size_t fs = 0, fl = 0;
	int fmline, dots = 0;

	fmline = front_split(data, len, &fs, &fl, bs, &dots);
	if (dots > 0) {
		struct pos dp = { rs->path, dots, 1 };

		diag_msg(r->d, dp, MSG(YAML_FRONT_MATTER_FRONT_MATTER));
	}
	if (fmline == -1) {
		/* Said where it should have ended: above the first heading. */
		if ((at.line = first_heading(data, len)) > 0)
			diag_msg(r->d, at, MSG(FRONT_MATTER_NOT_CLOSED_BEFORE),
			    1);
		else {
			at.line = 1;
			diag_msg(r->d, at, MSG(FRONT_MATTER_NOT_CLOSED));
		}
		r->front_failed = 1;
		*bs = 0;
		return 0;
	}
	if (fmline == 0) {
		diag_msg(r->d, at, MSG(NO_FRONT_MATTER));
		return 0;
	}
	rs->front = rs_yaml_parse(rs->path, data + fs, fl, 1, r->d);
	r->front_failed = rs->front == NULL;
	/* Units, bases and lengths depend on measure: read it before the
	 * tables. */
	if (rs->front != NULL && rd_front(r, rs->front) == -1)
		r->front_failed = 1;
	return fmline;
}

static void
pending_free(struct reader *r)
{
	size_t i, k;

	for (i = 0; i < r->npend; i++)
		for (k = 0; k < r->pend[i].n; k++)
			free(r->pend[i].names[k]);
	free(r->pend);
	free(r->weapons_title);
}

struct ruleset *
rs_parse(const char *path, const char *data, size_t len, struct diags *d)
{
	struct ruleset *rs = ruleset_new(path, data, len);
	struct reader r;
	size_t bs = 0, i;
	char *body;

	memset(&r, 0, sizeof(r));
	r.rs = rs;
	r.d = d;
	if (len == 0) {
		struct pos at = { rs->path, 1, 1 };

		diag_msg(d, at, MSG(EMPTY_FILE_RULESET_NEEDS_FRONT));
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
	/* An old Mac file has no '\n' anywhere: no line of it is '---'
	 * and every line number would be 1. Said once, and not read on. */
	if (memchr(data, '\n', len) == NULL &&
	    memchr(data, '\r', len) != NULL) {
		struct pos at = { rs->path, 1, 1 };

		diag_msg(d, at, MSG(LINES_END_CR_ONLY_SAVE));
		rs->doc = md_parse(rs->path, "", 0, d);
		return rs;
	}
	/* Blank the front matter so Markdown lines keep their numbers. */
	body = xmalloc(len + 1);
	memcpy(body, data, len);
	body[len] = '\0';
	if (read_front_matter(&r, data, len, &bs) > 0)
		for (i = 0; i < bs && i < len; i++)
			if (body[i] != '\n')
				body[i] = ' ';
	/*
	 * Front matter that could not be read leaves every setting unknown
	 * (the die, the measure, the engine): what the body would then say
	 * follows from that, not from the body. Its error is the cause, and
	 * the only message; the body is read once it is fixed.
	 */
	if (r.front_failed) {
		free(body);
		rs->doc = md_parse(rs->path, "", 0, d);
		return rs;
	}
	rs->doc = md_parse(rs->path, body, len, d);
	free(body);
	read_csv_tables(&r);
	read_body(&r);
	rd_resolve(&r);
	pending_free(&r);
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

		if (strcmp(path, "-") == 0)
			at.file = "stdin";

		diag_msg(d, at, MSG(INPUT_NOT_READ), why);
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
	/* Standard input is named so in messages and in a build. */
	rs = rs_parse(strcmp(path, "-") == 0 ? "stdin" : path, data, len, d);
	free(data);
	return rs;
}
