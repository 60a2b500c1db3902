/* cmd_reference.c: sandtable reference — the quick-reference sheet. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "../render/render.h"

static int
cmd_reference(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "paper", required_argument, NULL, 'p' },
		{ "template", required_argument, NULL, 't' },
		CLI_LANG_OPTION,
		{ "print-template", no_argument, NULL, OPT_PRINT_TEMPLATE },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct rnd_opts o;
	const char *out = NULL, *why;
	double w, h;
	int ch, quiet = 0, print = 0;

	rnd_opts_init(&o);
	optind = 1;
	opterr = 0;
	while (
	    (ch = getopt_long(argc, argv, ":o:p:t:qvh", opts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			out = optarg;
			break;
		case 'p':
			if (rnd_paper_parse(optarg, &w, &h, &why) == -1)
				return usage_error("reference",
				    "--paper %s: %s", optarg, why);
			o.paper = optarg;
			break;
		case 't':
			o.tmpl = optarg;
			break;
		case OPT_LANG:
			if (cli_lang_opt("reference", optarg) == -1)
				return EXIT_USAGE;
			break;
		case OPT_PRINT_TEMPLATE:
			print = 1;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'v':
			break;
		case 'h':
			command_help(command_find("reference"), stdout);
			return EXIT_CLEAN;
		case ':':
			return usage_error("reference",
			    "option '%s' needs a "
			    "value",
			    argv[optind - 1]);
		default:
			return usage_error("reference", "unknown option '%s'",
			    argv[optind - 1]);
		}
	}
	if (print)
		return cli_print_template("reference", o.tmpl);
	return cli_sheet_main("reference", argc, argv, out, &o, quiet, 0);
}

const struct command reference_command = {
	"reference",
	cmd_reference,
	"reference [options] RULESET -o FILE.pdf",
	"A quick-reference sheet: unit and weapon tables, sequence of play,\n"
	"terrain, modifiers and the rules condensed from the prose, on at\n"
	"most two landscape sides. The text shrinks to fit down to the\n"
	"template's minimum size; what still does not fit is a warning that\n"
	"names its source line.\n"
	"\n"
	"  -o, --output FILE     FILE.pdf, or .png/.svg: a file a page\n"
	"  -p, --paper PAPER     A5, A4, A3, Letter, Legal, Tabloid or WxH with\n"
	"                        units (default: the ruleset's paper, else the\n"
	"                        template's, else the locale's, else A4)\n"
	"  -t, --template T      a template NAME (templates/NAME.yaml) or PATH\n"
	"                        (default: reference)\n"
	"      --lang TAG        the language of the labels it prints: en, de, fr\n"
	"                        (default: the ruleset's lang:, else English)\n"
	"      --print-template  print the template (-t's, else the default)\n"
	"                        to standard output, to start one's own\n"
	"  -q, --quiet           print only errors\n"
	"  -v, --verbose         the default: errors, warnings, notes, files\n"
	"  -h, --help            this help\n",
};

PRODUCT_OF(reference);

int
product_reference(const struct ruleset *rs, const char *path, int quiet)
{
	struct rnd_opts o;

	(void)quiet;
	rnd_opts_init(&o);
	return cli_sheet_write(rs, path, &o, 0);
}
