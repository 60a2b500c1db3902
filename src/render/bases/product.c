/*
 * cmd_bases.c: sandtable bases — base templates, range rulers and status
 * markers at true scale, as a PDF.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../render/bases.h"
#include "../render/bases_layout.h"
#include "../render/render.h"
#include "cli.h"
#include "../check/analysis.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(bases);

/* Print the preset base sizes. */
static void
list_presets(FILE *fp)
{
	const struct bl_preset *p;
	char buf[64];

	for (p = bl_presets; p->name != NULL; p++) {
		size_t chars = 0, i;

		bl_size_format(buf, sizeof(buf), &p->size, LEN_MM);
		for (i = 0; buf[i] != '\0'; i++)
			chars += (buf[i] & 0xc0) != 0x80;
		fprintf(fp, "%-14s %s%*s %s\n", p->name, buf,
		    (int)(chars < 18 ? 18 - chars : 0), "", p->what);
	}
}

/* Write the product and print its diagnostics; returns an exit status. */
static int
run(const struct ruleset *rs, const char *out, const struct rnd_bases_opts *o)
{
	struct diags d = { 0 };
	int rc = rnd_bases(rs, out, o, &d);

	diags_print(&d, stderr);
	diags_free(&d);
	return rc == 0 ? EXIT_CLEAN : EXIT_ERRORS;
}

/* --count N: from the row's lo to its hi, into the int at its off. */
static int
count_opt(const char *cmd, const struct cli_opt *row, const char *arg,
    void *own)
{
	long long v;
	int n;

	if (cli_parse_count(arg, row->lo, row->hi, &v) == -1)
		return usage_error(cmd,
		    "--%s wants a whole number from %lld to %lld, not '%s'",
		    row->name, row->lo, row->hi, arg);
	n = (int)v;
	memcpy((char *)own + row->off, &n, sizeof(n));
	return CLI_GO;
}

/* --tray N: 0 (none) or 2 to the row's hi (a tray of one is none). */
static int
tray_opt(const char *cmd, const struct cli_opt *row, const char *arg,
    void *own)
{
	long long v;
	int n;

	if (cli_parse_count(arg, 0, row->hi, &v) == -1 || v == 1)
		return usage_error(cmd,
		    "--%s wants 0 (none) or 2 to %lld bases, not '%s'",
		    row->name, row->hi, arg);
	n = (int)v;
	memcpy((char *)own + row->off, &n, sizeof(n));
	return CLI_GO;
}

/* --dump: the layout on standard output. */
static int
dump_opt(const char *cmd, const struct cli_opt *row, const char *arg,
    void *own)
{
	(void)cmd;
	(void)row;
	(void)arg;
	((struct rnd_bases_opts *)own)->dump = stdout;
	return CLI_GO;
}

/* --presets: list them, and stop. */
static int
presets_opt(const char *cmd, const struct cli_opt *row, const char *arg,
    void *own)
{
	(void)cmd;
	(void)row;
	(void)arg;
	(void)own;
	list_presets(stdout);
	return EXIT_CLEAN;
}

static const struct cli_opt bases_options[] = {
	CLI_OUTPUT("FILE", "FILE.pdf, or .png/.svg: a file a page (required)"),
	CLI_PAPER("P",
	    "A4, Letter, A3, A5, Legal, Tabloid or WxH\n"
	    "(default: the ruleset's, else the locale's)"),
	CLI_STR("base", 0, "SIZE", struct rnd_bases_opts, base,
	    "one size for every base instead of the\n"
	    "ruleset's: 30mm, 1.5in, 40x20mm, 25mm round,\n"
	    "60x35mm oval, or a preset (--presets)"),
	CLI_FN("count", 0, "N", struct rnd_bases_opts, count, count_opt, 1,
	    1000, "N bases of every unit type"),
	CLI_FN("tray", 0, "N", struct rnd_bases_opts, tray, tray_opt, 0, 20,
	    "movement trays holding N bases in a row"),
	CLI_SET("guides", 0, struct rnd_bases_opts, guides,
	    "figure-placement guides on the bases"),
	CLI_UNSET("no-rulers", 0, struct rnd_bases_opts, rulers,
	    "leave out the range rulers and gauges"),
	CLI_UNSET("no-markers", 0, struct rnd_bases_opts, markers,
	    "leave out the status markers\n"
	    "(these three: default the template's)"),
	CLI_TEMPLATE("T",
	    "a template NAME or PATH (default: {template}): font,\n"
	    "label sizes, margin, ink, what is printed"),
	CLI_PRINT_TEMPLATE("print the template (-t's, else the default)\n"
	                   "to standard output, to start one's own"),
	CLI_FN("dump", 0, NULL, struct rnd_bases_opts, dump, dump_opt, 0, 0,
	    "print the layout (one line per page and piece,\n"
	    "tab-separated, millimetres)"),
	CLI_FN("presets", 0, NULL, struct rnd_bases_opts, dump, presets_opt, 0,
	    0, "list the preset base sizes"),
	CLI_LANG("the language of the labels it prints: en, de, fr\n"
	         "(default: the ruleset's lang:, else English)"),
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_HELP,
	CLI_END,
};

static int
cmd_bases(int argc, char **argv)
{
	struct rnd_bases_opts o;
	struct cli_common c;
	const char *out;
	struct ruleset *rs;
	int worst, rc, quiet;
	char *path;

	rnd_bases_opts_init(&o);
	if ((rc = cli_parse(&bases_command, argc, argv, &c, &o)) != CLI_GO)
		return rc;
	o.paper = c.paper;
	o.tmpl = c.tmpl;
	out = c.output;
	quiet = c.quiet;
	if (optind >= argc)
		return usage_error("bases", "no ruleset given");
	if (optind + 1 < argc)
		return usage_error("bases", "one ruleset at a time");
	if (out == NULL)
		return usage_error("bases", "no output file (-o FILE.pdf)");
	rnd_fonts_warm();
	if ((rs = cli_load(argv[optind], &worst)) == NULL)
		return EXIT_ERRORS;
	cli_lang_use(rs);
	if (cli_output_check(out, CLI_PDF) == -1) {
		rs_free(rs);
		return EXIT_ERRORS;
	}
	if (CLI_IS_STDOUT(out) && o.dump != NULL) {
		rs_free(rs);
		return usage_error("bases",
		    "--dump prints to standard output: "
		    "-o - cannot be used with it");
	}
	if ((path = cli_out_begin(out, "pdf")) == NULL) {
		rs_free(rs);
		return EXIT_ERRORS;
	}
	rc = run(rs, path, &o);
	if (cli_out_end(out, path, rc == EXIT_CLEAN) != 0)
		rc = EXIT_ERRORS;
	/* --dump's lines are the output: nothing else on stdout. */
	if (rc == EXIT_CLEAN && !quiet && o.dump == NULL &&
	    !CLI_IS_STDOUT(out))
		printf("%s: wrote %s\n", rs->path, rnd_written(out));
	rs_free(rs);
	return rc;
}

const struct command bases_command = {
	.name = "bases",
	.run = cmd_bases,
	.synopsis = "bases [options] RULESET -o FILE.pdf",
	.about =
	    "Base templates, range rulers and status markers at true scale.\n"
	    "\n"
	    "For each unit type, as many bases as both sides of the ruleset's\n"
	    "default battle need, each at its exact size with a cut line and a\n"
	    "label (name and key stats, shrunk or shortened to fit, with a\n"
	    "warning when it had to be); one ruler per distinct move and weapon\n"
	    "range, with the rule family's gauges (melee range, stop distance),\n"
	    "split into joining pieces when longer than the paper; the status\n"
	    "markers the rules need. Pages are landscape; each carries a\n"
	    "100 mm and a 4 in calibration box at its foot. Print at 100%.\n"
	    "\n",
	.opts = bases_options,
	.col = 22,
	.after =
	    "\n"
	    "Earlier spellings still work, with a note: -b (base), -n (count),\n"
	    "-t N (tray: a number; any other -t is the template), -T (dump),\n"
	    "-g (guides).\n"
	    "\n"
	    "Presets: dba15-foot 40x15, dba15-loose 40x20, dba15-mounted 40x30,\n"
	    "dba15-large 40x40 (DBA frontage for 2-15 mm figures); dba25-foot\n"
	    "60x30, dba25-mounted 60x40, dba25-large 60x80 (25/28 mm figures);\n"
	    "round25, round32, round40, round50; kow20, kow25, kow40, kow50\n"
	    "(Kings of War squares).\n",
};

int
product_bases(struct analysis *a, const char *path, const struct cli_common *c)
{
	const struct ruleset *rs = a->rs;
	struct rnd_bases_opts o;

	rnd_bases_opts_init(&o);
	o.paper = c->paper;
	o.tmpl = c->tmpl;
	return run(rs, path, &o) == EXIT_CLEAN ? 0 : -1;
}

/* Its row of the product table (products.c). */
const struct product bases_product = {
	.cmd = &bases_command,
	.summary = "Base templates, range rulers and markers at true scale.",
	.files = { "bases.pdf" },
	.tmpl = "bases",
	.needs = PRODUCT_RULESET,
	.uses = PRODUCT_ENGINE,
	.make = product_bases,
};
