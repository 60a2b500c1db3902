/*
 * roster.c: sandtable roster — the example product (issue 31, item 4):
 * the unit types of a ruleset as CSV, a line each (name, move and base
 * in mm). It is not built into sandtable: tests/check/example_product.sh
 * copies it to src/cli/cmd_roster.c in a copy of the tree and adds its
 * row, P(roster), to PRODUCTS in src/cli/products.c — the whole of what
 * a new product takes. It reads no template and needs only a ruleset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../check/analysis.h"

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

/* Write the roster of rs to path, atomically. Returns 0 or -1 (said). */
static int
roster_write(const struct ruleset *rs, const char *path)
{
	char *buf = NULL, *why = NULL, num[32];
	size_t len = 0, i;
	FILE *fp;
	int rc;

	if ((fp = open_memstream(&buf, &len)) == NULL) {
		cli_error("%s: out of memory", path);
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
		cli_error("%s: %s", path, why != NULL ? why : "cannot write");
	free(why);
	free(buf);
	return rc == 0 ? 0 : -1;
}

static int
cmd_roster(int argc, char **argv)
{
	struct cli_common c;
	struct ruleset *rs;
	char *path;
	int worst, rc;

	if ((rc = cli_parse(&roster_command, argc, argv, &c, NULL)) != CLI_GO)
		return rc;
	if (optind >= argc)
		return usage_error("roster", "no ruleset given");
	if (optind + 1 < argc)
		return usage_error("roster", "one ruleset at a time");
	if (c.output == NULL)
		return usage_error("roster", "no output file (-o FILE.csv)");
	if ((rs = cli_load(argv[optind], &worst)) == NULL)
		return EXIT_ERRORS;
	rc = -1;
	if (cli_output_check(c.output, NULL) == 0 &&
	    (path = cli_out_begin(c.output, "csv")) != NULL) {
		rc = roster_write(rs, path);
		if (cli_out_end(c.output, path, rc == 0) != 0)
			rc = -1;
	}
	if (rc == 0 && !c.quiet && !CLI_IS_STDOUT(c.output))
		printf("%s: wrote %s\n", rs->path, c.output);
	rs_free(rs);
	return rc == 0 ? EXIT_CLEAN : EXIT_ERRORS;
}

const struct command roster_command = {
	.name = "roster",
	.run = cmd_roster,
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
    const struct cli_common *c)
{
	(void)c;
	return roster_write(a->rs, path);
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
};
