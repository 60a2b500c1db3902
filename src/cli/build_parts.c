/*
 * build_parts.c: the parts of a ruleset that products read, each with a
 * fingerprint of its content (issue 36), so that a build remakes only
 * the products whose parts changed. The parts are cut from the source
 * text along the reader's own tree: every line of the file belongs to
 * exactly one part, so any change to the file changes at least one
 * fingerprint, and a product that reads every part it draws on is
 * remade whenever it could come out different.
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/base.h"
#include "../ruleset/ruleset.h"
#include "build_parts.h"

static void
ck_bytes(GChecksum *ck, const char *s, size_t n)
{
	g_checksum_update(ck, (const guchar *)s, (gssize)n);
}

static void
ck_str(GChecksum *ck, const char *s)
{
	s = s != NULL ? s : "(none)";
	ck_bytes(ck, s, strlen(s));
	ck_bytes(ck, "\n", 1);
}

int
build_file_sha256(const char *path, char hex[65])
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

/* A test game (a code block the reader reads as one) in m's tree. */
static int
holds_test_game(const struct rs_md *m)
{
	size_t i;

	if (m->kind == RS_MD_CODE_BLOCK && m->info != NULL &&
	    strncmp(m->info, "test-game", 9) == 0)
		return 1;
	for (i = 0; i < m->nkids; i++)
		if (holds_test_game(m->kids[i]))
			return 1;
	return 0;
}

/* Whether list m is one the reader reads (the sequence of play: its
 * items are the phases). */
static int
read_list(const struct ruleset *rs, const struct rs_md *m)
{
	size_t i, j;

	for (i = 0; i < m->nkids; i++)
		for (j = 0; j < rs->nphases; j++)
			if (rs->phases[j].pos.line == m->kids[i]->pos.line &&
			    rs->phases[j].pos.col == m->kids[i]->pos.col)
				return 1;
	return 0;
}

/*
 * The part a top-level block is of: what the reader reads into the
 * model (headings, which name the sections; tables; the sequence of
 * play) is the tables' part, a block holding a test game the test
 * games', code and everything else the prose's.
 */
static int
block_part(const struct ruleset *rs, const struct rs_md *m)
{
	if (holds_test_game(m))
		return PART_TESTS;
	if (m->kind == RS_MD_HEADING || m->kind == RS_MD_TABLE)
		return PART_TABLES;
	if (m->kind == RS_MD_LIST && read_list(rs, m))
		return PART_TABLES;
	return PART_PROSE;
}

/* The pictures of a tree: every image's file, as the ruleset finds it. */
static void
ck_images(GChecksum *ck, const struct ruleset *rs, const struct rs_md *m)
{
	const char *kind;
	char why[256], hex[65], *f;
	size_t i;

	if (m->kind == RS_MD_LINK && m->level == 1 && m->info != NULL) {
		ck_str(ck, m->info);
		f = rs_image_file(rs, m->info, &kind, why, sizeof(why));
		ck_str(ck, f);
		ck_str(ck,
		    f != NULL && build_file_sha256(f, hex) == 0 ? hex :
		                                                  "absent");
		free(f);
	}
	for (i = 0; i < m->nkids; i++)
		ck_images(ck, rs, m->kids[i]);
}

struct block {
	int line, part;
};

static int
cmp_block(const void *a, const void *b)
{
	const struct block *x = a, *y = b;

	return x->line != y->line ? (x->line > y->line) - (x->line < y->line) :
	                            (x->part > y->part) - (x->part < y->part);
}

void
build_parts(const struct ruleset *rs, char hex[PART__N][65])
{
	GChecksum *ck[PART__N];
	struct block *b;
	size_t nb = 0, i, *at, nlines = 0, cap = 16, k;
	const char *s = rs->src != NULL ? rs->src : "";
	size_t len = rs->src != NULL ? rs->srclen : 0;
	char num[64];
	int p;

	for (p = 0; p < PART__N; p++) {
		ck[p] = g_checksum_new(G_CHECKSUM_SHA256);
		snprintf(num, sizeof(num), "sandtable part %d", p);
		ck_str(ck[p], num);
	}
	/* Where each line starts (at[l - 1] for line l), and the end. */
	at = xcalloc(cap, sizeof(size_t));
	at[nlines++] = 0;
	for (i = 0; i < len; i++)
		if (s[i] == '\n') {
			if (nlines + 1 >= cap)
				at = xrealloc(at, (cap *= 2) * sizeof(size_t));
			at[nlines++] = i + 1;
		}
	at[nlines] = len;
	/* The body's blocks by their first line: each runs to the next. */
	b = xcalloc(rs->doc != NULL ? rs->doc->nkids + 1 : 1, sizeof(*b));
	for (i = 0; rs->doc != NULL && i < rs->doc->nkids; i++) {
		const struct rs_md *m = rs->doc->kids[i];

		if (m->pos.line < 1 || (size_t)m->pos.line > nlines)
			continue;
		b[nb].line = m->pos.line;
		b[nb++].part = block_part(rs, m);
	}
	qsort(b, nb, sizeof(*b), cmp_block);
	/* The front matter and anything before the first block: the
	 * settings. Then each block's lines into its part, and where it
	 * stands (its first line) into the places. */
	k = nb > 0 ? (size_t)b[0].line - 1 : nlines;
	/* Blank lines before the body move it, and change nothing else. */
	for (i = at[k]; i > 0 &&
	     (s[i - 1] == '\n' || s[i - 1] == ' ' || s[i - 1] == '\t' ||
	         s[i - 1] == '\r');
	     i--)
		continue;
	ck_bytes(ck[PART_SETTINGS], s, i);
	for (i = 0; i < nb; i++) {
		size_t from = (size_t)b[i].line - 1,
		       to = i + 1 < nb ? (size_t)b[i + 1].line - 1 : nlines;

		if (to < from)
			to = from;
		snprintf(num, sizeof(num), "%d %d", b[i].line, b[i].part);
		ck_str(ck[PART_PLACES], num);
		/* Its text, where it ends marked, not where it stands (the
		 * places say that): a block moved down by a line of prose
		 * reads the same. */
		ck_bytes(ck[b[i].part], s + at[from], at[to] - at[from]);
		ck_bytes(ck[b[i].part], "", 1);
	}
	snprintf(num, sizeof(num), "%zu lines", nlines);
	ck_str(ck[PART_PLACES], num);
	/* What the reader says, where: the findings a report prints with
	 * their places and lines. */
	{
		struct diags d = { 0 };
		struct ruleset *again = rs_parse(rs->path, s, len, &d);

		for (i = 0; i < d.n; i++) {
			const struct diag *x = &d.v[i];

			snprintf(num, sizeof(num), "%d %d:%d", (int)x->sev,
			    x->line, x->col);
			ck_str(ck[PART_PLACES], num);
			ck_str(ck[PART_PLACES], x->msg);
			if (x->line >= 1 && (size_t)x->line <= nlines)
				ck_bytes(ck[PART_PLACES], s + at[x->line - 1],
				    at[x->line] - at[x->line - 1]);
		}
		if (again != NULL)
			rs_free(again);
		diags_free(&d);
	}
	/* The pictures: each unit's, and each the text shows. */
	for (i = 0; i < rs->nunits; i++) {
		char h[65];
		const char *f = rs->units[i].image_file;

		ck_str(ck[PART_PICTURES], rs->units[i].image);
		ck_str(ck[PART_PICTURES], f);
		ck_str(ck[PART_PICTURES],
		    f != NULL && build_file_sha256(f, h) == 0 ? h : "absent");
	}
	/* The rulebook's cover. */
	{
		char h[65];

		ck_str(ck[PART_PICTURES], rs->cover_file);
		ck_str(ck[PART_PICTURES],
		    rs->cover_file != NULL &&
		            build_file_sha256(rs->cover_file, h) == 0 ?
		        h :
		        "absent");
	}
	if (rs->doc != NULL)
		ck_images(ck[PART_PICTURES], rs, rs->doc);
	for (p = 0; p < PART__N; p++) {
		snprintf(hex[p], 65, "%s", g_checksum_get_string(ck[p]));
		g_checksum_free(ck[p]);
	}
	free(at);
	free(b);
}
