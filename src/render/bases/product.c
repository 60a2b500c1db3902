/*
 * bases/product.c: the row of the base templates, range rulers and status
 * markers at true scale: its command's options (as data, with their
 * checks) and help, and its entry point.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../check/analysis.h"
#include "../product.h"
#include "../render.h"
#include "bases.h"
#include "bases_layout.h"

/* Its row, command and entry point for build (products.c). */
PRODUCT_OF(bases);

/* Print the preset base sizes. */
static void
list_presets(FILE *fp)
{
	const struct rs_base_preset *p;
	char buf[64];

	for (p = rs_base_presets; p->name != NULL; p++) {
		size_t chars = 0, i;
		struct bl_size sz;

		sz.shape = p->shape == RS_BASE_ROUND ? BL_ROUND :
		    p->shape == RS_BASE_OVAL         ? BL_OVAL :
		                                       BL_RECT;
		sz.w = p->w;
		sz.d = p->d;
		bl_size_format(buf, sizeof(buf), &sz, LEN_MM);
		for (i = 0; buf[i] != '\0'; i++)
			chars += (buf[i] & 0xc0) != 0x80;
		fprintf(fp, "%-14s %s%*s %s\n", p->name, buf,
		    (int)(chars < 18 ? 18 - chars : 0), "", p->what);
	}
}

/* --count N: from the row's lo to its hi, into the int at its off. */
static int
count_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	long long v;
	int n;

	if (rnd_parse_count(arg, row->lo, row->hi, &v) == -1) {
		snprintf(why, CLI_WHY_MAX,
		    "--%s wants a whole number from %lld to %lld, not '%s'",
		    row->name, row->lo, row->hi, arg);
		return EXIT_USAGE;
	}
	n = (int)v;
	memcpy((char *)own + row->off, &n, sizeof(n));
	return CLI_GO;
}

/* --tray N: 0 (none) or 2 to the row's hi (a tray of one is none). */
static int
tray_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	long long v;
	int n;

	if (rnd_parse_count(arg, 0, row->hi, &v) == -1 || v == 1) {
		snprintf(why, CLI_WHY_MAX,
		    "--%s wants 0 (none) or 2 to %lld bases, not '%s'",
		    row->name, row->hi, arg);
		return EXIT_USAGE;
	}
	n = (int)v;
	memcpy((char *)own + row->off, &n, sizeof(n));
	return CLI_GO;
}

/* --presets: list them on standard output, and stop. */
static int
presets_opt(const struct cli_opt *row, const char *arg, void *own,
    char why[CLI_WHY_MAX])
{
	(void)row;
	(void)arg;
	(void)own;
	(void)why;
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
	CLI_FN("dump", 0, NULL, struct rnd_bases_opts, dump, rnd_dump_opt, 0,
	    0,
	    "print the layout (one line per page and piece,\n"
	    "tab-separated, millimetres)"),
	CLI_FN("presets", 0, NULL, struct rnd_bases_opts, dump, presets_opt, 0,
	    0, "list the preset base sizes"),
	CLI_LANG("the language of the labels it prints: en, de, fr\n"
	         "(default: the ruleset's lang:, else English)"),
	CLI_PDFX,
	CLI_ICC,
	CLI_QUIET("print only errors"),
	CLI_VERBOSE("the default: errors, warnings, notes, files"),
	CLI_HELP,
	CLI_END,
};

const struct command bases_command = {
	.name = "bases",
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

/* Its defaults: rnd_bases_opts_init()'s. */
static void
own_init(void *own)
{
	rnd_bases_opts_init(own);
}

int
product_bases(struct analysis *a, const char *path, const struct cli_common *c,
    const void *own, struct diags *d)
{
	struct rnd_bases_opts o;

	if (own != NULL)
		o = *(const struct rnd_bases_opts *)own;
	else
		rnd_bases_opts_init(&o);
	o.paper = c->paper;
	o.tmpl = c->tmpl;
	o.fielded = a->fielded;
	o.nfielded = a->nfielded;
	o.fielded_by = a->fielded_by;
	return rnd_bases(a->rs, path, &o, d) == 0 ? 0 : -1;
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
	.man =
	    "Base templates, range rulers and status markers at true scale;\n"
	    ".Fl -dump\n"
	    "prints the layout, one tab-separated line a page and piece (the old\n"
	    ".Fl T\n"
	    "still works, with a note), and\n"
	    ".Cm bases Fl -presets\n"
	    "lists the preset base sizes.\n",
	.own_size = sizeof(struct rnd_bases_opts),
	.own_init = own_init,
	.dump = 1,
	.dump_off = offsetof(struct rnd_bases_opts, dump),
	/* What it reads: the settings and tables, and what the scenario fields. */
	.reads = PRODUCT_READS_SETTINGS | PRODUCT_READS_TABLES |
	    PRODUCT_READS_SCENARIO | PRODUCT_READS_TEMPLATE |
	    PRODUCT_READS_PICTURES | PRODUCT_READS_PAPER | PRODUCT_READS_LANG,
};
