/*
 * product.h: a product's row and what it is made of — its command's
 * options and help as data, the common options every product command
 * takes, and its entry point over the analysis. A product is a folder
 * src/render/NAME/ holding its drawing code and its row; the table of
 * rows is src/render/products.c. The CLI runs a product's command one way
 * from its row (src/cli/product_cmd.c) and build makes it through the
 * same entry point; nothing here includes the CLI.
 */
#ifndef SANDTABLE_RENDER_PRODUCT_H
#define SANDTABLE_RENDER_PRODUCT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../base/base.h"

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
	OPT_PDFX,           /* --pdfx: PDF/X-4 with the sRGB output intent */
	OPT_ICC,            /* --icc FILE: PDF/X-4 with this RGB profile */
	OPT_STR,            /* const char * at off: the value as given */
	OPT_SET,            /* int at off: 1 */
	OPT_UNSET,          /* int at off: 0 */
	OPT_FN,             /* parse(row, value, own, why) */
	OPT_NO_CACHE        /* --no-cache (lo 1: also an int at off: 1) */
};

/* What a parse function returns when it took the value; anything else
 * is the exit status to stop with: EXIT_USAGE with the message in why
 * (the CLI prints it as its usage errors, after "sandtable: CMD: "),
 * EXIT_CLEAN when the option did all there was to do (bases --presets). */
#define CLI_GO (-1)
#define CLI_WHY_MAX 256

struct cli_opt;
typedef int (*cli_parse_fn)(const struct cli_opt *, const char *arg, void *own,
    char why[CLI_WHY_MAX]);

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
#define CLI_PDFX                                                              \
	CLI_ROW("pdfx", 0, NULL, OPT_PDFX, 0,                                 \
	    "PDF/X-4 for a print shop: an sRGB output intent,\n"              \
	    "XMP, trim and bleed boxes (README.md, Print shops)")
#define CLI_ICC                                                               \
	CLI_ROW("icc", 0, "FILE", OPT_ICC, 0,                                 \
	    "PDF/X-4 with this RGB ICC profile as the output\n"               \
	    "intent (the shop's or the screen's) instead of sRGB")
/* --no-cache: the results cache is neither read nor written (cache.h);
 * build's also sets its own flag (builds what is up to date too). */
#define CLI_NO_CACHE(h) CLI_ROW("no-cache", 0, NULL, OPT_NO_CACHE, 0, h)
#define CLI_NO_CACHE_SET(T, field, h)                                         \
	{                                                                     \
		"no-cache", 0, NULL, OPT_NO_CACHE, offsetof(T, field), NULL,  \
		    1, 0, h                                                   \
	}
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
 * dump.c), into the FILE * at field of T (dump.c). */
int rnd_dump_opt(const struct cli_opt *, const char *arg, void *own,
    char why[CLI_WHY_MAX]);
#define CLI_DUMP(T, field)                                                    \
	CLI_FN("dump", 0, NULL, T, field, rnd_dump_opt, 0, 0,                 \
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
	/* The language of the labels (--lang, else the ruleset's lang:,
	 * NULL: English), set by the CLI before a product is made. */
	const char *lang;
	int pdfx; /* --pdfx or --icc: PDF/X-4 (rnd_pdfx_set has its profile) */
};

struct command {
	const char *name;
	/* NULL: a product's command, run from its row by the CLI's
	 * product_main() (its options, the analysis, its make; map,
	 * scenario and report by their runs in src/cli/cmd_NAME.c). */
	int (*run)(int argc, char **argv);
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
 * A product: made by its own command, and by `sandtable build` through
 * its entry point, which writes it for the analysis of a checked ruleset
 * (analysis.h: build makes one a ruleset, and every product shares it)
 * at path (atomically), plus any other file of its row beside it, with
 * the common options build was given: paper, template (this product's),
 * seed, games, jobs, quiet, lang; own is its own options (NULL from
 * build: their defaults). Returns 0 when written, -1 on failure, 1 when
 * the product is not made in this version; its diagnostics go into d,
 * which the caller prints (a row still in the CLI may print its own).
 * A product works out nothing the analysis has: it asks it.
 */
struct analysis;
typedef int (*product_fn)(struct analysis *, const char *path,
    const struct cli_common *, const void *own, struct diags *d);

/* Shared by the products' entry points (common.c): whether path may be
 * written over by a file that begins with begins (0; else -1, the error
 * in d); the reference sheet's (cards 0) and the cards' (1) entry, with
 * own its rnd_opts or NULL. */
int rnd_output_ok(const char *path, const char *begins, struct diags *d);
/* A whole number from lo to hi, as every count option is read (a
 * product's own, and the CLI's common ones): 0, or -1. */
int rnd_parse_count(const char *s, long long lo, long long hi, long long *v);
int rnd_sheet_product(struct analysis *, const char *path,
    const struct cli_common *, const void *own, int cards, struct diags *d);

/* What a product needs or uses (struct product). */
#define PRODUCT_RULESET 0x01  /* a ruleset read without errors */
#define PRODUCT_ENGINE 0x02   /* a rule family that plays the ruleset */
#define PRODUCT_SELFPLAY 0x04 /* self-play games of its battle */
#define PRODUCT_SCENARIO 0x08 /* a scenario: terrain, forces, objectives */
#define PRODUCT_MAX_FILES 2   /* files one product writes in a build */

/*
 * What a product reads (struct product's reads): build remakes a product
 * only when one of these changed since it was last made (issue 36). Its
 * own template and the files it opens are always its inputs; 0 means
 * everything. A product that reads a part it does not declare could be
 * left out of date: declare each part the product's output depends on.
 */
#define PRODUCT_READS_SETTINGS 0x001 /* the front matter */
#define PRODUCT_READS_TABLES 0x002   /* headings, tables, sequence of play */
#define PRODUCT_READS_PROSE 0x004    /* the text's other blocks */
#define PRODUCT_READS_TESTS 0x008    /* the test games (and examples) */
#define PRODUCT_READS_SELFPLAY 0x010 /* -s and -n: self-play, the terrain */
#define PRODUCT_READS_SCENARIO 0x020 /* what the scenario product fields */
#define PRODUCT_READS_TEMPLATE 0x040 /* its template file */
#define PRODUCT_READS_PICTURES 0x080 /* the picture files named */
#define PRODUCT_READS_PAPER 0x100    /* -p, the system's paper */
#define PRODUCT_READS_LANG 0x200     /* --lang */
#define PRODUCT_READS_PLACES 0x400   /* line numbers, the reader's findings */
#define PRODUCT_READS_ALL 0x7ff

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
	/* Its entry in the man page (mdoc), after the synopsis that its
	 * option rows make: what it is (NULL: its summary), then after
	 * "In a build:" and its files, man_build (NULL: nothing more). */
	const char *man, *man_build;
	/* The extension of the file its command writes (NULL: "pdf", the
	 * output checked to be a PDF if it is there already; any other is
	 * not looked into). */
	const char *ext;
	/* Its command also writes FILE.html (the rulebook): one page of
	 * HTML, checked to begin as one. */
	int html;
	/* Its own options (the command's rows write into them): the size
	 * of their struct, its defaults (NULL: zeroes), and where its
	 * --dump's FILE * is (dump: 1), so that -o - is refused with it. */
	size_t own_size;
	void (*own_init)(void *own);
	/* Its own options' values checked before a build (a project's),
	 * where the command checks them only once the ruleset is read:
	 * 0, or -1 with the command's message in why (NULL: none to). */
	int (*own_check)(const void *own, char *why, size_t n);
	int dump;
	size_t dump_off;
	/* The parts of the ruleset and the run it reads (PRODUCT_READS_*;
	 * 0: all of them). */
	unsigned reads;
};
/* Declare product NAME's row, command and entry point (products.c, and
 * the file that defines them). */
#define PRODUCT_OF(name)                                                      \
	extern const struct product name##_product;                           \
	extern const struct command name##_command;                           \
	int product_##name(struct analysis *, const char *,                   \
	    const struct cli_common *, const void *, struct diags *)

/* The products in the order build makes them, then NULL (products.c). */
extern const struct product *const products[];
/* Product NAME's row and its place in products[], or NULL and -1. */
const struct product *product_find(const char *name);
int product_index(const char *name);

#endif
