/*
 * cmd_build.c: sandtable build — check each ruleset, then write all its
 * products into DIR/NAME/. A ruleset with errors writes nothing, so its
 * previous outputs stay as they were.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Write the plain-text model summary; returns 0 or -1 (reported). */
static int
write_summary(const struct ruleset *rs, const char *dir)
{
	char *path = xasprintf("%s/ruleset.txt", dir), *why = NULL;
	struct atomic_file af;
	int rc = -1;

	if (atomic_open(&af, path, &why) == 0) {
		rs_dump(rs, af.fp);
		rc = atomic_commit(&af, &why);
	}
	if (rc == -1) {
		fprintf(stderr, "sandtable: %s\n", why);
		free(why);
	}
	free(path);
	return rc;
}

static int
build_one(const char *file, const char *outdir, int quiet)
{
	int worst, rc = EXIT_CLEAN;
	struct ruleset *rs = cli_load(file, &worst);
	char *dir;

	if (rs == NULL) {
		fprintf(stderr, "sandtable: %s: not built (errors above); "
		    "previous outputs kept\n", file);
		return EXIT_ERRORS;
	}
	dir = xasprintf("%s/%s", outdir, rs->name);
	if (mkdir_p(dir) == -1) {
		fprintf(stderr, "sandtable: %s: cannot create directory\n", dir);
		rc = EXIT_ERRORS;
	} else if (write_summary(rs, dir) == -1)
		rc = EXIT_ERRORS;
	else if (!quiet)
		printf("%s: wrote %s/ruleset.txt\n", file, dir);
	free(dir);
	rs_free(rs);
	return rc;
}

int
cmd_build(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outdir = "out";
	int ch, i, quiet = 0, status = EXIT_CLEAN;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "o:qh", opts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			outdir = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'h':
			command_help(command_find("build"), stdout);
			return EXIT_CLEAN;
		case ':':
			return usage_error("build", "option '%s' needs a value",
			    argv[optind - 1]);
		default:
			return usage_error("build", "unknown option '%s'",
			    argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return usage_error("build", "no ruleset given");
	for (i = optind; i < argc; i++)
		if (build_one(argv[i], outdir, quiet) != EXIT_CLEAN)
			status = EXIT_ERRORS;
	return status;
}
