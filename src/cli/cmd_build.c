/*
 * cmd_build.c: sandtable build — check each ruleset, then write all its
 * products into DIR/NAME/. A ruleset with errors writes nothing, so its
 * previous outputs stay as they were.
 */
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glob.h>
#include <poll.h>
#include <signal.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "../render/render.h"
#include "cli.h"
#include "../check/analysis.h"
#include "json.h"
#include "build_parts.h"
#include "project.h"
#include "../render/map/map.h"

/* --json (README.md, JSON): one element per ruleset into build_js (NULL
 * without --json); its functions are at the end of this file. */
struct made;
static struct cli_json *build_js;
static void build_json_ruleset(const struct ruleset *);
static void build_json_files(const char *dir, const struct made *, size_t);
struct build_opts;
static int build_one_json(const char *file, const struct build_opts *);
static void build_json_child(size_t i);
static void build_json_gather(char **files, size_t n);
static int build_json_main(int argc, char **argv, struct build_opts *,
    struct cli_json *);

/*
 * What a build was asked for: where, how quietly, how many at once, and
 * the common options every product is made with (their paper, seed,
 * games and jobs; each product's own template, routed by its product:
 * key, at its row of the product table in tmpl).
 */
struct build_opts {
	const char *outdir;
	int quiet, jobs, watch, no_cache;
	int pjobs; /* products made at once (one ruleset built): -j */
	const char *only_list; /* --only PRODUCT,...: as given */
	const char *project;   /* --project FILE */
	/* Each product's own options and paper from the project (NULL:
	 * the defaults, the build's), and those options as one string for
	 * its fingerprint. */
	void *own[CLI_TMPL_MAX];
	const char *ppaper[CLI_TMPL_MAX];
	char *pkey[CLI_TMPL_MAX];
	unsigned only; /* its products (bit k: products[k]), 0: all */
	int cli_paper; /* --paper given on the command line */
	struct cli_common c;
	const char *tmpl[CLI_TMPL_MAX];
	/* --vtt LIST: map.png and the virtual tabletops' files beside it
	 * (cli_vtt_parse's set; 0 none). */
	const char *vtt;
	unsigned vtt_set;
};

/* A file build made, for --json: its name. */
struct made {
	const char *file;
};

/* The plain-text model summary (ruleset.txt), in memory (caller frees). */
static char *
summary_text(const struct ruleset *rs, size_t *len)
{
	char *text = NULL;
	FILE *fp = open_memstream(&text, len);

	if (fp == NULL) {
		fputs("sandtable: out of memory\n", stderr);
		abort();
	}
	eng_dump(rs, fp);
	fclose(fp);
	return text;
}

/* Write the model summary into dir; returns 0 or -1 (reported). */
static int
write_summary(const char *text, size_t len, const char *dir)
{
	char *path = xasprintf("%s/ruleset.txt", dir), *why = NULL;
	int rc = atomic_write(path, text, len, &why);

	if (rc == -1) {
		cli_error("%s", why);
		free(why);
	}
	free(path);
	return rc;
}

/* v with two decimals and a point, whatever the locale. */
static void
fmt_fixed(char *buf, size_t sz, double v)
{
	long c = (long)(v * 100 + 0.5);

	snprintf(buf, sz, "%ld.%02ld", c / 100, c % 100);
}

/* Seconds since some moment (wall clock: a watch's user waits on it). */
static double
seconds(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/*
 * The hashes this process worked out, by what stat says of the file
 * hashed: its device and inode, size and time of last modification to
 * the nanosecond (not the change time: a landing links each file kept
 * into the new version, which changes that). An incremental build
 * writes index.json each time a product lands, with the hash of every
 * file made: each file is hashed once, when it is made, not again at
 * every landing (issue 36: 660 million instructions of cinder-vale's
 * table edit, of 8,900). Products are renamed into place, so a file
 * made again is a new inode; a file written in place has a new time,
 * unless it was written within the same tick of the clock that stamps
 * files, which sum_racy() rules out; the oldest are forgotten past
 * SUM_MEMO.
 */
#define SUM_MEMO 256
struct sum_memo {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mt;
	char hex[65];
};
static struct sum_memo sum_memo[SUM_MEMO];
static size_t sum_memo_n, sum_memo_next;

static int
sum_memo_same(const struct sum_memo *m, const struct stat *sb)
{
	return m->dev == sb->st_dev && m->ino == sb->st_ino &&
	    m->size == sb->st_size && m->mt.tv_sec == sb->st_mtim.tv_sec &&
	    m->mt.tv_nsec == sb->st_mtim.tv_nsec;
}

/*
 * Whether a file last modified at mt could be written again with the
 * same time: the clock that stamps files has not moved on since (the
 * file systems' coarse clock: a later write is stamped that clock's
 * time or later), or the time is of whole seconds (a file system that
 * keeps no more: then two seconds must have passed).
 */
static int
sum_racy(const struct timespec *mt)
{
	struct timespec now;

	if (clock_gettime(CLOCK_REALTIME_COARSE, &now) != 0)
		return 1;
	if (mt->tv_nsec == 0)
		return mt->tv_sec + 2 > now.tv_sec;
	return mt->tv_sec > now.tv_sec ||
	    (mt->tv_sec == now.tv_sec && mt->tv_nsec >= now.tv_nsec);
}

/* The SHA-256 of a file in hex (GLib's, linked already for Pango). */
static int
file_sha256(const char *path, char hex[65])
{
	struct stat sb, after;
	struct sum_memo m;
	size_t i;
	int racy;

	if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return build_file_sha256(path, hex);
	for (i = 0; i < sum_memo_n; i++)
		if (sum_memo_same(&sum_memo[i], &sb)) {
			memcpy(hex, sum_memo[i].hex, 65);
			return 0;
		}
	/* Asked before it is read: a write after this is stamped later. */
	racy = sum_racy(&sb.st_mtim);
	if (build_file_sha256(path, hex) != 0)
		return -1;
	m.dev = sb.st_dev;
	m.ino = sb.st_ino;
	m.size = sb.st_size;
	m.mt = sb.st_mtim;
	memcpy(m.hex, hex, 65);
	/* Kept only when the file did not change while it was read, and
	 * a change after would change its time. */
	if (!racy && stat(path, &after) == 0 && sum_memo_same(&m, &after)) {
		sum_memo[sum_memo_next] = m;
		sum_memo_next = (sum_memo_next + 1) % SUM_MEMO;
		if (sum_memo_n < SUM_MEMO)
			sum_memo_n++;
	}
	return 0;
}

/* Add a string and its end to a running hash. */
static void
ck_add(GChecksum *ck, const char *s)
{
	g_checksum_update(ck, (const guchar *)(s != NULL ? s : "(none)"),
	    (gssize)strlen(s != NULL ? s : "(none)"));
	g_checksum_update(ck, (const guchar *)"\n", 1);
}

/* Files as [{file, sha256}] ("absent" for one that cannot be read). */
static json_t *
files_json(char **names, size_t n)
{
	json_t *in = json_array();
	char hex[65];
	size_t i;

	for (i = 0; i < n; i++) {
		json_t *f = json_object();

		json_object_set_new(f, "file", json_string(names[i]));
		json_object_set_new(f, "sha256",
		    json_string(
		        file_sha256(names[i], hex) == 0 ? hex : "absent"));
		json_array_append_new(in, f);
	}
	return in;
}

/* Whether every file of such a list still has its hash. */
static int
files_same(const json_t *v)
{
	const char *file, *sum;
	char hex[65];
	json_t *f;
	size_t i;

	if (!json_is_array(v))
		return 0;
	json_array_foreach(v, i, f)
	{
		file = json_string_value(json_object_get(f, "file"));
		sum = json_string_value(json_object_get(f, "sha256"));
		if (file == NULL || sum == NULL)
			return 0;
		if (file_sha256(file, hex) != 0)
			snprintf(hex, sizeof(hex), "absent");
		if (strcmp(hex, sum) != 0)
			return 0;
	}
	return 1;
}

/*
 * What every product of a build depends on besides the ruleset's parts,
 * as a SHA-256 in hex (caller frees): this sandtable (its executable's
 * hash), its libraries, SOURCE_DATE_EPOCH's date, the ruleset's name and
 * the files read with it (a scenario or terrain file: *inputs, as
 * [{file, sha256}]), not the ruleset itself, whose parts each product
 * reads as it declares.
 */
static char *
build_setup(const struct ruleset *rs, json_t **inputs)
{
	GChecksum *ck = g_checksum_new(G_CHECKSUM_SHA256);
	static char exe[65];
	char hex[65], **v, *text;
	size_t n, i, k;

	ck_add(ck, "sandtable build setup 2");
	/* This sandtable, hashed once a process. */
	if (*exe == '\0' && file_sha256("/proc/self/exe", exe) != 0)
		snprintf(exe, sizeof(exe), "?");
	ck_add(ck, exe);
	ck_add(ck, rnd_lib_versions());
	ck_add(ck, getenv("SOURCE_DATE_EPOCH"));
	ck_add(ck, rnd_pdfx_key()); /* --pdfx, --icc: its profile */
	ck_add(ck, rs->path);
	v = file_inputs_list(&n);
	for (i = k = 0; i < n; i++)
		if (strcmp(v[i], rs->path) != 0)
			v[k++] = v[i];
		else
			free(v[i]);
	*inputs = files_json(v, k);
	text = json_dumps(*inputs, JSON_COMPACT);
	ck_add(ck, text);
	free(text);
	for (i = 0; i < k; i++)
		free(v[i]);
	free(v);
	snprintf(hex, sizeof(hex), "%s", g_checksum_get_string(ck));
	g_checksum_free(ck);
	return xstrdup(hex);
}

/* Product k's paper: --paper, else the project's for it, else the
 * project's for all, else NULL (its own default). */
static const char *
product_paper(const struct build_opts *bo, size_t k)
{
	return bo->ppaper[k] != NULL && !bo->cli_paper ? bo->ppaper[k] :
	                                                 bo->c.paper;
}

/*
 * Product k's fingerprint: the content of every part it reads (its row's
 * reads), its template (the file it resolves to, and that file's hash),
 * and the options it reads; scen is the scenario product's fingerprint
 * (what it fields).
 */
static void
product_fp(size_t k, const struct build_opts *bo, char parts[PART__N][65],
    const char *scen, char out[65])
{
	const struct product *p = products[k];
	unsigned r = p->reads != 0 ? p->reads : PRODUCT_READS_ALL;
	GChecksum *ck = g_checksum_new(G_CHECKSUM_SHA256);
	char num[96], hex[65], *path, *sys;
	static const struct {
		unsigned bit;
		int part;
	} pp[] = { { PRODUCT_READS_SETTINGS, PART_SETTINGS },
		{ PRODUCT_READS_TABLES, PART_TABLES },
		{ PRODUCT_READS_PROSE, PART_PROSE },
		{ PRODUCT_READS_TESTS, PART_TESTS },
		{ PRODUCT_READS_PLACES, PART_PLACES },
		{ PRODUCT_READS_PICTURES, PART_PICTURES } };
	size_t i;

	ck_add(ck, "sandtable product 1");
	ck_add(ck, p->cmd->name);
	snprintf(num, sizeof(num), "reads %#x", r);
	ck_add(ck, num);
	for (i = 0; i < sizeof(pp) / sizeof(pp[0]); i++)
		if (r & pp[i].bit)
			ck_add(ck, parts[pp[i].part]);
	if (r & PRODUCT_READS_SELFPLAY) {
		snprintf(num, sizeof(num), "%llu %ld %d",
		    (unsigned long long)bo->c.seed, bo->c.games,
		    bo->c.seed_given);
		ck_add(ck, num);
	}
	if (r & PRODUCT_READS_SCENARIO)
		ck_add(ck, scen);
	if ((r & PRODUCT_READS_TEMPLATE) && p->tmpl != NULL) {
		struct diags d = { 0 };
		const char *spec = bo->tmpl[k] != NULL ? bo->tmpl[k] : p->tmpl;

		ck_add(ck, spec);
		path = rnd_template_path(spec, &d);
		ck_add(ck, path);
		ck_add(ck,
		    path != NULL && file_sha256(path, hex) == 0 ? hex :
		                                                  "absent");
		free(path);
		diags_free(&d);
	}
	/* Its own options, from a project. */
	ck_add(ck, bo->pkey[k]);
	if (r & PRODUCT_READS_PAPER) {
		ck_add(ck, product_paper(bo, k));
		sys = rnd_paper_system();
		ck_add(ck, sys != NULL ? sys : rnd_paper_locale());
		free(sys);
	}
	if (r & PRODUCT_READS_LANG)
		ck_add(ck, bo->c.lang);
	snprintf(out, 65, "%s", g_checksum_get_string(ck));
	g_checksum_free(ck);
}

/*
 * The check before building: the ruleset's test games must pass (its
 * self-play is the report's business). Prints what it finds; returns -1
 * when a test game failed or the ruleset cannot be played.
 */
static int
play_test_games(struct analysis *a)
{
	struct chk_opts o = { .games = 0,
		.seed = 1,
		.jobs = 1,
		.grid = -1,
		.cell_mm = 0,
		.tests = 1 };
	struct chk_result r;
	struct diags d = { 0 };
	int rc;

	/* The analysis keeps the games: the report does not play them
	 * again. */
	rc = ana_check(a, &o, &r, &d);
	diags_print(&d, stderr);
	if (rc == -1 || r.tests_failed > 0 || diags_worst(&d) >= SEV_ERROR)
		rc = -1;
	chk_result_free(&r);
	diags_free(&d);
	return rc == -1 ? -1 : 0;
}

/*
 * A new, empty stage directory beside dir (in its parent, so that the
 * two can be exchanged in one step); caller frees, or NULL. Its slot
 * among what a signal removes is at *left.
 */
static char *
stage_new(const char *dir, int *left)
{
	char *parent = xstrdup(dir), *slash, *stage;

	if ((slash = strrchr(parent, '/')) != NULL)
		*slash = '\0';
	else
		strcpy(parent, ".");
	stage = xasprintf("%s/" FILE_TEMP_PREFIX "build-%ld-XXXXXX", parent,
	    (long)getpid());
	/* What an interrupted build left goes first: beside dir, and
	 * inside it (where stages were made before). */
	file_sweep(parent);
	file_sweep(dir);
	free(parent);
	if (mkdtemp(stage) == NULL) {
		free(stage);
		return NULL;
	}
	*left = file_left_add(stage);
	return stage;
}

/*
 * Switch dir to the version made in stage, in one step (README: a build
 * moves its files into place only when all of them were made; the files
 * of dir the stage does not have go on, the same files). Returns 0 or -1
 * (reported); dir is as it was then.
 */
static int
stage_swap(const char *stage, const char *dir)
{
	char *why = NULL;

	if (file_dir_swap(stage, dir, &why) == -1) {
		cli_error("%s", why);
		free(why);
		return -1;
	}
	return 0;
}

/* Remove a stage and its slot. */
static void
stage_drop(char *stage, int left)
{
	file_remove(stage);
	file_left_drop(left);
	free(stage);
}

/*
 * What build has to give a product (PRODUCT_* of cli.h): the checked
 * ruleset, and the engine and its self-play when a rule family plays
 * it. It has no scenario: a product that needs one is not built.
 */
static unsigned
build_has(const struct ruleset *rs)
{
	unsigned has = PRODUCT_RULESET;

	/* Print only (the none family) plays nothing. */
	if (eng_family_of(rs)->play_turn != NULL)
		has |= PRODUCT_ENGINE | PRODUCT_SELFPLAY;
	return has;
}

/*
 * One ruleset's build: for each product, its fingerprint now, what the
 * last build recorded of it, and where its files are (the directory, or
 * the stage it was just made in).
 */
struct bstate {
	const struct ruleset *rs;
	const char *dir, *setup;
	char checked[65];
	json_t *inputs; /* the setup's files */
	json_t *old;    /* the last build's index.json, or NULL */
	size_t nprod;
	char (*fp)[65];        /* each product's fingerprint now */
	char (*rec)[65];       /* what index.json records for it */
	json_t **reads;        /* the files it read when made (owned) */
	const char **where;    /* the folder holding its files, NULL: none */
	int *todo;             /* it is to be made */
	const char *sum_where; /* the folder holding ruleset.txt */
	/* The run's inputs before the first product (the ruleset, what
	 * the analysis read), sorted: no product's own reads. */
	char **base;
	size_t nbase;
	struct rnd_map_written vtt; /* --vtt's files, in index.json too */
};

/* The last build's record of product name (built_from's), or NULL. */
static json_t *
old_record(const struct bstate *st, const char *name)
{
	return json_object_get(json_object_get(json_object_get(st->old,
	                                           "built_from"),
	                           "products"),
	    name);
}

/* The hash the last index.json gives file, or NULL. */
static const char *
old_sum(const struct bstate *st, const char *file)
{
	json_t *f;
	size_t i;

	json_array_foreach(json_object_get(st->old, "products"), i, f)
	{
		const char *n = json_string_value(json_object_get(f, "file"));

		if (n != NULL && strcmp(n, file) == 0)
			return json_string_value(json_object_get(f, "sha256"));
	}
	return NULL;
}

/* Add a file's row (its name, size, hash, product) to files. */
static void
index_file(json_t *files, const char *where, const char *file,
    const char *product)
{
	json_t *f = json_object();
	char *fp = xasprintf("%s/%s", where, file), hex[65];
	struct stat sb;

	json_object_set_new(f, "file", json_string(file));
	if (stat(fp, &sb) == 0)
		json_object_set_new(f, "bytes",
		    json_integer((json_int_t)sb.st_size));
	if (file_sha256(fp, hex) == 0)
		json_object_set_new(f, "sha256", json_string(hex));
	if (product != NULL)
		json_object_set_new(f, "product", json_string(product));
	json_array_append_new(files, f);
	free(fp);
}

/*
 * Write index.json into into: what is made for this ruleset, file by
 * file, with sizes, SHA-256 hashes and the product each file is of, so
 * that editors and CI can find the products and tell whether they
 * changed; and what each product was made from (built_from: the setup,
 * the fingerprint of what it reads and the files it read), for the next
 * build to tell which to make again. index.json cannot hold its own
 * hash: it lists every other file.
 */
static int
write_index(const struct bstate *st, const char *into)
{
	const struct ruleset *rs = st->rs;
	json_t *root = json_object(), *files = json_array(), *b, *pr;
	char *path = xasprintf("%s/index.json", into), *why = NULL, *text;
	size_t k, i;
	int rc;

	json_object_set_new(root, "ruleset", json_string(rs->path));
	json_object_set_new(root, "name", json_string(rs->name));
	json_object_set_new(root, "title", json_string(rs->title));
	json_object_set_new(root, "engine", json_string(eng_engine_name(rs)));
	index_file(files, st->sum_where, "ruleset.txt", NULL);
	for (k = 0; k < st->nprod; k++)
		for (i = 0; st->where[k] != NULL && i < PRODUCT_MAX_FILES &&
		     products[k]->files[i] != NULL;
		     i++)
			index_file(files, st->where[k], products[k]->files[i],
			    products[k]->cmd->name);
	for (i = 0; i < st->vtt.n; i++)
		index_file(files, st->dir, st->vtt.v[i], "vtt");
	json_object_set_new(root, "products", files);
	b = json_object();
	json_object_set_new(b, "setup", json_string(st->setup));
	json_object_set_new(b, "inputs", json_deep_copy(st->inputs));
	json_object_set_new(b, "checked", json_string(st->checked));
	pr = json_object();
	for (k = 0; k < st->nprod; k++) {
		json_t *o;

		if (st->where[k] == NULL)
			continue;
		o = json_object();
		json_object_set_new(o, "fingerprint", json_string(st->rec[k]));
		json_object_set_new(o, "reads",
		    st->reads[k] != NULL ? json_deep_copy(st->reads[k]) :
		                           json_array());
		json_object_set_new(pr, products[k]->cmd->name, o);
	}
	json_object_set_new(b, "products", pr);
	json_object_set_new(root, "built_from", b);
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	rc = atomic_write(path, text, strlen(text), &why);
	if (rc == -1) {
		cli_error("%s", why);
		free(why);
	}
	free(text);
	json_decref(root);
	free(path);
	return rc;
}

/*
 * Whether product k is as the last build made it from what it reads now:
 * its record's fingerprint is this one, the files it read are as they
 * were, and its files are there with the hashes index.json gives.
 */
static int
product_fresh(const struct bstate *st, size_t k)
{
	const struct product *p = products[k];
	json_t *o = old_record(st, p->cmd->name);
	const char *s = json_string_value(json_object_get(o, "fingerprint")),
	           *sum;
	char *fp, hex[65];
	size_t i;
	int same;

	if (s == NULL || strcmp(s, st->fp[k]) != 0 ||
	    !files_same(json_object_get(o, "reads")))
		return 0;
	for (i = 0; i < PRODUCT_MAX_FILES && p->files[i] != NULL; i++) {
		if ((sum = old_sum(st, p->files[i])) == NULL)
			return 0;
		fp = xasprintf("%s/%s", st->dir, p->files[i]);
		same = file_sha256(fp, hex) == 0 && strcmp(hex, sum) == 0;
		free(fp);
		if (!same)
			return 0;
	}
	return 1;
}

/* 1 when product k is to be made: --only names it, or there is no
 * --only. */
static int
build_asked(const struct build_opts *bo, size_t k)
{
	return bo->only == 0 || (bo->only & (1u << k)) != 0;
}

/*
 * --only LIST (products by name, commas between) into bo->only. Returns
 * CLI_GO, or EXIT_USAGE (said, with the names there are).
 */
static int
build_only(struct build_opts *bo)
{
	const char *names[32];
	char *list, *w, *save = NULL, hint[128];
	size_t n = 0;
	int k, rc = CLI_GO;

	while (products[n] != NULL && n < 32) {
		names[n] = products[n]->cmd->name;
		n++;
	}
	list = xstrdup(bo->only_list);
	for (w = strtok_r(list, ",", &save); w != NULL && rc == CLI_GO;
	     w = strtok_r(NULL, ",", &save)) {
		w += strspn(w, " ");
		if ((k = product_index(w)) < 0)
			rc = usage_error("build",
			    "--only %s: no product '%s'%s (sandtable "
			    "--products lists them)",
			    bo->only_list, w,
			    str_did_you_mean(hint, sizeof(hint), w, names, n));
		else
			bo->only |= 1u << k;
	}
	free(list);
	if (rc == CLI_GO && bo->only == 0)
		rc = usage_error("build", "--only '%s': no product named",
		    bo->only_list);
	return rc;
}

/*
 * Make product k in stage. Returns 0 (made, or skipped as the table and
 * the product say: then *made is 0), or -1 (reported). The files it read
 * go into st->reads[k].
 */
static int
build_product(struct bstate *st, size_t k, struct analysis *a,
    const char *stage, const struct build_opts *bo, int *made)
{
	const struct product *p = products[k];
	const struct ruleset *rs = a->rs;
	struct cli_common c = bo->c;
	struct stat sb;
	char *path, **after, **mine;
	size_t i, j, na, nm = 0;
	unsigned mark;
	int r;

	*made = 0;
	if ((p->needs & ~build_has(rs)) != 0 || !build_asked(bo, k))
		return 0;
	/* The build's options, this product's template, quietly (build
	 * says what it wrote, and draws its own progress bar). */
	c.tmpl = bo->tmpl[k] != NULL ? bo->tmpl[k] : p->tmpl;
	c.paper = product_paper(bo, k);
	c.quiet = 1;
	path = xasprintf("%s/%s", stage, p->files[0]);
	mark = file_inputs_mark();
	r = product_make(p, a, path, &c, bo->own[k]);
	free(path);
	/* The files it read but the run's before it (the ruleset, what the
	 * analysis read): each it read, whether or not a product made
	 * before it in this process read it too (two share a template). */
	after = file_inputs_since(mark, &na);
	mine = xcalloc(na + 1, sizeof(char *));
	for (i = j = 0; i < na; i++) {
		while (j < st->nbase && strcmp(st->base[j], after[i]) < 0)
			j++;
		if (j < st->nbase && strcmp(st->base[j], after[i]) == 0)
			continue;
		mine[nm++] = after[i];
	}
	json_decref(st->reads[k]);
	st->reads[k] = files_json(mine, nm);
	for (i = 0; i < na; i++)
		free(after[i]);
	free(after);
	free(mine);
	if (r != 0)
		return r < 0 ? -1 : 0;
	for (i = 0; i < PRODUCT_MAX_FILES && p->files[i] != NULL; i++) {
		/* The row names what the product writes: a file it did not
		 * write is a bug, not a ruleset's fault, but stops the build
		 * before index.json says otherwise. */
		path = xasprintf("%s/%s", stage, p->files[i]);
		r = stat(path, &sb);
		free(path);
		if (r == -1) {
			cli_error("%s: %s did not write %s (its row in "
			          "products.c names it)",
			    rs->path, p->cmd->name, p->files[i]);
			return -1;
		}
	}
	*made = 1;
	return 0;
}

/* Whether a product reads what takes long: self-play, the scenario's
 * search (an incremental build starts such products first, so that the
 * longest does not start last). */
static int
slow(size_t k)
{
	unsigned r = products[k]->reads;

	return r == 0 ||
	    (r & (PRODUCT_READS_SELFPLAY | PRODUCT_READS_SCENARIO)) != 0;
}

/* When an incremental build starts product k (scen: the scenario's
 * place): 0 the scenario's search, the longest by far; 1 the quick ones,
 * shortest first in product order, on the other process, so that the
 * sheets a table edit changes land first; 2 the other slow ones. */
static int
start_rank(size_t k, int scen)
{
	return (int)k == scen ? 0 : slow(k) ? 2 : 1;
}

/* A line of the build's: "r.md: out/r/:" then each file as it lands,
 * with its product's time on a watch. */
struct says {
	const struct build_opts *bo;
	int on;
	double t0;
};

static void
says_file(struct says *sy, const struct ruleset *rs, const char *dir,
    const char *file, double secs)
{
	char sec[32];

	if (sy->bo->quiet || build_js != NULL)
		return;
	if (!sy->on)
		printf("%s: %s/:", rs->path, dir);
	if (sy->bo->watch && secs > 0) {
		fmt_fixed(sec, sizeof(sec), secs);
		printf("%s %s %s s", sy->on ? "," : "", file, sec);
	} else
		printf("%s %s", sy->on && sy->bo->watch ? "," : "", file);
	sy->on = 1;
	/* Each product named as it lands. */
	fflush(stdout);
}

static void
says_end(struct says *sy, size_t kept)
{
	char sec[32];

	if (!sy->on)
		return;
	if (sy->bo->watch) {
		fmt_fixed(sec, sizeof(sec), seconds() - sy->t0);
		printf("; %s s in all", sec);
		if (kept > 0)
			printf(", %zu unchanged", kept);
	}
	printf("\n");
	sy->on = 0;
}

/* Products made and swapped in together (the bases sheet with the
 * scenario whose forces it cuts, when both are made). */
struct job {
	size_t k[2];
	int n;
	char *stage;
	int left;
	pid_t pid;
	double t0;
};

/* Where a job's process leaves what it made, for the build to read
 * (and remove before the stage is swapped in): in its stage, which goes
 * with it when the build is killed. */
static char *
job_note(const struct job *j)
{
	return xasprintf("%s/job.json", j->stage);
}

/*
 * Make job j's products in its stage: 0 or -1 (reported). The scenario
 * fields what the bases sheet cuts: when it is not made again, it is
 * made for it and not shown. made[k] and secs[k] say what was made.
 */
static int
job_run(struct bstate *st, struct job *j, struct analysis *a,
    const struct build_opts *bo, int scen, int *made, double *secs)
{
	int i, m, helper = 0;
	size_t f;

	for (i = 0; i < j->n; i++)
		if (scen >= 0 && !st->todo[scen] &&
		    (products[j->k[i]]->reads & PRODUCT_READS_SCENARIO))
			helper = 1;
	if (helper) {
		if (build_product(st, (size_t)scen, a, j->stage, bo, &m) == -1)
			return -1;
		for (f = 0;
		     f < PRODUCT_MAX_FILES && products[scen]->files[f] != NULL;
		     f++) {
			char *p = xasprintf("%s/%s", j->stage,
			    products[scen]->files[f]);

			unlink(p);
			free(p);
		}
	}
	for (i = 0; i < j->n; i++) {
		double t = seconds();

		if (build_product(st, j->k[i], a, j->stage, bo,
		        &made[j->k[i]]) == -1)
			return -1;
		secs[j->k[i]] = seconds() - t;
	}
	return 0;
}

/* In a job's process: what it made, beside its stage. */
static void
job_tell(const struct bstate *st, const struct job *j, const int *made,
    const double *secs)
{
	json_t *o = json_object();
	char *p = job_note(j);
	int i;

	for (i = 0; i < j->n; i++) {
		size_t k = j->k[i];

		json_object_set_new(o, products[k]->cmd->name,
		    json_pack("{s:b, s:f, s:O}", "made", made[k], "secs",
		        secs[k], "reads",
		        st->reads[k] != NULL ? st->reads[k] : json_array()));
	}
	json_dump_file(o, p, JSON_COMPACT);
	json_decref(o);
	free(p);
}

/* In the build: what job j's process made (0), or -1. */
static int
job_heard(struct bstate *st, const struct job *j, int *made, double *secs)
{
	char *p = job_note(j);
	json_t *o = json_load_file(p, 0, NULL), *v;
	int i, rc = 0;

	unlink(p);
	free(p);
	for (i = 0; i < j->n && rc == 0; i++) {
		size_t k = j->k[i];

		if ((v = json_object_get(o, products[k]->cmd->name)) == NULL) {
			rc = -1;
			break;
		}
		made[k] = json_is_true(json_object_get(v, "made"));
		secs[k] = json_real_value(json_object_get(v, "secs"));
		json_decref(st->reads[k]);
		st->reads[k] = json_incref(json_object_get(v, "reads"));
	}
	json_decref(o);
	return rc;
}

/* Swap job j's products in, with an index.json that follows, and name
 * them: 0 or -1 (reported). */
static int
job_land(struct bstate *st, struct job *j, const int *made, const double *secs,
    struct says *sy, int *sum_same, const char *sum, size_t nsum)
{
	int i, rc = 0;
	size_t f;

	if (!*sum_same) {
		/* ruleset.txt with the first to land. */
		if (write_summary(sum, nsum, j->stage) == -1)
			return -1;
		st->sum_where = j->stage;
	}
	for (i = 0; i < j->n; i++) {
		st->where[j->k[i]] = made[j->k[i]] ? j->stage : NULL;
		memcpy(st->rec[j->k[i]], st->fp[j->k[i]], 65);
	}
	if (write_index(st, j->stage) == -1 ||
	    stage_swap(j->stage, st->dir) == -1)
		rc = -1;
	for (i = 0; i < j->n; i++)
		st->where[j->k[i]] = made[j->k[i]] ? st->dir : NULL;
	st->sum_where = st->dir;
	if (rc == -1)
		return -1;
	if (!*sum_same)
		says_file(sy, st->rs, st->dir, "ruleset.txt", 0);
	*sum_same = 1;
	for (i = 0; i < j->n; i++)
		for (f = 0; made[j->k[i]] && f < PRODUCT_MAX_FILES &&
		     products[j->k[i]]->files[f] != NULL;
		     f++)
			says_file(sy, st->rs, st->dir,
			    products[j->k[i]]->files[f],
			    f == 0 ? secs[j->k[i]] : 0);
	return 0;
}

/* Whether job j reads the exact odds: it makes the reference sheet or
 * the cards (their odds panels), the scenario (its unit values; also
 * when made for the bases sheet alone) or the report. */
static int
job_reads_odds(const struct bstate *st, const struct job *j, int scen)
{
	static const char *const reads_odds[] = { "reference", "cards",
		"scenario", "report" };
	size_t r, k;
	int c;

	for (c = 0; c < j->n; c++) {
		k = j->k[c];
		if (scen >= 0 && !st->todo[scen] &&
		    (products[k]->reads & PRODUCT_READS_SCENARIO))
			return 1;
		for (r = 0; r < sizeof(reads_odds) / sizeof(*reads_odds); r++)
			if (strcmp(products[k]->cmd->name, reads_odds[r]) == 0)
				return 1;
	}
	return 0;
}

/*
 * Make the products to do (st->todo) and swap each in as soon as it is
 * made: the scenario first, then the quick ones (start_rank); with more
 * than one job (bo->pjobs), in processes of their own, the build
 * swapping each in when its process ends. Returns EXIT_CLEAN or EXIT_ERRORS (reported); *landed when one
 * was swapped in.
 */
static int
build_jobs(struct bstate *st, struct analysis *a, const struct build_opts *bo,
    int scen, double *secs, struct says *sy, int *sum_same, const char *sum,
    size_t nsum, int *landed)
{
	struct job *jobs = xcalloc(st->nprod, sizeof(*jobs));
	int *made = xcalloc(st->nprod, sizeof(int)), *in = NULL;
	size_t nj = 0, next = 0, running = 0, k, i;
	int pass, rc = EXIT_CLEAN, ws, pj = bo->pjobs > 1 ? bo->pjobs : 1;
	pid_t pid = 0;
	char *undo = NULL;
	int undo_left = -1, odds_share = 0;

	in = xcalloc(st->nprod, sizeof(int));
	/* The scenario's search, the longest by far, first (issue 36);
	 * beside it the quick ones, so that the sheets a save changes
	 * land first (a unit's stat: the reference and the cards in about
	 * 0.1 s, where they waited 0.4 s behind the map and the report);
	 * then the other slow ones. The build ends about when it did. */
	for (pass = 0; pass < 3; pass++)
		for (k = 0; k < st->nprod; k++) {
			if (!st->todo[k] || start_rank(k, scen) != pass)
				continue;
			if (scen >= 0 && st->todo[scen] && (size_t)scen < k &&
			    (products[k]->reads & PRODUCT_READS_SCENARIO) &&
			    jobs[in[scen]].n < 2) {
				jobs[in[scen]].k[jobs[in[scen]].n++] = k;
				continue;
			}
			in[k] = (int)nj;
			jobs[nj].k[0] = k;
			jobs[nj++].n = 1;
		}
	if (pj > 1 && nj > 1) {
		rnd_fonts_ready();
		/* The exact odds, when more than one process would work
		 * them out (each its own copy: the results cache has them
		 * only once the first is done): here, once for all, just
		 * before the first that reads them starts (one that does
		 * not runs meanwhile). */
		for (i = 0; i < nj; i++)
			odds_share += job_reads_odds(st, &jobs[i], scen);
		if (odds_share < 2)
			odds_share = 0;
	} else
		pj = 1; /* one job: no process of its own */
	fflush(NULL);
	while ((next < nj && rc == EXIT_CLEAN) || running > 0) {
		struct job *j;

		if (next < nj && rc == EXIT_CLEAN && running < (size_t)pj) {
			j = &jobs[next++];
			if ((j->stage = stage_new(st->dir, &j->left)) ==
			    NULL) {
				cli_error("%s: cannot create directory: %s",
				    st->dir, strerror(errno));
				rc = EXIT_ERRORS;
				continue;
			}
			j->t0 = seconds();
			if (odds_share > 0 && job_reads_odds(st, j, scen)) {
				(void)ana_odds(a);
				odds_share = 0;
			}
			if (pj > 1 && (pid = fork()) == 0) {
				int r;

				/* It goes when the build goes (killed). */
				prctl(PR_SET_PDEATHSIG, SIGKILL);
				if (getppid() == 1)
					_exit(1);
				ana_count_fork();
				r = job_run(st, j, a, bo, scen, made, secs);

				if (r == 0)
					job_tell(st, j, made, secs);
				ana_count_exit();
				fflush(NULL);
				_exit(r == 0 ? 0 : 1);
			}
			if (pj > 1 && pid > 0) {
				j->pid = pid;
				running++;
				continue;
			}
			/* Here: one at a time, or no process to spare. */
			if (job_run(st, j, a, bo, scen, made, secs) == -1 ||
			    job_land(st, j, made, secs, sy, sum_same, sum,
			        nsum) == -1)
				rc = EXIT_ERRORS;
			else if (!*landed) {
				/* The version before the build, kept until it
				 * ends: a failure swaps it back. */
				*landed = 1;
				undo = j->stage;
				undo_left = j->left;
				j->stage = NULL;
				continue;
			}
			stage_drop(j->stage, j->left);
			j->stage = NULL;
			continue;
		}
		if ((pid = wait(&ws)) == -1)
			break;
		for (i = 0; i < nj && jobs[i].pid != pid; i++)
			continue;
		if (i == nj)
			continue;
		j = &jobs[i];
		running--;
		if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0 ||
		    job_heard(st, j, made, secs) == -1 ||
		    job_land(st, j, made, secs, sy, sum_same, sum, nsum) ==
		        -1) {
			char *p = job_note(j);

			unlink(p);
			free(p);
			rc = EXIT_ERRORS;
		} else if (!*landed) {
			*landed = 1;
			undo = j->stage;
			undo_left = j->left;
			j->stage = NULL;
			continue;
		}
		stage_drop(j->stage, j->left);
		j->stage = NULL;
	}
	if (undo != NULL && rc != EXIT_CLEAN) {
		/* A product failed: the directory as it was before the build
		 * (the same files), not a mix. */
		if (stage_swap(undo, st->dir) == 0) {
			*landed = 0;
			if (sy->on)
				printf(" (undone)");
		}
	}
	if (undo != NULL)
		stage_drop(undo, undo_left);
	free(jobs);
	free(made);
	free(in);
	return rc;
}

/*
 * Check one ruleset and write its products into outdir/NAME/. Returns
 * EXIT_CLEAN, or EXIT_ERRORS when the ruleset has errors (nothing is
 * written then) or a product failed.
 *
 * Each product declares the parts of the ruleset it reads (its row's
 * reads); index.json records each one's fingerprint. A build after one
 * into the same folder (the same sandtable and setup) makes only the
 * products whose fingerprint changed, each swapped in alone with an
 * index.json that follows, as soon as it is made; the others stay the
 * same files. Without such a build before (or --no-cache, or --json),
 * every product is made in a stage and all are swapped in at once.
 */
static int
build_one(const char *file, const struct build_opts *bo)
{
	struct bstate st;
	struct says sy = { bo, 0, seconds() };
	size_t k, nprod = 0, kept = 0, nsum = 0;
	int worst, rc = EXIT_CLEAN, landed = 0, usable, made, left = -1;
	struct ruleset *rs;
	struct progress bar;
	struct analysis *a = NULL;
	char parts[PART__N][65], *dir, *stage, *sum = NULL, *ip;
	const char *s;
	int sum_same = 0, scen;
	double *secs;
	GChecksum *ck;

	file_inputs_forget();
	rs = cli_load(file, &worst);
	if (rs == NULL) {
		cli_error("%s: not built (errors above); previous outputs "
		          "kept",
		    strcmp(file, "-") == 0 ? "stdin" : file);
		return EXIT_ERRORS;
	}
	while (products[nprod] != NULL)
		nprod++;
	memset(&st, 0, sizeof(st));
	st.rs = rs;
	st.nprod = nprod;
	st.dir = dir = xasprintf("%s/%s", bo->outdir, rs->name);
	st.setup = build_setup(rs, &st.inputs);
	st.fp = xcalloc(nprod, sizeof(*st.fp));
	st.rec = xcalloc(nprod, sizeof(*st.rec));
	st.reads = xcalloc(nprod, sizeof(json_t *));
	st.where = xcalloc(nprod, sizeof(char *));
	st.todo = xcalloc(nprod, sizeof(int));
	secs = xcalloc(nprod, sizeof(double));
	st.sum_where = dir;
	build_parts(rs, parts);
	/* The test games' inputs: when they are as at the last build, which
	 * passed them, they pass again. */
	ck = g_checksum_new(G_CHECKSUM_SHA256);
	ck_add(ck, st.setup);
	ck_add(ck, parts[PART_SETTINGS]);
	ck_add(ck, parts[PART_TABLES]);
	ck_add(ck, parts[PART_TESTS]);
	snprintf(st.checked, sizeof(st.checked), "%s",
	    g_checksum_get_string(ck));
	g_checksum_free(ck);
	scen = product_index("scenario");
	if (scen >= 0)
		product_fp((size_t)scen, bo, parts, NULL, st.fp[scen]);
	for (k = 0; k < nprod; k++)
		if ((int)k != scen)
			product_fp(k, bo, parts,
			    scen >= 0 ? st.fp[scen] : NULL, st.fp[k]);
	sum = summary_text(rs, &nsum);
	/* The last build into the same folder, by the same sandtable and
	 * setup: what it made and from what. */
	ip = xasprintf("%s/index.json", dir);
	st.old = bo->no_cache || build_js != NULL ?
	    NULL :
	    json_load_file(ip, 0, NULL);
	free(ip);
	usable = st.old != NULL &&
	    (s = json_string_value(
	         json_object_get(json_object_get(st.old, "built_from"),
	             "setup"))) != NULL &&
	    strcmp(s, st.setup) == 0;
	for (k = 0; k < nprod; k++) {
		int needed = (products[k]->needs & ~build_has(rs)) == 0;

		st.todo[k] = needed && build_asked(bo, k) &&
		    !(usable && product_fresh(&st, k));
		/* What index.json says until it is made again. */
		if (usable && needed &&
		    old_record(&st, products[k]->cmd->name) != NULL) {
			json_t *o = old_record(&st, products[k]->cmd->name);

			st.where[k] = dir;
			s = json_string_value(
			    json_object_get(o, "fingerprint"));
			snprintf(st.rec[k], 65, "%s", s != NULL ? s : "");
			st.reads[k] = json_incref(json_object_get(o, "reads"));
		}
		if (needed && !st.todo[k])
			kept++;
	}
	if (usable) {
		char hex[65], *tp = xasprintf("%s/ruleset.txt", dir);
		GChecksum *c2 = g_checksum_new(G_CHECKSUM_SHA256);

		g_checksum_update(c2, (const guchar *)sum, (gssize)nsum);
		s = old_sum(&st, "ruleset.txt");
		sum_same = s != NULL && file_sha256(tp, hex) == 0 &&
		    strcmp(hex, s) == 0 &&
		    strcmp(hex, g_checksum_get_string(c2)) == 0;
		g_checksum_free(c2);
		free(tp);
	}
	for (k = 0; k < nprod && !st.todo[k]; k++)
		continue;
	/* Nothing it reads has changed since the last build: the same bytes
	 * are there already (--no-cache builds anyway). */
	if (usable && sum_same && k == nprod) {
		/* A dead run's leftovers beside it go all the same. */
		file_sweep(bo->outdir);
		file_sweep(dir);
		if (!bo->quiet && bo->only != 0)
			printf("%s: %s/%s/: %s up to date (nothing they "
			       "read has changed)\n",
			    rs->path, bo->outdir, rs->name, bo->only_list);
		else if (!bo->quiet)
			printf("%s: %s/%s/ is up to date (nothing it "
			       "reads has changed)\n",
			    rs->path, bo->outdir, rs->name);
		goto done;
	}
	rnd_fonts_warm();
	/* One analysis for the whole build: the engine prepared once, the
	 * test games played once, the odds and self-play worked out once
	 * when a product first asks, and shared by every product. */
	a = ana_new(rs, -1, 0);
	s = usable ? json_string_value(
	                 json_object_get(json_object_get(st.old, "built_from"),
	                     "checked")) :
	             NULL;
	if ((s == NULL || strcmp(s, st.checked) != 0) &&
	    play_test_games(a) == -1) {
		cli_error("%s: not built (errors above); previous outputs "
		          "kept",
		    strcmp(file, "-") == 0 ? "stdin" : file);
		rc = EXIT_ERRORS;
		goto done;
	}
	build_json_ruleset(rs);
	/* The products' labels in the ruleset's language (or --lang's). */
	cli_lang_use(rs);
	if (mkdir_p(dir) == -1) {
		cli_error("%s: cannot create directory: %s", dir,
		    strerror(errno));
		rc = EXIT_ERRORS;
		goto done;
	}
	/* What every product finds read already: none of its own. */
	st.base = file_inputs_list(&st.nbase);
	if (!usable) {
		/* Everything made in a stage first: a product that fails
		 * leaves the directory as the last good build left it. */
		if ((stage = stage_new(dir, &left)) == NULL) {
			cli_error("%s: cannot create directory: %s", dir,
			    strerror(errno));
			rc = EXIT_ERRORS;
			goto done;
		}
		progress_begin(&bar, rs->name, nprod + 1);
		if (write_summary(sum, nsum, stage) == -1)
			rc = EXIT_ERRORS;
		st.sum_where = stage;
		for (k = 0; k < nprod && rc == EXIT_CLEAN; k++) {
			double t = seconds();

			progress_update(&bar, (unsigned long)k + 1);
			if (build_product(&st, k, a, stage, bo, &made) == -1)
				rc = EXIT_ERRORS;
			else if (made) {
				st.where[k] = stage;
				memcpy(st.rec[k], st.fp[k], 65);
				secs[k] = seconds() - t;
			}
		}
		progress_end(&bar);
		if (rc == EXIT_CLEAN &&
		    (write_index(&st, stage) == -1 ||
		        stage_swap(stage, dir) == -1))
			rc = EXIT_ERRORS;
		/* The stage holds what was not switched in, or the old
		 * version. */
		stage_drop(stage, left);
		if (rc == EXIT_CLEAN) {
			says_file(&sy, rs, dir, "ruleset.txt", 0);
			for (k = 0; k < nprod; k++)
				if (st.where[k] != NULL)
					for (size_t i = 0;
					     i < PRODUCT_MAX_FILES &&
					     products[k]->files[i] != NULL;
					     i++)
						says_file(&sy, rs, dir,
						    products[k]->files[i],
						    i == 0 ? secs[k] : 0);
			says_file(&sy, rs, dir, "index.json", 0);
			says_end(&sy, 0);
		}
		goto done;
	}
	/* Only what changed, each product swapped in alone as soon as it
	 * is made: the scenario first, the quick ones beside it, two at a
	 * time (-j) when one ruleset is built. */
	rc = build_jobs(&st, a, bo, scen, secs, &sy, &sum_same, sum, nsum,
	    &landed);
	if (rc == EXIT_CLEAN && !landed && !sum_same) {
		/* Only ruleset.txt changed. */
		if ((stage = stage_new(dir, &left)) == NULL)
			rc = EXIT_ERRORS;
		else {
			if (write_summary(sum, nsum, stage) == -1)
				rc = EXIT_ERRORS;
			st.sum_where = stage;
			if (rc == EXIT_CLEAN &&
			    (write_index(&st, stage) == -1 ||
			        stage_swap(stage, dir) == -1))
				rc = EXIT_ERRORS;
			stage_drop(stage, left);
			if (rc == EXIT_CLEAN)
				says_file(&sy, rs, dir, "ruleset.txt", 0);
			landed = 1;
		}
	}
	if (rc == EXIT_CLEAN && landed)
		says_file(&sy, rs, dir, "index.json", 0);
	says_end(&sy, kept);
	if (rc != EXIT_CLEAN)
		cli_error(landed ?
		        "%s: not all built (errors above); the "
		        "products named above are new, the others as "
		        "the last build left them" :
		        "%s: not built (errors above); previous "
		        "outputs kept",
		    rs->path);
done:
	/* --vtt: made each time, from the scenario made (its terrain and
	 * objectives), else the seed's terrain; index.json lists them. */
	if (rc == EXIT_CLEAN && bo->vtt_set != 0) {
		struct diags d = { 0 };
		char *sc = xasprintf("%s/scenario.yaml", dir);

		if (a == NULL)
			a = ana_new(rs, -1, 0);
		cli_lang_use(rs);
		if (rnd_map_vtt_build(a, dir,
		        access(sc, F_OK) == 0 ? sc : NULL, &bo->c, bo->vtt_set,
		        &st.vtt, &d) != 0 ||
		    write_index(&st, dir) != 0)
			rc = EXIT_ERRORS;
		diags_print(&d, stderr);
		diags_free(&d);
		free(sc);
		for (k = 0; rc == EXIT_CLEAN && k < st.vtt.n; k++)
			says_file(&sy, rs, dir, st.vtt.v[k], 0);
		says_end(&sy, 0);
	}
	if (rc == EXIT_CLEAN && build_js != NULL) {
		/* The files there now, for --json. */
		struct made *m = xcalloc(nprod * PRODUCT_MAX_FILES + 2,
		    sizeof(*m));
		size_t nm = 0;

		m[nm++].file = "ruleset.txt";
		for (k = 0; k < nprod; k++)
			for (size_t i = 0;
			     st.where[k] != NULL && i < PRODUCT_MAX_FILES &&
			     products[k]->files[i] != NULL;
			     i++)
				m[nm++].file = products[k]->files[i];
		m[nm++].file = "index.json";
		build_json_files(dir, m, nm);
		free(m);
	}
	for (k = 0; k < nprod; k++)
		json_decref(st.reads[k]);
	free(st.reads);
	free(st.fp);
	free(st.rec);
	free(st.where);
	free(st.todo);
	for (k = 0; k < st.nbase; k++)
		free(st.base[k]);
	free(st.base);
	for (k = 0; k < st.vtt.n; k++)
		free(st.vtt.v[k]);
	free(st.vtt.v);
	free(secs);
	json_decref(st.old);
	json_decref(st.inputs);
	free((char *)st.setup);
	free(sum);
	free(dir);
	ana_free(a);
	rs_free(rs);
	return rc;
}

/*
 * Build every ruleset, at most jobs at a time, each in a process of its
 * own (Cairo, Pango and the engine then share nothing). Returns the worst
 * status.
 */
static int
build_all(char **files, size_t n, const struct build_opts *bo)
{
	size_t next = 0, running = 0;
	int status = EXIT_CLEAN, ws;
	pid_t pid;
	struct build_opts one = *bo;

	/* One ruleset: its products two at a time (-j), not the
	 * rulesets. */
	one.pjobs = n == 1 ? bo->jobs : 1;
	bo = &one;

	if (bo->jobs <= 1 || n <= 1) {
		for (next = 0; next < n; next++)
			if (build_one_json(files[next], bo) != EXIT_CLEAN)
				status = EXIT_ERRORS;
		return status;
	}
	fflush(NULL);
	while (next < n || running > 0) {
		if (next < n && running < (size_t)bo->jobs) {
			if ((pid = fork()) == -1) {
				/* No process to spare: build it here. */
				if (build_one_json(files[next], bo) !=
				    EXIT_CLEAN)
					status = EXIT_ERRORS;
				build_json_child(next);
			} else if (pid == 0) {
				int r = build_one_json(files[next], bo);

				build_json_child(next);
				fflush(NULL);
				_exit(r);
			} else
				running++;
			next++;
			continue;
		}
		if (wait(&ws) == -1)
			break;
		running--;
		if (!WIFEXITED(ws) || WEXITSTATUS(ws) != EXIT_CLEAN)
			status = EXIT_ERRORS;
	}
	build_json_gather(files, n);
	return status;
}

/* The name's end is one of the ends (".png", …). */
static int
ends_with_any(const char *name, const char *const *ends)
{
	size_t n = strlen(name), k;

	for (; *ends != NULL; ends++)
		if ((k = strlen(*ends)) <= n &&
		    strcasecmp(name + n - k, *ends) == 0)
			return 1;
	return 0;
}

/*
 * Mark in redo what one inotify event asks to rebuild: the ruleset
 * saved (by its directory's watch and its name), every ruleset when a
 * template changed, the rulesets of a directory whose picture or table
 * file changed. Editors' temporary and backup files are not news.
 */
static void
watch_event(const struct inotify_event *ev, char **files, const int *wd,
    size_t n, const int *twd, size_t nt, char *redo)
{
	static const char *const pictures[] = { ".png", ".jpg", ".jpeg",
		".svg", ".csv", ".ods", NULL };
	static const char *const yaml[] = { ".yaml", ".yml", NULL };
	size_t i;

	if (ev->len == 0 || strstr(ev->name, ".tmp") != NULL ||
	    ev->name[0] == '.' || ev->name[strlen(ev->name) - 1] == '~')
		return;
	for (i = 0; i < nt; i++)
		if (ev->wd == twd[i] && ends_with_any(ev->name, yaml)) {
			memset(redo, 1, n);
			return;
		}
	for (i = 0; i < n; i++) {
		const char *base = strrchr(files[i], '/');

		base = base != NULL ? base + 1 : files[i];
		if (ev->wd != wd[i])
			continue;
		if (strcmp(ev->name, base) == 0 ||
		    ends_with_any(ev->name, pictures))
			redo[i] = 1;
	}
}

/* serve's call after each ruleset a watch builds (NULL: build's own
 * --watch). */
static const struct build_hook *watch_hook;
static int cmd_build(int argc, char **argv);

/* A watch's build of files: with serve's hook, each ruleset alone, its
 * diagnostics captured and handed to the hook. */
static void
watch_build(char **files, size_t n, const struct build_opts *bo)
{
	struct diags d;
	size_t i;
	int rc;

	if (watch_hook == NULL) {
		build_all(files, n, bo);
		return;
	}
	for (i = 0; i < n; i++) {
		memset(&d, 0, sizeof(d));
		diags_capture(&d);
		rc = build_all(files + i, 1, bo);
		diags_capture(NULL);
		watch_hook->done(watch_hook->arg, files[i], rc == EXIT_CLEAN,
		    &d);
		diags_free(&d);
	}
}

/*
 * --watch: rebuild whenever a ruleset or a template changes (inotify on
 * their directories, since editors replace files by renaming). A save
 * rebuilds the ruleset saved, not the others; a burst of events (an
 * editor's write, rename and touch) is one rebuild, started once the
 * events have been quiet for 30 ms, with no fixed wait before it. Runs
 * until interrupted.
 */
static int
build_watch(char **files, size_t n, const struct build_opts *bo)
{
	char buf[4096] __attribute__((aligned(8)));
	char *dirs[RND_TMPL_DIRS], *where, *more, *redo;
	int fd, *wd, twd[RND_TMPL_DIRS];
	size_t i, nd, nt = 0, nredo;
	ssize_t len;
	const unsigned mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE;

	/* A watch runs until it is killed: into a file or a pipe, stdout
	 * would be fully buffered and a `build --watch > log` would show
	 * nothing until then. Each line goes out as it is printed. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	if ((fd = inotify_init1(IN_CLOEXEC)) == -1) {
		perror("sandtable: build: inotify");
		return EXIT_ERRORS;
	}
	wd = xcalloc(n ? n : 1, sizeof(int));
	redo = xcalloc(n ? n : 1, 1);
	for (i = 0; i < n; i++) {
		char *d = xstrdup(files[i]), *slash = strrchr(d, '/');

		if (slash != NULL)
			*slash = '\0';
		wd[i] = inotify_add_watch(fd, slash ? d : ".", mask);
		free(d);
	}
	/* Every directory a template is looked for in that exists now:
	 * ./templates, the user's ($XDG_DATA_HOME/sandtable/templates) and
	 * the installed one. */
	nd = rnd_template_dirs(dirs);
	where = xstrdup("");
	for (i = 0; i < nd; i++) {
		if ((twd[nt] = inotify_add_watch(fd, dirs[i], mask)) == -1)
			continue;
		nt++;
		more = xasprintf("%s%s%s/", where, *where ? ", " : "",
		    dirs[i]);
		free(where);
		where = more;
	}
	rnd_template_dirs_free(dirs, nd);
	watch_build(files, n, bo);
	cli_error("build: watching %zu ruleset%s%s%s (Ctrl-C stops)", n,
	    n == 1 ? "" : "s", *where ? " and the templates in " : "", where);
	free(where);
	for (;;) {
		struct pollfd pf = { fd, POLLIN, 0 };
		char **which;

		if ((len = read(fd, buf, sizeof(buf))) <= 0)
			break;
		memset(redo, 0, n);
		/* This event and the rest of its burst. */
		do {
			for (char *q = buf; q < buf + len;) {
				const struct inotify_event *ev = (const void *)
				    q;

				watch_event(ev, files, wd, n, twd, nt, redo);
				q += sizeof(*ev) + ev->len;
			}
		} while (poll(&pf, 1, 30) == 1 &&
		    (len = read(fd, buf, sizeof(buf))) > 0);
		which = xcalloc(n ? n : 1, sizeof(char *));
		for (i = nredo = 0; i < n; i++)
			if (redo[i])
				which[nredo++] = files[i];
		if (nredo > 0) {
			cli_error("build: %s%s changed, rebuilding", which[0],
			    nredo > 1 ? " and more" : "");
			watch_build(which, nredo, bo);
		}
		free(which);
	}
	close(fd);
	free(wd);
	free(redo);
	return EXIT_CLEAN;
}

/*
 * Without a ruleset argument: the bundled rulesets, from ./rulesets when
 * run in a source tree, else from the data directory.
 */
static int
build_bundled(const struct build_opts *bo)
{
	glob_t g;
	char *dir = NULL, *pat, **files;
	size_t i, n = 0;
	int status;

	pat = xstrdup("rulesets/*.md");
	if (glob(pat, 0, NULL, &g) != 0) {
		free(pat);
		dir = data_dir();
		pat = xasprintf("%s/rulesets/*.md", dir);
		if (glob(pat, 0, NULL, &g) != 0) {
			cli_error(
			    "build: no ruleset given, and "
			    "no bundled rulesets in ./rulesets or %s/rulesets",
			    dir);
			free(pat);
			free(dir);
			return EXIT_USAGE;
		}
	}
	files = xcalloc(g.gl_pathc, sizeof(char *));
	for (i = 0; i < g.gl_pathc; i++) {
		const char *base = strrchr(g.gl_pathv[i], '/');

		if (strcmp(base ? base + 1 : g.gl_pathv[i], "FORMAT.md") !=
		        0 &&
		    cli_has_front_matter(g.gl_pathv[i]))
			files[n++] = g.gl_pathv[i];
	}
	status = n == 0 ? EXIT_USAGE :
	    bo->watch   ? build_watch(files, n, bo) :
	                  build_all(files, n, bo);
	free(files);
	globfree(&g);
	free(pat);
	free(dir);
	return status;
}

int
build_watch_hook(int argc, char **argv, const struct build_hook *hook)
{
	int rc;

	watch_hook = hook;
	rc = cmd_build(argc, argv);
	watch_hook = NULL;
	return rc;
}

static const struct cli_opt build_options[] = {
	CLI_OUTPUT("DIR", "output directory (default: out)"),
	CLI_JOBS("N",
	    "build N rulesets at once, and play a product's\n"
	    "games on N threads (default 2)"),
	CLI_NO_CACHE_SET(struct build_opts, no_cache,
	    "build even when nothing the products read has changed\n"
	    "since the last build into the same folder, and use\n"
	    "no result of an earlier run (README, Cache)"),
	CLI_SET("watch", 'w', struct build_opts, watch,
	    "rebuild when a ruleset or template changes"),
	CLI_STR("project", 0, "FILE", struct build_opts, project,
	    "the project file (default: sandtable.yaml, when\n"
	    "the working folder has one): its rulesets and\n"
	    "settings, the options given here over them"),
	CLI_STR("only", 0, "LIST", struct build_opts, only_list,
	    "make only these products (commas between:\n"
	    "cards,rulebook); the others stay as the last\n"
	    "build left them"),
	CLI_PAPER("P",
	    "every product's paper (default: each one's,\n"
	    "from the ruleset, else the locale)"),
	CLI_TEMPLATE("T",
	    "a template NAME or PATH for the product its\n"
	    "product: key names; once for each product"),
	CLI_SEED("S",
	    "seed of the map's terrain, the scenario and\n"
	    "the report's self-play (default 1)"),
	CLI_GAMES(1, "N",
	    "the scenario's test games and the report's\n"
	    "self-play games (default 1000)"),
	CLI_LANG("the language of the products' labels: en, de, fr\n"
	         "(default: each ruleset's lang:, else English)"),
	CLI_STR("vtt", 0, "LIST", struct build_opts, vtt,
	    "also map.png and the files a virtual tabletop\n"
	    "reads beside it, as map --vtt: foundry, uvtt,\n"
	    "tts, or all"),
	CLI_PDFX,
	CLI_ICC,
	CLI_QUIET("print only errors: no warnings, notes or\n"
	          "files written"),
	CLI_VERBOSE("say what was written (the default)"),
	CLI_JSON("print what was built as JSON on standard output:\n"
	         "an array of one object per ruleset (status,\n"
	         "files, diagnostics; README.md); not with --watch"),
	CLI_HELP,
	CLI_END,
};

/*
 * -t for build: each template goes to the product its product: key
 * names, once a product, into bo->tmpl. Returns CLI_GO, or the exit
 * status (the error printed): a template not found is an input's error,
 * one that names no product a usage error.
 */
static int
build_templates(struct build_opts *bo)
{
	const struct cli_common *c = &bo->c;
	struct diags d = { 0 };
	char *path, *name;
	int i, k, rc = CLI_GO;

	if (c->ntmpl > CLI_TMPL_MAX)
		return usage_error("build",
		    "-t given %d times: one template a product", c->ntmpl);
	for (i = 0; i < c->ntmpl && rc == CLI_GO; i++) {
		if ((path = rnd_template_path(c->tmpls[i], &d)) == NULL) {
			diags_print(&d, stderr);
			diags_free(&d);
			return EXIT_ERRORS;
		}
		name = rnd_template_product(path);
		k = name != NULL ? product_index(name) : -1;
		if (k < 0)
			rc = usage_error("build",
			    "-t %s: the template's product: key names no "
			    "product, so build cannot tell which it is for",
			    c->tmpls[i]);
		else if (bo->tmpl[k] != NULL)
			rc = usage_error("build",
			    "-t %s: a second template for the %s (-t %s)",
			    c->tmpls[i], name, bo->tmpl[k]);
		else
			bo->tmpl[k] = c->tmpls[i];
		free(name);
		free(path);
	}
	return rc;
}

/*
 * The project (--project FILE, else ./sandtable.yaml when there is one):
 * argv again with its options before the command line's, which override
 * them, and its rulesets after when the command line names none; each
 * product's own options into bo. Returns CLI_GO (*av, *ac the new argv,
 * or argv when there is no project), or the exit status (said).
 */
static int
build_project(struct build_opts *bo, struct project *pj, int argc, char **argv,
    int *ac, char ***av)
{
	struct build_opts scratch;
	const char *file = bo->project;
	int cli_paper = bo->c.paper != NULL, names = optind < argc, rc, i;
	int first;
	size_t k, j;

	*ac = argc;
	*av = argv;
	if (file == NULL && access(PROJECT_FILE, F_OK) == 0)
		file = PROJECT_FILE;
	if (file == NULL)
		return CLI_GO;
	if (project_load(file, pj) == -1)
		return EXIT_ERRORS;
	if ((rc = project_check(pj, &build_command, &scratch,
	         sizeof(scratch))) != CLI_GO)
		return rc;
	*av = xcalloc((size_t)argc + pj->nargs + pj->nrulesets + 1,
	    sizeof(char *));
	(*av)[0] = argv[0];
	*ac = 1;
	for (j = 0; j < pj->nargs; j++)
		(*av)[(*ac)++] = pj->args[j];
	for (i = 1; i < argc; i++)
		(*av)[(*ac)++] = argv[i];
	for (j = 0; !names && j < pj->nrulesets; j++)
		(*av)[(*ac)++] = pj->rulesets[j];
	memset(bo, 0, sizeof(*bo));
	if ((rc = cli_parse(&build_command, *ac, *av, &bo->c, bo)) != CLI_GO)
		return rc;
	bo->cli_paper = cli_paper;
	first = optind; /* the products' parses below move it */
	for (k = 0; products[k] != NULL && k < CLI_TMPL_MAX; k++) {
		const struct product *p = products[k];
		struct cli_common pc;
		char *key = xstrdup("");

		if (pj->npargs[k] == 0)
			continue;
		bo->own[k] = xcalloc(1, p->own_size > 0 ? p->own_size : 1);
		if (p->own_init != NULL)
			p->own_init(bo->own[k]);
		if ((rc = project_product(pj, (int)k, &pc, bo->own[k])) !=
		    CLI_GO) {
			free(key);
			return rc;
		}
		if (p->own_size == 0) {
			free(bo->own[k]);
			bo->own[k] = NULL;
		}
		bo->ppaper[k] = pc.paper;
		if (pc.tmpl != NULL)
			bo->tmpl[k] = pc.tmpl;
		for (j = 0; j < pj->npargs[k]; j++) {
			char *more = xasprintf("%s %s", key, pj->pargs[k][j]);

			free(key);
			key = more;
		}
		bo->pkey[k] = key;
	}
	optind = first;
	return CLI_GO;
}

static int
cmd_build(int argc, char **argv)
{
	struct build_opts bo;
	struct project pj;
	struct cli_json js;
	char **av = argv;
	size_t n, k;
	int rc, ac = argc;

	memset(&bo, 0, sizeof(bo));
	memset(&pj, 0, sizeof(pj));
	if ((rc = cli_parse(&build_command, argc, argv, &bo.c, &bo)) !=
	        CLI_GO ||
	    (rc = build_project(&bo, &pj, argc, argv, &ac, &av)) != CLI_GO ||
	    (rc = build_templates(&bo)) != CLI_GO ||
	    (bo.only_list != NULL && (rc = build_only(&bo)) != CLI_GO) ||
	    (bo.vtt != NULL &&
	        (rc = cli_vtt_parse("build", bo.vtt, &bo.vtt_set)) != 0))
		goto out;
	bo.outdir = bo.c.output != NULL ? bo.c.output : "out";
	bo.quiet = bo.c.quiet;
	bo.jobs = bo.c.jobs;
	if (bo.c.json && bo.watch)
		rc = usage_error("build",
		    "--json prints once, at the end: "
		    "not with --watch");
	else if (bo.c.json)
		rc = build_json_main(ac, av, &bo, &js);
	else if (optind >= ac)
		rc = build_bundled(&bo);
	else if ((n = cli_rulesets_only(av + optind, (size_t)(ac - optind),
	              bo.quiet, "the build")) == 0) {
		cli_error("build: none of the files given is a ruleset");
		rc = EXIT_ERRORS;
	} else if (bo.watch)
		rc = build_watch(av + optind, n, &bo);
	else
		rc = build_all(av + optind, n, &bo);
out:
	for (k = 0; k < CLI_TMPL_MAX; k++) {
		free(bo.own[k]);
		free(bo.pkey[k]);
	}
	if (av != argv)
		free(av);
	project_free(&pj);
	return rc;
}

const struct command build_command = {
	.name = "build",
	.run = cmd_build,
	.synopsis = "build [options] [RULESET...]",
	.about =
	    "Check each ruleset and write everything made from it into DIR/NAME/\n"
	    "(default out/NAME/). A ruleset with errors builds nothing and keeps\n"
	    "its previous outputs; the others still build. Without RULESET,\n"
	    "builds the bundled rulesets (./rulesets, else the installed ones).\n"
	    "\n"
	    "Writes ruleset.txt (the model read), the files of every product\n"
	    "(reference.pdf, …, scenario.pdf and scenario.yaml, …: 'sandtable\n"
	    "--products' lists them all, with what each needs) and index.json\n"
	    "(what was made, file by file, with its size, SHA-256 and product).\n"
	    "\n",
	.opts = build_options,
	.col = 20,
};

/* ---- --json ---- */

static json_t *build_el;     /* the element of the ruleset at hand */
static char *build_json_tmp; /* where forked builds leave theirs */

/* Build one ruleset; with --json, into an element of its own. */
static int
build_one_json(const char *file, const struct build_opts *bo)
{
	int rc;

	if (build_js == NULL)
		return build_one(file, bo);
	build_el = cli_json_element(file);
	rc = build_one(file, bo);
	json_object_set_new(build_el, "status",
	    json_string(rc == EXIT_CLEAN ? "built" : "not built"));
	/* Not built: nothing written, the previous outputs kept. */
	if (json_object_get(build_el, "files") == NULL)
		json_object_set_new(build_el, "files", json_array());
	build_js->failed = rc != EXIT_CLEAN;
	cli_json_add(build_js, build_el, NULL, NULL);
	build_el = NULL;
	return rc;
}

static void
build_json_ruleset(const struct ruleset *rs)
{
	if (build_el != NULL)
		json_object_set_new(build_el, "name", json_string(rs->name));
}

/* The files written, as paths a script can open. */
static void
build_json_files(const char *dir, const struct made *made, size_t n)
{
	json_t *a;
	size_t i;

	if (build_el == NULL)
		return;
	a = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(a,
		    json_sprintf("%s/%s", dir, made[i].file));
	json_object_set_new(build_el, "dir", json_string(dir));
	json_object_set_new(build_el, "files", a);
}

/* In a build process of its own (-j): hand ruleset i's element to the
 * parent through a file, since the process's memory goes with it. */
static void
build_json_child(size_t i)
{
	size_t last;
	char *path;

	if (build_js == NULL || build_json_tmp == NULL ||
	    (last = json_array_size(build_js->all)) == 0)
		return;
	path = xasprintf("%s/%zu.json", build_json_tmp, i);
	json_dump_file(json_array_get(build_js->all, last - 1), path,
	    JSON_COMPACT);
	json_array_remove(build_js->all, last - 1);
	free(path);
}

/* The elements the build processes left, in the order of the files. */
static void
build_json_gather(char **files, size_t n)
{
	json_t *o;
	size_t i;
	char *path;

	if (build_js == NULL || build_json_tmp == NULL)
		return;
	for (i = 0; i < n; i++) {
		path = xasprintf("%s/%zu.json", build_json_tmp, i);
		if ((o = json_load_file(path, 0, NULL)) == NULL) {
			/* A process that died: its element says so. */
			diags_capture_add(SEV_ERROR,
			    "its build process ended "
			    "without a result");
			o = cli_json_element(files[i]);
			json_object_set_new(o, "status",
			    json_string("not built"));
			json_object_set_new(o, "files", json_array());
			build_js->failed = 1;
			cli_json_add(build_js, o, NULL, NULL);
		} else
			json_array_append_new(build_js->all, o);
		unlink(path);
		free(path);
	}
}

/* build --json: as build, the JSON alone on standard output. */
static int
build_json_main(int argc, char **argv, struct build_opts *bo,
    struct cli_json *js)
{
	const char *tmp = getenv("TMPDIR");
	size_t n = 0;
	int status;

	if (optind < argc &&
	    (n = cli_rulesets_only(argv + optind, (size_t)(argc - optind),
	         bo->quiet, "the build")) == 0) {
		cli_error("build: none of the files given is a ruleset");
		return EXIT_ERRORS;
	}
	build_json_tmp = xasprintf("%s/sandtable-XXXXXX",
	    tmp != NULL && *tmp ? tmp : "/tmp");
	/* Without a place for the elements, no process of its own. */
	if (mkdtemp(build_json_tmp) == NULL) {
		free(build_json_tmp);
		build_json_tmp = NULL;
		bo->jobs = 1;
	}
	cli_json_begin(js);
	build_js = js;
	status = optind < argc ? build_all(argv + optind, n, bo) :
	                         build_bundled(bo);
	build_js = NULL;
	if (cli_json_end(js) != 0)
		status = EXIT_ERRORS;
	if (build_json_tmp != NULL)
		rmdir(build_json_tmp);
	free(build_json_tmp);
	build_json_tmp = NULL;
	return status;
}
