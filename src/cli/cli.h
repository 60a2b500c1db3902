/* cli.h: the subcommands; only src/cli prints to the user or exits. */
#ifndef SANDTABLE_CLI_H
#define SANDTABLE_CLI_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../base/base.h"
#include "../ruleset/ruleset.h"

#include "../render/product.h"

/*
 * Read a command's options from argv: the common ones into c (its
 * defaults first), the command's own into own. Returns CLI_GO to go on,
 * the arguments being argv[optind] to argv[argc - 1]; else the exit
 * status to return at once (--help printed, --print-template done, a
 * usage error printed). -q takes effect here: errors only from then on.
 */
int cli_parse(const struct command *, int argc, char **argv,
    struct cli_common *c, void *own);
/* `sandtable --options`: every option of every command, a line each,
 * tab-separated: command, --name, -letter (or -), value (or -). */
void cli_options_list(FILE *);

/*
 * Each cmd_NAME.c defines NAME_command. main.c lists the commands that
 * are not products; the products are listed by their table
 * (src/render/products.c), their commands in their folders.
 */
extern const struct command check_command, build_command, play_command,
    odds_command, dice_command, templates_command, init_command, serve_command;

/*
 * Templates (templates.c). The default template's name of a product,
 * as its row names it (struct product), NULL for a command that is not
 * a product or a product without a template.
 */
const char *cli_template_default(const char *product);
/* --print-template: the file the product would read (spec, else its
 * default, by the search order) copied to standard output. Returns the
 * exit status. */
int cli_print_template(const char *product, const char *spec);
/* Print the exact distribution of a dice expression, as text or JSON
 * (`dice`, `odds --dice`). Returns the exit status. */
int cli_dice(const char *expr, int json);
/* A command or product by name, or NULL. */
const struct command *command_find(const char *);
/* The i-th command in --help's order (the products last), or NULL. */
const struct command *command_nth(size_t i);

/*
 * --lang TAG, the same on every product command and on build
 * (products.c): cli_lang_opt() checks and keeps it (0, or -1 with a usage
 * error printed: return EXIT_USAGE). cli_lang_use() sets the language of
 * the labels a product prints: --lang, else the ruleset's lang: (rs may
 * be NULL), else English; a language without a catalogue prints English,
 * with a note. cli_lang_tag() is that language (NULL: English).
 */
int cli_lang_opt(const char *cmd, const char *arg);
void cli_lang_use(const struct ruleset *rs);
const char *cli_lang_tag(const struct ruleset *rs);
/* `sandtable --products`: a product a line, tab-separated (name, files,
 * needs, uses, summary). */
void products_list(FILE *);
/* `sandtable --man-products` (hidden): the entries of the man page's
 * Products, in mdoc, one a row in the table's order: its synopsis from
 * its option rows, its own words (man), the files of a build. */
void products_man(FILE *);

/* A progress bar on stderr, drawn only on a terminal (progress.c). */
struct progress {
	const char *label;
	unsigned long total;
	long last_ms, start_ms;
	int on, drawn;
};
void progress_set_quiet(int);
void progress_begin(struct progress *, const char *label, unsigned long total);
void progress_update(struct progress *, unsigned long done);
void progress_end(struct progress *);
/* Matches progress_fn of base.h: arg is a struct progress. */
void progress_callback(void *arg, unsigned long done, unsigned long total);

struct eng_ctx;
/* odds_doc.c: the odds document of `sandtable odds` (the family's own,
 * or the fire and melee tables of odds()) as text tables, entry by
 * entry; units a and b filter (NULL: all). */
void odds_doc_text(const struct eng_ctx *, const char *a, const char *b,
    FILE *);

/*
 * A product's command, run from its row (product_cmd.c): its options,
 * one ruleset, the analysis, its entry point. Returns the exit status.
 * product_make() is that entry point with the language set and the
 * diagnostics printed, as build makes every product; 0, -1 or 1.
 */
int product_main(const struct product *, int argc, char **argv);
/* The runs of the product commands that do more than product_main()
 * does (product_cmd.c names them): cmd_map.c, cmd_scenario.c,
 * cmd_report.c. */
int cmd_map(int argc, char **argv);
int cmd_scenario(int argc, char **argv);
int cmd_report(int argc, char **argv);
int product_make(const struct product *, struct analysis *, const char *path,
    const struct cli_common *, const void *own);

/* Rewrite the spellings of earlier versions among a command's options
 * to today's (respell.c), with a note unless -q is given. */
void cli_respell(const char *cmd, int argc, char **argv);
/* Whether a command's options hold -q or --quiet (before "--"). */
int cli_quiet(int argc, char **argv);

/* The result cache's hash (cache_hash.c): once, before any command. */
void cli_cache_setup(void);

/*
 * serve (cmd_serve.c) over build --watch's loop (cmd_build.c): `build`
 * run with argv (argv[0] "build", and --watch among them: a project, its
 * options and rulesets, as build reads them), each ruleset alone, built
 * then again whenever one is saved; after each, done() gets its path,
 * whether it built, and the diagnostics of its build. Runs until killed.
 */
struct build_hook {
	void (
	    *done)(void *arg, const char *path, int ok, const struct diags *d);
	void *arg;
};
int build_watch_hook(int argc, char **argv, const struct build_hook *);

/* For commands not built yet: says so and returns EXIT_USAGE. */
int cli_not_built(const char *name);

/* Print "sandtable: MSG" to stderr, control characters escaped. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "sandtable: MSG" to stderr and return EXIT_USAGE. */
/* Usage errors from here on begin with at (a project file's key), or
 * not (NULL). */
void cli_usage_at(const struct pos *at);
int usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Print the command's help to fp. */
void command_help(const struct command *, FILE *);
/* --vtt LIST (map, build) into a set of virtual tabletop formats (bit
 * k: rnd_vtt_names[k]); 0, or EXIT_USAGE with the message said. */
int cli_vtt_parse(const char *cmd, const char *list, unsigned *set);

/*
 * Read one ruleset and print its diagnostics. Returns the ruleset when it
 * has no errors (caller frees), else NULL; *worst gets the worst severity
 * (SEV_ERROR too when the file could not be read at all: exit 1).
 */
struct ruleset *cli_load(const char *path, int *worst);
/* The same, keeping a copy of the diagnostics in keep (when not NULL). */
struct ruleset *cli_load_keep(const char *path, int *worst,
    struct diags *keep);
/* Whether a file begins with a front matter ("---" on its first line,
 * after a byte-order mark): a ruleset. */
int cli_has_front_matter(const char *path);
/* Of several files given (rulesets/\*.md), keep in files those with a
 * front matter, with a note naming the others "left out of WHAT" (unless
 * quiet); one file alone is kept whatever it is. Returns how many. */
size_t cli_rulesets_only(char **files, size_t n, int quiet, const char *what);
/* 0 when a rule family plays rs; else -1, with an error at its engine
 * that there is nothing to play (play, odds: a print-only ruleset). */
int cli_playable(const struct ruleset *, const char *path);

/*
 * Before the work, once the inputs are read: 0 when an output beginning
 * with begins (NULL: any) may be written at path; else -1, reported
 * (atomic_check of base.h).
 */
int cli_output_check(const char *path, const char *begins);
/*
 * `-o -`: a product of one file written to standard output. out_begin()
 * gives the path to write: out itself, or for "-" a file NAME.EXT in a
 * private temporary directory; out_end() then copies it to standard
 * output when the product was written (ok), and removes it. 0 or -1.
 */
char *cli_out_begin(const char *out, const char *ext);
int cli_out_end(const char *out, char *path, int ok);
#define CLI_IS_STDOUT(out) ((out) != NULL && strcmp((out), "-") == 0)

/* The first bytes of each kind of output, for cli_output_check. */
#define CLI_PDF "%PDF-"
#define CLI_HTML "<!DOCTYPE html>"
/* Whether an output's name ends in .html. */
int cli_is_html(const char *path);

/* A whole number within [lo, hi] for option opt of cmd (options.c; read
 * by rnd_parse_count), printing a usage error that gives the whole range
 * when arg is not in it; 0 or -1. */
int cli_count_opt(const char *cmd, const char *opt, const char *arg,
    long long lo, long long hi, long long *v);
/* `sandtable play --scenario FILE` (cmd_scenario.c): replay a scenario
 * file; ruleset NULL takes the file's `ruleset:`. Returns an exit
 * status. */
int scenario_play(const char *ruleset, const char *file, long games,
    uint64_t seed, int jobs, int json);

#endif
