/* cmd_check.c: sandtable check — read, check and play each ruleset:
 * static checks, test games, self-play, rule coverage and findings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../check/analysis.h"
#include "../check/check.h"
#include "../render/render.h"
#include "../scenario/scenario.h"
#include "cli.h"
#include "json.h"

/* Print the text report of one played ruleset. */
static void
report(const char *path, const struct chk_result *r, int verbose)
{
	const struct eng_stats *st = &r->st;
	const struct eng_family *f = r->ctx->fam;
	int k, cov_tests = 0, cov_play = 0, nrules = 0;
	char mean[32];

	/* Only the rules that can apply to this ruleset count: a mechanism
	 * its tables do not choose is not a gap in its test games. */
	for (k = 0; k < f->nrules; k++)
		if (eng_rule_applies(r->ctx, k)) {
			nrules++;
			cov_tests += r->test_cov[k] > 0;
			cov_play += st->cov[k] > 0;
		}
	printf("%s: %d test %s played, %d failed; %d of %d %s exercised by "
	       "test games\n",
	    path, r->tests, plural(r->tests, "game", "games"), r->tests_failed,
	    cov_tests, nrules, plural(nrules, "rule", "rules"));
	if (verbose) {
		printf("  %-28s %-16s %10s %12s\n", "rule", "section",
		    "test games", "self-play");
		for (k = 0; k < f->nrules; k++)
			if (eng_rule_applies(r->ctx, k))
				printf("  %-28s %-16s %10llu %12llu\n",
				    f->rules[k].id, f->rules[k].section,
				    (unsigned long long)r->test_cov[k],
				    (unsigned long long)st->cov[k]);
			else
				printf("  %-28s %-16s %23s\n", f->rules[k].id,
				    f->rules[k].section, "does not apply");
		printf(
		    "  (times each rule decided something in play: a limit "
		    "counts each time it refuses\n  a step, passes a target "
		    "over, ends a move or spends a unit's one move or "
		    "shot)\n");
	}
	if (r->games <= 0)
		return;
	fmt_double(mean, sizeof(mean),
	    st->games ? (double)st->turns_sum / (double)st->games : 0, 2);
	printf(
	    "%s: %ld self-play %s: blue %ld, red %ld, draws %ld, %ld reached "
	    "the turn limit, first player won %ld; game turns mean %s, max "
	    "%ld; greedy beat random %ld of %ld; %d of %d %s exercised\n",
	    path, st->games, plural(st->games, "game", "games"), st->wins[0],
	    st->wins[1], st->draws, st->timeouts, st->first_player_wins, mean,
	    st->turns_max, st->greedy_wins, st->greedy_games, cov_play, nrules,
	    plural(nrules, "rule", "rules"));
}

/* The findings of a ruleset not played: what was read (a) and found
 * (b), as cli_json_diags gives each. */
static json_t *
findings_json(const struct diags *a, const struct diags *b)
{
	json_t *arr = cli_json_diags(a), *more = cli_json_diags(b);

	json_array_extend(arr, more);
	json_decref(more);
	return arr;
}

/* check's own options. */
struct check_own {
	const char *grid, *report;
};

static const struct cli_opt check_options[] = {
	CLI_NO_CACHE(
	    "play the games again: no self-play statistics\nfrom an earlier run (README, Cache)"),
	CLI_QUIET("print only errors: no warnings, notes or\nsummaries"),
	CLI_VERBOSE("also print the model that was read"),
	CLI_GAMES(0, "N", "self-play games (default 1000; 0: none)"),
	CLI_SEED("S", "seed of the self-play dice (default 1)"),
	CLI_JOBS("J", "self-play threads (default 2)"),
	CLI_JSON("print the report as JSON on standard output:\n"
	         "an array of one object per ruleset, with its\n"
	         "diagnostics (README.md, JSON)"),
	CLI_STR("grid", 'g', "G", struct check_own, grid,
	    "play on this grid instead of the ruleset's:\n"
	    "none, square 3in, hex 30mm"),
	CLI_STR("report", 0, "FILE", struct check_own, report,
	    "write the validation report (as sandtable\n"
	    "report) to FILE.pdf, '-' standard output;\n"
	    "one ruleset only"),
	CLI_HELP,
	CLI_END,
};

static int
cmd_check(int argc, char **argv)
{
	struct check_own own = { NULL, NULL };
	struct cli_common c;
	struct chk_opts o = { .grid = -1, .cell_mm = 0, .tests = 1 };
	int i, worst, status = EXIT_CLEAN, quiet, verbose;
	int json, rc, stdout_pdf;
	const char *grid, *report_pdf;
	struct ruleset *rs;
	struct cli_json js;

	if ((rc = cli_parse(&check_command, argc, argv, &c, &own)) != CLI_GO)
		return rc;
	o.games = c.games;
	o.seed = c.seed;
	o.jobs = c.jobs;
	o.all_rules = verbose = c.verbose;
	quiet = c.quiet;
	json = c.json;
	grid = own.grid;
	report_pdf = own.report;
	if (optind >= argc)
		return usage_error("check", "no ruleset given");
	/* rulesets/\*.md: FORMAT.md is no ruleset (a note, as in build). */
	argc = optind +
	    (int)cli_rulesets_only(argv + optind, (size_t)(argc - optind),
	        quiet, "the check");
	if (optind >= argc) {
		cli_error("check: none of the files given is a ruleset");
		return EXIT_ERRORS;
	}
	if (report_pdf != NULL && optind + 1 < argc)
		return usage_error("check", "--report takes one ruleset");
	if (json && CLI_IS_STDOUT(report_pdf))
		return usage_error("check",
		    "--json and --report - both write to "
		    "standard output: name the PDF");
	/* --report -: standard output is the PDF alone. */
	stdout_pdf = CLI_IS_STDOUT(report_pdf);
	if (grid != NULL &&
	    chk_grid_parse(grid, LEN_IN, &o.grid, &o.cell_mm) != 0)
		return usage_error("check",
		    "--grid is none, square 3in or "
		    "hex 30mm");
	if (json)
		cli_json_begin(&js);
	for (i = optind; i < argc; i++) {
		struct diags d = { 0 }, read = { 0 };
		struct chk_result r;
		struct analysis *a;
		json_t *el = json ? cli_json_element(argv[i]) : NULL;

		rs = cli_load_keep(argv[i], &worst, &read);
		/* What build cannot make of the table (the scenario's
		 * zones and forces) is refused here too, at its line. */
		if (rs != NULL && worst < SEV_ERROR) {
			struct diags td = { 0 };

			if (sc_table_check(rs, &td) != 0) {
				worst = SEV_ERROR;
				rs_free(rs);
				rs = NULL;
			}
			diags_print(&td, stderr);
			diags_free(&td);
		}
		/* A file that cannot be read is an input error, as one
		 * with errors in it: exit 1. */
		if (worst >= SEV_ERROR) {
			if (status == EXIT_CLEAN)
				status = EXIT_ERRORS;
			diags_free(&read);
			if (json)
				cli_json_add(&js, el, NULL, NULL);
			continue;
		}
		if (report_pdf != NULL &&
		    cli_output_check(report_pdf, CLI_PDF) == -1) {
			if (json)
				cli_json_add(&js, el, rs, NULL);
			rs_free(rs);
			diags_free(&read);
			status = EXIT_ERRORS;
			continue;
		}
		/* With --json, standard output is the JSON alone. */
		if (verbose && !json && !stdout_pdf) {
			eng_dump(rs, stdout);
			eng_settings_dump(rs, stdout);
		}
		if (!quiet && !json && !stdout_pdf)
			printf("%s: %s, %zu %s, %zu %s, %zu test %s read\n",
			    rs->path, eng_engine_name(rs), rs->nunits,
			    plural((long long)rs->nunits, "unit", "units"),
			    rs->nweapons,
			    plural((long long)rs->nweapons, "weapon",
			        "weapons"),
			    rs->ntests,
			    plural((long long)rs->ntests, "game", "games"));
		{
			struct progress bar;

			progress_begin(&bar, "self-play",
			    (unsigned long)o.games);
			bar.on = bar.on && !quiet;
			o.progress = progress_callback;
			o.parg = &bar;
			/* Made as a product makes it, on --grid's board
			 * when given. */
			a = ana_new(rs, o.grid, o.cell_mm);
			rc = ana_check(a, &o, &r, &d);
			progress_end(&bar);
		}
		/* -q leaves out the warnings and notes (main()). */
		diags_print(&d, stderr);
		if (rc < 0 || diags_worst(&d) >= SEV_ERROR)
			status = EXIT_ERRORS;
		if (json && rc < 0)
			js.failed = 1;
		/* A print-only ruleset (rc 1) has a report too: what was
		 * read and found. */
		if (rc >= 0 && report_pdf != NULL) {
			struct diags out = { 0 };
			char *path;
			int wrc;

			/* The report's labels in the ruleset's language, as
			 * sandtable report prints them; the terminal's stay
			 * English. */
			cli_lang_use(rs);
			/* "-" is drawn into a temporary file, then copied to
			 * standard output (cli_out_begin()). */
			wrc = -1;
			if ((path = cli_out_begin(report_pdf, "pdf")) !=
			    NULL) {
				wrc = rnd_report_write(rs, &r, &d, path, NULL,
				    cli_template_default("report"), NULL,
				    &out);
				if (cli_out_end(report_pdf, path, wrc == 0) !=
				    0)
					wrc = -1;
			}
			if (wrc != 0) {
				status = EXIT_ERRORS;
				if (json)
					js.failed = 1;
			}
			i18n_lang(NULL);
			diags_print(&out, stderr);
			diags_free(&out);
		}
		if (rc == 0 && json)
			cli_json_add(&js, el, rs, chk_json(rs, &r));
		else if (rc == 1 && json) {
			json_t *jo = json_object();

			json_object_set_new(jo, "ruleset",
			    cli_json_text(rs->name));
			json_object_set_new(jo, "engine",
			    json_string(eng_engine_name(rs)));
			json_object_set_new(jo, "played", json_false());
			/* Nothing played: what was read and found is all
			 * there is to report. */
			json_object_set_new(jo, "units",
			    json_integer((json_int_t)rs->nunits));
			json_object_set_new(jo, "weapons",
			    json_integer((json_int_t)rs->nweapons));
			json_object_set_new(jo, "findings",
			    findings_json(&read, &d));
			cli_json_add(&js, el, rs, jo);
		} else if (json)
			cli_json_add(&js, el, rs, NULL);
		else if (rc == 0 && !quiet && !stdout_pdf)
			report(rs->path, &r, verbose);
		else if (rc == 1 && !quiet && !stdout_pdf)
			printf("%s: %s: nothing played; warnings %zu, notes "
			       "%zu\n",
			    rs->path,
			    eng_show_of(rs)->unplayed != NULL ?
			        eng_show_of(rs)->unplayed :
			        "print only (no engine)",
			    diags_count(&read, SEV_WARNING) +
			        diags_count(&d, SEV_WARNING),
			    diags_count(&read, SEV_NOTE) +
			        diags_count(&d, SEV_NOTE));
		chk_result_free(&r);
		ana_free(a);
		diags_free(&d);
		diags_free(&read);
		rs_free(rs);
	}
	if (json && cli_json_end(&js) != 0)
		status = EXIT_ERRORS;
	return status;
}

const struct command check_command = {
	.name = "check",
	.run = cmd_check,
	.synopsis = "check [options] RULESET...",
	.about =
	    "Read each ruleset, check it and play it: its test games, then\n"
	    "self-play of its default battle, then the findings (melees that\n"
	    "never end, units nothing can destroy, …) and the rules no test game\n"
	    "exercises. Prints diagnostics as FILE:LINE:COL: severity: message.\n"
	    "Exit status: 0 clean (warnings allowed), 1 errors (a test game that\n"
	    "fails is an error), 2 usage.\n"
	    "\n",
	.opts = check_options,
	.col = 20,
};
