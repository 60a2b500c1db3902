/*
 * cmd_report.c: sandtable report — the validation report with plots.
 * Runs the check pipeline (test games, self-play, findings) with a
 * progress bar and hands its results to render/report/, which makes the
 * report of them; --sample and --json. Its row, options and build's
 * entry point are render/report/product.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../check/analysis.h"
#include "../render/render.h"
#include "../render/report/report.h"
#include "cli.h"
#include "json.h"

/* Its row and command (render/report/product.c). */
PRODUCT_OF(report);

/*
 * Check rs (test games, self-play of games games) and write its report
 * (its layout to dump when not NULL), with a progress bar when bar is
 * set. Returns 0 written, -1 failed; diagnostics of the run are printed
 * unless quiet (errors always).
 */
static int
report_run(struct analysis *a, const char *path, const char *paper,
    const char *tmpl, FILE *dump, const struct chk_opts *co, int quiet,
    int bar_on)
{
	const struct ruleset *rs = a->rs;
	struct chk_result res;
	struct chk_opts o = *co;
	struct diags d = { 0 }, out = { 0 };
	struct progress bar;
	size_t i;
	int rc = -1;

	/* The bar follows self-play game by game, then says it draws. */
	progress_begin(&bar, "report: playing", 2);
	bar.on = bar.on && bar_on;
	o.progress = progress_callback;
	o.parg = &bar;
	if (ana_check(a, &o, &res, &d) != -1) {
		bar.label = "report: drawing";
		bar.last_ms = 0;
		progress_update(&bar, bar.total);
		rc = rnd_report_write(rs, &res, &d, path, paper, tmpl, dump,
		    &out);
	}
	progress_end(&bar);
	for (i = 0; i < d.n; i++)
		if (!quiet || d.v[i].sev == SEV_ERROR) {
			struct diags one = d;

			one.v = &d.v[i];
			one.n = 1;
			one.dropped = 0;
			diags_print(&one, stderr);
		}
	diags_print(&out, stderr);
	chk_result_free(&res);
	diags_free(&d);
	diags_free(&out);
	return rc;
}

/* Write the sample report (made-up numbers) to out. Returns the exit
 * status. */
static int
report_sample(const char *out, const char *paper, const char *tmpl, FILE *dump)
{
	struct rnd_report r;
	struct rnd_opts o;
	struct diags dg = { 0 };
	int rc;

	rnd_report_init(&r);
	rnd_report_sample(&r);
	rnd_opts_init(&o);
	o.paper = paper;
	o.tmpl = tmpl;
	o.dump = dump;
	rc = rnd_report(NULL, &r, out, &o, &dg);
	diags_print(&dg, stderr);
	diags_free(&dg);
	rnd_report_free(&r);
	return rc == 0 ? EXIT_CLEAN : EXIT_ERRORS;
}

/* sandtable report, run from its row (product_cmd.c): returns the exit
 * status. */
int
cmd_report(int argc, char **argv)
{
	struct report_own own = { NULL, 0, NULL };
	struct cli_common c;
	struct chk_opts co = { .grid = -1, .cell_mm = 0, .tests = 1 };
	const char *out, *paper, *grid, *tmpl;
	int quiet, worst, rc, json;
	struct cli_json js;
	json_t *own_json = NULL;
	char *path;
	struct analysis *a;
	struct ruleset *rs;

	if ((rc = cli_parse(&report_command, argc, argv, &c, &own)) != CLI_GO)
		return rc;
	co.games = c.games;
	co.seed = c.seed;
	co.jobs = c.jobs;
	out = c.output;
	paper = c.paper;
	tmpl = c.tmpl;
	grid = own.grid;
	quiet = c.quiet;
	json = c.json;
	if (out == NULL)
		return usage_error("report",
		    "no output file given (-o FILE.pdf)");
	if (json && CLI_IS_STDOUT(out))
		return usage_error("report",
		    "--json and -o - both write to "
		    "standard output: name the PDF");
	if (own.dump != NULL && (json || CLI_IS_STDOUT(out)))
		return usage_error("report",
		    "--dump prints to standard output: -o - and --json "
		    "cannot be used with it");
	if (own.sample)
		return report_sample(out, paper, tmpl, own.dump);
	if (optind >= argc)
		return usage_error("report", "no ruleset given");
	if (optind + 1 < argc)
		return usage_error("report", "one ruleset at a time");
	if (grid != NULL &&
	    chk_grid_parse(grid, LEN_IN, &co.grid, &co.cell_mm) != 0)
		return usage_error("report",
		    "--grid is none, square 3in or "
		    "hex 30mm");
	rnd_fonts_warm();
	if (json)
		cli_json_begin(&js);
	rc = -1;
	rs = cli_load(argv[optind], &worst);
	if (rs != NULL)
		cli_lang_use(rs);
	if (rs == NULL || cli_output_check(out, CLI_PDF) == -1 ||
	    (path = cli_out_begin(out, "pdf")) == NULL)
		goto done;
	/* The analysis build would share, made the same way (on --grid's
	 * board when given). */
	a = ana_new(rs, co.grid, co.cell_mm);
	rc = report_run(a, path, paper, tmpl, own.dump, &co, quiet && !json,
	    1);
	ana_free(a);
	if (cli_out_end(out, path, rc == 0) != 0)
		rc = -1;
	/* With --json, standard output is the JSON alone. */
	if (rc == 0 && json)
		own_json = json_pack("{s:[s]}", "files", out);
	else if (rc == 0 && !quiet && !CLI_IS_STDOUT(out) && own.dump == NULL)
		printf("%s: wrote %s\n", rs->path, rnd_written(out));
done:
	if (json) {
		js.failed = rc != 0;
		cli_json_add(&js, cli_json_element(argv[optind]), rs,
		    own_json);
		if (cli_json_end(&js) != 0)
			rc = -1;
	}
	rs_free(rs);
	return rc == 0 ? EXIT_CLEAN : EXIT_ERRORS;
}
