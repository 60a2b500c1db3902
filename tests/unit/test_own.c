#define _GNU_SOURCE
/* The game's own words: free classes of a print-only ruleset kept as
 * written and printed on cards and the reference sheet; a family keeps
 * its own list. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/engine/engine.h"
#include "../../src/render/render.h"
#include "../../src/ruleset/ruleset.h"

/* A print-only ruleset (engine: none): free classes, one own stat. */
static const char freecls[] = "---\n"
                              "title: Free Classes\n"
                              "engine: none\n"
                              "measure: in\n"
                              "---\n"
                              "\n"
                              "## Units\n"
                              "\n"
                              "| Unit | Class | Move | Quality | Weapons |\n"
                              "|---|---|---|---|---|\n"
                              "| Thane | Hearth guard | 6 | 3+ | Spear |\n"
                              "| Fyrd | Levy | 6 | 5+ | Spear |\n"
                              "| Ceorl | levy | 6 | | Spear |\n"
                              "| Archer | infantry | 6 | 4+ | Spear |\n"
                              "\n"
                              "## Weapons\n"
                              "\n"
                              "| Weapon | Range | Hits on |\n"
                              "|---|---|---|\n"
                              "| Spear | 1 | 4, 5, 6 |\n";

static size_t
errors_other_than_engine(const struct diags *d)
{
	size_t i, n = 0;

	for (i = 0; i < d->n; i++)
		if (d->v[i].sev == SEV_ERROR &&
		    strstr(d->v[i].msg, "no engine") == NULL)
			n++;
	return n;
}

Test(own, free_classes_kept_as_written)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("free.md", freecls, strlen(freecls), &d);

	cr_assert_not_null(rs);
	cr_assert_eq(errors_other_than_engine(&d), 0, "%s",
	    d.n ? d.v[0].msg : "");
	cr_assert_eq(rs->nunits, 4);
	cr_assert_eq(rs->nclasses, 2);
	cr_assert_str_eq(rs_unit_class(rs, &rs->units[0]), "Hearth guard");
	cr_assert_str_eq(rs_unit_class(rs, &rs->units[1]), "Levy");
	/* The same word in another case is the same class, as first
	 * written. */
	cr_assert_str_eq(rs_unit_class(rs, &rs->units[2]), "Levy");
	cr_assert_eq(rs->units[2].cls_free, rs->units[1].cls_free);
	cr_assert_str_eq(rs_unit_class(rs, &rs->units[3]), "infantry");
	cr_assert_eq(rs->units[3].cls_free, 0);
	cr_assert_eq(rs->unit_own.n, 1);
	cr_assert_null(rs->units[2].own[0]);
	cr_assert_str_eq(rs->units[0].own[0], "3+");
	/* No note for the own stat: nothing is played. */
	for (size_t i = 0; i < d.n; i++)
		cr_assert_neq(d.v[i].sev, SEV_NOTE, "%s", d.v[i].msg);
	diags_free(&d);
	rs_free(rs);
}

Test(own, free_classes_printed)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("free.md", freecls, strlen(freecls), &d);
	struct rnd_opts o;
	char dir[] = "/tmp/own-XXXXXX", cmd[256], *txt = NULL;
	size_t n = 0;
	FILE *fp;

	cr_assert_not_null(mkdtemp(dir));
	rnd_opts_init(&o);
	diags_free(&d);
	memset(&d, 0, sizeof(d));
	snprintf(cmd, sizeof(cmd), "%s/c.pdf", dir);
	o.tmpl = "unit-cards";
	cr_assert_eq(rnd_cards(rs, cmd, &o, &d), 0);
	snprintf(cmd, sizeof(cmd), "%s/r.pdf", dir);
	o.tmpl = "reference";
	cr_assert_eq(rnd_reference(rs, cmd, &o, &d), 0);
	snprintf(cmd, sizeof(cmd),
	    "pdftotext %s/c.pdf - ; "
	    "pdftotext %s/r.pdf -; rm -rf %s",
	    dir, dir, dir);
	fp = popen(cmd, "r");
	cr_assert_not_null(fp);
	cr_assert(getdelim(&txt, &n, '\0', fp) > 0);
	pclose(fp);
	cr_assert_not_null(strstr(txt, "Hearth guard"));
	cr_assert_not_null(strstr(txt, "Levy"));
	cr_assert_not_null(strstr(txt, "Quality"));
	free(txt);
	diags_free(&d);
	rs_free(rs);
}

Test(own, family_names_its_classes)
{
	static const char fam[] =
	    "---\ntitle: F\nengine: firepower\n---\n\n## Units\n\n"
	    "| Unit | Class | Move |\n|---|---|---|\n"
	    "| Thane | Hearth guard | 6 |\n";
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("f.md", fam, strlen(fam), &d);
	size_t i;
	int seen = 0;

	/* The reader keeps the word; the family says it plays the six. */
	cr_assert_eq(rs->units[0].cls_free, 1);
	eng_family_check(rs, &d);
	for (i = 0; i < d.n; i++)
		if (strstr(d.v[i].msg,
		        "unknown class 'Hearth guard' (the firepower "
		        "family plays infantry, artillery, vehicle)") !=
		    NULL) {
			seen = 1;
			cr_assert_eq(d.v[i].sev, SEV_ERROR);
			cr_assert_eq(d.v[i].line, 10);
			cr_assert_eq(d.v[i].col, 10);
		}
	cr_assert(seen, "no error naming the classes");
	diags_free(&d);
	rs_free(rs);
}

Test(own, faces_format)
{
	struct rs_faces f;
	char buf[512];

	memset(&f, 0, sizeof(f));
	rs_faces_set(&f, 4);
	rs_faces_set(&f, 6);
	rs_faces_format(buf, sizeof(buf), &f, ", ");
	cr_assert_str_eq(buf, "4, 6");
	memset(&f, 0, sizeof(f));
	for (int k = 11; k <= 20; k++)
		rs_faces_set(&f, k);
	rs_faces_set(&f, 1);
	rs_faces_format(buf, sizeof(buf), &f, ", ");
	cr_assert_str_eq(buf,
	    "1, 11\xe2\x80\x93"
	    "20");
	memset(&f, 0, sizeof(f));
	rs_faces_set(&f, 100);
	cr_assert(rs_faces_has(&f, 100));
	cr_assert(!rs_faces_has(&f, 99));
	cr_assert(!rs_faces_has(&f, 101));
	cr_assert(!rs_faces_none(&f));
}

/* A d10 game: "7+" is the faces 7 to 10, printed as written (issue 34:
 * one spelling on every product). */
static const char d10[] = "---\n"
                          "title: Tens\n"
                          "dice: d10\n"
                          "---\n"
                          "\n"
                          "## Units\n"
                          "\n"
                          "| Unit | Class | Move | Weapons |\n"
                          "|---|---|---|---|\n"
                          "| Archer | Bowmen | 6 | Bow, Sling |\n"
                          "\n"
                          "## Weapons\n"
                          "\n"
                          "| Weapon | Range | Hits on |\n"
                          "|---|---|---|\n"
                          "| Bow | 12 | 7+ |\n"
                          "| Sling | 8 | 2, 9, 10 |\n";

Test(own, d10_hits_print_as_written)
{
	struct diags d = { 0 };
	struct ruleset *rs = rs_parse("d10.md", d10, strlen(d10), &d);
	struct rnd_opts o;
	char dir[] = "/tmp/own-XXXXXX", cmd[256], *txt = NULL;
	size_t n = 0;
	FILE *fp;
	int f;

	cr_assert_not_null(rs);
	cr_assert_eq(errors_other_than_engine(&d), 0, "%s",
	    d.n ? d.v[0].msg : "");
	cr_assert_eq(rs->die, 10);
	for (f = 1; f <= 10; f++)
		cr_assert_eq(rs_faces_has(&rs->weapons[0].hit_faces, f),
		    f >= 7, "face %d", f);
	cr_assert(rs_faces_has(&rs->weapons[1].hit_faces, 9));
	cr_assert_not_null(mkdtemp(dir));
	rnd_opts_init(&o);
	snprintf(cmd, sizeof(cmd), "%s/r.pdf", dir);
	o.tmpl = "reference";
	cr_assert_eq(rnd_reference(rs, cmd, &o, &d), 0);
	snprintf(cmd, sizeof(cmd), "%s/c.pdf", dir);
	o.tmpl = "unit-cards";
	cr_assert_eq(rnd_cards(rs, cmd, &o, &d), 0);
	snprintf(cmd, sizeof(cmd),
	    "pdftotext %s/r.pdf -; "
	    "pdftotext %s/c.pdf -; rm -rf %s",
	    dir, dir, dir);
	fp = popen(cmd, "r");
	cr_assert_not_null(fp);
	cr_assert(getdelim(&txt, &n, '\0', fp) > 0);
	pclose(fp);
	/* Once on the sheet, once on the card (pdftotext gives the
	 * no-break spaces as spaces). */
	cr_assert_not_null(strstr(txt, "7+"), "%s", txt);
	cr_assert_not_null(strstr(strstr(txt, "7+") + 1, "7+"));
	cr_assert_null(strstr(txt, "7, 8, 9, 10"), "%s", txt);
	cr_assert_not_null(strstr(txt, "2, 9, 10"));
	free(txt);
	diags_free(&d);
	rs_free(rs);
}
