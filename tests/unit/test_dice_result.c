/* test_dice_result.c: an opposed melee's result as play fights it agrees
 * with its exact odds (odds' melee_result): 40,000 melees of the
 * melee-only fixture played through the family's own melee step, each
 * chance within four standard errors of the exact one. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/engine/dice_tables.h"
#include "../../src/engine/engine.h"
#include "../../src/ruleset/ruleset.h"

/* The exact chances from the odds document, by key, for one pair. */
struct want {
	const char *a, *b;
	double v[4];
	int seen;
};

static const char *const keys[4] = { "attacker_removed", "defender_removed",
	"attacker_gives_ground", "defender_gives_ground" };
static int in_result, in_entry, in_exact;
static struct want *W;
static char cur_a[64], cur_b[64];

static void
e_table(void *arg, const char *key, const char *title)
{
	(void)arg;
	(void)title;
	in_result = strcmp(key, "melee_result") == 0;
}
static void
e_column(void *arg, const char *key, const char *head, int width)
{
	(void)arg;
	(void)key;
	(void)head;
	(void)width;
}
static void
e_note(void *arg, const char *text)
{
	(void)arg;
	(void)text;
}
static void
e_open(void *arg, const char *key, int list)
{
	(void)arg;
	(void)list;
	if (key == NULL)
		in_entry = 1;
	else if (strcmp(key, "exact") == 0)
		in_exact = 1;
}
static void
e_close(void *arg)
{
	(void)arg;
	if (in_exact)
		in_exact = 0;
	else
		in_entry = 0;
}
static void
e_string(void *arg, const char *key, const char *s)
{
	(void)arg;
	if (!in_result || !in_entry || key == NULL)
		return;
	if (strcmp(key, "attacker") == 0)
		snprintf(cur_a, sizeof(cur_a), "%s", s);
	else if (strcmp(key, "defender") == 0)
		snprintf(cur_b, sizeof(cur_b), "%s", s);
}
static void
e_integer(void *arg, const char *key, long v)
{
	(void)arg;
	(void)key;
	(void)v;
}
static void
e_boolean(void *arg, const char *key, int v)
{
	(void)arg;
	(void)key;
	(void)v;
}
static void
e_null(void *arg, const char *key)
{
	(void)arg;
	(void)key;
}
static void
e_real(void *arg, const char *key, double v)
{
	int k;

	(void)arg;
	if (!in_result || in_exact || key == NULL ||
	    strcmp(cur_a, W->a) != 0 || strcmp(cur_b, W->b) != 0)
		return;
	for (k = 0; k < 4; k++)
		if (strcmp(key, keys[k]) == 0) {
			W->v[k] = v;
			W->seen++;
		}
}
static void
e_exact(void *arg, const char *key, const mpq_t v)
{
	(void)arg;
	(void)key;
	(void)v;
}
static int
e_share(void *arg, const char *key, const void *id, int part)
{
	(void)arg;
	(void)key;
	(void)id;
	(void)part;
	return 0;
}

Test(dice_result, play_agrees_with_exact)
{
	static const struct eng_emit emit = { e_table, e_column, e_note,
		e_open, e_close, e_string, e_integer, e_boolean, e_null,
		e_real, e_exact, e_share, NULL };
	struct want w = { "Guards", "Skirmishers", { 0 }, 0 };
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("rulesets/dice-melee-only.md", &d);
	struct eng_ctx *c;
	long count[4] = { 0 }, n = 40000, i;
	double hw;
	int k;

	cr_assert_not_null(rs);
	eng_family_check(rs, &d);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	W = &w;
	c->fam->show->odds_doc(c, "Guards", "Skirmishers", &emit);
	cr_assert_eq(w.seen, 4, "the odds give melee_result");
	for (i = 0; i < n; i++) {
		struct eng_game *g = eng_game_new(c);
		struct eng_action act;
		char err[256];
		double ax, ay, bx, by;
		int a, b;

		eng_game_init(g, c, 7, (uint64_t)i);
		hw = c->kinds[0].hd;
		a = eng_game_add(g, 0, 0, 300, 300);
		b = eng_game_add(g, 1, 1, 300, 300 + 2 * hw);
		eng_game_ready(g);
		g->side = 0;
		ax = g->u[a].x, ay = g->u[a].y, bx = g->u[b].x, by = g->u[b].y;
		memset(&act, 0, sizeof(act));
		act.kind = ENG_ACT_MELEE;
		act.unit = a;
		act.target = b;
		act.weapon = -1;
		cr_assert_eq(c->fam->step(g, &act, err, sizeof(err)), 0, "%s",
		    err);
		count[0] += !g->u[a].alive;
		count[1] += !g->u[b].alive;
		count[2] += g->u[a].alive &&
		    (g->u[a].x != ax || g->u[a].y != ay);
		count[3] += g->u[b].alive &&
		    (g->u[b].x != bx || g->u[b].y != by);
		free(g);
	}
	for (k = 0; k < 4; k++) {
		double p = w.v[k], f = (double)count[k] / (double)n,
		       se = sqrt(p * (1 - p) / (double)n);

		cr_assert(fabs(f - p) <= 4 * se + 1e-9,
		    "%s: played %.4f, exact %.4f (4 s.e. %.4f)", keys[k], f, p,
		    4 * se);
	}
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}
