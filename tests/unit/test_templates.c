/* Templates (template.c): colours by name or #rrggbb, a bad colour an
 * error at its line and column, the product: key, and the directories a
 * NAME is looked for in, in order. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/render/internal.h"

Test(templates, colours_by_hex_and_by_name)
{
	unsigned rgb = 0;

	cr_assert_eq(rnd_colour_parse("#6b8e23", &rgb), 0);
	cr_assert_eq(rgb, 0x6b8e23u);
	cr_assert_eq(rnd_colour_parse("olive", &rgb), 0);
	cr_assert_eq(rgb, 0x808000u, "olive is %06x", rgb);
	cr_assert_eq(rnd_colour_parse("navy", &rgb), 0);
	cr_assert_eq(rgb, 0x000080u);
	cr_assert_eq(rnd_colour_parse("OliveDrab", &rgb), 0);
	cr_assert_eq(rgb, 0x6b8e23u, "X11's olive drab is #6b8e23");
	cr_assert_eq(rnd_colour_parse("#fff", &rgb), 0);
	cr_assert_eq(rgb, 0xffffffu);
	cr_assert_eq(rnd_colour_parse("navyy", &rgb), -1);
	cr_assert_eq(rnd_colour_parse("#12345", &rgb), -1);
	cr_assert_eq(rnd_colour_parse("", &rgb), -1);
}

/* The tree of YAML text (caller frees). */
static struct rs_node *
yaml(const char *text, struct diags *dg)
{
	struct rs_node *t = rs_yaml_parse("t.yaml", text, strlen(text), 0, dg);

	cr_assert_not_null(t);
	return t;
}

Test(templates, a_bad_colour_is_an_error_at_its_place)
{
	struct diags dg = { 0 };
	struct rs_node *t = yaml("colours:\n"
	                         "  text: navy\n"
	                         "  grid: \"#zz0000\"\n",
	    &dg);
	const struct rs_node *c = rs_node_get(t, "colours");

	cr_assert_eq(rnd_tmpl_rgb(c, "text", 1, &dg), 0x000080u);
	cr_assert_eq(dg.n, 0);
	cr_assert_eq(rnd_tmpl_rgb(c, "grid", 0x505050, &dg), 0x505050u,
	    "a bad colour falls back to the default");
	cr_assert_eq(dg.n, 1);
	cr_assert_eq(dg.v[0].sev, SEV_ERROR);
	cr_assert_str_eq(dg.v[0].file, "t.yaml");
	cr_assert_eq(dg.v[0].line, 3);
	cr_assert_eq(dg.v[0].col, 9);
	cr_assert(strstr(dg.v[0].msg, "'grid'") != NULL, "%s", dg.v[0].msg);
	cr_assert(strstr(dg.v[0].msg, "#zz0000") != NULL, "%s", dg.v[0].msg);
	rs_node_free(t);
	diags_free(&dg);
}

/* Write text to path. */
static void
put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	cr_assert_not_null(fp, "%s", path);
	fputs(text, fp);
	fclose(fp);
}

Test(templates, product_key_is_checked)
{
	char dir[] = "/tmp/st-tmpl-XXXXXX", *path, *file = NULL;
	struct diags dg = { 0 };
	struct rs_node *t;

	cr_assert_not_null(mkdtemp(dir));
	path = xasprintf("%s/x.yaml", dir);
	put(path, "product: map\nfont: DejaVu Sans\n");
	t = rnd_template_load(path, "map", &file, &dg);
	cr_assert_not_null(t, "a map template for the map");
	rs_node_free(t);
	free(file);
	t = rnd_template_load(path, "bases", &file, &dg);
	cr_assert_null(t, "a map template refused by the bases");
	cr_assert_eq(dg.n, 1);
	cr_assert_eq(dg.v[0].line, 1);
	cr_assert(strstr(dg.v[0].msg, "for the map, not the bases") != NULL,
	    "%s", dg.v[0].msg);
	diags_free(&dg);
	memset(&dg, 0, sizeof(dg));
	/* No product: key: taken (templates written before it). */
	put(path, "font: DejaVu Sans\n");
	t = rnd_template_load(path, "bases", &file, &dg);
	cr_assert_not_null(t);
	cr_assert_eq(dg.n, 0);
	rs_node_free(t);
	free(file);
	unlink(path);
	rmdir(dir);
	free(path);
}

Test(templates, search_order_follows_xdg_data_home)
{
	char *dirs[RND_TMPL_DIRS], *old_xdg = getenv("XDG_DATA_HOME"),
	                           *old_home = getenv("HOME");
	size_t n;

	old_xdg = old_xdg ? xstrdup(old_xdg) : NULL;
	old_home = old_home ? xstrdup(old_home) : NULL;
	setenv("XDG_DATA_HOME", "/x/data", 1);
	n = rnd_template_dirs(dirs);
	cr_assert_eq(n, 3);
	cr_assert_str_eq(dirs[0], "templates");
	cr_assert_str_eq(dirs[1], "/x/data/sandtable/templates");
	cr_assert(strstr(dirs[2], "/templates") != NULL);
	rnd_template_dirs_free(dirs, n);
	/* Unset, or relative (the XDG spec: ignored): ~/.local/share. */
	setenv("XDG_DATA_HOME", "relative", 1);
	setenv("HOME", "/home/u", 1);
	n = rnd_template_dirs(dirs);
	cr_assert_str_eq(dirs[1], "/home/u/.local/share/sandtable/templates");
	rnd_template_dirs_free(dirs, n);
	unsetenv("XDG_DATA_HOME");
	n = rnd_template_dirs(dirs);
	cr_assert_str_eq(dirs[1], "/home/u/.local/share/sandtable/templates");
	rnd_template_dirs_free(dirs, n);
	if (old_xdg != NULL)
		setenv("XDG_DATA_HOME", old_xdg, 1);
	if (old_home != NULL)
		setenv("HOME", old_home, 1);
	else
		unsetenv("HOME");
	free(old_xdg);
	free(old_home);
}

Test(templates, a_name_is_found_in_the_first_directory_that_has_it)
{
	char dir[] = "/tmp/st-xdg-XXXXXX", *sub, *file, *path, *cwd;
	struct diags dg = { 0 };

	cr_assert_not_null(mkdtemp(dir));
	sub = xasprintf("%s/sandtable", dir);
	mkdir(sub, 0755);
	free(sub);
	sub = xasprintf("%s/sandtable/templates", dir);
	mkdir(sub, 0755);
	file = xasprintf("%s/mine.yaml", sub);
	put(file, "product: report\n");
	setenv("XDG_DATA_HOME", dir, 1);
	/* Run from the temporary directory: no ./templates there. */
	cwd = getcwd(NULL, 0);
	cr_assert_eq(chdir(dir), 0);
	path = rnd_template_path("mine", &dg);
	cr_assert_not_null(path);
	cr_assert_str_eq(path, file);
	free(path);
	cr_assert_null(rnd_template_path("nosuch", &dg));
	cr_assert_eq(dg.n, 1);
	cr_assert(strstr(dg.v[0].msg, sub) != NULL,
	    "the message names the user directory: %s", dg.v[0].msg);
	cr_assert_eq(chdir(cwd), 0);
	free(cwd);
	unsetenv("XDG_DATA_HOME");
	unlink(file);
	rmdir(sub);
	free(sub);
	sub = xasprintf("%s/sandtable", dir);
	rmdir(sub);
	rmdir(dir);
	free(sub);
	free(file);
	diags_free(&dg);
}
