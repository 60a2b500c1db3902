/*
 * roster.c: sandtable roster — the example product (issue 31, item 4):
 * the unit types of a ruleset as CSV, a line each (name, move and base
 * in mm). It is not built into sandtable: tests/check/example_product.sh
 * copies it to src/render/roster/roster.c, a product's folder, in a copy
 * of the tree and adds its row, P(roster), to PRODUCTS in
 * src/render/products.c — the whole of what a new product takes. Its
 * command is run from the row as every product's is. It reads no
 * template and needs only a ruleset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../check/analysis.h"
#include "../product.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(roster);

static const struct cli_opt roster_options[] = {
	CLI_OUTPUT("FILE", "FILE.csv"),
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_HELP,
	CLI_END,
};

/* s as a CSV field (RFC 4180): quoted, its quotes doubled. */
static void
csv_field(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
}

/* Write the roster of rs to path, atomically. Returns 0, or -1 with
 * the reason in d. */
static int
roster_write(const struct ruleset *rs, const char *path, struct diags *d)
{
	struct pos at = { path, 0, 0 };
	char *buf = NULL, *why = NULL, num[32];
	size_t len = 0, i;
	FILE *fp;
	int rc;

	if ((fp = open_memstream(&buf, &len)) == NULL) {
		diag_msg(d, at, MSG(OUTPUT_NOT_WRITTEN), "out of memory");
		return -1;
	}
	fputs("unit,move_mm,base_w_mm,base_d_mm\r\n", fp);
	for (i = 0; i < rs->nunits; i++) {
		csv_field(fp, rs->units[i].name);
		fmt_double(num, sizeof(num), rs->units[i].move_mm, 1);
		fprintf(fp, ",%s", num);
		fmt_double(num, sizeof(num), rs->units[i].base_w_mm, 1);
		fprintf(fp, ",%s", num);
		fmt_double(num, sizeof(num), rs->units[i].base_d_mm, 1);
		fprintf(fp, ",%s\r\n", num);
	}
	fclose(fp);
	if ((rc = atomic_write(path, buf, len, &why)) != 0)
		diag_msg(d, at, MSG(OUTPUT_NOT_WRITTEN),
		    why != NULL ? why : "cannot write");
	free(why);
	free(buf);
	return rc == 0 ? 0 : -1;
}

const struct command roster_command = {
	.name = "roster",
	.synopsis = "roster [options] RULESET -o FILE.csv",
	.about =
	    "The unit types of a ruleset as CSV, a line each: name, move\n"
	    "and base width and depth in mm.\n"
	    "\n",
	.opts = roster_options,
	.col = 24,
};

int
product_roster(struct analysis *a, const char *path,
    const struct cli_common *c, const void *own, struct diags *d)
{
	(void)c;
	(void)own;
	return roster_write(a->rs, path, d);
}

/* Its row of the product table (products.c). */
const struct product roster_product = {
	.cmd = &roster_command,
	.summary = "The unit types as CSV: name, move and base in mm.",
	.files = { "roster.csv" },
	.tmpl = NULL,
	.needs = PRODUCT_RULESET,
	.uses = 0,
	.make = product_roster,
	.ext = "csv",
};
