/*
 * odstab.c: a table kept in an OpenDocument spreadsheet (issue 38):
 * `units: stats.ods#Units` names the sheet Units of stats.ods (no
 * sheet: the first). The file is a zip (libzip); its content.xml is read
 * with libxml2 (no network, no entities substituted) only after its
 * size is known to be within bounds, so a zip bomb is refused before it
 * is inflated. The sheet becomes a Markdown table as a CSV file's does
 * (csvtab.c); a message about a cell names the file, its row and its
 * column, as a spreadsheet numbers them.
 *
 * libzip and libxml2 are opened when the first sheet is read (dlib.c),
 * not linked: only a ruleset with an .ods table needs them.
 */
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <zip.h>

#include "internal.h"

#ifndef ZIP_SONAME
#define ZIP_SONAME "libzip.so.4"
#endif
#ifndef XML2_SONAME
#define XML2_SONAME "libxml2.so.2"
#endif

/* The functions of libzip and libxml2 a sheet takes. */
#define ZIP_FNS(F)                                                            \
	F(zip_error_init)                                                     \
	F(zip_error_fini)                                                     \
	F(zip_source_buffer_create)                                           \
	F(zip_source_free)                                                    \
	F(zip_open_from_source)                                               \
	F(zip_stat)                                                           \
	F(zip_fopen)                                                          \
	F(zip_fread)                                                          \
	F(zip_fclose)                                                         \
	F(zip_close)
#define XML_FNS(F)                                                            \
	F(xmlReadMemory)                                                      \
	F(xmlDocGetRootElement)                                               \
	F(xmlNodeGetContent)                                                  \
	F(xmlFreeDoc)                                                         \
	F(xmlFree)
static struct {
	ZIP_FNS(DLIB_PTR)
} zipf;
static const char *const zipf_names[] = { ZIP_FNS(DLIB_NAME) };
static struct dlib zip_lib = DLIB(ZIP_SONAME, zipf, zipf_names);
static struct {
	XML_FNS(DLIB_PTR)
} xmlf;
static const char *const xmlf_names[] = { XML_FNS(DLIB_NAME) };
static struct dlib xml_lib = DLIB(XML2_SONAME, xmlf, xmlf_names);

/* libxml2's free (a variable of it, not a function), for what it
 * returns. */
static void
xfree(void *p)
{
	(*xmlf.xmlFree)(p);
}

/* content.xml inflated: at most this (README.md, Limits). */
#define ODS_MAX_XML (32u * 1024 * 1024)
#define ODS_MAX_COLS 64
#define ODS_MAX_CELL 2000

/* Whether node n is the element named name (its local name). */
static int
is(const xmlNode *n, const char *name)
{
	return n != NULL && n->type == XML_ELEMENT_NODE &&
	    strcmp((const char *)n->name, name) == 0;
}

/* An attribute by its local name, or NULL (caller frees with xmlFree). */
static xmlChar *
attr(const xmlNode *n, const char *name)
{
	const xmlAttr *a;

	for (a = n->properties; a != NULL; a = a->next)
		if (strcmp((const char *)a->name, name) == 0)
			return xmlf.xmlNodeGetContent((const xmlNode *)a);
	return NULL;
}

static long
repeat(const xmlNode *n, const char *name)
{
	xmlChar *v = attr(n, name);
	long k = v != NULL ? strtol((const char *)v, NULL, 10) : 1;

	xfree(v);
	return k < 1 ? 1 : k;
}

/* A cell's text as shown: its paragraphs, a space between (caller
 * frees). */
static char *
cell_text(const xmlNode *c)
{
	char *s = xstrdup(""), *t;
	const xmlNode *p;

	/* Past the cell's limit it is refused: no need to read on. */
	for (p = c->children; p != NULL && strlen(s) <= ODS_MAX_CELL;
	     p = p->next)
		if (is(p, "p")) {
			xmlChar *v = xmlf.xmlNodeGetContent(p);

			t = xasprintf("%s%s%s", s, *s != '\0' ? " " : "",
			    (const char *)v);
			xfree(v);
			free(s);
			s = t;
		}
	return s;
}

/* The rows of sheet tab into a Markdown table; -1 on a limit (said). */
static int
sheet_rows(struct reader *r, const char *file, const xmlNode *tab,
    struct rs_md *table)
{
	const xmlNode *row, *c;
	int rown = 0;

	for (row = tab->children; row != NULL; row = row->next) {
		const xmlNode *rows = row;
		long rrep, k;

		/* Rows may sit in groups (header rows, row groups). */
		if (is(row, "table-header-rows") || is(row, "table-row-group"))
			rows = row->children;
		for (; rows != NULL; rows = rows == row ? NULL : rows->next) {
			struct rs_md *mr;
			int coln = 0, last = 0;

			if (!is(rows, "table-row"))
				continue;
			rrep = repeat(rows, "number-rows-repeated");
			mr = xcalloc(1, sizeof(*mr));
			mr->kind = RS_MD_TABLE_ROW;
			mr->pos.file = file;
			mr->pos.line = rown + 1;
			mr->pos.col = 1;
			mr->header = table->nkids == 0;
			for (c = rows->children; c != NULL; c = c->next) {
				long crep;
				char *s;

				if (!is(c, "table-cell") &&
				    !is(c, "covered-table-cell"))
					continue;
				crep = repeat(c, "number-columns-repeated");
				s = cell_text(c);
				if (strlen(s) > ODS_MAX_CELL ||
				    (*s != '\0' &&
				        coln + crep > ODS_MAX_COLS)) {
					struct pos at = { file, rown + 1,
						coln + 1 };

					if (strlen(s) > ODS_MAX_CELL)
						diag_msg(r->d, at,
						    MSG(CSV_CELL_TOO_LONG),
						    strlen(s), ODS_MAX_CELL);
					else
						diag_msg(r->d, at,
						    MSG(CSV_TOO_MANY_COLUMNS),
						    ODS_MAX_COLS);
					free(s);
					rs_md_free(mr);
					return -1;
				}
				/* Empty cells repeated to the sheet's edge
				 * are no columns: kept only up to the limit
				 * (a value past it is the error above). */
				for (k = 0; k < crep &&
				     (*s != '\0' || mr->nkids < ODS_MAX_COLS);
				     k++) {
					XPUSH(mr->kids, mr->nkids, mr->capkids,
					    rd_md_cell(file, rown + 1,
					        coln + (int)k + 1, s,
					        strlen(s)));
					if (*s != '\0')
						last = (int)mr->nkids;
				}
				coln += crep > ODS_MAX_COLS ?
				    ODS_MAX_COLS + 1 :
				    (int)crep;
				free(s);
			}
			/* Trailing empty cells dropped. */
			while (mr->nkids > (size_t)last) {
				rs_md_free(mr->kids[mr->nkids - 1]);
				mr->nkids--;
			}
			if (mr->nkids == 0) {
				/* Blank rows (a sheet's million to its edge)
				 * are no rows. */
				rs_md_free(mr);
				rown += rrep > 1000000 ? 1000000 : (int)rrep;
				continue;
			}
			for (k = 0; k < rrep; k++) {
				if (table->nkids > RS_MAX_TABLE_ROWS) {
					diag_msg(r->d, mr->pos,
					    MSG(CSV_TOO_MANY_ROWS),
					    RS_MAX_TABLE_ROWS);
					rs_md_free(mr);
					return -1;
				}
				if (k + 1 < rrep) {
					/* A row repeated: its copy. */
					struct rs_md *cp = xcalloc(1,
					    sizeof(*cp));
					size_t j;

					*cp = *mr;
					cp->kids = NULL;
					cp->nkids = cp->capkids = 0;
					cp->pos.line = rown + 1;
					cp->header = table->nkids == 0;
					for (j = 0; j < mr->nkids; j++)
						XPUSH(cp->kids, cp->nkids,
						    cp->capkids,
						    rd_md_cell(file, rown + 1,
						        (int)j + 1,
						        mr->kids[j]
						            ->kids[0]
						            ->text,
						        strlen(mr->kids[j]
						                   ->kids[0]
						                   ->text)));
					XPUSH(table->kids, table->nkids,
					    table->capkids, cp);
				} else {
					mr->pos.line = rown + 1;
					mr->header = table->nkids == 0;
					XPUSH(table->kids, table->nkids,
					    table->capkids, mr);
				}
				rown++;
			}
		}
	}
	return 0;
}

/* The sheet named sheet (NULL: the first) under n, depth first. */
static const xmlNode *
find_sheet(const xmlNode *n, const char *sheet, int depth)
{
	const xmlNode *k, *f;

	for (; n != NULL && depth < 16; n = n->next) {
		if (is(n, "table")) {
			xmlChar *nm = attr(n, "name");
			int hit = sheet == NULL ||
			    (nm != NULL &&
			        strcmp((const char *)nm, sheet) == 0);

			xfree(nm);
			if (hit)
				return n;
			continue;
		}
		for (k = n->children; k != NULL; k = NULL)
			if ((f = find_sheet(k, sheet, depth + 1)) != NULL)
				return f;
	}
	return NULL;
}

struct rs_md *
rd_ods_table(struct reader *r, const char *name, struct pos at)
{
	char *spec = xstrdup(name), *hash = strchr(spec, '#');
	char *data = NULL, *xml = NULL;
	const char *file, *sheet = NULL;
	size_t len = 0;
	zip_source_t *src = NULL;
	zip_t *z = NULL;
	zip_file_t *zf = NULL;
	zip_stat_t st;
	zip_error_t ze;
	xmlDoc *doc = NULL;
	const xmlNode *tab;
	struct rs_md *table = NULL;
	zip_int64_t got;

	if (hash != NULL) {
		*hash = '\0';
		sheet = hash + 1;
	}
	if (dlib_open(&zip_lib) != 0 || dlib_open(&xml_lib) != 0) {
		diag_msg(r->d, at, MSG(CSV_NOT_READ),
		    zip_lib.state != 1 ? zip_lib.why : xml_lib.why);
		goto out;
	}
	if ((data = rd_sheet_read(r, spec, at, &file, &len)) == NULL)
		goto out;
	zipf.zip_error_init(&ze);
	if ((src = zipf.zip_source_buffer_create(data, len, 0, &ze)) == NULL ||
	    (z = zipf.zip_open_from_source(src, ZIP_RDONLY, &ze)) == NULL) {
		struct pos top = { file, 0, 0 };

		diag_msg(r->d, top, MSG(ODS_NOT_ODS));
		if (src != NULL)
			zipf.zip_source_free(src);
		zipf.zip_error_fini(&ze);
		goto out;
	}
	zipf.zip_error_fini(&ze);
	/* Its size first: a zip that would inflate to gigabytes is
	 * refused unread (and a size that lies is caught reading). */
	if (zipf.zip_stat(z, "content.xml", 0, &st) != 0 ||
	    !(st.valid & ZIP_STAT_SIZE)) {
		struct pos top = { file, 0, 0 };

		diag_msg(r->d, top, MSG(ODS_NOT_ODS));
		goto out;
	}
	if (st.size > ODS_MAX_XML) {
		struct pos top = { file, 0, 0 };

		diag_msg(r->d, top, MSG(ODS_TOO_LARGE),
		    (unsigned long long)st.size, ODS_MAX_XML >> 20);
		goto out;
	}
	xml = xmalloc((size_t)st.size + 1);
	if ((zf = zipf.zip_fopen(z, "content.xml", 0)) == NULL ||
	    (got = zipf.zip_fread(zf, xml, st.size)) < 0 ||
	    (zip_uint64_t)got != st.size) {
		struct pos top = { file, 0, 0 };

		diag_msg(r->d, top, MSG(ODS_NOT_ODS));
		goto out;
	}
	doc = xmlf.xmlReadMemory(xml, (int)st.size, "content.xml", NULL,
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (doc == NULL) {
		struct pos top = { file, 0, 0 };

		diag_msg(r->d, top, MSG(ODS_NOT_ODS));
		goto out;
	}
	if ((tab = find_sheet(xmlf.xmlDocGetRootElement(doc), sheet, 0)) ==
	    NULL) {
		diag_msg(r->d, at, MSG(ODS_NO_SHEET), file,
		    sheet != NULL ? sheet : "");
		goto out;
	}
	table = xcalloc(1, sizeof(*table));
	table->kind = RS_MD_TABLE;
	table->pos.file = file;
	table->pos.line = 1;
	table->pos.col = 1;
	if (sheet_rows(r, file, tab, table) == -1) {
		rs_md_free(table);
		table = NULL;
	} else if (table->nkids == 0) {
		struct pos top = { file, 1, 1 };

		diag_msg(r->d, top, MSG(CSV_EMPTY));
		rs_md_free(table);
		table = NULL;
	}
out:
	if (doc != NULL)
		xmlf.xmlFreeDoc(doc);
	if (zf != NULL)
		zipf.zip_fclose(zf);
	if (z != NULL)
		zipf.zip_close(z);
	free(xml);
	free(data);
	free(spec);
	return table;
}
