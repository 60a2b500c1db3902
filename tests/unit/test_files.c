/* Files and text: the reader's contract, the atomic writer's refusals,
 * strict UTF-8 and escaping. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/base/base.h"

static char dir[] = "/tmp/filetestXXXXXX";

static void
setup(void)
{
	strcpy(dir, "/tmp/filetestXXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	file_inputs_forget();
}

static void
teardown(void)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);

	cr_assert_eq(system(cmd), 0);
	free(cmd);
	file_inputs_forget();
}

static char *
put(const char *name, const char *text)
{
	char *p = xasprintf("%s/%s", dir, name);
	FILE *fp = fopen(p, "wb");

	cr_assert_not_null(fp);
	fputs(text, fp);
	fclose(fp);
	return p;
}

TestSuite(files, .init = setup, .fini = teardown);

Test(files, slurp_has_one_error_path)
{
	char *data = (char *)"x", *why = NULL,
	     *p = put("big.txt", "0123456789");
	size_t len = 7;

	cr_assert_eq(file_slurp(p, 9, &data, &len, &why), -1);
	cr_assert_null(data, "no buffer on failure");
	cr_assert_eq(errno, EFBIG);
	cr_assert_not_null(why);
	cr_assert(strstr(why, "too large") != NULL, "%s", why);
	free(why);
	cr_assert_eq(file_slurp("/dev/zero", 1000, &data, &len, &why), -1,
	    "a device that never ends is too large, not a hang");
	cr_assert_null(data);
	cr_assert_eq(errno, EFBIG);
	free(why);
	cr_assert_eq(file_slurp(dir, 1000, &data, &len, &why), -1);
	cr_assert_null(data);
	cr_assert_neq(errno, EFBIG);
	free(why);
	cr_assert_eq(file_slurp("/no/such/file", 1000, &data, &len, &why), -1);
	cr_assert_eq(errno, ENOENT);
	free(why);
	cr_assert_eq(file_slurp(p, 10, &data, &len, &why), 0);
	cr_assert_eq(len, 10);
	cr_assert_str_eq(data, "0123456789");
	free(data);
	free(p);
}

Test(files, an_input_is_never_an_output)
{
	char *p = put("in.md", "text"), *data, *why = NULL, *link;
	size_t len;

	cr_assert_eq(file_slurp(p, 100, &data, &len, &why), 0);
	free(data);
	cr_assert_eq(atomic_write(p, "%PDF-", 5, &why), -1);
	cr_assert(strstr(why, "input") != NULL, "%s", why);
	free(why);
	link = xasprintf("%s/link", dir);
	cr_assert_eq(symlink(p, link), 0);
	cr_assert_eq(atomic_write(link, "%PDF-", 5, &why), -1,
	    "nor through a link");
	free(why);
	cr_assert_eq(file_slurp(p, 100, &data, &len, &why), 0);
	cr_assert_str_eq(data, "text");
	free(data);
	free(link);
	free(p);
}

Test(files, only_the_same_kind_is_replaced)
{
	char *notes = put("notes.txt", "my notes\n"),
	     *pdf = put("a.pdf", "%PDF-1.5 old"),
	     *yaml = put("s.yaml", "# scenario\nforces: 1\n");
	char *why = NULL, *data;
	size_t len;

	cr_assert_eq(atomic_write(notes, "%PDF-1.5 new", 12, &why), -1);
	free(why);
	cr_assert_eq(atomic_write(pdf, "%PDF-1.7 new", 12, &why), 0);
	cr_assert_eq(atomic_write(yaml, "# terrain\n", 10, &why), -1,
	    "a terrain file does not replace a scenario");
	free(why);
	cr_assert_eq(atomic_write(yaml, "# scenario\nforces: 2\n", 21, &why),
	    0);
	cr_assert_eq(file_slurp(notes, 100, &data, &len, &why), 0);
	cr_assert_str_eq(data, "my notes\n");
	free(data);
	free(notes);
	free(pdf);
	free(yaml);
}

Test(files, special_files_are_written_through)
{
	char *fifo = xasprintf("%s/fifo", dir), *why = NULL;
	struct stat st;

	cr_assert_eq(atomic_write("/dev/null", "%PDF-", 5, &why), 0);
	cr_assert_eq(stat("/dev/null", &st), 0);
	cr_assert(S_ISCHR(st.st_mode));
	cr_assert_eq(atomic_write(dir, "%PDF-", 5, &why), -1,
	    "a directory is refused");
	free(why);
	cr_assert_eq(mkfifo(fifo, 0600), 0);
	if (fork() == 0) {
		char *data, *w;
		size_t len;

		_exit(file_slurp(fifo, 100, &data, &len, &w) == 0 &&
		            strcmp(data, "%PDF-") == 0 ?
		        0 :
		        1);
	}
	cr_assert_eq(atomic_write(fifo, "%PDF-", 5, &why), 0);
	cr_assert_eq(stat(fifo, &st), 0);
	cr_assert(S_ISFIFO(st.st_mode), "still a FIFO");
	free(fifo);
}

Test(files, modes_and_long_names)
{
	char *name = xasprintf("%s/%0251d.pdf", dir, 0), *why = NULL;
	char *p = put("keep.pdf", "%PDF-");
	struct stat st;

	cr_assert_eq(atomic_write(name, "%PDF-", 5, &why), 0,
	    "a 255-byte name: %s", why ? why : "");
	chmod(p, 0600);
	cr_assert_eq(atomic_write(p, "%PDF-2", 6, &why), 0);
	cr_assert_eq(stat(p, &st), 0);
	cr_assert_eq(st.st_mode & 0777, 0600, "the mode is kept");
	free(name);
	free(p);
}

/* A path from one file's directory to another file: shared runs of
 * whole components only, a build stage as its directory, links
 * resolved; and back (file_beside). */
Test(files, relative_paths)
{
	static const struct {
		const char *target, *from, *want;
	} cases[] = {
		{ "a/b/r.md", "a/b/s.yaml", "r.md" },
		{ "a/b/r.md", "a/s.yaml", "b/r.md" },
		{ "a/r.md", "a/b/c/s.yaml", "../../r.md" },
		{ "ab/r.md", "a/s.yaml", "../ab/r.md" },
		{ "a/b/r.md", "ab/s.yaml", "../a/b/r.md" },
		{ "a/r.md", "a/.sandtable-build-1-x/s.yaml",
		    "../r.md" }, /* a stage is as deep as its directory */
		{ "a/r.md", "l/s.yaml", "../r.md" }, /* l -> a/b */
		{ "a/none.md", "a/s.yaml", NULL },   /* as given */
	};
	const char *mk[] = { "a/b/c", "ab", "a/.sandtable-build-1-x" };
	char *p, *t, *f, *back;
	size_t i;

	for (i = 0; i < sizeof(mk) / sizeof(mk[0]); i++) {
		p = xasprintf("%s/%s", dir, mk[i]);
		cr_assert_eq(mkdir_p(p), 0);
		free(p);
	}
	p = xasprintf("%s/a/b", dir);
	t = xasprintf("%s/l", dir);
	cr_assert_eq(symlink(p, t), 0);
	free(p);
	free(t);
	for (i = 0; i < 3; i++) {
		static const char *files[] = { "a/b/r.md", "a/r.md",
			"ab/r.md" };

		p = xasprintf("%s/%s", dir, files[i]);
		cr_assert_eq(atomic_write(p, "x", 1, &t), 0);
		free(p);
	}
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		t = xasprintf("%s/%s", dir, cases[i].target);
		f = xasprintf("%s/%s", dir, cases[i].from);
		p = file_relative(t, f);
		cr_assert_str_eq(p, cases[i].want ? cases[i].want : t,
		    "%s from %s", cases[i].target, cases[i].from);
		back = file_beside(p, f);
		if (cases[i].want != NULL &&
		    strstr(cases[i].from, ".sandtable-") == NULL)
			cr_assert_eq(access(back, F_OK), 0, "%s", back);
		free(back);
		free(p);
		free(t);
		free(f);
	}
	/* an absolute path is kept; a file here names paths from here */
	p = file_beside("/etc/x.md", "a/s.yaml");
	cr_assert_str_eq(p, "/etc/x.md");
	free(p);
	p = file_beside("x.md", "s.yaml");
	cr_assert_str_eq(p, "x.md");
	free(p);
}

Test(text, utf8_is_strict)
{
	unsigned long cp;

	cr_assert_eq(utf8_seq((const unsigned char *)"\xc3\xa9", 2, &cp), 2);
	cr_assert_eq(cp, 0xe9);
	cr_assert_eq(utf8_seq((const unsigned char *)"\xf4\x8f\xbf\xbf", 4,
	                 &cp),
	    4);
	cr_assert_eq(cp, 0x10ffff);
	/* Surrogates, above U+10FFFF, overlong forms, truncated. */
	cr_assert_eq(utf8_seq((const unsigned char *)"\xed\xa0\x80", 3, &cp),
	    0);
	cr_assert_eq(utf8_seq((const unsigned char *)"\xf4\x90\x80\x80", 4,
	                 &cp),
	    0);
	cr_assert_eq(utf8_seq((const unsigned char *)"\xe0\x80\xaf", 3, &cp),
	    0);
	cr_assert_eq(utf8_seq((const unsigned char *)"\xc0\xaf", 2, &cp), 0);
	cr_assert_eq(utf8_seq((const unsigned char *)"\xe2\x82", 2, &cp), 0);
	cr_assert_eq(utf8_chars("h\xc3\xa9llo"), 5);
}

Test(text, escape_controls)
{
	char *s = str_escape("a\x1b]0;x\x07 \xc2\x85 b\tc \xff");

	cr_assert_str_eq(s, "a\\x1b]0;x\\x07 \\u0085 b\tc \\xff");
	free(s);
}
