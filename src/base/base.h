/*
 * base.h: what every layer of sandtable stands on — allocation that
 * aborts on failure, diagnostics in the mandoc style, physical lengths,
 * the hex lattice, and atomic file output.
 *
 * Lengths are millimetres as double everywhere inside the program.
 */
#ifndef SANDTABLE_BASE_H
#define SANDTABLE_BASE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define SANDTABLE_VERSION "0.1.0"

/* ---- allocation: failure aborts here, so callers never check ---- */
void *xmalloc(size_t);
void *xcalloc(size_t, size_t);
void *xrealloc(void *, size_t);
char *xstrdup(const char *);
char *xstrndup(const char *, size_t);
char *xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *, va_list) __attribute__((format(printf, 1, 0)));

/* A growable array of pointers or values is done with this pattern:
 * XPUSH(arr, n, cap, value). */
#define XPUSH(arr, n, cap, v)                                                 \
	do {                                                                  \
		if ((n) == (cap)) {                                           \
			(cap) = (cap) ? (cap)*2 : 8;                          \
			(arr) = xrealloc((arr), (cap) * sizeof(*(arr)));      \
		}                                                             \
		(arr)[(n)++] = (v);                                           \
	} while (0)

/* Long computations below the CLI report progress through this; arg is
 * the caller's. A NULL function means no report. */
typedef void (
    *progress_fn)(void *arg, unsigned long done, unsigned long total);

/* ---- source positions ---- */
struct pos {
	const char *file; /* not owned: lives as long as the ruleset */
	int line;         /* 1-based; 0 when unknown */
	int col;          /* 1-based; 0 when unknown */
};

/* ---- diagnostics ---- */
enum severity { SEV_NOTE, SEV_WARNING, SEV_ERROR };

/*
 * The message table (mandoc's pattern): every diagnostic sandtable gives
 * is one row of src/base/msgs.def, MSG_ROW(ID, SEVERITY, "text"), the
 * text a printf format. A call names its row, MSG(ID), and gives the
 * format's arguments; the compiler checks them against the text, which
 * src/base/msgs_fmt.inc holds as MSGF_ID (make writes it from msgs.def).
 * A row's code, printed by --json and `sandtable --messages`, is its ID
 * in lower case with hyphens ("unknown-front-matter-key").
 */
enum msg {
#define MSG_ROW(id, sev, text) MSG_##id,
#include "msgs.def"
#undef MSG_ROW
	MSG__COUNT,
	MSG_NONE = -1 /* a message that names no row (a copy's source) */
};
#include "msgs_fmt.inc"
/* A row as the two arguments diag_msg() takes: its number and text. */
#define MSG(id) MSG_##id, MSGF_##id

struct msg_row {
	const char *id; /* "UNKNOWN_FRONT_MATTER_KEY" */
	enum severity sev;
	const char *text;
};
extern const struct msg_row msgs[MSG__COUNT];
/* Row m's code into buf (sz >= 64): "unknown-front-matter-key". */
char *msg_code(enum msg m, char *buf, size_t sz);
/* `sandtable --messages`: a row a line, tab-separated (code, severity,
 * text). */
void msgs_list(FILE *);

struct diag {
	enum severity sev;
	enum msg code; /* its row, or MSG_NONE */
	char *file;    /* owned copy */
	int line, col;
	char *msg;
};

/* A list of findings that the caller owns; layers below the CLI add to
 * it and never print. */
struct diags {
	struct diag *v;
	size_t n, cap;
	size_t limit; /* stop recording after this many (0: default 500) */
	size_t dropped;
};

/*
 * Add row m of the message table at p, with its severity: call it as
 * diag_msg(d, p, MSG(ID), args...), which gives m and fmt, its text.
 * diag_vmsg() is the same from a va_list, for a reader's own error
 * function (which takes MSG(ID) too).
 */
void diag_msg(struct diags *, struct pos, enum msg m, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_vmsg(struct diags *, struct pos, enum msg m, const char *fmt,
    va_list) __attribute__((format(printf, 4, 0)));
/*
 * Add row m at index `at` of the list (clamped to its end), the ones
 * after it moved down: a message that can be worded only later (by the
 * rule family, once known) still stands where the reader met its cause.
 */
void diag_msg_at(struct diags *, size_t at, struct pos, enum msg m,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Add row m worded as text already (a message whose parts its caller
 * put together, such as a test game's name before the row's text). */
void diag_msg_text(struct diags *, struct pos, enum msg m, const char *text);
/* Add a copy of x (its row, severity, place and words). */
void diag_copy(struct diags *, const struct diag *x);
/* Worst severity recorded, or -1 when the list is empty. */
int diags_worst(const struct diags *);
size_t diags_count(const struct diags *, enum severity);
/* 1 when an error is recorded on line of file: what follows from a cell
 * that failed to read is not said again (mandoc's standard: the first
 * message is the cause). */
int diags_error_on_line(const struct diags *, const char *file, int line);
/* Print every diagnostic as "sandtable: FILE:LINE:COL: error: MSG",
 * those below the level set (-q: errors only) left out. */
void diags_print(const struct diags *, FILE *);
/* The least severity diags_print() prints (SEV_NOTE: all, the default);
 * and whether it is above notes (cli's -q). */
void diags_set_level(enum severity);
int diags_quiet(void);
/*
 * --json: from now on diags_print() also copies what it is given, every
 * severity, into to (NULL: stop); diags_capture_add() adds a message
 * that has no source position (the command line's own errors).
 */
void diags_capture(struct diags *to);
void diags_capture_add(enum severity, const char *msg);
void diags_free(struct diags *);
/* Add the findings of from to to, as if they had been added there (to's
 * limit applies, what from dropped counts as dropped): what was worked
 * out once, handed to each who asks. */
void diags_append(struct diags *to, const struct diags *from);
const char *severity_name(enum severity);

/* ---- labels in the ruleset's language (i18n.c) ----
 * The words sandtable itself prints go through _("…") (N_("…") marks a
 * string translated where it is used; P_("…", "…", n) picks a plural
 * form by n). i18n_lang("de") sets the language until i18n_lang(NULL)
 * (English); returns -1 when it cannot. i18n_current() is the language
 * set (NULL: English), to put back after a nested i18n_lang(). i18n_has()
 * says whether a language has a catalogue. */
int i18n_lang(const char *lang);
const char *i18n_current(void);
const char *i18n_text(const char *msgid) __attribute__((format_arg(1)));
const char *i18n_plural(const char *one, const char *many, unsigned long n)
    __attribute__((format_arg(1))) __attribute__((format_arg(2)));
int i18n_has(const char *lang);
#define _(s) i18n_text(s)
#define N_(s) (s)
#define P_(s, p, n) i18n_plural((s), (p), (unsigned long)(n))

/* ---- lengths ---- */
enum unit_of_length { LEN_MM, LEN_CM, LEN_IN, LEN_FT, LEN_NONE };

/*
 * Parse a length such as 9", 9in, 30mm, "3 cm", 1.5ft or a bare number
 * (in the unit given by bare). Returns 0 and sets *mm, or -1 with a
 * reason in *why (static string). Bare numbers with bare == LEN_NONE are
 * an error.
 */
int len_parse(const char *, enum unit_of_length bare, double *mm,
    const char **why);
/* Parse "WxH" with units (72x48in, 6x4ft, 1200x800mm, 40x20mm). */
int len_parse_pair(const char *, enum unit_of_length bare, double *w,
    double *h, const char **why);
/* Unit named by "in", "mm", "cm", "ft", "inch", …; LEN_NONE if unknown. */
enum unit_of_length len_unit_from_name(const char *);
double len_unit_mm(enum unit_of_length);
const char *len_unit_name(enum unit_of_length);
/*
 * The one way a length is printed: mm in the given unit (the ruleset's
 * measure; LEN_NONE: mm), to 0.01 of the unit with no trailing zeros:
 * 228.6 LEN_IN -> "9\"", 120 LEN_CM -> "12 cm". len_format_as with typo
 * writes it as printed on a product: 9″ (a double prime), "12 cm" with a
 * no-break space.
 */
void len_format(char *buf, size_t sz, double mm, enum unit_of_length);
void len_format_as(char *buf, size_t sz, double mm, enum unit_of_length,
    int typo);
/*
 * The step a player of a ruleset in measure u measures a length sandtable
 * chooses to (a default, an objective's radius): half an inch (in, ft),
 * a centimetre (cm), 5 mm (mm); 0 for LEN_NONE. len_round_to rounds mm
 * to whole steps of u, at least one step; 0 and whole steps unchanged.
 */
double len_step(enum unit_of_length u);
double len_round_to(double mm, enum unit_of_length u);
/*
 * Files keep lengths to 0.01 mm. len_file_decimals is how many decimals a
 * number in unit u needs to keep that (mm 2, cm 3, in 4, ft 5);
 * len_file_mm rounds a length read back to 0.01 mm, so a length written
 * in any unit and read again is the very length written.
 */
int len_file_decimals(enum unit_of_length u);
double len_file_mm(double mm);
/* The unit's name in words for a comment: "inches", "millimetres". */
const char *len_unit_words(enum unit_of_length u);

/* ---- hex geometry (hex.c) ----
 *
 * The one hex lattice: the engine's board, the scenario generator's grid
 * and the map all count, measure and draw hexes with these functions.
 *
 * A cell is (column c, row r), both from 0; x runs to the right and
 * y DOWN, as on a page, so row 0 is the top row. s is the hex's size
 * across the flats; its circumradius (centre to corner) is s / sqrt(3).
 *
 *   HEX_FLAT    flat tops, cells in columns; odd columns stand half a
 *               hex lower (+y) than even ones ("odd-q"). Columns are
 *               1.5 radii apart, rows s apart.
 *   HEX_POINTY  pointy tops, cells in rows; odd rows stand half a hex
 *               further right (+x) ("odd-r"). Columns are s apart, rows
 *               1.5 radii apart.
 *
 * Corners go clockwise on the page from the one at 0° (flat) or 30°
 * (pointy), measured from +x towards +y; edge i runs from corner i to
 * corner i + 1, and hex_neighbour(…, i, …) is the cell across it.
 * A lattice is placed by (ox, oy): the top-left corner of the box that
 * bounds its cells from (0, 0) on.
 *
 * A caller whose y runs up must say in one place how its rows meet these
 * (the engine's board does, in board.c).
 */
enum hex_top { HEX_FLAT, HEX_POINTY };

/* Circumradius of a hex s across the flats. */
double hex_radius(double s);
/* Size across the flats of a hex that measures `corners` corner to
 * corner. */
double hex_flats(double corners);
/* Distance between neighbouring columns (*dx) and rows (*dy). */
void hex_pitch(enum hex_top, double s, double *dx, double *dy);
/* Bounding box (w, h) of cols x rows cells; 0 for no cells. */
void hex_extent(enum hex_top, double s, int cols, int rows, double *w,
    double *h);
/* How many whole columns and rows fit in w x h (doubles: may be huge or
 * below 1). */
void hex_fit(enum hex_top, double s, double w, double h, double *cols,
    double *rows);
/* Centre of cell (c, r) of the lattice at (ox, oy). */
void hex_center(enum hex_top, double s, double ox, double oy, int c, int r,
    double *x, double *y);
/* The 6 corners of the hex centred at (cx, cy), in edge order. */
void hex_corners(enum hex_top, double s, double cx, double cy, double *xs,
    double *ys);
/* The cell of the lattice at (ox, oy) that holds point (x, y): the one
 * with the nearest centre, whether or not it is inside a given grid. */
void hex_locate(enum hex_top, double s, double ox, double oy, double x,
    double y, int *c, int *r);
/* The cell across edge 0…5 of cell (c, r), unbounded. */
void hex_neighbour(enum hex_top, int c, int r, int edge, int *nc, int *nr);
/*
 * Cells between two cells: 0 for the same cell, 1 for neighbours. Offset
 * to cube coordinates (x + y + z = 0), where the distance is the largest
 * of the three differences. Inline: the engine measures distances in its
 * innermost loops, and a call costs hex games 3% more instructions.
 */
static inline int
hex_distance(enum hex_top top, int c1, int r1, int c2, int r2)
{
	int x1, z1, x2, z2, y1, y2, dx, dy, dz;

	if (top == HEX_FLAT) {
		x1 = c1;
		z1 = r1 - (c1 - (c1 & 1)) / 2;
		x2 = c2;
		z2 = r2 - (c2 - (c2 & 1)) / 2;
	} else {
		x1 = c1 - (r1 - (r1 & 1)) / 2;
		z1 = r1;
		x2 = c2 - (r2 - (r2 & 1)) / 2;
		z2 = r2;
	}
	y1 = -x1 - z1;
	y2 = -x2 - z2;
	dx = abs(x1 - x2);
	dy = abs(y1 - y2);
	dz = abs(z1 - z2);
	return dx > dy ? (dx > dz ? dx : dz) : (dy > dz ? dy : dz);
}

/* ---- statistics ---- */
/* The Wilson score interval (95%) of a proportion p over n trials; [0, 1]
 * when there are none. */
void wilson95(double p, long n, double *lo, double *hi);
/* The two-sided exact binomial test of k successes in n trials against
 * the chance p: twice the smaller tail (at most 1). */
double binom_p2(long k, long n, double p);
/* Holm's step-down adjustment of m p-values p[] for m comparisons, into
 * adj[] (same order). */
void holm(const double *p, size_t m, double *adj);

/* ---- paper ---- */
/* The smallest paper every product can be made on: A5, either way. */
#define PAPER_MIN_SHORT_MM 148.0
#define PAPER_MIN_LONG_MM 210.0
#define PAPER_MAX_MM 5000.0
/*
 * Parse a paper: a preset name (A5, A4, A3, Letter, Legal, Tabloid; any
 * case) or "WxH" with units (210x297mm, 8.5x11in), optionally followed by
 * " landscape" or " portrait" (or ",landscape"). Returns 0 and sets *w,
 * *h (mm, as oriented), or -1 with a static reason in *why: not a paper,
 * or smaller than A5 or larger than 5 m.
 */
int paper_parse(const char *spec, double *w_mm, double *h_mm,
    const char **why);

/* ---- numbers printed the same in every locale ---- */
/* Format a double with at most prec decimals, '.' as separator, trailing
 * zeros dropped. */
void fmt_double(char *buf, size_t sz, double v, int prec);

/* ---- text ---- */
/*
 * The length of the well-formed UTF-8 sequence at s (Unicode's table
 * 3-7: no overlong forms, surrogates or code points above U+10FFFF) with
 * its code point in *cp; 0 when the bytes are not one.
 */
size_t utf8_seq(const unsigned char *s, size_t len, unsigned long *cp);
/* s with each byte that begins no UTF-8 sequence as U+FFFD (caller
 * frees). */
char *str_utf8_fix(const char *s);
/* The number of characters (code points) in UTF-8 text. */
size_t utf8_chars(const char *s);
/* Nonzero for a C0 or C1 control character or DEL. */
int is_control(unsigned long cp);
/* 1 with the first in *cp when s holds a control character other than
 * tab, line feed, carriage return and form feed; else 0. */
int str_control(const char *s, unsigned long *cp);
/* s with every control character but tab, and every byte that is not
 * UTF-8, written as \xNN or \uNNNN: safe to print on a terminal. Caller
 * frees. */
char *str_escape(const char *s);
/* The noun for a count: one for 1, many for every other count ("1 test
 * game", "0 test games", "2 test games"), as a message prints it. */
const char *plural(long long n, const char *one, const char *many);
/* The edit distance of a and b without case (ASCII), or more than cap
 * when it is more (names are short; only a near miss matters). */
size_t str_edit_distance(const char *a, const char *b, size_t cap);
/*
 * The name among the n in names that word seems meant for, or NULL: the
 * nearest within one letter in a name of up to seven, two up to
 * fourteen, three beyond ("Seeker Drones", "Reed Warden"); else the one
 * name that begins as the word's first five letters or more do
 * ("Needle gun" for "Needler"). NULL names are passed over.
 */
const char *str_closest(const char *word, const char *const *names, size_t n);
/* "; did you mean 'NAME'?" for str_closest()'s name, or "" (buf holds
 * it): the end of a message that names something unknown. */
const char *str_did_you_mean(char *buf, size_t sz, const char *word,
    const char *const *names, size_t n);

/* ---- files ---- */
/*
 * Read a whole file of at most max bytes into memory, NUL-terminated.
 * Returns 0; or -1 for every failure (missing, unreadable, a directory,
 * a device that never ends, too large), with *data NULL and *why a whole
 * message naming the path (caller frees). errno is EFBIG when the file
 * was too large, so a caller may tell bad input from a missing file.
 * The file is remembered as an input of this run (see file_is_input).
 */
int file_slurp(const char *path, size_t max, char **data, size_t *len,
    char **why);
/* Forget the inputs: a new run begins in the same process (build
 * --watch rebuilds; an editor's save gives a file a new inode, and the
 * old number may come back for an output). */
void file_inputs_forget(void);
/* A new mark: the inputs read from now on (again or for the first
 * time) are file_inputs_since() it. */
unsigned file_inputs_mark(void);
/* The inputs read since mark, by the names they were given (a copy,
 * sorted; caller frees each and the array); *n how many. */
char **file_inputs_since(unsigned mark, size_t *n);
/* Remember path as an input of this run without reading it. */
void file_note_input(const char *path);
/* The inputs of this run so far, by the names they were given (a copy,
 * sorted; caller frees each and the array); *n how many. */
char **file_inputs_list(size_t *n);
/*
 * When path (after links) is the same file (device and inode) as an
 * input this run has read, returns that input's name as it was given;
 * else NULL.
 */
const char *file_is_input(const char *path);

/*
 * Atomic output: write into a temporary file beside the target, then
 * fsync it, rename it over the target and fsync the directory on commit.
 * Abandon removes the temporary file and leaves any previous target
 * untouched. Refused: a target that is an input of this run, a
 * directory, socket or block device, and an existing regular file that
 * does not begin as the new output does (a PDF replaces only a PDF, a
 * generated YAML file only one with the same first line): an output
 * never replaces a file with something else. A character device or a
 * FIFO (/dev/null, a pipe) is written through, never replaced.
 */
struct atomic_file {
	char *path;  /* the target, links resolved */
	char *shown; /* the target as given, for messages */
	char *tmp;   /* NULL when writing through */
	FILE *fp;
	int left; /* its slot among what a signal removes, plus 1 */
};
int atomic_open(struct atomic_file *, const char *path, char **why);
int atomic_commit(struct atomic_file *, char **why);
void atomic_abandon(struct atomic_file *);
/*
 * Before the work: 0 when atomic_open and a commit of an output that
 * begins with begins (its first line, or a signature such as "%PDF-";
 * NULL: any) would not be refused at path; else -1 with *why (caller
 * frees). Commands check every output so, before they spend time.
 */
int atomic_check(const char *path, const char *begins, char **why);
/* Write a whole buffer atomically. */
int atomic_write(const char *path, const void *, size_t, char **why);
/* The names of temporary files and build stages begin so, then the
 * process id: ".sandtable-PID-XXXXXX", ".sandtable-build-PID-XXXXXX". */
#define FILE_TEMP_PREFIX ".sandtable-"
/* Remove a plain file, or a plain directory of plain files on the same
 * file system (a build stage); a link is never followed, anything else
 * is left alone. */
void file_remove(const char *path);
/* Remove from dir the temporary files and stages of runs that are over
 * (killed, or the power went): a name this program makes, of a process
 * that no longer runs, owned by this user, a plain file or a plain
 * directory of plain files on dir's file system; never through a link. */
void file_sweep(const char *dir);
/* SIGINT, SIGTERM and SIGHUP remove the temporary files and stages
 * registered (file_left_add: a slot, or -1) before the run ends. */
void file_signals_install(void);
int file_left_add(const char *path);
void file_left_drop(int slot);
/* An exclusive lock (flock) on a directory, against other runs of
 * sandtable writing into it: a descriptor to unlock, or -1. */
int file_lock_dir(const char *dir);
void file_unlock_dir(int fd);
/*
 * One version of several files: between begin and end, atomic_commit
 * renames nothing; end renames them all at once with their directory
 * locked and SIGINT/SIGTERM held (0, or -1 with *why); abandon removes
 * them. Up to FILE_GROUP_MAX files; past that, a commit is its own.
 */
#define FILE_GROUP_MAX 256
void file_group_begin(void);
int file_group_end(char **why);
void file_group_abandon(void);
/* Where to read a file committed in the open group before its end: its
 * temporary file; path itself when it is not pending. */
const char *file_group_pending(const char *path);
/*
 * Switch directory dir to the version made in stage (a directory beside
 * it, in the same parent) in one step: renameat2's exchange, under the
 * parent's lock. Files in dir that the stage does not have are kept (a
 * second link, or moved). After it, stage holds the old version, for the
 * caller to remove. 0, or -1 with *why and dir as it was.
 */
int file_dir_swap(const char *stage, const char *dir, char **why);
/* mkdir -p; returns 0 or -1 with errno set. */
int mkdir_p(const char *path);
/*
 * The path of target relative to the directory file is in (file need
 * not exist yet; a build's stage is beside its directory, as deep),
 * links resolved: "../rulesets/x.md". Target as given when it or
 * that directory cannot be resolved. Caller frees.
 */
char *file_relative(const char *target, const char *file);
/* A path given in file, as seen from here: relative to file's
 * directory unless absolute. Caller frees. */
char *file_beside(const char *path, const char *file);

/*
 * The data directory: $SANDTABLE_DATADIR, else BIN/../share/sandtable
 * beside the running binary, else BIN's own directory or its parent when
 * it holds templates/ (a source or build tree), else the compiled-in
 * PREFIX/share/sandtable.
 * Caller frees.
 */
char *data_dir(void);
/* The directory of the running binary (caller frees), or NULL. */
char *exe_dir(void);
int path_is_dir(const char *);
/*
 * Find a data file: NAME with a '/' is taken as a path; otherwise
 * ./SUB/NAME, then DATADIR/SUB/NAME. Returns the path (caller frees) or
 * NULL when there is none.
 */
char *data_find(const char *sub, const char *name);

/*
 * SOURCE_DATE_EPOCH, or the current time when unset (or empty). main()
 * refuses an invalid one before any command runs (source_date_epoch_valid()).
 */
long long source_date_epoch(void);
/* 1 when SOURCE_DATE_EPOCH is unset, empty or seconds from 1970 up to the
 * end of year 9999; 0 otherwise. */
int source_date_epoch_valid(void);
/* 1 when SANDTABLE_FIFO_WAIT (how many seconds a named pipe no one
 * writes to is waited for, 10 when unset) is unset, empty or 1 to 60. */
int fifo_wait_valid(void);

/* ---- a library opened on first use (dlib.c) ---- */
/*
 * A table of a library's functions: a struct of pointers declared from
 * the library's own header, one per name, by an X-macro list:
 *	#define ZIP_FNS(F) F(zip_open_from_source) F(zip_fopen)
 *	static struct { ZIP_FNS(DLIB_PTR) } zf;
 *	static const char *const zf_names[] = { ZIP_FNS(DLIB_NAME) };
 *	static struct dlib zl = DLIB(ZIP_SONAME, zf, zf_names);
 * then dlib_open(&zl) == 0 before the first zf.zip_fopen(...).
 */
#define DLIB_PTR(fn) __typeof__(fn) *fn;
#define DLIB_NAME(fn) #fn,
struct dlib {
	const char *soname;
	const char *const *names;
	void *fns; /* the struct of pointers */
	size_t n;
	int state; /* 0 not tried, 1 open, -1 cannot be */
	char why[256];
};
#define DLIB(soname, fns, names)                                              \
	{                                                                     \
		(soname), (names), &(fns), sizeof(names) / sizeof(*(names)),  \
		    0, ""                                                     \
	}
int dlib_open(struct dlib *);

#endif
