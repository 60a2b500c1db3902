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
		if (rd_name_long(r->d, ph.pos, lead != NULL ? "phase name" :
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
		    "map names to units ({ side: blue, type: Rifle, "
		    "at: [0, 0] })");
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
			diag_add(r->d, SEV_ERROR, ty->pos, "test game unit "
			    "'%s' has unknown type '%s'",
			    units->kids[i]->scalar,
			    ty->kind == RS_NODE_SCALAR ? ty->scalar : "?");
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

	/* A test game is played by the engine; a print-only ruleset has
	 * none, and a test game nobody plays would pass for checked. */
	if (r->rs->engine == RS_ENGINE_NONE) {
		diag_add(r->d, SEV_ERROR, code->pos, "a test game, but the "
		    "ruleset has no engine to play it (print only); give "
		    "engine: firepower or engine: morale, or remove the "
		    "block");
		return;
	}
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
	if (nm != NULL && nm->kind == RS_NODE_SCALAR && rd_name_long(r->d,
	    nm->pos, "test game name", nm->scalar, RS_MAX_TITLE)) {
		rs_node_free(doc);
		return;
	}
	tg.name = nm != NULL && nm->kind == RS_NODE_SCALAR ?
	    xstrdup(nm->scalar) : xasprintf("test game %zu",
	    r->rs->ntests + 1);
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
	{ "Morale modifiers", NULL, rd_mods, RS_MOD_MORALE, NULL },
	{ "Melee modifiers", NULL, rd_mods, RS_MOD_MELEE_DIE, NULL },
	{ "Fire modifiers", NULL, rd_mods, RS_MOD_FIRE_DIE, NULL },
	{ "Melee power modifiers", NULL, rd_mods, RS_MOD_MELEE_POWER, NULL },
};
#define NSECTIONS (sizeof(sections) / sizeof(sections[0]))

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

/*
 * The first table of a level-2 section the reader does not read, kept as
 * text cells (struct rs_table) for a rule family that reads sections of
 * its own. Nothing is reported: to the reader it is prose.
 */
static void
keep_table(struct reader *r, const char *title, struct pos head,
    const struct rs_md *m)
{
	struct diags quiet = { 0 };
	struct rs_table x;
	struct table t;
	size_t i, j;

	rd_table_load(&t, m, title, &quiet);
	memset(&x, 0, sizeof(x));
	x.section = xstrdup(title);
	x.head_pos = head;
	x.pos = t.pos;
	x.ncols = t.ncols;
	x.nrows = t.nrows + 1;
	x.cell = xcalloc(x.nrows * x.ncols + 1, sizeof(char *));
	x.cpos = xcalloc(x.nrows * x.ncols + 1, sizeof(struct pos));
	for (i = 0; i < x.nrows; i++)
		for (j = 0; j < x.ncols; j++) {
			struct cell *c = i == 0 ? &t.head[j] : &t.rows[i - 1][j];

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
		if (rd_name_eq(rs->tables[i].section, title))
			return &rs->tables[i];
	return NULL;
}

int
rs_name_eq(const char *a, const char *b)
{
	return rd_name_eq(a, b);
}

/*
 * Walk the top level of the body: a level-1 or level-2 heading opens a
 * section (level 1, or an unknown title, one that is not read), and a
 * section's first table or ordered list is read; a second table is
 * warned about. The first table of a level-2 section the reader does
 * not know is kept for the rule family. Test games are then found
 * anywhere.
 */
static void
read_body(struct reader *r)
{
	const struct rs_md *doc = r->rs->doc;
	const struct section *sec = NULL;
	int seen[NSECTIONS] = { 0 };
	size_t i;
	struct table t;
	char *other = NULL; /* the title of a level-2 section not read */
	struct pos other_pos = { 0 };

	for (i = 0; i < doc->nkids; i++) {
		const struct rs_md *m = doc->kids[i];

		if (m->kind == RS_MD_HEADING && m->level <= 2) {
			char *title = rs_md_text(m);

			sec = m->level == 2 ? section_of(rd_trim(title)) : NULL;
			free(other);
			other = NULL;
			if (m->level == 2 && sec == NULL) {
				other = xstrdup(rd_trim(title));
				other_pos = m->pos;
			}
			free(title);
			continue;
		}
		if (other != NULL && m->kind == RS_MD_TABLE) {
			keep_table(r, other, other_pos, m);
			free(other);
			other = NULL;
		}
		if (sec == NULL)
			continue;
		if (m->kind == RS_MD_TABLE && sec->table != NULL) {
			if (seen[sec - sections]++) {
				diag_add(r->d, SEV_WARNING, m->pos, "second "
				    "table in the %s section (ignored)",
				    sec->title);
				continue;
			}
			rd_table_load(&t, m, sec->title, r->d);
			sec->table(r, &t, sec->arg);
			rd_table_free(&t);
		} else if (m->kind == RS_MD_LIST && m->ordered &&
		    sec->list != NULL && !seen[sec - sections]++)
			sec->list(r, m);
	}
	free(other);
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
	rs->die = 6;
	return rs;
}

/*
 * Find the front matter of data and read it (rd_front). Returns the
 * line after its closing fence with the offset of the body in *bs, or 0
 * when there is none to blank out of the body (none, or not closed: both
 * reported).
 */
static int
read_front_matter(struct reader *r, const char *data, size_t len,
    size_t *bs)
{
	struct ruleset *rs = r->rs;
	struct pos at = { rs->path, 1, 1 };
	size_t fs = 0, fl = 0;
	int fmline;

	fmline = front_split(data, len, &fs, &fl, bs);
	if (fmline == -1) {
		diag_add(r->d, SEV_ERROR, at, "front matter is not closed (a "
		    "line '---' must end it)");
		*bs = 0;
		return 0;
	}
	if (fmline == 0) {
		diag_add(r->d, SEV_ERROR, at, "no front matter: a ruleset "
		    "starts with a '---' line, then YAML (title, engine …), "
		    "then '---'");
		return 0;
	}
	rs->front = rs_yaml_parse(rs->path, data + fs, fl, 1, r->d);
	/* Units, bases and lengths depend on measure: read it before the
	 * tables. */
	if (rs->front != NULL)
		rd_front(r, rs->front);
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
}

struct ruleset *
rs_parse(const char *path, const char *data, size_t len, struct diags *d)
{
	struct ruleset *rs = ruleset_new(path, data, len);
	struct reader r;
	size_t bs = 0, i;
	char *body;

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
	/* Blank the front matter so Markdown lines keep their numbers. */
	body = xmalloc(len + 1);
	memcpy(body, data, len);
	body[len] = '\0';
	if (read_front_matter(&r, data, len, &bs) > 0)
		for (i = 0; i < bs && i < len; i++)
			if (body[i] != '\n')
				body[i] = ' ';
	rs->doc = md_parse(rs->path, body, len, d);
	free(body);
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
	/* Standard input is named so in messages and in a build. */
	rs = rs_parse(strcmp(path, "-") == 0 ? "stdin" : path, data, len, d);
	free(data);
	return rs;
}
