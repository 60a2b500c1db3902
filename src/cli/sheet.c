/*
 * sheet.c: what `reference` and `cards` share after their options — the
 * ruleset loaded, the engine's odds panels filled in, the sheet written
 * and its diagnostics printed.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "../check/analysis.h"
#include "../render/render.h"

int
cli_sheet_write(struct analysis *a, const char *path, const struct rnd_opts *o,
    int cards)
{
	const struct ruleset *rs = a->rs;
	struct diags d = { 0 };
	struct rnd_opts with = *o;
	struct rnd_odds_set odds;
	int rc;

	/* The engine's exact odds, when it plays this ruleset. */
	if (with.odds == NULL && cli_odds_panels(a, cards, &odds) == 0)
		with.odds = &odds;
	else
		memset(&odds, 0, sizeof(odds));
	rc = cards ? rnd_cards(rs, path, &with, &d) :
	             rnd_reference(rs, path, &with, &d);
	rnd_odds_set_free(&odds);
	diags_print(&d, stderr);
	diags_free(&d);
	return rc;
}

int
cli_dump_opt(const char *cmd, const struct cli_opt *row, const char *arg,
    void *own)
{
	FILE *fp = stdout;

	(void)cmd;
	(void)arg;
	memcpy((char *)own + row->off, &fp, sizeof(fp));
	return CLI_GO;
}

int
cli_sheet_main(const char *cmd, int argc, char **argv, const char *out,
    const struct rnd_opts *o, int quiet, int cards)
{
	struct analysis *a;
	struct ruleset *rs;
	char *path;
	int worst, rc;

	if (optind >= argc)
		return usage_error(cmd, "no ruleset given");
	if (optind + 1 < argc)
		return usage_error(cmd, "one ruleset at a time");
	if (out == NULL)
		return usage_error(cmd, "no output file (-o FILE.pdf)");
	if (CLI_IS_STDOUT(out) && o->dump != NULL)
		return usage_error(cmd,
		    "--dump prints to standard output: -o - cannot be used "
		    "with it");
	rnd_fonts_warm();
	if ((rs = cli_load(argv[optind], &worst)) == NULL)
		return EXIT_ERRORS;
	cli_lang_use(rs);
	/* A template given as a path is an input too. */
	if (o->tmpl != NULL && strchr(o->tmpl, '/') != NULL)
		file_note_input(o->tmpl);
	if (cli_output_check(out, CLI_PDF) == -1) {
		rs_free(rs);
		return EXIT_ERRORS;
	}
	if ((path = cli_out_begin(out, "pdf")) == NULL) {
		rs_free(rs);
		return EXIT_ERRORS;
	}
	/* The analysis build would share, made the same way. */
	a = ana_new(rs, -1, 0);
	rc = cli_sheet_write(a, path, o, cards);
	ana_free(a);
	if (cli_out_end(out, path, rc == 0) != 0)
		rc = -1;
	/* --dump's lines are the output: nothing else on stdout. */
	if (rc == 0 && !quiet && o->dump == NULL && !CLI_IS_STDOUT(out))
		printf("%s: wrote %s\n", rs->path, rnd_written(out));
	rs_free(rs);
	return rc == 0 ? EXIT_CLEAN : EXIT_ERRORS;
}
