/* Findings of the check pipeline on a ruleset built to have them: a melee
 * that never ends, a unit nothing can destroy, a unit that destroys
 * nothing, a weapon longer than the table, games that never end. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../src/check/analysis.h"
#include "../../src/check/check.h"

static const char flawed[] =
    "---\n"
    "title: Flawed\n"
    "engine: firepower\n"
    "measure: in\n"
    "base: 1in\n"
    "table: 24x24in\n"
    "grid: none\n"
    "battle:\n"
    "  turns: 5\n"
    "  deploy: 6in\n"
    "  forces:\n"
    "    Blob: 2\n"
    "    Fort: 1\n"
    "---\n"
    "\n"
    "## Units\n"
    "\n"
    "| Unit | Class | Move | Melee | Weapons | Traits |\n"
    "|---|---|---|---|---|---|\n"
    "| Rifle | infantry | 9 | 4 | Rifle | |\n"
    "| Blob | infantry | 6 | 0 | | |\n"
    "| Fort | vehicle | 0 | — | Long gun | no-melee |\n"
    "\n"
    "## Weapons\n"
    "\n"
    "| Weapon | Range | Hits on | Destroys |\n"
    "|---|---|---|---|\n"
    "| Rifle | 15 | 4, 6 | infantry |\n"
    "| Long gun | 100 | 6 | artillery |\n";

static int
has(const struct diags *d, enum severity sev, const char *text)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].sev == sev && strstr(d->v[i].msg, text) != NULL)
			return 1;
	return 0;
}

Test(engine_findings, flawed_ruleset)
{
	struct diags d = { 0 }, f = { 0 };
	struct ruleset *rs = rs_parse("flawed.md", flawed, strlen(flawed), &d);
	struct chk_opts o = { .games = 200,
		.seed = 1,
		.jobs = 2,
		.grid = -1,
		.cell_mm = 0,
		.tests = 1 };
	struct chk_result r;
	struct analysis *a;

	cr_assert_not_null(rs);
	cr_assert_lt(diags_worst(&d), SEV_ERROR, "%s", d.n ? d.v[0].msg : "");
	a = ana_new(rs, -1, 0);
	cr_assert_eq(ana_check(a, &o, &r, &f), 0);
	cr_assert(has(&f, SEV_WARNING, "melee of 'Blob' against 'Blob'"));
	cr_assert(has(&f, SEV_WARNING, "nothing can destroy unit 'Fort'"));
	cr_assert(has(&f, SEV_WARNING, "unit 'Blob' can destroy nothing"));
	cr_assert(has(&f, SEV_NOTE, "weapon 'Long gun'"));
	/* Blobs cannot hurt each other and Forts harm no one on the table:
	 * every game reaches the turn limit, and nobody ever wins. */
	cr_assert_eq(r.st.timeouts, 200);
	cr_assert(has(&f, SEV_WARNING, "did not end before the turn limit"));
	cr_assert(has(&f, SEV_WARNING, "never won a mirror match"));
	cr_assert(has(&f, SEV_WARNING, "no test games"));
	chk_result_free(&r);
	ana_free(a);
	diags_free(&d);
	diags_free(&f);
	rs_free(rs);
}

Test(engine_findings, morale_is_a_note_until_it_is_played)
{
	struct diags d = { 0 }, f = { 0 };
	struct ruleset *rs = rs_read("../rulesets/gauntlet-ancients.md", &d);
	struct chk_opts o = { .games = 10,
		.seed = 1,
		.jobs = 1,
		.grid = -1,
		.cell_mm = 0,
		.tests = 1 };
	struct chk_result r;
	struct analysis *a;
	int rc;

	cr_assert_not_null(rs);
	a = ana_new(rs, -1, 0);
	rc = ana_check(a, &o, &r, &f);
	if (eng_family_find("morale") == NULL) {
		cr_assert_eq(rc, 1);
		cr_assert(has(&f, SEV_NOTE, "not played yet"));
	} else
		cr_assert_eq(rc, 0);
	cr_assert_lt(diags_worst(&f), SEV_ERROR);
	chk_result_free(&r);
	ana_free(a);
	diags_free(&d);
	diags_free(&f);
	rs_free(rs);
}

Test(engine_findings, grid_option_parses)
{
	int g;
	double c;

	cr_assert_eq(chk_grid_parse("square 3in", LEN_IN, &g, &c), 0);
	cr_assert_eq(g, RS_GRID_SQUARE);
	cr_assert_float_eq(c, 76.2, 1e-9);
	cr_assert_eq(chk_grid_parse("hex 30", LEN_MM, &g, &c), 0);
	cr_assert_eq(g, RS_GRID_HEX);
	cr_assert_eq(chk_grid_parse("none", LEN_IN, &g, &c), 0);
	cr_assert_eq(g, RS_GRID_NONE);
	cr_assert_eq(chk_grid_parse("square", LEN_IN, &g, &c), -1);
	cr_assert_eq(chk_grid_parse("triangle 3in", LEN_IN, &g, &c), -1);
}

/* The record of an example says, step by step, what each step fought:
 * Ancients' charge declares (step 1 fights nothing) and its melee phase
 * (step 3, naming no unit) fights the melee between the two; the example
 * diagram draws its cross from this, not from the verb's spelling. */
Test(engine_findings, example_steps_record_their_contests)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("../rulesets/gauntlet-ancients.md", &d);
	struct eng_ctx *c;
	struct eng_example *ex = NULL;
	int n, i, failed = 0, seen = 0;

	cr_assert_not_null(rs);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	n = eng_examples(c, &d, &ex, &failed);
	cr_assert_eq(failed, 0);
	for (i = 0; i < n; i++) {
		const struct eng_record *r = &ex[i].rec;

		if (strcmp(ex[i].caption, "A charge and its melee") != 0)
			continue;
		seen = 1;
		cr_assert_geq(r->nsteps, 3);
		cr_assert_str_eq(r->steps[0].verb, "charge");
		cr_assert_eq(r->steps[0].melees, 0);
		cr_assert_eq(r->steps[0].shots, 0);
		cr_assert_lt(r->steps[2].unit, 0);
		cr_assert_eq(r->steps[2].melees, 1);
		cr_assert_eq(r->steps[2].fight_a, r->steps[0].unit);
		cr_assert_eq(r->steps[2].fight_b, r->steps[0].target);
	}
	cr_assert(seen, "no example 'A charge and its melee'");
	eng_examples_free(ex, n);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}

/* Modern's fire example: its fire step shot once and fought no melee. */
Test(engine_findings, a_fire_step_records_one_shot)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_read("../rulesets/morschauser-modern.md", &d);
	struct eng_ctx *c;
	struct eng_example *ex = NULL;
	size_t k;
	int n, i, failed = 0, shots = 0, melees = 0;

	cr_assert_not_null(rs);
	c = eng_ctx_new(rs, -1, 0, &d);
	cr_assert_not_null(c);
	n = eng_examples(c, &d, &ex, &failed);
	cr_assert_eq(failed, 0);
	for (i = 0; i < n; i++)
		for (k = 0; k < ex[i].rec.nsteps; k++) {
			const struct eng_rec_step *st = &ex[i].rec.steps[k];

			if (st->kind == ENG_ACT_FIRE && !st->refused) {
				cr_assert_eq(st->shots, 1);
				cr_assert_eq(st->melees, 0);
				shots++;
			}
			if (st->kind == ENG_ACT_MELEE && !st->refused &&
			    st->melees > 0)
				melees++;
		}
	cr_assert_gt(shots, 0);
	cr_assert_gt(melees, 0);
	eng_examples_free(ex, n);
	eng_ctx_free(c);
	diags_free(&d);
	rs_free(rs);
}
