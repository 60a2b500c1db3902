/* Products: the odds panel the CLI hands over reaches the reference sheet
 * and the card of its unit; reading back through pdftotext. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/render/render.h"

/* The text of a PDF, spaces and newlines squeezed (caller frees). */
static char *
pdf_text(const char *path)
{
	char *cmd = xasprintf("pdftotext -raw '%s' - 2>/dev/null", path);
	FILE *p = popen(cmd, "r");
	char *buf = xcalloc(1, 1 << 20);
	size_t n;

	cr_assert_not_null(p);
	n = fread(buf, 1, (1 << 20) - 1, p);
	buf[n] = '\0';
	pclose(p);
	free(cmd);
	for (n = 0; buf[n] != '\0'; n++)
		if (buf[n] == '\n')
			buf[n] = ' ';
	return buf;
}

/* One panel: the chance of a Rifle to hit two targets. */
static void
odds_fill(struct rnd_odds_set *s)
{
	struct rnd_odds o;
	struct rnd_odds_row r;

	memset(&o, 0, sizeof(o));
	o.title = xstrdup("Chance to hit");
	o.subject = xstrdup("Rifle");
	o.ncols = 2;
	o.cols = xcalloc(2, sizeof(char *));
	o.cols[0] = xstrdup("Machine Gun");
	o.cols[1] = xstrdup("Tank");
	r.label = xstrdup("Rifle fires");
	r.cells = xcalloc(2, sizeof(char *));
	r.cells[0] = xstrdup("1/3 exactly");
	r.cells[1] = xstrdup("never");
	XPUSH(o.rows, o.nrows, o.caprows, r);
	XPUSH(s->v, s->n, s->cap, o);
}

Test(products, odds_panel_reaches_sheet_and_card)
{
	struct diags dg = { 0 };
	struct ruleset *rs = rs_read("../rulesets/morschauser-modern.md", &dg);
	struct rnd_odds_set os = { NULL, 0, 0 };
	struct rnd_opts o;
	char dir[] = "/tmp/rndprodXXXXXX", *ref, *cards, *t;

	cr_assert_not_null(rs);
	cr_assert_not_null(mkdtemp(dir));
	ref = xasprintf("%s/r.pdf", dir);
	cards = xasprintf("%s/c.pdf", dir);
	odds_fill(&os);
	rnd_opts_init(&o);
	o.odds = &os;
	o.tmpl = "../templates/reference.yaml";
	cr_assert_eq(rnd_reference(rs, ref, &o, &dg), 0);
	t = pdf_text(ref);
	cr_assert(strstr(t, "Chance to hit") != NULL, "no odds on the sheet");
	cr_assert(strstr(t, "1/3 exactly") != NULL);
	free(t);
	o.tmpl = "../templates/unit-cards.yaml";
	o.single = 1;
	cr_assert_eq(rnd_cards(rs, cards, &o, &dg), 0);
	t = pdf_text(cards);
	cr_assert(strstr(t, "1/3 exactly") != NULL, "no odds on the card");
	free(t);
	cr_assert_eq(diags_count(&dg, SEV_ERROR), 0);
	rnd_odds_set_free(&os);
	rs_free(rs);
	diags_free(&dg);
	unlink(ref);
	unlink(cards);
	rmdir(dir);
	free(ref);
	free(cards);
}
