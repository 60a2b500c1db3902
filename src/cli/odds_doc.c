/*
 * odds_doc.c: `sandtable odds` as text: the document's values as they
 * come (chk_odds_json()), one line an entry under its table's title, in
 * the layout of its tables — the generic fire and melee tables of
 * odds(), or a family's own document (eng_show.odds_doc): the dice
 * family's volleys and melees, the morale family's hit distributions,
 * morale tests (a grid) and melee rounds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../check/check.h"
#include "cli.h"

/* ---- the dice family ---- */

static void
dt_member(const char *key, json_t *v, void *arg)
{
	if (json_is_string(v))
		fprintf(arg, "%s: %s\n", key, json_string_value(v));
	json_decref(v);
}

static void
dt_table(const char *key, const char *title, void *arg)
{
	(void)key;
	fprintf(arg, "\n%s\n", title);
}

/* The fraction of key under the entry's "exact"; "-" when none. */
static const char *
ex(const json_t *e, const char *key)
{
	const char *s = json_string_value(
	    json_object_get(json_object_get(e, "exact"), key));

	return s != NULL ? s : "-";
}

/* A distribution of the exact document, [p0 p1 …]. */
static void
ex_dist(FILE *f, const json_t *e, const char *key)
{
	const json_t *d = json_object_get(json_object_get(e, "exact"), key);
	size_t i;

	fputc('[', f);
	for (i = 0; i < json_array_size(d); i++)
		fprintf(f, "%s%s", i ? " " : "",
		    json_string_value(json_array_get(d, i)));
	fputc(']', f);
}

static const char *
str(const json_t *e, const char *key)
{
	return json_string_value(json_object_get(e, key));
}

static void
dt_entry(json_t *e, void *arg)
{
	FILE *f = arg;

	if (json_object_get(e, "shooter") != NULL) {
		fprintf(f, "  %s: %s at %s  %s  ", str(e, "shooter"),
		    str(e, "weapon"), str(e, "target"),
		    ex(e, "p_wound_per_attack"));
		ex_dist(f, e, "damage");
		fprintf(f, "  removed %s  mean %s\n", ex(e, "p_removed"),
		    ex(e, "expected_damage"));
	} else if (json_object_get(e, "mechanism") != NULL) {
		fprintf(f, "  %s v %s  ", str(e, _("attacker")),
		    str(e, _("defender")));
		if (!json_is_true(json_object_get(e, "resolves")))
			fprintf(f, "never ends");
		else if (!json_is_true(json_object_get(e, "fought_out")))
			fprintf(f, "not worked out (Wounds over the limit)");
		else
			fprintf(f, "%s %s %s  rounds %s",
			    ex(e, "attacker_wins"), ex(e, "defender_wins"),
			    ex(e, "both_destroyed"), ex(e, "expected_rounds"));
		fprintf(f, "  first round ");
		ex_dist(f, e, "attacker_loses");
		fputc(' ', f);
		ex_dist(f, e, "defender_loses");
		fputc('\n', f);
	} else
		fprintf(f, "  %s v %s  %s %s %s  double %s %s\n",
		    str(e, _("attacker")), str(e, _("defender")),
		    ex(e, "attacker_wins"), ex(e, "defender_wins"),
		    ex(e, "equal"), ex(e, "attacker_double"),
		    ex(e, "defender_double"));
	json_decref(e);
}

/* ---- the morale family ---- */

/* Its tables entry by entry as they come; the morale tests, a small
 * grid, are kept until their table ends. */
struct mtext {
	char table[16];
	json_t *tests;
	char *tests_title;
	FILE *f;
};

/* A JSON array of reals as "0.482 0.386 …" (3 decimals). */
static void
print_reals(FILE *f, const json_t *a)
{
	char b[32];
	size_t i;

	for (i = 0; i < json_array_size(a); i++) {
		fmt_double(b, sizeof(b), json_real_value(json_array_get(a, i)),
		    3);
		fprintf(f, "%s%s", i ? " " : "", b);
	}
}

static int
num(const json_t *e, const char *key)
{
	return (int)json_integer_value(json_object_get(e, key));
}

/* The morale-test grid: modifiers across, morale down. */
static void
print_tests(FILE *f, const char *title, const json_t *tests)
{
	const json_t *e;
	size_t i;
	int last;

	fprintf(f, "\n%s\n  morale  modifier:", title);
	json_array_foreach(tests, i, e)
	{
		if (num(e, "morale") == 1 && num(e, "modifier") >= -6)
			fprintf(f, " %+5d", num(e, "modifier"));
	}
	last = -1;
	json_array_foreach(tests, i, e)
	{
		int m = num(e, "morale"), t = num(e, "modifier");

		if (m != last)
			fprintf(f, "\n  %6d          ", m);
		last = m;
		if (t >= -6)
			fprintf(f, " %5s", str(e, "exact"));
	}
	fprintf(f, "\n");
}

static void
mt_member(const char *key, json_t *v, void *arg)
{
	(void)key;
	(void)arg;
	json_decref(v);
}

static void
mt_table(const char *key, const char *title, void *arg)
{
	struct mtext *t = arg;
	FILE *f = t->f;

	snprintf(t->table, sizeof(t->table), "%s", key);
	if (strcmp(key, "fire") == 0)
		fprintf(f, "%s\n", title);
	else if (strcmp(key, "melee_dice") == 0)
		fprintf(f, "\n%s\n", title);
	else if (strcmp(key, "morale_tests") == 0) {
		free(t->tests_title);
		t->tests_title = xstrdup(title);
	} else if (strcmp(key, "melee") == 0) {
		print_tests(f, t->tests_title ? t->tests_title : "", t->tests);
		fprintf(f, "\n%s\n", title);
		fprintf(f, "  %-22s %-22s %-7s %-14s %-14s %s\n", "attacker",
		    "defender", "where", "attacker_wins", "defender_wins",
		    "tiebreak");
	}
}

static void
mt_entry(json_t *e, void *arg)
{
	struct mtext *t = arg;
	FILE *f = t->f;
	char x[32], y[32], z[32];

	if (strcmp(t->table, "fire") == 0) {
		fprintf(f, "  %-22s %-10s %2d dice%s  ", str(e, "shooter"),
		    str(e, "weapon"), num(e, "dice"),
		    json_is_true(json_object_get(e, "disorganised")) ?
		        ", saved" :
		        "       ");
		print_reals(f, json_object_get(e, "hits"));
		fprintf(f, "\n");
	} else if (strcmp(t->table, "melee_dice") == 0) {
		fprintf(f, "  %-22s %-6s %2d dice %+d%s  ", str(e, "unit"),
		    str(e, "situation"), num(e, "dice"),
		    num(e, "die_modifier"),
		    json_is_true(json_object_get(e, "disorganised")) ?
		        ", saved" :
		        "       ");
		print_reals(f, json_object_get(e, "hits"));
		fprintf(f, "\n");
	} else if (strcmp(t->table, "morale_tests") == 0) {
		json_array_append(t->tests, e);
	} else {
		fmt_double(x, sizeof(x),
		    json_real_value(json_object_get(e, "attacker_wins")), 4);
		fmt_double(y, sizeof(y),
		    json_real_value(json_object_get(e, "defender_wins")), 4);
		fmt_double(z, sizeof(z),
		    json_real_value(json_object_get(e, "tiebreak")), 4);
		fprintf(f, "  %-22s %-22s %-7s %-14s %-14s %s\n",
		    str(e, "attacker"), str(e, "defender"),
		    str(e, "situation"), x, y, z);
	}
	json_decref(e);
}

/* ---- the generic fire and melee tables (chk_odds_stream) ---- */

/* A chance as "4/7 (0.571)", or "1" when whole, into buf. */
static void
qtext(char *buf, size_t sz, const json_t *real, const json_t *exact)
{
	const char *x = json_string_value(exact);
	char b[32];

	if (x == NULL)
		x = "";
	fmt_double(b, sizeof(b), json_real_value(real), 3);
	if (strchr(x, '/') == NULL)
		snprintf(buf, sz, "%s", x);
	else
		snprintf(buf, sz, "%s (%s)", x, b);
}

static void
gt_table(const char *key, const char *title, void *arg)
{
	FILE *f = arg;

	if (strcmp(key, "fire") == 0) {
		fprintf(f, "%s\n", title);
		fprintf(f, "  %-18s %-17s %-18s %s\n", "shooter", "weapon",
		    "target", "p_hit");
		return;
	}
	fprintf(f, "\n%s\n", title);
	fprintf(f, "  %-16s %-16s %-8s %-15s %-15s %-15s %s\n", "attacker",
	    "defender", "where", "attacker_wins", "defender_wins",
	    "both_destroyed", "rolls");
}

/* One chance of a melee entry: its real and its exact fraction. */
static void
chance_text(char *buf, size_t sz, const json_t *e, const char *key)
{
	qtext(buf, sz, json_object_get(e, key),
	    json_object_get(json_object_get(e, "exact"), key));
}

static void
gt_entry(json_t *e, void *arg)
{
	FILE *f = arg;
	char x[96], y[96], z[96], r[96];

	if (json_object_get(e, "shooter") != NULL) {
		qtext(x, sizeof(x), json_object_get(e, "p_hit"),
		    json_object_get(e, "exact"));
		fprintf(f, "  %-18s %-17s %-18s %s\n", str(e, "shooter"),
		    str(e, "weapon"), str(e, "target"), x);
	} else if (!json_is_true(json_object_get(e, "resolves")))
		fprintf(f, "  %-16s %-16s %-8s never resolves\n",
		    str(e, "attacker"), str(e, "defender"),
		    str(e, "situation"));
	else {
		chance_text(x, sizeof(x), e, "attacker_wins");
		chance_text(y, sizeof(y), e, "defender_wins");
		chance_text(z, sizeof(z), e, "both_destroyed");
		chance_text(r, sizeof(r), e, "expected_rolls");
		fprintf(f, "  %-16s %-16s %-8s %-15s %-15s %-15s %s\n",
		    str(e, "attacker"), str(e, "defender"),
		    str(e, "situation"), x, y, z, r);
	}
	json_decref(e);
}

/* ---- by family ---- */

void
odds_doc_text(const struct eng_ctx *c, const char *a, const char *b, FILE *f)
{
	struct chk_json_sink s = { dt_member, dt_table, dt_entry, f };
	const struct eng_show *sh = c->fam->show;
	struct mtext t;

	if (sh == NULL || sh->odds_doc == NULL) {
		s.member = mt_member; /* drops members: there are none */
		s.table = gt_table;
		s.entry = gt_entry;
		chk_odds_json(c, a, b, &s);
		return;
	}
	if (strcmp(c->fam->name, "morale") != 0) {
		chk_odds_json(c, a, b, &s);
		return;
	}
	memset(&t, 0, sizeof(t));
	t.tests = json_array();
	t.f = f;
	s.member = mt_member;
	s.table = mt_table;
	s.entry = mt_entry;
	s.arg = &t;
	chk_odds_json(c, a, b, &s);
	json_decref(t.tests);
	free(t.tests_title);
}
