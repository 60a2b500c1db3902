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

/* Exit statuses (DESIGN.md): clean, errors found, bad usage. */
#define EXIT_CLEAN 0
#define EXIT_ERRORS 1
#define EXIT_USAGE 2

/*
 * The options (options.c). Each command lists its options as rows of one
 * table, in the order its --help shows them; one parser over
 * getopt_long reads them all. The common options (the OPT_OUTPUT to
 * OPT_GAMES rows, written with the CLI_OUTPUT() … macros below) mean the
 * same in every command that takes them, are checked the same way and
 * go into struct cli_common; a command's own options go into its own
 * struct, at off, or through a parse function.
 */
enum cli_kind {
	OPT_OUTPUT,         /* -o FILE */
	OPT_PAPER,          /* -p PAPER, checked (lo 1: "none" too) */
	OPT_TEMPLATE,       /* -t NAME|PATH */
	OPT_PRINT_TEMPLATE, /* --print-template: print it, and stop */
	OPT_LANG,           /* --lang TAG (cli_lang_opt) */
	OPT_QUIET,          /* -q: errors only */
	OPT_VERBOSE,        /* -v */
	OPT_HELP,           /* -h: print the help, and stop */
	OPT_JSON,           /* --json */
	OPT_JOBS,           /* -j J: 1 to CLI_JOBS_MAX */
	OPT_SEED,           /* -s S: 0 to 2^53 */
	OPT_GAMES,          /* -n N: lo (0 or 1) to CLI_GAMES_MAX */
	OPT_STR,            /* const char * at off: the value as given */
	OPT_SET,            /* int at off: 1 */
	OPT_UNSET,          /* int at off: 0 */
	OPT_FN              /* parse(cmd, row, value, own) */
};

/* What a parse function returns when it took the value; anything else
 * is the exit status to stop with (EXIT_USAGE after a usage error). */
#define CLI_GO (-1)

struct cli_opt;
typedef int (*cli_parse_fn)(const char *cmd, const struct cli_opt *,
    const char *arg, void *own);

struct cli_opt {
	const char *name;   /* the long name, "paper"; NULL ends the table */
	char letter;        /* the short letter, or 0 */
	const char *arg;    /* the value's name in --help; NULL: none taken */
	enum cli_kind kind; /* what it is, and where its value goes */
	size_t off;         /* OPT_STR, OPT_SET, OPT_UNSET, OPT_FN: in own */
	cli_parse_fn parse; /* OPT_FN */
	long long lo, hi;   /* OPT_GAMES, OPT_PAPER (above); OPT_FN's own */
	const char *help;   /* its lines in --help, '\n' between */
};

/* The rows of the common options: the letter and the long name are
 * theirs, the value's name and the help's words the command's. */
#define CLI_ROW(n, l, a, k, lo, h)                                            \
	{                                                                     \
		n, l, a, k, 0, NULL, lo, 0, h                                 \
	}
#define CLI_OUTPUT(a, h) CLI_ROW("output", 'o', a, OPT_OUTPUT, 0, h)
#define CLI_PAPER(a, h) CLI_ROW("paper", 'p', a, OPT_PAPER, 0, h)
#define CLI_PAPER_OR_NONE(a, h) CLI_ROW("paper", 'p', a, OPT_PAPER, 1, h)
#define CLI_TEMPLATE(a, h) CLI_ROW("template", 't', a, OPT_TEMPLATE, 0, h)
#define CLI_PRINT_TEMPLATE(h)                                                 \
	CLI_ROW("print-template", 0, NULL, OPT_PRINT_TEMPLATE, 0, h)
#define CLI_LANG(h) CLI_ROW("lang", 0, "TAG", OPT_LANG, 0, h)
#define CLI_QUIET(h) CLI_ROW("quiet", 'q', NULL, OPT_QUIET, 0, h)
#define CLI_VERBOSE(h) CLI_ROW("verbose", 'v', NULL, OPT_VERBOSE, 0, h)
#define CLI_HELP CLI_ROW("help", 'h', NULL, OPT_HELP, 0, "this help")
#define CLI_JSON(h) CLI_ROW("json", 0, NULL, OPT_JSON, 0, h)
#define CLI_JOBS(a, h) CLI_ROW("jobs", 'j', a, OPT_JOBS, 0, h)
#define CLI_SEED(a, h) CLI_ROW("seed", 's', a, OPT_SEED, 0, h)
#define CLI_GAMES(lo, a, h) CLI_ROW("games", 'n', a, OPT_GAMES, lo, h)
#define CLI_END CLI_ROW(NULL, 0, NULL, OPT_STR, 0, NULL)

/* The rows of a command's own options, into its struct T: the value as
 * given, a flag set or cleared, or what a parse function makes of it
 * (lo and hi are the function's to use). */
#define CLI_STR(n, l, a, T, field, h)                                         \
	{                                                                     \
		n, l, a, OPT_STR, offsetof(T, field), NULL, 0, 0, h           \
	}
#define CLI_SET(n, l, T, field, h)                                            \
	{                                                                     \
		n, l, NULL, OPT_SET, offsetof(T, field), NULL, 0, 0, h        \
	}
#define CLI_UNSET(n, l, T, field, h)                                          \
	{                                                                     \
		n, l, NULL, OPT_UNSET, offsetof(T, field), NULL, 0, 0, h      \
	}
#define CLI_FN(n, l, a, T, field, fn, lo, hi, h)                              \
	{                                                                     \
		n, l, a, OPT_FN, offsetof(T, field), fn, lo, hi, h            \
	}
/* --dump: the product's layout as text on standard output (render's
 * dump.c), into the FILE * at field of T (sheet.c). */
int cli_dump_opt(const char *cmd, const struct cli_opt *, const char *arg,
    void *own);
#define CLI_DUMP(T, field)                                                    \
	CLI_FN("dump", 0, NULL, T, field, cli_dump_opt, 0, 0,                 \
	    "print the layout (one line per page and box,\n"                  \
	    "tab-separated, millimetres)")

/* One default for everything that runs in parallel: this is a 2-core
 * target (build's processes, self-play's and the scenario's threads). */
#define CLI_JOBS_DEFAULT 2
#define CLI_JOBS_MAX 64
/* The most self-play games a run plays (README, Limits): about a minute
 * on one core for the bundled rulesets, with progress on a terminal. */
#define CLI_GAMES_MAX 1000000
#define CLI_GAMES_DEFAULT 1000
#define CLI_SEED_MAX ((long long)1 << 53) /* exact in JSON */
#define CLI_SEED_DEFAULT 1
/* build: one template a product, each routed by its product: key. */
#define CLI_TMPL_MAX 16

/* The common options' values, their defaults where not given. */
struct cli_common {
	const char *output; /* -o, or NULL */
	const char *paper;  /* -p, or NULL: the product's default */
	const char *tmpl;   /* -t (the last given), or NULL: the default */
	const char *tmpls[CLI_TMPL_MAX]; /* every -t, for build */
	int ntmpl;                       /* how many -t (may be more) */
	int print_template, quiet, verbose, json;
	int jobs;       /* default CLI_JOBS_DEFAULT */
	long games;     /* default CLI_GAMES_DEFAULT */
	uint64_t seed;  /* default CLI_SEED_DEFAULT */
	int seed_given; /* map draws terrain only when asked */
};

struct command {
	const char *name;
	int (*run)(int argc, char **argv); /* NULL: not built yet */
	const char *synopsis;
	const char *about;          /* the help's text before the options */
	const struct cli_opt *opts; /* the options, in the help's order */
	int col;                    /* the column their help starts in */
	const char *after;          /* the help's text after them, or NULL */
	/* dice: options end at the first word that is not one, and an
	 * unknown one may be an expression (its message says so). */
	int stop;
	int (*unknown)(const char *cmd, const char *word);
};

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
 * are not products; the products are listed by their table (products.c).
 */
extern const struct command check_command, build_command, play_command,
    odds_command, dice_command, templates_command;

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
 * A product: made by its own command, and by `sandtable build` through
 * its entry point, which writes it for the analysis of a checked ruleset
 * (analysis.h: build makes one a ruleset, and every product shares it)
 * at path (atomically), plus any other file of its row beside it, with
 * the common options build was given: paper, template (this product's),
 * seed, games, jobs, quiet. Returns 0 when written, -1 on failure
 * (reported on stderr), 1 when the product is not made in this version.
 * A product works out nothing the analysis has: it asks it.
 */
struct analysis;
typedef int (*product_fn)(struct analysis *, const char *path,
    const struct cli_common *);

/* What a product needs or uses (struct product). */
#define PRODUCT_RULESET 0x01  /* a ruleset read without errors */
#define PRODUCT_ENGINE 0x02   /* a rule family that plays the ruleset */
#define PRODUCT_SELFPLAY 0x04 /* self-play games of its battle */
#define PRODUCT_SCENARIO 0x08 /* a scenario: terrain, forces, objectives */
#define PRODUCT_MAX_FILES 2   /* files one product writes in a build */

struct product {
	const struct command *cmd; /* its name, options and help */
	const char *summary;       /* one line of --help, <= 60 columns */
	/* What build names its files, NULL after the last: the entry point
	 * is given files[0] and writes the others beside it. */
	const char *files[PRODUCT_MAX_FILES];
	/* Its default template, templates/NAME.yaml (NULL: it reads
	 * none): the one name of it, given to render when -t is not. */
	const char *tmpl;
	/* needs: what must be there for it to be made (build skips it
	 * otherwise); uses: what it draws on when it is there. */
	unsigned needs, uses;
	product_fn make;
};
/* Declare product NAME's row, command and entry point (products.c, and
 * cmd_NAME.c before it defines them). */
#define PRODUCT_OF(name)                                                      \
	extern const struct product name##_product;                           \
	extern const struct command name##_command;                           \
	int product_##name(struct analysis *, const char *,                   \
	    const struct cli_common *)

/* The products in the order build makes them, then NULL. */
extern const struct product *const products[];
/* Product NAME's row and its place in products[], or NULL and -1. */
const struct product *product_find(const char *name);
int product_index(const char *name);
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
 * The odds panels of the reference sheet (cards 0) or of the unit cards
 * (cards 1, one panel per unit), from the engine's exact odds. Returns 0,
 * or -1 when the ruleset's engine is not played (set left empty).
 */
struct rnd_odds_set;
int cli_odds_panels(struct analysis *, int cards, struct rnd_odds_set *);

/*
 * The sheet products (reference: cards 0; unit cards: cards 1): write
 * one with the engine's odds panels and print its diagnostics (returns 0
 * or -1); or, after a command's options, check the arguments, load the
 * ruleset and write it (returns the exit status).
 */
struct rnd_opts;
int cli_sheet_write(struct analysis *, const char *path,
    const struct rnd_opts *, int cards);
int cli_sheet_main(const char *cmd, int argc, char **argv, const char *out,
    const struct rnd_opts *, int quiet, int cards);

/* Rewrite the spellings of earlier versions among a command's options
 * to today's (respell.c), with a note unless -q is given. */
void cli_respell(const char *cmd, int argc, char **argv);
/* Whether a command's options hold -q or --quiet (before "--"). */
int cli_quiet(int argc, char **argv);

/* For commands not built yet: says so and returns EXIT_USAGE. */
int cli_not_built(const char *name);

/* Print "sandtable: MSG" to stderr, control characters escaped. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "sandtable: MSG" to stderr and return EXIT_USAGE. */
int usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Print the command's help to fp. */
void command_help(const struct command *, FILE *);

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

/* Parse a whole number within [lo, hi] (option values, options.c); 0
 * or -1. */
int cli_parse_count(const char *, long long lo, long long hi, long long *);
/* The same for option opt of cmd, printing a usage error that gives the
 * whole range when arg is not in it; 0 or -1. */
int cli_count_opt(const char *cmd, const char *opt, const char *arg,
    long long lo, long long hi, long long *v);
/* `sandtable play --scenario FILE` (cmd_scenario.c): replay a scenario
 * file; ruleset NULL takes the file's `ruleset:`. Returns an exit
 * status. */
int scenario_play(const char *ruleset, const char *file, long games,
    uint64_t seed, int jobs, int json);

/*
 * The validation report of a ruleset from the results of the check
 * pipeline (cmd_report.c): res is a struct chk_result, d the run's
 * diagnostics; tmpl the template (its row's unless -t). Returns 0, -1
 * failed (reason in out).
 */
struct chk_result;
int cli_report_write(const struct ruleset *, const struct chk_result *res,
    const struct diags *d, const char *path, const char *paper,
    const char *tmpl, struct diags *out);

#endif
