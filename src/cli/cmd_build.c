/*
 * cmd_build.c: sandtable build — check each ruleset, then write all its
 * products into DIR/NAME/. A ruleset with errors writes nothing, so its
 * previous outputs stay as they were.
 */
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glob.h>
#include <poll.h>
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
	struct cli_common c;
	const char *tmpl[CLI_TMPL_MAX];
};

/* Write the plain-text model summary; returns 0 or -1 (reported). */
static int
write_summary(const struct ruleset *rs, const char *dir)
{
	char *path = xasprintf("%s/ruleset.txt", dir), *why = NULL;
	struct atomic_file af;
	int rc = -1;

	if (atomic_open(&af, path, &why) == 0) {
		eng_dump(rs, af.fp);
		rc = atomic_commit(&af, &why);
	}
	if (rc == -1) {
		cli_error("%s", why);
		free(why);
	}
	free(path);
	return rc;
}

/* A file build made: its name, and the product it is of (NULL for
 * build's own: ruleset.txt and index.json). */
struct made {
	const char *file;
	const char *product;
	double secs; /* the product's time, on its first file (else 0) */
};

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
 * The SHA-256 of a file, in lower-case hex as sha256sum prints it, into
 * hex (65 bytes). GLib's, linked already for Pango: no hash of our own.
 * Returns 0, or -1 when the file cannot be read.
 */
static int
file_sha256(const char *path, char hex[65])
{
	GChecksum *ck;
	unsigned char buf[65536];
	size_t k;
	FILE *fp;
	int rc = 0;

	if ((fp = fopen(path, "rb")) == NULL)
		return -1;
	ck = g_checksum_new(G_CHECKSUM_SHA256);
	while ((k = fread(buf, 1, sizeof(buf), fp)) > 0)
		g_checksum_update(ck, buf, (gssize)k);
	if (ferror(fp))
		rc = -1;
	else
		snprintf(hex, 65, "%s", g_checksum_get_string(ck));
	g_checksum_free(ck);
	fclose(fp);
	return rc;
}

/* Add a string and its end to a running hash. */
static void
ck_add(GChecksum *ck, const char *s)
{
	g_checksum_update(ck, (const guchar *)(s != NULL ? s : "(none)"),
	    (gssize)strlen(s != NULL ? s : "(none)"));
	g_checksum_update(ck, (const guchar *)"\n", 1);
}

/* Compare directory entries' names, for a listing in a fixed order. */
static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * What a build depends on besides the files it reads, as a SHA-256 in
 * hex (caller frees): this sandtable (its executable's hash), the
 * options that change a product, the defaults the environment gives
 * (SOURCE_DATE_EPOCH's date, the paper the system or locale gives, not
 * the variables themselves: an English build under a German locale is
 * the same build) and which template files each template directory
 * holds (a template put in ./templates takes the place of the installed
 * one without any file read before changing).
 */
static char *
build_setup(const struct build_opts *bo)
{
	GChecksum *ck = g_checksum_new(G_CHECKSUM_SHA256);
	static char exe[65];
	char hex[65], num[64], *dirs[RND_TMPL_DIRS], *sys;
	size_t i, nd;
	int k;

	ck_add(ck, "sandtable build setup 1");
	/* This sandtable, hashed once a process. */
	if (*exe == '\0' && file_sha256("/proc/self/exe", exe) != 0)
		snprintf(exe, sizeof(exe), "?");
	ck_add(ck, exe);
	ck_add(ck, rnd_lib_versions());
	ck_add(ck, bo->c.paper);
	ck_add(ck, bo->c.lang);
	snprintf(num, sizeof(num), "%llu %ld", (unsigned long long)bo->c.seed,
	    bo->c.games);
	ck_add(ck, num);
	for (k = 0; k < CLI_TMPL_MAX; k++)
		ck_add(ck, bo->tmpl[k]);
	ck_add(ck, getenv("SOURCE_DATE_EPOCH"));
	sys = rnd_paper_system();
	ck_add(ck, sys != NULL ? sys : rnd_paper_locale());
	free(sys);
	nd = rnd_template_dirs(dirs);
	for (i = 0; i < nd; i++) {
		DIR *dp = opendir(dirs[i]);
		struct dirent *de;
		char **names = NULL;
		size_t n = 0, cap = 0, j;

		ck_add(ck, dirs[i]);
		while (dp != NULL && (de = readdir(dp)) != NULL) {
			char *nm = xstrdup(de->d_name);

			XPUSH(names, n, cap, nm);
		}
		if (dp != NULL)
			closedir(dp);
		if (n > 0)
			qsort(names, n, sizeof(char *), cmp_str);
		for (j = 0; j < n; j++) {
			ck_add(ck, names[j]);
			free(names[j]);
		}
		free(names);
	}
	rnd_template_dirs_free(dirs, nd);
	snprintf(hex, sizeof(hex), "%s", g_checksum_get_string(ck));
	g_checksum_free(ck);
	return xstrdup(hex);
}

/* Every file a build of rs read (the run's inputs: the ruleset, its
 * templates, a scenario or terrain file) and the pictures its units
 * name, present or not, as names into *out (caller frees); how many. */
static size_t
build_inputs(const struct ruleset *rs, char ***out)
{
	size_t n, i;
	char **v = file_inputs_list(&n);

	v = xrealloc(v, (n + rs->nunits + 1) * sizeof(char *));
	for (i = 0; i < rs->nunits; i++)
		if (rs->units[i].image_file != NULL)
			v[n++] = xstrdup(rs->units[i].image_file);
	*out = v;
	return n;
}

/* Whether dir holds a file a sandtable run left (".sandtable-…"). */
static int
leftovers(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	int found = 0;

	while (dp != NULL && !found && (de = readdir(dp)) != NULL)
		found = strncmp(de->d_name, ".sandtable-", 11) == 0;
	if (dp != NULL)
		closedir(dp);
	return found;
}

/*
 * Whether DIR/index.json of rs's last build says it was made by the same
 * setup from files that are all as they were then, and its products are
 * all there as it wrote them: then nothing a product reads has changed,
 * and a build would write the same bytes.
 */
static int
up_to_date(const struct ruleset *rs, const struct build_opts *bo,
    const char *setup)
{
	char *path = xasprintf("%s/%s/index.json", bo->outdir, rs->name),
	     hex[65];
	json_t *root = json_load_file(path, 0, NULL), *b, *v, *f;
	const char *file, *sum, *s;
	size_t i;
	int ok = 0, k;

	free(path);
	/* A dead run's leftovers beside it: a build sweeps them. */
	if (leftovers(bo->outdir) ||
	    (path = xasprintf("%s/%s", bo->outdir, rs->name),
	        k = leftovers(path), free(path), k))
		goto out;
	if (root == NULL ||
	    (b = json_object_get(root, "built_from")) == NULL ||
	    (s = json_string_value(json_object_get(b, "setup"))) == NULL ||
	    strcmp(s, setup) != 0)
		goto out;
	v = json_object_get(b, "inputs");
	json_array_foreach(v, i, f)
	{
		file = json_string_value(json_object_get(f, "file"));
		sum = json_string_value(json_object_get(f, "sha256"));
		if (file == NULL || sum == NULL)
			goto out;
		if (file_sha256(file, hex) != 0)
			snprintf(hex, sizeof(hex), "absent");
		if (strcmp(hex, sum) != 0)
			goto out;
	}
	v = json_object_get(root, "products");
	if (json_array_size(v) == 0)
		goto out;
	json_array_foreach(v, i, f)
	{
		char *fp;
		int same;

		file = json_string_value(json_object_get(f, "file"));
		sum = json_string_value(json_object_get(f, "sha256"));
		if (file == NULL || sum == NULL)
			goto out;
		fp = xasprintf("%s/%s/%s", bo->outdir, rs->name, file);
		same = file_sha256(fp, hex) == 0 && strcmp(hex, sum) == 0;
		free(fp);
		if (!same)
			goto out;
	}
	ok = 1;
out:
	json_decref(root);
	return ok;
}

/*
 * Write DIR/index.json: what was made for this ruleset, file by file,
 * with sizes, SHA-256 hashes and the product each file is of, so that
 * editors and CI can find the products and tell whether they changed.
 * index.json cannot hold its own hash: it lists every other file.
 */
static int
write_index(const struct ruleset *rs, const char *dir, const struct made *made,
    size_t nmade, const char *setup)
{
	json_t *root = json_object(), *files = json_array();
	char *path = xasprintf("%s/index.json", dir), *why = NULL, *text;
	char hex[65];
	struct stat st;
	size_t i;
	int rc;

	json_object_set_new(root, "ruleset", json_string(rs->path));
	json_object_set_new(root, "name", json_string(rs->name));
	json_object_set_new(root, "title", json_string(rs->title));
	json_object_set_new(root, "engine", json_string(eng_engine_name(rs)));
	for (i = 0; i < nmade; i++) {
		json_t *f = json_object();
		char *fp = xasprintf("%s/%s", dir, made[i].file);

		json_object_set_new(f, "file", json_string(made[i].file));
		if (stat(fp, &st) == 0)
			json_object_set_new(f, "bytes",
			    json_integer((json_int_t)st.st_size));
		if (file_sha256(fp, hex) == 0)
			json_object_set_new(f, "sha256", json_string(hex));
		if (made[i].product != NULL)
			json_object_set_new(f, "product",
			    json_string(made[i].product));
		json_array_append_new(files, f);
		free(fp);
	}
	json_object_set_new(root, "products", files);
	/* What it was made from, for the next build to tell whether
	 * anything it reads has changed. */
	if (setup != NULL) {
		json_t *b = json_object(), *in = json_array();
		char **names;
		size_t n = build_inputs(rs, &names);

		json_object_set_new(b, "setup", json_string(setup));
		for (i = 0; i < n; i++) {
			json_t *f = json_object();

			json_object_set_new(f, "file", json_string(names[i]));
			json_object_set_new(f, "sha256",
			    json_string(file_sha256(names[i], hex) == 0 ?
			            hex :
			            "absent"));
			json_array_append_new(in, f);
			free(names[i]);
		}
		free(names);
		json_object_set_new(b, "inputs", in);
		json_object_set_new(root, "built_from", b);
	}
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
 * moves its files into place only when all of them were made). Returns
 * 0 or -1 (reported); dir is as it was then.
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
 * Make product k of the table in stage: its files are added to made.
 * Returns 0 (made, or skipped as the table and the product say), or -1
 * (reported).
 */
static int
build_product(size_t k, struct analysis *a, const char *stage,
    const struct build_opts *bo, struct made *made, size_t *nmade)
{
	const struct product *p = products[k];
	const struct ruleset *rs = a->rs;
	struct cli_common c = bo->c;
	struct stat st;
	char *path;
	size_t i;
	int r;

	double t0 = seconds();
	size_t first = *nmade;

	if ((p->needs & ~build_has(rs)) != 0)
		return 0;
	/* The build's options, this product's template, quietly (build
	 * says what it wrote, and draws its own progress bar). */
	c.tmpl = bo->tmpl[k] != NULL ? bo->tmpl[k] : p->tmpl;
	c.quiet = 1;
	path = xasprintf("%s/%s", stage, p->files[0]);
	r = product_make(p, a, path, &c, NULL);
	free(path);
	if (r != 0)
		return r < 0 ? -1 : 0;
	for (i = 0; i < PRODUCT_MAX_FILES && p->files[i] != NULL; i++) {
		/* The row names what the product writes: a file it did not
		 * write is a bug, not a ruleset's fault, but stops the build
		 * before index.json says otherwise. */
		path = xasprintf("%s/%s", stage, p->files[i]);
		r = stat(path, &st);
		free(path);
		if (r == -1) {
			cli_error("%s: %s did not write %s (its row in "
			          "products.c names it)",
			    rs->path, p->cmd->name, p->files[i]);
			return -1;
		}
		made[*nmade].file = p->files[i];
		made[*nmade].secs = 0;
		made[(*nmade)++].product = p->cmd->name;
	}
	if (*nmade > first)
		made[first].secs = seconds() - t0;
	return 0;
}

/*
 * Check one ruleset and write its products into outdir/NAME/. Returns
 * EXIT_CLEAN, or EXIT_ERRORS when the ruleset has errors (nothing is
 * written then) or a product failed.
 */
static int
build_one(const char *file, const struct build_opts *bo)
{
	size_t k;
	struct made *made;
	size_t nmade = 0, nprod = 0;
	int worst, rc = EXIT_CLEAN;
	struct ruleset *rs;
	struct progress bar;
	struct analysis *a = NULL;
	char *dir, *stage;
	int left = -1;
	double t0 = seconds();
	char *setup = NULL;

	file_inputs_forget();
	rs = cli_load(file, &worst);
	/* Nothing it reads has changed since the last build: the same bytes
	 * are there already (--no-cache builds anyway). */
	if (rs != NULL) {
		setup = build_setup(bo);
		if (!bo->no_cache && build_js == NULL &&
		    up_to_date(rs, bo, setup)) {
			if (!bo->quiet)
				printf("%s: %s/%s/ is up to date (nothing it "
				       "reads has changed)\n",
				    rs->path, bo->outdir, rs->name);
			free(setup);
			rs_free(rs);
			return EXIT_CLEAN;
		}
	}
	rnd_fonts_warm();
	/* One analysis for the whole build: the engine prepared once, the
	 * test games played once, the odds and self-play worked out once
	 * when a product first asks, and shared by every product. */
	if (rs != NULL)
		a = ana_new(rs, -1, 0);
	if (rs != NULL && play_test_games(a) == -1) {
		ana_free(a);
		a = NULL;
		rs_free(rs);
		rs = NULL;
	}
	if (rs == NULL) {
		cli_error("%s: not built (errors above); previous outputs "
		          "kept",
		    file);
		free(setup);
		return EXIT_ERRORS;
	}
	build_json_ruleset(rs);
	/* The products' labels in the ruleset's language (or --lang's). */
	cli_lang_use(rs);
	dir = xasprintf("%s/%s", bo->outdir, rs->name);
	if (mkdir_p(dir) == -1 || (stage = stage_new(dir, &left)) == NULL) {
		cli_error("%s: cannot create directory: %s", dir,
		    strerror(errno));
		free(dir);
		ana_free(a);
		rs_free(rs);
		free(setup);
		return EXIT_ERRORS;
	}
	while (products[nprod] != NULL)
		nprod++;
	/* Every product's files, ruleset.txt and index.json. */
	made = xcalloc(nprod * PRODUCT_MAX_FILES + 2, sizeof(*made));
	progress_begin(&bar, rs->name, nprod + 1);
	/* Everything is made in the stage first: a product that fails
	 * leaves the directory as the last good build left it. */
	if (write_summary(rs, stage) == -1)
		rc = EXIT_ERRORS;
	else
		made[nmade++].file = "ruleset.txt";
	for (k = 0; k < nprod && rc == EXIT_CLEAN; k++) {
		progress_update(&bar, (unsigned long)k + 1);
		if (build_product(k, a, stage, bo, made, &nmade) == -1)
			rc = EXIT_ERRORS;
	}
	progress_end(&bar);
	if (rc == EXIT_CLEAN &&
	    write_index(rs, stage, made, nmade, setup) == -1)
		rc = EXIT_ERRORS;
	else if (rc == EXIT_CLEAN)
		made[nmade++].file = "index.json";
	if (rc == EXIT_CLEAN && stage_swap(stage, dir) == -1)
		rc = EXIT_ERRORS;
	/* The stage holds what was not switched in, or the old version. */
	file_remove(stage);
	file_left_drop(left);
	free(stage);
	if (rc != EXIT_CLEAN) {
		cli_error("%s: not built (errors above); previous outputs "
		          "kept",
		    rs->path);
		free(made);
		free(dir);
		ana_free(a);
		rs_free(rs);
		free(setup);
		return rc;
	}
	build_json_files(dir, made, nmade);
	if (!bo->quiet && build_js == NULL && bo->watch) {
		/* A watch says how long each product took, one line a
		 * build. */
		size_t i;
		char sec[32];

		/* Numbers in their English form in every locale, as on
		 * the terminal everywhere. */
		fmt_fixed(sec, sizeof(sec), seconds() - t0);
		printf("%s: %s/ in %s s:", rs->path, dir, sec);
		for (i = 0; i < nmade; i++)
			if (made[i].secs > 0) {
				fmt_fixed(sec, sizeof(sec), made[i].secs);
				printf(" %s %s s%s", made[i].file, sec,
				    i + 1 < nmade ? "," : "");
			} else
				printf(" %s%s", made[i].file,
				    i + 1 < nmade ? "," : "");
		printf("\n");
	} else if (!bo->quiet && build_js == NULL) {
		size_t i;

		printf("%s: %s/:", rs->path, dir);
		for (i = 0; i < nmade; i++)
			printf(" %s", made[i].file);
		printf("\n");
	}
	free(made);
	free(dir);
	ana_free(a);
	rs_free(rs);
	free(setup);
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
		".svg", ".csv", NULL };
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
	build_all(files, n, bo);
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
			build_all(which, nredo, bo);
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

static int
cmd_build(int argc, char **argv)
{
	struct build_opts bo;
	struct cli_json js;
	size_t n;
	int rc;

	memset(&bo, 0, sizeof(bo));
	if ((rc = cli_parse(&build_command, argc, argv, &bo.c, &bo)) !=
	        CLI_GO ||
	    (rc = build_templates(&bo)) != CLI_GO)
		return rc;
	bo.outdir = bo.c.output != NULL ? bo.c.output : "out";
	bo.quiet = bo.c.quiet;
	bo.jobs = bo.c.jobs;
	if (bo.c.json && bo.watch)
		return usage_error("build",
		    "--json prints once, at the end: "
		    "not with --watch");
	if (bo.c.json)
		return build_json_main(argc, argv, &bo, &js);
	if (optind >= argc)
		return build_bundled(&bo);
	n = cli_rulesets_only(argv + optind, (size_t)(argc - optind), bo.quiet,
	    "the build");
	if (n == 0) {
		cli_error("build: none of the files given is a ruleset");
		return EXIT_ERRORS;
	}
	if (bo.watch)
		return build_watch(argv + optind, n, &bo);
	return build_all(argv + optind, n, &bo);
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
