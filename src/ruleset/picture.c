/*
 * picture.c: a unit's Image and Symbol cells. The image file is looked
 * at here, without decoding it: that it exists, is a regular file (not a
 * directory, FIFO or device, which could hang or never end), is readable,
 * is no longer than RS_MAX_IMAGE_FILE and begins as a PNG, a JPEG or an
 * SVG does. Every problem is an error at the cell, so `check` reports it;
 * decoding (and the pixel limit) is src/render/picture.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* The file a path in the ruleset at rs_path names: itself when absolute,
 * else beside the ruleset (caller frees). */
static char *
beside(const char *rs_path, const char *path)
{
	const char *slash = strrchr(rs_path, '/');

	if (path[0] == '/' || slash == NULL || strcmp(rs_path, "-") == 0)
		return xstrdup(path);
	return xasprintf("%.*s/%s", (int)(slash - rs_path + 1) - 1, rs_path,
	    path);
}

/* What a file that is not a regular one is, for the message. */
static const char *
kind_of(mode_t m)
{
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "a device";
	if (S_ISSOCK(m))
		return "a socket";
	return "not a regular file";
}

/* Whether the first n bytes look like an SVG document: XML or <svg
 * before anything else but white space, comments and a doctype, and
 * "<svg" among them. */
static int
looks_svg(const unsigned char *b, size_t n)
{
	size_t i = 0, k;

	if (n >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf)
		i = 3;
	while (i < n &&
	    (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n'))
		i++;
	if (n - i >= 5 &&
	    (memcmp(b + i, "<?xml", 5) == 0 || memcmp(b + i, "<svg", 4) == 0 ||
	        memcmp(b + i, "<!--", 4) == 0 ||
	        strncasecmp((const char *)b + i, "<!DOCTYPE", 5) == 0))
		for (k = i; k + 4 <= n; k++)
			if (memcmp(b + k, "<svg", 4) == 0)
				return 1;
	return 0;
}

/* The image's format by its first bytes: "png", "jpeg", "svg" or NULL. */
static const char *
sniff(const unsigned char *b, size_t n)
{
	static const unsigned char png[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
		0x1a, '\n' };

	if (n >= 8 && memcmp(b, png, 8) == 0)
		return "png";
	if (n >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff)
		return "jpeg";
	return looks_svg(b, n) ? "svg" : NULL;
}

/* Check the file at path; NULL when usable (its format in *kind), else
 * why not (in why). */
static const char *
image_problem(const char *path, const char **kind, char *why, size_t sz)
{
	unsigned char head[1024];
	struct stat st;
	ssize_t got;
	int fd;

	if (stat(path, &st) == -1) {
		snprintf(why, sz, "%s",
		    errno == ENOENT ? "no such file" : strerror(errno));
		return why;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, sz, "is %s, not an image file",
		    kind_of(st.st_mode));
		return why;
	}
	if ((unsigned long long)st.st_size > RS_MAX_IMAGE_FILE) {
		snprintf(why, sz,
		    "is %lld bytes, more than the %u MiB an "
		    "image may have",
		    (long long)st.st_size, RS_MAX_IMAGE_FILE / (1024 * 1024));
		return why;
	}
	/* O_NONBLOCK: had it become a FIFO since, open would not wait. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) == -1) {
		snprintf(why, sz, "cannot be read: %s", strerror(errno));
		return why;
	}
	got = read(fd, head, sizeof(head));
	close(fd);
	if (got < 0) {
		snprintf(why, sz, "cannot be read: %s", strerror(errno));
		return why;
	}
	if ((*kind = sniff(head, (size_t)got)) == NULL) {
		snprintf(why, sz, "is not a PNG, JPEG or SVG image");
		return why;
	}
	return NULL;
}

void
rd_unit_image(struct reader *r, const struct cell *c, struct rs_unit *u)
{
	char why[160];
	const char *kind = NULL;
	char *file;

	if (c == NULL || rd_is_none(c->text))
		return;
	file = beside(r->rs->path, c->text);
	if (image_problem(file, &kind, why, sizeof(why)) != NULL) {
		diag_add(r->d, SEV_ERROR, c->pos, "unit '%s': Image '%s' %s",
		    u->name, c->text, why);
		free(file);
		return;
	}
	u->image = xstrdup(c->text);
	u->image_file = file;
	u->image_pos = c->pos;
	u->image_kind = kind;
}

void
rd_unit_symbol(struct reader *r, const struct cell *c, struct rs_unit *u)
{
	enum rs_symbol s;

	if (c != NULL && !rd_is_none(c->text)) {
		if (rs_symbol_parse(c->text, &s) == 0) {
			u->symbol = s;
			u->symbol_set = 1;
			return;
		}
		diag_add(r->d, SEV_ERROR, c->pos,
		    "unit '%s': unknown Symbol "
		    "'%s' (known: %s)",
		    u->name, c->text, rs_symbol_names());
	}
	u->symbol = rs_symbol_guess(r->rs, u);
}
