/*
 * cmd_build.c: sandtable build — check each ruleset, then write all its
 * products into DIR/NAME/. A ruleset with errors writes nothing, so its
 * previous outputs stay as they were.
 */
#include <glob.h>
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

/* What build makes, in order; a product not built yet is skipped. */
static const struct product {
	const char *file;
	product_fn make;
} products[] = {
	{ "reference.pdf", product_reference },
	{ "cards.pdf", product_cards },
	{ "map.pdf", product_map },
	{ "scenario.pdf", product_scenario },
	{ "bases.pdf", product_bases },
	{ "report.pdf", product_report },
	{ NULL, NULL },
};

static int
build_one(const char *file, const char *outdir, int quiet)
{
	const struct product *p;
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
	else {
		if (!quiet)
			printf("%s: wrote %s/ruleset.txt\n", file, dir);
		for (p = products; p->file != NULL; p++) {
			char *path = xasprintf("%s/%s", dir, p->file);
			int r = p->make(rs, path, quiet);

			if (r < 0)
				rc = EXIT_ERRORS;
			else if (r == 0 && !quiet)
				printf("%s: wrote %s\n", file, path);
			free(path);
		}
	}
	free(dir);
	rs_free(rs);
	return rc;
}

/*
 * Without a ruleset argument: the bundled rulesets, from ./rulesets when
 * run in a source tree, else from the data directory.
 */
static int
build_bundled(const char *outdir, int quiet)
{
	glob_t g;
	char *dir = NULL, *pat;
	size_t i;
	int status = EXIT_CLEAN, n = 0;

	pat = xstrdup("rulesets/*.md");
	if (glob(pat, 0, NULL, &g) != 0) {
		free(pat);
		dir = data_dir();
		pat = xasprintf("%s/rulesets/*.md", dir);
		if (glob(pat, 0, NULL, &g) != 0) {
			fprintf(stderr, "sandtable: build: no ruleset given, and "
			    "no bundled rulesets in ./rulesets or %s/rulesets\n",
			    dir);
			free(pat);
			free(dir);
			return EXIT_USAGE;
		}
	}
	for (i = 0; i < g.gl_pathc; i++) {
		const char *base = strrchr(g.gl_pathv[i], '/');

		if (strcmp(base ? base + 1 : g.gl_pathv[i], "FORMAT.md") == 0)
			continue;
		n++;
		if (build_one(g.gl_pathv[i], outdir, quiet) != EXIT_CLEAN)
			status = EXIT_ERRORS;
	}
	globfree(&g);
	free(pat);
	free(dir);
	return n ? status : EXIT_USAGE;
}

static int
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
		return build_bundled(outdir, quiet);
	for (i = optind; i < argc; i++)
		if (build_one(argv[i], outdir, quiet) != EXIT_CLEAN)
			status = EXIT_ERRORS;
	return status;
}

const struct command build_command = {
	"build", cmd_build, "build [options] [RULESET...]",
	"Check each ruleset and write everything made from it into DIR/NAME/\n"
	"(default out/NAME/). A ruleset with errors builds nothing and keeps\n"
	"its previous outputs; the others still build. Without RULESET,\n"
	"builds the bundled rulesets (./rulesets, else the installed ones).\n"
	"\n"
	"  -o, --output DIR  output directory (default: out)\n"
	"  -q, --quiet       print only errors and warnings\n"
	"  -h, --help        this help\n",
};
