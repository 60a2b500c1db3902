/*
 * scenario_yaml.c: a scenario as a hand-editable YAML file — written
 * deterministically and without the locale, read back through
 * rs_yaml_parse (terrain through tr_parse), and validated against its
 * ruleset.
 *
 * The shape (lengths in the file's `measure`, the ruleset's as written:
 * inches here; a file without the key is in millimetres):
 *
 *   scenario: Battle for the ford
 *   ruleset: ../../rulesets/morschauser-modern.md   # relative to this file
 *   points: 120            # asked for, per side
 *   turns: 10              # game turns
 *   special: vital-ground  # or none
 *   blue:
 *     deploy: [0, 0, 72, 12]   # x, y, w, h: y up (axes below)
 *     forces:
 *       Rifle: 3
 *       Tank: 1
 *   red: …
 *   objectives:
 *   - name: The ford
 *     at: [36, 24]
 *     radius: 6
 *     value: 2
 *   # balance: a record of the test games; not read back
 *   balance: { games: 1000, seed: 1, blue_wins: …, red_wins: …,
 *              draws: …, candidates: 1 }          # a record only
 *   axes: y-up             # then the battlefield, as terrain.h writes it
 *   measure: in
 *   table: 72x48in
 *   seed: 7
 *   terrain: […]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scenario.h"

/* ---- axes ----
 *
 * The file has y up from Blue's edge (`axes: y-up`, written with the
 * terrain by tr_to_yaml), the scenario y down from the top as its
 * battlefield (terrain.h): a zone's y is its lower edge in the file,
 * an objective's its centre. These two are all that turn it.
 */

/* The zones and objectives of s, from one convention to the other. */
static void
sc_flip_y(struct scenario *s)
{
	double h = s->table_h;
	int i;

	for (i = 0; i < 2; i++)
		s->zone[i].y = round((h - s->zone[i].y - s->zone[i].h) * 100) /
		    100;
	for (i = 0; i < s->nobj; i++)
		s->obj[i].y = round((h - s->obj[i].y) * 100) / 100;
}

/* A copy of s to write, its y up (the battlefield is turned by
 * tr_to_yaml itself). */
static const struct scenario *
sc_file_axes(const struct scenario *s, struct scenario *copy)
{
	*copy = *s;
	sc_flip_y(copy);
	return copy;
}

/* ---- writing ----
 *
 * Through the ruleset layer's YAML writer (rs_yw_*), with the lengths in
 * the file's measure.
 */

struct ywriter {
	struct rs_yw *y;
	enum unit_of_length u; /* the file's measure: the ruleset's */
};

/* A length of mm in the file's measure, to 0.01 mm, '.' always. */
static void
yw_len(struct ywriter *w, double mm)
{
	char t[48];

	fmt_double(t, sizeof(t), mm / len_unit_mm(w->u),
	    len_file_decimals(w->u));
	rs_yw_scalar(w->y, t, 0);
}

/* A rectangle or point as [a, b, …]. */
static void
yw_tuple(struct ywriter *w, const double *v, int k)
{
	int i;

	rs_yw_seq(w->y, 1);
	for (i = 0; i < k; i++)
		yw_len(w, v[i]);
	rs_yw_seq_end(w->y);
}

/* One side: its zone, points and order of battle. */
static void
write_side(struct ywriter *w, const struct scenario *s,
    const struct ruleset *rs, int side)
{
	const struct sc_force *f = &s->side[side];
	const struct sc_rect *z = &s->zone[side];
	double v[4] = { z->x, z->y, z->w, z->h };
	size_t i;

	rs_yw_key(w->y, side == SC_BLUE ? "blue" : "red");
	rs_yw_map(w->y);
	rs_yw_key(w->y, "deploy");
	yw_tuple(w, v, 4);
	rs_yw_comment(w->y, "   # x, y, width, depth");
	rs_yw_key(w->y, "points");
	rs_yw_int(w->y, f->points);
	rs_yw_key(w->y, "forces");
	rs_yw_map(w->y);
	for (i = 0; i < f->n; i++) {
		rs_yw_str(w->y, rs->units[f->v[i].type].name);
		rs_yw_int(w->y, f->v[i].count);
	}
	rs_yw_map_end(w->y);
	rs_yw_map_end(w->y);
}

/* Returns the YAML text (caller frees); see sc_to_yaml_at. */
char *
sc_to_yaml(const struct scenario *s, const struct ruleset *rs)
{
	return sc_to_yaml_at(s, rs, NULL);
}

char *
sc_to_yaml_at(const struct scenario *s, const struct ruleset *rs,
    const char *path)
{
	struct ywriter w;
	struct scenario up;
	char *terrain, *rpath, *c, *text, t[32];
	int i;

	/* The file's y is up from Blue's edge (axes above). */
	s = sc_file_axes(s, &up);
	memset(&w, 0, sizeof(w));
	/* Its lengths in the ruleset's measure, said by the battlefield's
	 * `measure:` key below. */
	w.u = len_unit_mm(rs->measure) > 0 ? rs->measure : LEN_MM;
	c = xasprintf(SC_YAML_FIRST
	    "\n# lengths in %s, the ruleset's "
	    "measure); `sandtable play --scenario FILE` replays it.\n",
	    len_unit_words(w.u));
	w.y = rs_yw_new(c);
	free(c);
	rs_yw_map(w.y);
	rs_yw_key(w.y, "scenario");
	rs_yw_str(w.y, s->title);
	rs_yw_key(w.y, "ruleset");
	rpath = path != NULL ? file_relative(s->ruleset, path) :
	                       xstrdup(s->ruleset);
	rs_yw_str(w.y, rpath);
	if (path != NULL && rpath[0] != '/')
		rs_yw_comment(w.y, "   # relative to this file");
	free(rpath);
	rs_yw_key(w.y, "points");
	rs_yw_int(w.y, s->points);
	rs_yw_key(w.y, "turns");
	rs_yw_int(w.y, s->turns);
	rs_yw_key(w.y, "special");
	rs_yw_scalar(w.y, sc_special_name(s->special), 0);
	c = xasprintf("   # %s", sc_special_text(s->special));
	rs_yw_comment(w.y, c);
	free(c);
	write_side(&w, s, rs, SC_BLUE);
	write_side(&w, s, rs, SC_RED);
	rs_yw_key(w.y, "objectives");
	rs_yw_seq(w.y, 0);
	for (i = 0; i < s->nobj; i++) {
		double at[2] = { s->obj[i].x, s->obj[i].y };

		rs_yw_map(w.y);
		rs_yw_key(w.y, "name");
		rs_yw_str(w.y, s->obj[i].name);
		rs_yw_key(w.y, "at");
		yw_tuple(&w, at, 2);
		rs_yw_key(w.y, "radius");
		yw_len(&w, s->obj[i].radius);
		rs_yw_key(w.y, "value");
		rs_yw_int(w.y, s->obj[i].value);
		rs_yw_map_end(w.y);
	}
	rs_yw_seq_end(w.y);
	if (s->bal.games > 0) {
		rs_yw_comment(w.y,
		    "\n# balance: a record of the test games; not "
		    "read back");
		rs_yw_key(w.y, "balance");
		rs_yw_map(w.y);
		rs_yw_key(w.y, "games");
		rs_yw_int(w.y, s->bal.games);
		rs_yw_key(w.y, "seed");
		snprintf(t, sizeof(t), "%llu",
		    (unsigned long long)s->bal.seed);
		rs_yw_scalar(w.y, t, 0);
		rs_yw_key(w.y, "blue_wins");
		rs_yw_int(w.y, s->bal.wins[0]);
		rs_yw_key(w.y, "red_wins");
		rs_yw_int(w.y, s->bal.wins[1]);
		rs_yw_key(w.y, "draws");
		rs_yw_int(w.y, s->bal.draws);
		rs_yw_key(w.y, "at_turn_limit");
		rs_yw_int(w.y, s->bal.at_limit);
		rs_yw_key(w.y, "turns");
		rs_yw_int(w.y, s->bal.turns_sum);
		rs_yw_key(w.y, "candidates");
		rs_yw_int(w.y, s->bal.candidates);
		rs_yw_map_end(w.y);
	} else if (s->side[0].points > 0)
		rs_yw_comment(w.y,
		    "\n# NOT balanced by play: no games were played "
		    "(the ruleset has no engine);\n# each side's force was "
		    "picked to the points from the Units table's Points\n# "
		    "column, and the terrain may favour either.");
	else
		rs_yw_comment(w.y,
		    "\n# NOT balanced by play: no games were played "
		    "(the ruleset has no engine);\n# both sides field the same "
		    "force, and the terrain may favour either.");
	rs_yw_map_end(w.y);
	text = rs_yw_finish(w.y);
	/* The battlefield as terrain_yaml.c writes it: numbers and its own
	 * words only, at the top level like the keys above. */
	terrain = tr_to_yaml_in(s->bf, w.u);
	c = xasprintf("%s%s", text, terrain);
	free(text);
	free(terrain);
	return c;
}

/* ---- reading ---- */

struct sreader {
	const char *file;
	const struct ruleset *rs;
	struct diags *d;
	enum unit_of_length measure;
	int bad;
};

static void serr(struct sreader *r, const struct rs_node *n, enum msg m,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* An error at node n (or at the file), marking the read bad. */
static void
serr(struct sreader *r, const struct rs_node *n, enum msg m, const char *fmt,
    ...)
{
	struct pos at = { r->file, 0, 0 };
	va_list ap;

	if (n != NULL)
		at = n->pos;
	va_start(ap, fmt);
	diag_vmsg(r->d, at, m, fmt, ap);
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

	if (scalar(n) == NULL ||
	    len_parse(n->scalar, r->measure, mm, &why) == -1) {
		serr(r, n, MSG(SCENARIO_NOT_LENGTH), what, why);
		return -1;
	}
	*mm = len_file_mm(*mm);
	return 0;
}

/* A whole number in [lo, hi]; 0 or -1 (reported). */
static int
get_int(struct sreader *r, const struct rs_node *parent,
    const struct rs_node *n, const char *what, long lo, long hi, long *v)
{
	if (n == NULL) {
		serr(r, parent, MSG(SCENARIO_MISSING_KEY), what);
		return -1;
	}
	if (rs_node_int(n, v) == -1 || *v < lo || *v > hi) {
		serr(r, n, MSG(SCENARIO_NOT_WHOLE_NUMBER), what, lo, hi);
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
		serr(r, n != NULL ? n : parent, MSG(SCENARIO_VALUE_BAD), what,
		    k == 2 ? "a point [x, y]" :
		             "a rectangle [x, y, width, "
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
	char hintbuf[160];
	const char *key = side == SC_BLUE ? "blue" : "red";
	const struct rs_node *n = rs_node_get(root, key), *f;
	double v[4];
	long cnt, pts;
	size_t i;
	int t;

	if (n == NULL || n->kind != RS_NODE_MAP) {
		serr(r, n != NULL ? n : root, MSG(MUST_MAP_DEPLOY_FORCES),
		    key);
		return;
	}
	s->at_zone[side] = rs_node_get(n, "deploy") != NULL ?
	    rs_node_get(n, "deploy")->pos :
	    n->pos;
	if (get_tuple(r, n, rs_node_get(n, "deploy"), "deploy", 4, v) == 0) {
		s->zone[side].x = v[0];
		s->zone[side].y = v[1];
		s->zone[side].w = v[2];
		s->zone[side].h = v[3];
	}
	f = rs_node_get(n, "forces");
	if (f == NULL || f->kind != RS_NODE_MAP || f->nkids == 0) {
		serr(r, f != NULL ? f : n, MSG(NEEDS_FORCES_MAP_UNIT_NAMES),
		    key);
		return;
	}
	s->at_forces[side] = f->pos;
	for (i = 0; i + 1 < f->nkids; i += 2) {
		const char *name = scalar(f->kids[i]);

		t = name != NULL ? rs_unit_find(r->rs, name) : -1;
		if (t < 0) {
			serr(r, f->kids[i], MSG(UNKNOWN_UNIT),
			    name != NULL ? name : "?", r->rs->path,
			    name != NULL ? rs_unit_hint(r->rs, name, hintbuf,
			                       sizeof(hintbuf)) :
			                   "");
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
		serr(r, l, MSG(OBJECTIVES_MUST_LIST_MOST), SC_MAX_OBJECTIVES);
		return;
	}
	for (i = 0; i < l->nkids; i++) {
		struct sc_objective *ob = &s->obj[s->nobj];
		const char *name;

		o = l->kids[i];
		if (o->kind != RS_NODE_MAP) {
			serr(r, o, MSG(OBJECTIVE_MAP));
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
			serr(r, o, MSG(MISSING_RADIUS));
		else if (get_len(r, rs_node_get(o, "radius"), "radius",
		             &ob->radius) == 0 &&
		    !(ob->radius > 0))
			serr(r, rs_node_get(o, "radius"),
			    MSG(RADIUS_MUST_GREATER_ZERO));
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
		if (scalar(n) != NULL &&
		    strcmp(n->scalar, sc_special_name((enum sc_special)i)) ==
		        0) {
			s->special = (enum sc_special)i;
			return;
		}
	serr(r, n, MSG(UNKNOWN_SPECIAL_RULE),
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

/*
 * The ruleset a scenario file names, as seen from here: relative to the
 * file, as sandtable writes it; or as given when nothing is there but
 * something is from here (files written before named it from where
 * sandtable ran). Caller frees.
 */
static char *
ruleset_seen(const char *named, const char *file)
{
	char *p = file_beside(named, file);

	if (access(p, F_OK) != 0 && access(named, F_OK) == 0) {
		free(p);
		p = xstrdup(named);
	}
	return p;
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
		serr(&r, root, MSG(SCENARIO_FILE_MAP));
		goto out;
	}
	if ((n = rs_node_get(root, "measure")) != NULL) {
		r.measure = scalar(n) ? len_unit_from_name(n->scalar) :
		                        LEN_NONE;
		if (r.measure == LEN_NONE) {
			serr(&r, n, MSG(SCENARIO_UNKNOWN_MEASURE));
			r.measure = LEN_MM;
		}
	}
	s = xcalloc(1, sizeof(*s));
	n = rs_node_get(root, "scenario");
	s->title = xstrdup(scalar(n) != NULL ? n->scalar : "Scenario");
	n = rs_node_get(root, "ruleset");
	s->ruleset = scalar(n) != NULL ? ruleset_seen(n->scalar, file) :
	                                 xstrdup(rs->path);
	s->at_table = rs_node_get(root, "table") != NULL ?
	    rs_node_get(root, "table")->pos :
	    root->pos;
	s->at_turns = rs_node_get(root, "turns") != NULL ?
	    rs_node_get(root, "turns")->pos :
	    root->pos;
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
			/* tr_parse turned the terrain and said why not. */
			if (tr_axes_y_up(root, NULL, file) == 1)
				sc_flip_y(s);
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
		diag_msg(d, at, MSG(INPUT_NOT_READ), why);
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
		diag_msg(d, at, MSG(INPUT_NOT_READ), why);
		free(why);
		return NULL;
	}
	root = rs_yaml_parse(path, data, len, 0, d);
	if (root != NULL) {
		n = rs_node_get(root, "ruleset");
		if ((v = scalar(n)) != NULL && *v != '\0') {
			p = ruleset_seen(v, path);
			*rat = n->pos;
		} else if (n != NULL)
			diag_msg(d, n->pos, MSG(RULESET_MUST_PATH_RULESET));
		else
			diag_msg(d, root->pos,
			    MSG(SCENARIO_NAMES_NO_RULESET_GIVE));
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
		diag_msg(d, place(rs, s->at_turns),
		    MSG(TURN_LIMIT_MUST_LEAST));
		bad = 1;
	}
	for (side = 0; side < 2; side++) {
		const struct sc_rect *z = &s->zone[side];
		const char *who = side == SC_BLUE ? "Blue" : "Red";

		n = sc_force_units(&s->side[side]);
		if (n < 1 || n > SC_MAX_SIDE) {
			diag_msg(d, place(rs, s->at_forces[side]),
			    MSG(FIELDS_UNITS_SIDE_NEEDS), who, n, SC_MAX_SIDE);
			bad = 1;
		}
		if (!(z->w > 0) || !(z->h > 0) || z->x < -1e-6 ||
		    z->y < -1e-6 || z->x + z->w > s->table_w + 1e-6 ||
		    z->y + z->h > s->table_h + 1e-6) {
			diag_msg(d, place(rs, s->at_zone[side]),
			    MSG(DEPLOYMENT_ZONE_NOT_TABLE), who);
			bad = 1;
		} else if (n >= 1 && n <= SC_MAX_SIDE &&
		    sc_deploy(s, rs, side, xy, SC_MAX_SIDE) < n) {
			diag_msg(d, place(rs, s->at_zone[side]),
			    MSG(DEPLOYMENT_ZONE_ROOM_FEWER), who, n,
			    plural(n, "unit", "units"));
			bad = 1;
		}
	}
	if (overlap(&s->zone[0], &s->zone[1])) {
		if (s->at_zone[SC_BLUE].file != NULL)
			diag_msg(d, s->at_zone[SC_RED],
			    MSG(DEPLOYMENT_ZONES_OVERLAP_AT_LINE),
			    s->at_zone[SC_BLUE].line);
		else
			diag_msg(d, place(rs, s->at_zone[SC_RED]),
			    MSG(DEPLOYMENT_ZONES_OVERLAP_2));
		bad = 1;
	}
	for (i = 0; i < s->nobj; i++)
		if (s->obj[i].x < 0 || s->obj[i].y < 0 ||
		    s->obj[i].x > s->table_w || s->obj[i].y > s->table_h) {
			diag_msg(d, place(rs, s->at_obj[i]),
			    MSG(OBJECTIVE_OFF_TABLE), s->obj[i].name);
			bad = 1;
		}
	return bad ? -1 : 0;
}
