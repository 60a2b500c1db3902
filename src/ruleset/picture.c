/*
 * picture.c: a unit's Image and Symbol cells. The image file is looked
 * at here, without decoding it: that it exists, is a regular file (not a
 * directory, FIFO or device, which could hang or never end), is readable,
 * is no longer than RS_MAX_IMAGE_FILE and begins as a PNG, a JPEG or an
 * SVG does (an SVG's svg element within its first RS_MAX_SVG_PROLOG
 * bytes). Every problem is an error at the cell, so `check` reports it;
 * decoding (and the pixel limit) is src/render/picture.c's.
 */
#include <ctype.h>
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
char *
rd_beside(const char *rs_path, const char *path)
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

/* The end of the markup at b[i] that opens with open and closes with
 * close (a comment, a processing instruction), or n when it runs on. */
static size_t
skip_past(const unsigned char *b, size_t i, size_t n, const char *close)
{
	size_t k = strlen(close);

	for (; i + k <= n; i++)
		if (memcmp(b + i, close, k) == 0)
			return i + k;
	return n;
}

/* The end of the doctype at b[i], its internal subset ([...]) and the
 * quoted strings in it included, or n when it runs on. */
static size_t
skip_doctype(const unsigned char *b, size_t i, size_t n)
{
	unsigned char quote = 0;
	int depth = 0;

	for (; i < n; i++) {
		if (quote != 0) {
			if (b[i] == quote)
				quote = 0;
		} else if (b[i] == '"' || b[i] == '\'') {
			quote = b[i];
		} else if (b[i] == '[') {
			depth++;
		} else if (b[i] == ']') {
			depth--;
		} else if (b[i] == '>' && depth <= 0) {
			return i + 1;
		}
	}
	return n;
}

/* Whether the element at b[i] is an svg element (<svg or <prefix:svg). */
static int
svg_root(const unsigned char *b, size_t i, size_t n)
{
	size_t k = i + 1;

	while (k < n &&
	    (isalnum(b[k]) || b[k] == '_' || b[k] == '-' || b[k] == '.'))
		k++;
	if (k < n && b[k] == ':') /* a prefix: the name follows */
		i = k;
	return n - i >= 5 && memcmp(b + i + 1, "svg", 3) == 0 &&
	    (b[i + 4] == '>' || b[i + 4] == '/' || b[i + 4] == ' ' ||
	        b[i + 4] == '\t' || b[i + 4] == '\r' || b[i + 4] == '\n');
}

/*
 * Whether the first n bytes are the start of an SVG document: after a
 * byte-order mark, white space, the XML declaration, comments,
 * processing instructions and a doctype, in any number (Inkscape's and
 * licensed art's start so), the svg element. Returns 1, 0 when not, or
 * -1 when they began so and are used up before the svg element came.
 */
static int
looks_svg(const unsigned char *b, size_t n)
{
	size_t i = 0;
	int any = 0;

	if (n >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf)
		i = 3;
	for (;;) {
		while (i < n &&
		    (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' ||
		        b[i] == '\n'))
			i++;
		if (i >= n)
			return any ? -1 : 0;
		if (b[i] != '<')
			return 0;
		if (n - i >= 4 && memcmp(b + i, "<!--", 4) == 0)
			i = skip_past(b, i + 4, n, "-->");
		else if (n - i >= 2 && b[i + 1] == '?')
			i = skip_past(b, i + 2, n, "?>");
		else if (n - i >= 9 &&
		    strncasecmp((const char *)b + i, "<!DOCTYPE", 9) == 0)
			i = skip_doctype(b, i + 9, n);
		else if (n - i < 16 && memchr(b + i, '>', n - i) == NULL)
			return any ? -1 : 0; /* cut in its name */
		else
			return svg_root(b, i, n);
		any = 1;
	}
}

/* The image's format by its first bytes: "png", "jpeg", "svg", or NULL
 * (*cut set when they began as an SVG's prolog and ran out). */
static const char *
sniff(const unsigned char *b, size_t n, int *cut)
{
	static const unsigned char png[8] = { 0x89, 'P', 'N', 'G', '\r', '\n',
		0x1a, '\n' };
	int svg;

	*cut = 0;
	if (n >= 8 && memcmp(b, png, 8) == 0)
		return "png";
	if (n >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff)
		return "jpeg";
	if ((svg = looks_svg(b, n)) == 1)
		return "svg";
	*cut = svg == -1;
	return NULL;
}

/* Check the file at path; NULL when usable (its format in *kind), else
 * why not (in why). */
static const char *
image_problem(const char *path, const char **kind, char *why, size_t sz)
{
	unsigned char *head = NULL;
	struct stat st;
	size_t n = 0;
	ssize_t got;
	int fd, cut;

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
	/* An SVG's prolog (comments, a licence) may be long: its first
	 * RS_MAX_SVG_PROLOG bytes are read, no more. */
	head = xmalloc(RS_MAX_SVG_PROLOG);
	while (n < RS_MAX_SVG_PROLOG &&
	    ((got = read(fd, head + n, RS_MAX_SVG_PROLOG - n)) > 0 ||
	        (got == -1 && errno == EINTR)))
		if (got > 0)
			n += (size_t)got;
	close(fd);
	if (got < 0 && n == 0) {
		snprintf(why, sz, "cannot be read: %s", strerror(errno));
		free(head);
		return why;
	}
	*kind = sniff(head, n, &cut);
	free(head);
	if (*kind == NULL && cut && n == RS_MAX_SVG_PROLOG)
		snprintf(why, sz,
		    "is not a PNG, JPEG or SVG image: no <svg element in "
		    "its first %u KiB (what comes before it, comments and "
		    "all, may be at most that)",
		    RS_MAX_SVG_PROLOG / 1024);
	else if (*kind == NULL)
		snprintf(why, sz, "is not a PNG, JPEG or SVG image");
	return *kind == NULL ? why : NULL;
}

char *
rs_image_file(const struct ruleset *rs, const char *name, const char **kind,
    char *why, size_t sz)
{
	char *file = rd_beside(rs->path, name);

	if (image_problem(file, kind, why, sz) != NULL) {
		free(file);
		return NULL;
	}
	return file;
}

void
rd_unit_image(struct reader *r, const struct cell *c, struct rs_unit *u)
{
	char why[256];
	const char *kind = NULL;
	char *file;

	if (c == NULL || rd_is_none(c->text))
		return;
	file = rd_beside(r->rs->path, c->text);
	if (image_problem(file, &kind, why, sizeof(why)) != NULL) {
		diag_msg(r->d, c->pos, MSG(UNIT_IMAGE), u->name, c->text, why);
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
		diag_msg(r->d, c->pos, MSG(UNIT_UNKNOWN_SYMBOL), u->name,
		    c->text, rs_symbol_names());
	}
	u->symbol = rs_symbol_guess(r->rs, u);
}
