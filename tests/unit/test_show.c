/* What the products learn of a rule family (struct eng_show): every
 * built-in family describes itself in full, a ruleset no family plays
 * gets the print-only description, and the report's agreement check
 * (check/agree.c) reads the family's tallies through it. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/check/check.h"
#include "../../src/engine/firepower.h"

/* Every built-in family's description has what the products read. */
Test(show, every_family_describes_itself)
{
	const char *const e[] = { "firepower", "morale" };
	size_t i;

	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		const struct eng_family *f = eng_family_find(e[i]);
		const struct eng_show *s;

		cr_assert_not_null(f);
		s = f->show;
		cr_assert_not_null(s, "%s has no eng_show", f->name);
		cr_assert(s->stats & ENG_STAT_MOVE);
		cr_assert_not_null(s->situation);
		cr_assert_not_null(s->melee_title);
		cr_assert_not_null(s->melee_of.legend);
		cr_assert_not_null(s->melee_of.note);
		cr_assert_not_null(s->unit_facts);
		/* The situation the panels assume has words of its own. */
		cr_assert_str_neq(eng_situation_words(s, s->situation),
		    s->situation);
	}
}

/* A ruleset no family plays still gets a description: every stat,
 * plain end-of-battle words, weapons on its markers. */
/* The gauges an example of play tells of a unit (hits, morale) fit the
 * record's room, each has words, and a family that shows some gives
 * their values. */
Test(show, unit_gauges_fit_and_have_words)
{
	const char *const e[] = { "firepower", "morale", "dice" };
	size_t i;
	int k;

	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		const struct eng_family *f = eng_family_find(e[i]);
		const struct eng_show *s;

		cr_assert_not_null(f);
		s = f->show;
		cr_assert_leq(s->nugauges, ENG_MAX_UGAUGES, "%s", f->name);
		cr_assert_eq(s->nugauges > 0, f->unit_gauges != NULL, "%s",
		    f->name);
		for (k = 0; k < s->nugauges; k++) {
			cr_assert_not_null(s->ugauges[k].key);
			cr_assert_not_null(s->ugauges[k].rises);
			cr_assert_not_null(s->ugauges[k].falls);
		}
	}
}

Test(show, print_only_rulesets_get_a_description)
{
	struct ruleset rs;
	const struct eng_show *s;

	memset(&rs, 0, sizeof(rs));
	rs.engine = NULL;
	s = eng_show_of(&rs);
	cr_assert_not_null(s);
	cr_assert_eq(s->stats, ENG_STAT_ALL);
	cr_assert_null(s->odds_doc);
	/* Losses alone end its battles; its markers list the weapons. */
	cr_assert_null(s->end);
	cr_assert_null(s->unit_facts);
	cr_assert_eq(s->fire_is_stat, 0);
	rs.engine = (char *)"morale";
	cr_assert_eq(eng_show_of(&rs), eng_family_find("morale")->show);
}

/* Print only is a row of the family table: no engine and engine: none
 * both find it; it has no rules, plays nothing and prepares no engine.
 * The messages list it among the known engines, not among those that
 * have a ruleset played. */
Test(show, print_only_is_the_none_family)
{
	struct ruleset rs;
	struct diags d = { 0 };
	const struct eng_family *f;
	char *s;

	memset(&rs, 0, sizeof(rs));
	rs.engine = NULL;
	f = eng_family_of(&rs);
	cr_assert_not_null(f);
	cr_assert_str_eq(f->name, "none");
	cr_assert_eq(f, eng_family_find("NONE"));
	cr_assert_eq(f->nrules, 0);
	cr_assert_null(f->play_turn);
	cr_assert(f->show->print_only);
	cr_assert_eq(eng_show_of(&rs), f->show);
	cr_assert_str_eq(eng_engine_name(&rs), "none");
	cr_assert_null(eng_ctx_new(&rs, -1, 0, &d));
	cr_assert_eq(d.n, 0);
	rs.engine = (char *)"none";
	cr_assert_eq(eng_family_of(&rs), f);
	rs.engine = (char *)"bogus";
	cr_assert_null(eng_family_of(&rs));
	s = eng_family_known();
	cr_assert_str_eq(s, "none, firepower, morale, dice");
	free(s);
	s = eng_family_names("", ", ");
	cr_assert_str_eq(s, "firepower, morale, dice");
	free(s);
}

/* The agreement check takes the outcomes self-play saw at least
 * CHK_AGREE_MIN times, with their exact chance and a Wilson interval. */
Test(show, agreement_reads_the_family_tallies)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("../rulesets/morschauser-modern.md", &d);
	struct eng_ctx *c;
	struct eng_stats st;
	struct chk_agree *v;
	size_t n;

	cr_assert_not_null(rs);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	memset(&st, 0, sizeof(st));
	st.tally[FP_TALLY_SHOT(3, 1)] = 20; /* 20 of 40: seen enough */
	st.tally[FP_TALLY_SHOT(3, 0)] = 20;
	st.tally[FP_TALLY_SHOT(2, 1)] = 5; /* 10 in all: too few */
	st.tally[FP_TALLY_SHOT(2, 0)] = 5;
	n = chk_agree(c, &st, &v);
	cr_assert_eq(n, 1);
	cr_assert_str_eq(v[0].label, "Shot hitting on 3 faces: a hit");
	cr_assert_eq(v[0].k, 20);
	cr_assert_eq(v[0].n, 40);
	cr_assert_str_eq(v[0].exact, "1/2");
	cr_assert_float_eq(v[0].p, 0.5, 1e-12);
	cr_assert(v[0].lo < 0.5 && v[0].hi > 0.5 && v[0].lo > 0.3);
	chk_agree_free(v, n);
	eng_ctx_free(c);
	rs_free(rs);
	diags_free(&d);
}
