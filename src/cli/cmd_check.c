/* cmd_check.c: sandtable check — read, check and play each ruleset. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int
cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int ch, i, worst, status = EXIT_CLEAN, quiet = 0, verbose = 0;
	struct ruleset *rs;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+qvh", opts, NULL)) != -1) {
		switch (ch) {
		case 'q':
			quiet = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		case 'h':
			command_help(command_find("check"), stdout);
			return EXIT_CLEAN;
		default:
			return usage_error("check", "unknown option '%s'",
			    argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return usage_error("check", "no ruleset given");
	for (i = optind; i < argc; i++) {
		rs = cli_load(argv[i], &worst);
		if (worst == CLI_UNREADABLE) {
			status = EXIT_USAGE;
			continue;
		}
		if (worst >= SEV_ERROR) {
			if (status == EXIT_CLEAN)
				status = EXIT_ERRORS;
			continue;
		}
		if (verbose)
			rs_dump(rs, stdout);
		if (!quiet)
			printf("%s: %s, %zu units, %zu weapons, %zu test games "
			    "read\n", argv[i], rs_engine_name(rs->engine),
			    rs->nunits, rs->nweapons, rs->ntests);
		rs_free(rs);
	}
	return status;
}

const struct command check_command = {
	"check", cmd_check, "check [options] RULESET...",
	"Read each ruleset, check it and play its test games.\n"
	"Prints diagnostics as FILE:LINE:COL: severity: message.\n"
	"Exit status: 0 clean (warnings allowed), 1 errors, 2 usage.\n"
	"\n"
	"  -q, --quiet       print only errors and warnings\n"
	"  -v, --verbose     also print the model that was read\n"
	"  -h, --help        this help\n",
};
