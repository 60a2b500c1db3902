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

/* Parse a whole number in [lo, hi]; returns 0 or -1. */
static int
parse_int(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

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

static int
cmd_bases(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "paper", required_argument, NULL, 'p' },
		{ "base", required_argument, NULL, 'b' },
		{ "count", required_argument, NULL, 'n' },
		{ "tray", required_argument, NULL, OPT_TRAY },
		{ "template", required_argument, NULL, 't' },
		{ "print-template", no_argument, NULL, OPT_PRINT_TEMPLATE },
		{ "guides", no_argument, NULL, 'g' },
		{ "no-rulers", no_argument, NULL, 'R' },
		{ "no-markers", no_argument, NULL, 'M' },
		{ "dump", no_argument, NULL, 'T' },
		{ "presets", no_argument, NULL, 'P' },
		CLI_LANG_OPTION,
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct rnd_bases_opts o;
	const char *out = NULL, *pwhy;
	double pw, ph;
	struct ruleset *rs;
	int ch, worst, rc, quiet = 0, print = 0;
	char *path;

	rnd_bases_opts_init(&o);
	optind = 1;
	opterr = 0;
	while (
	    (ch = getopt_long(argc, argv, ":o:p:t:qvh", opts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			out = optarg;
			break;
		case 'p':
			if (paper_parse(optarg, &pw, &ph, &pwhy) == -1)
				return usage_error("bases", "--paper %s: %s",
				    optarg, pwhy);
			o.paper = optarg;
			break;
		case 'b':
			o.base = optarg;
			break;
		case 'n':
			if (parse_int(optarg, 1, 1000, &o.count) == -1)
				return usage_error("bases",
				    "--count wants a "
				    "whole number from 1 to 1000, not '%s'",
				    optarg);
			break;
		case 't':
			o.tmpl = optarg;
			break;
		case OPT_PRINT_TEMPLATE:
			print = 1;
			break;
		case OPT_TRAY:
			if (parse_int(optarg, 0, 20, &o.tray) == -1 ||
			    o.tray == 1)
				return usage_error("bases",
				    "--tray wants 0 "
				    "(none) or 2 to 20 bases, not '%s'",
				    optarg);
			break;
		case 'g':
			o.guides = 1;
			break;
		case 'R':
			o.rulers = 0;
			break;
		case 'M':
			o.markers = 0;
			break;
		case 'T':
			o.dump = stdout;
			break;
		case 'P':
			list_presets(stdout);
			return EXIT_CLEAN;
		case OPT_LANG:
			if (cli_lang_opt("bases", optarg) == -1)
				return EXIT_USAGE;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'v':
			break;
		case 'h':
			command_help(command_find("bases"), stdout);
			return EXIT_CLEAN;
		case ':':
			return usage_error("bases",
			    "option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error("bases", "unknown option '%s'",
			    argv[optind - 1]);
		}
	}
	if (print)
		return cli_print_template("bases", o.tmpl);
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
	"bases",
	cmd_bases,
	"bases [options] RULESET -o FILE.pdf",
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
	"\n"
	"  -o, --output FILE   FILE.pdf, or .png/.svg: a file a page (required)\n"
	"  -p, --paper P       A4, Letter, A3, A5, Legal, Tabloid or WxH\n"
	"                      (default: the ruleset's, else the locale's)\n"
	"      --base SIZE     one size for every base instead of the\n"
	"                      ruleset's: 30mm, 1.5in, 40x20mm, 25mm round,\n"
	"                      60x35mm oval, or a preset (--presets)\n"
	"      --count N       N bases of every unit type\n"
	"      --tray N        movement trays holding N bases in a row\n"
	"      --guides        figure-placement guides on the bases\n"
	"      --no-rulers     leave out the range rulers and gauges\n"
	"      --no-markers    leave out the status markers\n"
	"                      (these three: default the template's)\n"
	"  -t, --template T    a template NAME or PATH (default: bases): font,\n"
	"                      label sizes, margin, ink, what is printed\n"
	"      --print-template  print the template (-t's, else the default)\n"
	"                      to standard output, to start one's own\n"
	"      --dump          print the layout (one line per page and piece,\n"
	"                      tab-separated, millimetres)\n"
	"      --presets       list the preset base sizes\n"
	"      --lang TAG      the language of the labels it prints: en, de, fr\n"
	"                      (default: the ruleset's lang:, else English)\n"
	"  -q, --quiet         print only errors\n"
	"  -v, --verbose       the default: errors, warnings, notes, files\n"
	"  -h, --help          this help\n"
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

PRODUCT_OF(bases);

int
product_bases(const struct ruleset *rs, const char *path, int quiet)
{
	struct rnd_bases_opts o;

	(void)quiet;
	rnd_bases_opts_init(&o);
	return run(rs, path, &o) == EXIT_CLEAN ? 0 : -1;
}
