/*
 * product_cmd.c: the one way a product's command runs, from its row
 * (render/product.h): the common options and the row's own, one ruleset
 * loaded, the analysis build would share, the row's entry point, its
 * diagnostics printed. Build makes a product through product_make().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../check/analysis.h"
#include "../render/render.h"

int
product_make(const struct product *p, struct analysis *a, const char *path,
    const struct cli_common *c, const void *own)
{
	struct cli_common with = *c;
	struct diags d = { 0 };
	int rc;

	with.lang = cli_lang_tag(a->rs);
	rc = p->make(a, path, &with, own, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	return rc;
}

/* Its --dump, or NULL. */
static FILE *
dump_of(const struct product *p, const void *own)
{
	FILE *fp = NULL;

	if (p->dump)
		memcpy(&fp, (const char *)own + p->dump_off, sizeof(fp));
	return fp;
}

/* After the options: check the arguments, load the ruleset and write the
 * product. Returns the exit status. */
static int
product_write(const struct product *p, int argc, char **argv,
    const struct cli_common *c, const void *own)
{
	const char *cmd = p->cmd->name, *out = c->output;
	const char *ext = p->ext != NULL ? p->ext : "pdf";
	FILE *dump = dump_of(p, own);
	struct analysis *a;
	struct ruleset *rs;
	char *path;
	int worst, rc;

	if (optind >= argc)
		return usage_error(cmd, "no ruleset given");
	if (optind + 1 < argc)
		return usage_error(cmd, "one ruleset at a time");
	if (out == NULL)
		return usage_error(cmd, "no output file (-o FILE.%s)", ext);
	if (CLI_IS_STDOUT(out) && dump != NULL)
		return usage_error(cmd,
		    "--dump prints to standard output: -o - cannot be used "
		    "with it");
	rnd_fonts_warm();
	if ((rs = cli_load(argv[optind], &worst)) == NULL)
		return EXIT_ERRORS;
	cli_lang_use(rs);
	/* A template given as a path is an input too. */
	if (c->tmpl != NULL && strchr(c->tmpl, '/') != NULL)
		file_note_input(c->tmpl);
	if (cli_output_check(out,
	        p->html && cli_is_html(out) ? CLI_HTML :
	            p->ext == NULL          ? CLI_PDF :
	                                      NULL) == -1) {
		rs_free(rs);
		return EXIT_ERRORS;
	}
	if ((path = cli_out_begin(out, ext)) == NULL) {
		rs_free(rs);
		return EXIT_ERRORS;
	}
	/* The analysis build would share, made the same way. */
	a = ana_new(rs, -1, 0);
	rc = product_make(p, a, path, c, own);
	ana_free(a);
	if (cli_out_end(out, path, rc == 0) != 0)
		rc = -1;
	/* --dump's lines are the output: nothing else on stdout. */
	if (rc == 0 && !c->quiet && dump == NULL && !CLI_IS_STDOUT(out))
		printf("%s: wrote %s\n", rs->path, rnd_written(out));
	rs_free(rs);
	return rc == 0 ? EXIT_CLEAN : EXIT_ERRORS;
}

/*
 * The product commands that do more than write one file of one ruleset
 * (map: no ruleset or one, PNG and SVG, --write-terrain; scenario: its
 * two files said, --json; report: the check pipeline's progress,
 * --sample, --json), whose rows
 * are render's like every other: their own run, src/cli/cmd_NAME.c.
 */
static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} own_runs[] = {
	{ "map", cmd_map },
	{ "scenario", cmd_scenario },
	{ "report", cmd_report },
};

int
product_main(const struct product *p, int argc, char **argv)
{
	struct cli_common c;
	void *own;
	size_t i;
	int rc;

	for (i = 0; i < sizeof(own_runs) / sizeof(own_runs[0]); i++)
		if (strcmp(own_runs[i].name, p->cmd->name) == 0)
			return own_runs[i].run(argc, argv);
	own = xcalloc(1, p->own_size > 0 ? p->own_size : 1);
	if (p->own_init != NULL)
		p->own_init(own);
	if ((rc = cli_parse(p->cmd, argc, argv, &c, own)) == CLI_GO)
		rc = product_write(p, argc, argv, &c, own);
	free(own);
	return rc;
}
