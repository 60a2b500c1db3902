/*
 * scenario_yaml.c: a scenario as a hand-editable YAML file — written
 * deterministically and without the locale, read back through
 * rs_yaml_parse (terrain through tr_parse), and validated against its
 * ruleset.
 *
 * The shape (lengths in the file's `measure`, millimetres as written):
 *
 *   scenario: Battle for the ford
 *   ruleset: rulesets/morschauser-modern.md
 *   points: 120            # asked for, per side
 *   turns: 10              # game turns
 *   special: vital-ground  # or none
 *   blue:
 *     deploy: [0, 914.4, 1828.8, 304.8]   # x, y, w, h
 *     forces:
 *       Rifle: 3
 *       Tank: 1
 *   red: …
 *   objectives:
 *     - name: The ford
 *       at: [914.4, 609.6]
 *       radius: 152.4
 *       value: 2
 *   balance: { games: 1000, seed: 1, blue_wins: …, red_wins: …,
 *              draws: …, candidates: 1 }          # a record only
 *   measure: mm            # then the battlefield, as terrain.h writes it
 *   table: 1828.8x1219.2mm
 *   seed: 7
 *   terrain: […]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

/* ---- writing ---- */

struct sbuf {
	char *s;
	size_t n, cap;
};

/* Append text. */
static void
sb_put(struct sbuf *b, const char *t)
{
	size_t k = strlen(t);

	if (b->n + k + 1 > b->cap) {
		b->cap = (b->n + k + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, t, k + 1);
	b->n += k;
}

static void
sb_printf(struct sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Append formatted text (only integers and strings: no locale). */
static void
sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	char *t;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	t = xmalloc((size_t)k + 1);
	va_start(ap, fmt);
	vsnprintf(t, (size_t)k + 1, fmt, ap);
	va_end(ap);
	sb_put(b, t);
	free(t);
}

/* A number with at most two decimals, '.' always. */
static void
sb_num(struct sbuf *b, double v)
{
	char t[48];

	fmt_double(t, sizeof(t), v, 2);
	sb_put(b, t);
}

/* A string, quoted when plain YAML would misread it. */
static void
sb_str(struct sbuf *b, const char *s)
{
	const char *p;
	int plain = *s != '\0' && strchr("-?:,[]{}#&*!|>'\"%@` ", *s) == NULL;

	for (p = s; *p && plain; p++)
		if (strchr(":#\"'\\{}[],", *p) != NULL ||
		    (unsigned char)*p < 0x20)
			plain = 0;
	if (plain && (strcmp(s, "true") == 0 || strcmp(s, "false") == 0 ||
	    strcmp(s, "null") == 0 || strcmp(s, "yes") == 0 ||
	    strcmp(s, "no") == 0 || strspn(s, "0123456789.-+") == strlen(s)))
		plain = 0;
	if (plain) {
		sb_put(b, s);
		return;
	}
	sb_put(b, "\"");
	for (p = s; *p; p++) {
		char c[8] = { *p, 0 };

		if (*p == '"' || *p == '\\')
			sb_put(b, *p == '"' ? "\\\"" : "\\\\");
		else if ((unsigned char)*p < 0x20)
			sb_put(b, " ");
		else
			sb_put(b, c);
	}
	sb_put(b, "\"");
}

/* One side: its zone, points and order of battle. */
static void
write_side(struct sbuf *b, const struct scenario *s,
    const struct ruleset *rs, int side)
{
	const struct sc_force *f = &s->side[side];
	const struct sc_rect *z = &s->zone[side];
	size_t i;

	sb_put(b, side == SC_BLUE ? "blue:\n" : "red:\n");
	sb_put(b, "  deploy: [");
	sb_num(b, z->x);
	sb_put(b, ", ");
	sb_num(b, z->y);
	sb_put(b, ", ");
	sb_num(b, z->w);
	sb_put(b, ", ");
	sb_num(b, z->h);
	sb_put(b, "]   # x, y, width, depth\n");
	sb_printf(b, "  points: %d\n  forces:\n", f->points);
	for (i = 0; i < f->n; i++) {
		sb_put(b, "    ");
		sb_str(b, rs->units[f->v[i].type].name);
		sb_printf(b, ": %d\n", f->v[i].count);
	}
}

/* Returns the YAML text (caller frees). */
char *
sc_to_yaml(const struct scenario *s, const struct ruleset *rs)
{
	struct sbuf b = { NULL, 0, 0 };
	char *terrain;
	int i;

	sb_put(&b, SC_YAML_FIRST "\n# lengths in millimetres); `sandtable "
	    "play --scenario FILE` replays it.\n");
	sb_put(&b, "scenario: ");
	sb_str(&b, s->title);
	sb_put(&b, "\nruleset: ");
	sb_str(&b, s->ruleset);
	sb_printf(&b, "\npoints: %d\nturns: %d\nspecial: %s   # %s\n",
	    s->points, s->turns, sc_special_name(s->special),
	    sc_special_text(s->special));
	write_side(&b, s, rs, SC_BLUE);
	write_side(&b, s, rs, SC_RED);
	sb_put(&b, "objectives:\n");
	for (i = 0; i < s->nobj; i++) {
		sb_put(&b, "  - name: ");
		sb_str(&b, s->obj[i].name);
		sb_put(&b, "\n    at: [");
		sb_num(&b, s->obj[i].x);
		sb_put(&b, ", ");
		sb_num(&b, s->obj[i].y);
		sb_put(&b, "]\n    radius: ");
		sb_num(&b, s->obj[i].radius);
		sb_printf(&b, "\n    value: %d\n", s->obj[i].value);
	}
	if (s->bal.games > 0)
		sb_printf(&b, "balance:   # a record of the test games; not "
		    "read back\n  games: %ld\n  seed: %llu\n  blue_wins: %ld\n"
		    "  red_wins: %ld\n  draws: %ld\n  at_turn_limit: %ld\n"
		    "  turns: %ld\n  candidates: %d\n",
		    s->bal.games, (unsigned long long)s->bal.seed,
		    s->bal.wins[0], s->bal.wins[1], s->bal.draws,
		    s->bal.at_limit, s->bal.turns_sum, s->bal.candidates);
	else if (s->side[0].points > 0)
		sb_put(&b, "# NOT balanced by play: no games were played (the "
		    "ruleset has no engine);\n# each side's force was picked "
		    "to the points from the Units table's Points\n# column, "
		    "and the terrain may favour either.\n");
	else
		sb_put(&b, "# NOT balanced by play: no games were played (the "
		    "ruleset has no engine);\n# both sides field the same "
		    "force, and the terrain may favour either.\n");
	terrain = tr_to_yaml(s->bf);
	sb_put(&b, terrain);
	free(terrain);
	return b.s;
}

/* ---- reading ---- */

struct sreader {
	const char *file;
	const struct ruleset *rs;
	struct diags *d;
	enum unit_of_length measure;
	int bad;
};

static void
serr(struct sreader *r, const struct rs_node *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* An error at node n (or at the file), marking the read bad. */
static void
serr(struct sreader *r, const struct rs_node *n, const char *fmt, ...)
{
	struct pos at = { r->file, 0, 0 };
	va_list ap;

	if (n != NULL)
		at = n->pos;
	va_start(ap, fmt);
	diag_vadd(r->d, SEV_ERROR, at, fmt, ap);
	va_end(ap);
	r->bad = 1;
}

/* A scalar's text or NULL. */
static const char *
scalar(const struct rs_node *n)
{
	return n != NULL && n->kind == RS_NODE_SCALAR ? n->scalar : NULL;
}

/* A length; 0 or -1 (reported). */
static int
get_len(struct sreader *r, const struct rs_node *n, const char *what,
    double *mm)
{
	const char *why = "expected a length";

	if (scalar(n) == NULL || len_parse(n->scalar, r->measure, mm,
	    &why) == -1) {
		serr(r, n, "%s: %s", what, why);
		return -1;
	}
	return 0;
}

/* A whole number in [lo, hi]; 0 or -1 (reported). */
static int
get_int(struct sreader *r, const struct rs_node *parent,
    const struct rs_node *n, const char *what, long lo, long hi, long *v)
{
	if (n == NULL) {
		serr(r, parent, "missing '%s'", what);
		return -1;
	}
	if (rs_node_int(n, v) == -1 || *v < lo || *v > hi) {
		serr(r, n, "'%s' must be a whole number from %ld to %ld", what,
		    lo, hi);
		return -1;
	}
	return 0;
}

/* [a, b, …] of k lengths. */
static int
get_tuple(struct sreader *r, const struct rs_node *parent,
    const struct rs_node *n, const char *what, int k, double *v)
{
	int i;

	if (n == NULL || n->kind != RS_NODE_SEQ || n->nkids != (size_t)k) {
		serr(r, n != NULL ? n : parent, "'%s' must be %s", what,
		    k == 2 ? "a point [x, y]" : "a rectangle [x, y, width, "
		    "depth]");
		return -1;
	}
	for (i = 0; i < k; i++)
		if (get_len(r, n->kids[i], what, &v[i]) == -1)
			return -1;
	return 0;
}

/* One side (blue: or red:): deploy, points, forces by unit name. */
static void
read_side(struct sreader *r, struct scenario *s, const struct rs_node *root,
    int side)
{
	const char *key = side == SC_BLUE ? "blue" : "red";
	const struct rs_node *n = rs_node_get(root, key), *f;
	double v[4];
	long cnt, pts;
	size_t i;
	int t;

	if (n == NULL || n->kind != RS_NODE_MAP) {
		serr(r, n != NULL ? n : root, "'%s' must be a map with deploy "
		    "and forces", key);
		return;
	}
	s->at_zone[side] = rs_node_get(n, "deploy") != NULL ?
	    rs_node_get(n, "deploy")->pos : n->pos;
	if (get_tuple(r, n, rs_node_get(n, "deploy"), "deploy", 4, v) == 0) {
		s->zone[side].x = v[0];
		s->zone[side].y = v[1];
		s->zone[side].w = v[2];
		s->zone[side].h = v[3];
	}
	f = rs_node_get(n, "forces");
	if (f == NULL || f->kind != RS_NODE_MAP || f->nkids == 0) {
		serr(r, f != NULL ? f : n, "'%s' needs forces: a map of unit "
		    "names to counts", key);
		return;
	}
	s->at_forces[side] = f->pos;
	for (i = 0; i + 1 < f->nkids; i += 2) {
		const char *name = scalar(f->kids[i]);

		t = name != NULL ? rs_unit_find(r->rs, name) : -1;
		if (t < 0) {
			serr(r, f->kids[i], "unknown unit '%s' (not in %s)",
			    name != NULL ? name : "?", r->rs->path);
			continue;
		}
		if (get_int(r, f, f->kids[i + 1], name, 1, SC_MAX_SIDE,
		    &cnt) == 0)
			sc_force_add(&s->side[side], t, (int)cnt);
	}
	pts = 0;
	if (rs_node_get(n, "points") != NULL)
		get_int(r, n, rs_node_get(n, "points"), "points", 0, 1000000,
		    &pts);
	s->side[side].points = (int)pts;
}

/* The objectives list: name, at, radius, value (default 1). */
static void
read_objectives(struct sreader *r, struct scenario *s,
    const struct rs_node *root)
{
	const struct rs_node *l = rs_node_get(root, "objectives"), *o;
	double v[2];
	long val;
	size_t i;

	if (l == NULL)
		return;
	if (l->kind != RS_NODE_SEQ || l->nkids > SC_MAX_OBJECTIVES) {
		serr(r, l, "'objectives' must be a list of at most %d",
		    SC_MAX_OBJECTIVES);
		return;
	}
	for (i = 0; i < l->nkids; i++) {
		struct sc_objective *ob = &s->obj[s->nobj];
		const char *name;

		o = l->kids[i];
		if (o->kind != RS_NODE_MAP) {
			serr(r, o, "an objective is a map: name, at, radius, "
			    "value");
			continue;
		}
		name = scalar(rs_node_get(o, "name"));
		if (get_tuple(r, o, rs_node_get(o, "at"), "at", 2, v) == -1)
			continue;
		s->at_obj[s->nobj] = rs_node_get(o, "at")->pos;
		ob->x = v[0];
		ob->y = v[1];
		ob->radius = 0;
		if (rs_node_get(o, "radius") == NULL)
			serr(r, o, "missing 'radius'");
		else if (get_len(r, rs_node_get(o, "radius"), "radius",
		    &ob->radius) == 0 && !(ob->radius > 0))
			serr(r, rs_node_get(o, "radius"), "'radius' must be "
			    "greater than zero");
		val = 1;
		if (rs_node_get(o, "value") != NULL)
			get_int(r, o, rs_node_get(o, "value"), "value", 0, 100,
			    &val);
		ob->value = (int)val;
		ob->name = xstrdup(name != NULL ? name : "Objective");
		s->nobj++;
	}
}

/* The special rule by name. */
static void
read_special(struct sreader *r, struct scenario *s, const struct rs_node *n)
{
	int i;

	if (n == NULL)
		return;
	for (i = 0; i < SC_SPECIAL__MAX; i++)
		if (scalar(n) != NULL && strcmp(n->scalar,
		    sc_special_name((enum sc_special)i)) == 0) {
			s->special = (enum sc_special)i;
			return;
		}
	serr(r, n, "unknown special rule '%s' (none, vital-ground, "
	    "forced-march, early-dusk, reconnaissance)",
	    scalar(n) != NULL ? n->scalar : "?");
}

/* The recorded balance figure, for display; errors here are ignored. */
static void
read_balance(struct scenario *s, const struct rs_node *root)
{
	const struct rs_node *b = rs_node_get(root, "balance");
	long v;

	if (b == NULL || b->kind != RS_NODE_MAP)
		return;
	if (rs_node_int(rs_node_get(b, "games"), &v) == 0 && v > 0)
		s->bal.games = v;
	if (rs_node_int(rs_node_get(b, "blue_wins"), &v) == 0)
		s->bal.wins[0] = v;
	if (rs_node_int(rs_node_get(b, "red_wins"), &v) == 0)
		s->bal.wins[1] = v;
	if (rs_node_int(rs_node_get(b, "draws"), &v) == 0)
		s->bal.draws = v;
	if (rs_node_int(rs_node_get(b, "at_turn_limit"), &v) == 0)
		s->bal.at_limit = v;
	if (rs_node_int(rs_node_get(b, "turns"), &v) == 0)
		s->bal.turns_sum = v;
	if (rs_node_int(rs_node_get(b, "candidates"), &v) == 0)
		s->bal.candidates = (int)v;
	if (s->bal.games > 0) {
		s->bal.rate = (s->bal.wins[0] + s->bal.draws / 2.0) /
		    (double)s->bal.games;
		wilson95(s->bal.rate, s->bal.games, &s->bal.lo, &s->bal.hi);
	}
}

/* Returns the scenario or NULL (errors in diags). */
struct scenario *
sc_parse(const char *file, const char *data, size_t len,
    const struct ruleset *rs, struct diags *d)
{
	struct sreader r = { file, rs, d, LEN_MM, 0 };
	struct rs_node *root = rs_yaml_parse(file, data, len, 0, d);
	struct scenario *s = NULL;
	const struct rs_node *n;
	long v;

	if (root == NULL)
		return NULL;
	if (root->kind != RS_NODE_MAP) {
		serr(&r, root, "a scenario file is a map (scenario, blue, red, "
		    "objectives, terrain …)");
		goto out;
	}
	if ((n = rs_node_get(root, "measure")) != NULL) {
		r.measure = scalar(n) ? len_unit_from_name(n->scalar) :
		    LEN_NONE;
		if (r.measure == LEN_NONE) {
			serr(&r, n, "unknown measure (mm, cm, in or ft)");
			r.measure = LEN_MM;
		}
	}
	s = xcalloc(1, sizeof(*s));
	n = rs_node_get(root, "scenario");
	s->title = xstrdup(scalar(n) != NULL ? n->scalar : "Scenario");
	n = rs_node_get(root, "ruleset");
	s->ruleset = xstrdup(scalar(n) != NULL ? n->scalar : rs->path);
	s->at_table = rs_node_get(root, "table") != NULL ?
	    rs_node_get(root, "table")->pos : root->pos;
	s->at_turns = rs_node_get(root, "turns") != NULL ?
	    rs_node_get(root, "turns")->pos : root->pos;
	if (get_int(&r, root, rs_node_get(root, "turns"), "turns", 1, 1000,
	    &v) == 0)
		s->turns = (int)v;
	v = 0;
	if (rs_node_get(root, "points") != NULL)
		get_int(&r, root, rs_node_get(root, "points"), "points", 0,
		    1000000, &v);
	s->points = (int)v;
	read_special(&r, s, rs_node_get(root, "special"));
	read_side(&r, s, root, SC_BLUE);
	read_side(&r, s, root, SC_RED);
	read_objectives(&r, s, root);
	read_balance(s, root);
	if (!r.bad) {
		s->bf = tr_parse(file, data, len, rs->table_w_mm,
		    rs->table_h_mm, d);
		if (s->bf == NULL)
			r.bad = 1;
		else {
			s->table_w = s->bf->table_w;
			s->table_h = s->bf->table_h;
			s->seed = s->bf->seed;
		}
	}
out:
	rs_node_free(root);
	if (r.bad) {
		sc_free(s);
		return NULL;
	}
	return s;
}

struct scenario *
sc_read(const char *path, const struct ruleset *rs, struct diags *d)
{
	char *data, *why;
	size_t len;
	struct scenario *s;
	struct pos at = { path, 0, 0 };

	if (file_slurp(path, RS_MAX_FILE, &data, &len, &why) != 0) {
		diag_add(d, SEV_ERROR, at, "%s", why);
		free(why);
		return NULL;
	}
	s = sc_parse(path, data, len, rs, d);
	free(data);
	return s;
}

/* Returns the ruleset path a scenario file names (caller frees). */
char *
sc_read_ruleset_path(const char *path, struct pos *rat, struct diags *d)
{
	char *data, *why, *p = NULL;
	size_t len;
	struct rs_node *root;
	struct pos at = { path, 0, 0 };
	const struct rs_node *n;
	const char *v;

	if (file_slurp(path, RS_MAX_FILE, &data, &len, &why) != 0) {
		diag_add(d, SEV_ERROR, at, "%s", why);
		free(why);
		return NULL;
	}
	root = rs_yaml_parse(path, data, len, 0, d);
	if (root != NULL) {
		n = rs_node_get(root, "ruleset");
		if ((v = scalar(n)) != NULL && *v != '\0') {
			p = xstrdup(v);
			*rat = n->pos;
		} else if (n != NULL)
			diag_add(d, SEV_ERROR, n->pos, "'ruleset' must be the "
			    "path of a ruleset");
		else
			diag_add(d, SEV_ERROR, root->pos, "the scenario names no "
			    "ruleset (a 'ruleset:' line); give the ruleset too");
	}
	rs_node_free(root);
	free(data);
	return p;
}

/* ---- validation ---- */

/* 1 when two rectangles overlap (touching is not overlapping). */
static int
overlap(const struct sc_rect *a, const struct sc_rect *b)
{
	return a->x < b->x + b->w - 1e-6 && b->x < a->x + a->w - 1e-6 &&
	    a->y < b->y + b->h - 1e-6 && b->y < a->y + a->h - 1e-6;
}

/* Where to report a problem with a part of s: where the file gives it,
 * else (generated) the ruleset. */
static struct pos
place(const struct ruleset *rs, struct pos at)
{
	struct pos none = { rs->path, 0, 0 };

	return at.file != NULL ? at : none;
}

/* Returns 0 or -1 (errors in diags). */
int
sc_validate(const struct scenario *s, const struct ruleset *rs,
    struct diags *d)
{
	double xy[SC_MAX_SIDE][2];
	int side, n, bad = 0, i;

	if (s->turns < 1) {
		diag_add(d, SEV_ERROR, place(rs, s->at_turns), "the turn limit "
		    "must be at least 1");
		bad = 1;
	}
	for (side = 0; side < 2; side++) {
		const struct sc_rect *z = &s->zone[side];
		const char *who = side == SC_BLUE ? "Blue" : "Red";

		n = sc_force_units(&s->side[side]);
		if (n < 1 || n > SC_MAX_SIDE) {
			diag_add(d, SEV_ERROR, place(rs, s->at_forces[side]),
			    "%s fields %d units: a side needs 1 to %d", who, n,
			    SC_MAX_SIDE);
			bad = 1;
		}
		if (!(z->w > 0) || !(z->h > 0) || z->x < -1e-6 ||
		    z->y < -1e-6 || z->x + z->w > s->table_w + 1e-6 ||
		    z->y + z->h > s->table_h + 1e-6) {
			diag_add(d, SEV_ERROR, place(rs, s->at_zone[side]),
			    "%s's deployment zone is not on the table", who);
			bad = 1;
		} else if (n >= 1 && n <= SC_MAX_SIDE &&
		    sc_deploy(s, rs, side, xy, SC_MAX_SIDE) < n) {
			diag_add(d, SEV_ERROR, place(rs, s->at_zone[side]),
			    "%s's deployment zone has room for fewer than its "
			    "%d %s", who, n, plural(n, "unit", "units"));
			bad = 1;
		}
	}
	if (overlap(&s->zone[0], &s->zone[1])) {
		if (s->at_zone[SC_BLUE].file != NULL)
			diag_add(d, SEV_ERROR, s->at_zone[SC_RED], "the "
			    "deployment zones overlap (Blue's is on line %d)",
			    s->at_zone[SC_BLUE].line);
		else
			diag_add(d, SEV_ERROR, place(rs, s->at_zone[SC_RED]),
			    "the deployment zones overlap");
		bad = 1;
	}
	for (i = 0; i < s->nobj; i++)
		if (s->obj[i].x < 0 || s->obj[i].y < 0 ||
		    s->obj[i].x > s->table_w || s->obj[i].y > s->table_h) {
			diag_add(d, SEV_ERROR, place(rs, s->at_obj[i]),
			    "objective '%s' is off the table", s->obj[i].name);
			bad = 1;
		}
	return bad ? -1 : 0;
}
