/*
 * cmd_report.c: sandtable report — the validation report with plots. The
 * figures come from report_fill() (report_fill.c); render/ draws them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../render/report.h"
#include "cli.h"

/* Write the sample report (made-up numbers) to out. Returns the exit
 * status. */
static int
report_sample(const char *out, const char *paper)
{
	struct rnd_report r;
	struct rnd_opts o;
	struct diags dg = { 0 };
	int rc;

	rnd_report_init(&r);
	rnd_report_sample(&r);
	rnd_opts_init(&o);
	o.paper = paper;
	rc = rnd_report(NULL, &r, out, &o, &dg);
	diags_print(&dg, stderr);
	diags_free(&dg);
	rnd_report_free(&r);
	return rc == 0 ? EXIT_CLEAN : EXIT_ERRORS;
}

static int
cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "paper", required_argument, NULL, 'p' },
		{ "sample", no_argument, NULL, 'S' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *paper = NULL;
	int ch, sample = 0;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+o:p:qh", opts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			out = optarg;
			break;
		case 'p':
			paper = optarg;
			break;
		case 'S':
			sample = 1;
			break;
		case 'q':
			progress_set_quiet(1);
			break;
		case 'h':
			command_help(command_find("report"), stdout);
			return EXIT_CLEAN;
		default:
			return usage_error("report", "unknown option '%s'",
			    argv[optind - 1]);
		}
	}
	if (out == NULL)
		return usage_error("report", "no output file given (-o FILE.pdf)");
	if (sample)
		return report_sample(out, paper);
	if (optind >= argc)
		return usage_error("report", "no ruleset given");
	return cli_not_built("report");
}

const struct command report_command = {
	"report", cmd_report, "report [options] RULESET -o FILE.pdf",
	"The validation report with plots.\n",
};

int
product_report(const struct ruleset *rs, const char *path, int quiet)
{
	(void)rs;
	(void)path;
	(void)quiet;
	return 1;
}
