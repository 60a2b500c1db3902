/*
 * serve_http.c: the preview's HTTP server (libmicrohttpd, a thread a
 * connection, at most SERVE_CONNS_HARD of them). It answers GET and HEAD
 * only, a request without a body only, SERVE_CONNS connections at a time
 * (503 past them); it serves only the files of DIR/NAME/ for the
 * rulesets it builds, opened a folder at a time with O_NOFOLLOW (no
 * "..", no hidden file, no link followed). Its pages:
 *   /                  each ruleset, its state and its products;
 *   /NAME/             a ruleset: its diagnostics when the last build
 *                      failed, its products, its HTML rulebook, every
 *                      page of every PDF product as a PNG;
 *   /NAME/FILE         a product's file;
 *   /NAME/F.pdf/page-N.png  page N of a PDF, drawn by poppler (cached
 *                      while the PDF is the same file);
 *   /events            Server-Sent Events: one a build, which the pages'
 *                      script answers by fetching the page again and
 *                      swapping in the parts that changed.
 * libmicrohttpd is opened when serve starts (dlib.c), not linked: no
 * other command needs it, or the gnutls it pulls in.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <sys/socket.h>
#include <microhttpd.h>

#include "cli.h"
#include "json.h"
#include "serve.h"
#include "../render/pdfpage.h"

#ifndef MHD_SONAME
#define MHD_SONAME "libmicrohttpd.so.12"
#endif

/* The functions of libmicrohttpd the server takes. */
#define MHD_FNS(F)                                                            \
	F(MHD_add_response_header)                                            \
	F(MHD_create_response_from_buffer)                                    \
	F(MHD_create_response_from_callback)                                  \
	F(MHD_create_response_from_fd)                                        \
	F(MHD_destroy_response)                                               \
	F(MHD_get_connection_info)                                            \
	F(MHD_get_daemon_info)                                                \
	F(MHD_get_reason_phrase_for)                                          \
	F(MHD_lookup_connection_value)                                        \
	F(MHD_queue_response)                                                 \
	F(MHD_start_daemon)                                                   \
	F(MHD_stop_daemon)
static struct {
	MHD_FNS(DLIB_PTR)
} mhdf;
static const char *const mhdf_names[] = { MHD_FNS(DLIB_NAME) };
static struct dlib mhd_lib = DLIB(MHD_SONAME, mhdf, mhdf_names);

/* A growing text. */
struct buf {
	char *p;
	size_t n, cap;
};

static void
bput(struct buf *b, const char *s, size_t len)
{
	if (b->n + len + 1 > b->cap) {
		b->cap = (b->n + len + 1) * 2;
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, s, len);
	b->n += len;
	b->p[b->n] = '\0';
}

static void
bstr(struct buf *b, const char *s)
{
	bput(b, s, strlen(s));
}

static void bfmt(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void
bfmt(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	bstr(b, s);
	free(s);
}

/* s, escaped for HTML text and attribute values. */
static void
besc(struct buf *b, const char *s)
{
	for (; *s != '\0'; s++)
		switch (*s) {
		case '&':
			bstr(b, "&amp;");
			break;
		case '<':
			bstr(b, "&lt;");
			break;
		case '>':
			bstr(b, "&gt;");
			break;
		case '"':
			bstr(b, "&quot;");
			break;
		case '\'':
			bstr(b, "&#39;");
			break;
		default:
			bput(b, s, 1);
		}
}

/* s, escaped for a path in a URL (its bytes other than letters, digits
 * and -._~ as %XX). */
static void
burl(struct buf *b, const char *s)
{
	char x[4];

	for (; *s != '\0'; s++)
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || strchr("-._~", *s) != NULL)
			bput(b, s, 1);
		else {
			snprintf(x, sizeof(x), "%%%02X", (unsigned char)*s);
			bstr(b, x);
		}
}

/* ---- answers ---- */

/* Headers every answer has: nothing sniffed, nothing kept stale, no
 * request made elsewhere by a page. */
static void
headers(struct MHD_Response *r, const char *type)
{
	mhdf.MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	mhdf.MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	mhdf.MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL,
	    "no-cache");
	mhdf.MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	if (strncmp(type, "text/html", 9) == 0)
		mhdf.MHD_add_response_header(r, "Content-Security-Policy",
		    "default-src 'none'; img-src 'self' data:; "
		    "style-src 'unsafe-inline'; font-src data:; "
		    "script-src 'unsafe-inline'; connect-src 'self'; "
		    "base-uri 'none'; form-action 'none'");
}

/* Queue the text of b (taken) as the answer. */
static enum MHD_Result
reply(struct MHD_Connection *c, unsigned status, const char *type,
    struct buf *b)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = mhdf.MHD_create_response_from_buffer(b->n, b->p,
	    MHD_RESPMEM_MUST_FREE);
	headers(r, type);
	ret = mhdf.MHD_queue_response(c, status, r);
	mhdf.MHD_destroy_response(r);
	b->p = NULL;
	return ret;
}

/* An error's answer: its status and why, as a line of text; the
 * connection closed after it when close. */
static enum MHD_Result
fail(struct MHD_Connection *c, unsigned status, const char *why, int close)
{
	struct buf b = { NULL, 0, 0 };
	struct MHD_Response *r;
	enum MHD_Result ret;

	bfmt(&b, "%u %s: %s\n", status, mhdf.MHD_get_reason_phrase_for(status),
	    why);
	r = mhdf.MHD_create_response_from_buffer(b.n, b.p,
	    MHD_RESPMEM_MUST_FREE);
	headers(r, "text/plain; charset=utf-8");
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		mhdf.MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW,
		    "GET, HEAD");
	if (status == MHD_HTTP_SERVICE_UNAVAILABLE)
		mhdf.MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER,
		    "2");
	if (close)
		mhdf.MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION,
		    "close");
	ret = mhdf.MHD_queue_response(c, status, r);
	mhdf.MHD_destroy_response(r);
	return ret;
}

/* A file's Content-Type, by its name's end. */
static const char *
mime(const char *name)
{
	static const char *const types[][2] = {
		{ ".html", "text/html; charset=utf-8" },
		{ ".pdf", "application/pdf" },
		{ ".png", "image/png" },
		{ ".svg", "image/svg+xml" },
		{ ".json", "application/json" },
		{ ".txt", "text/plain; charset=utf-8" },
		{ ".yaml", "text/plain; charset=utf-8" },
		{ ".csv", "text/csv; charset=utf-8" },
		{ ".vtt", "text/plain; charset=utf-8" },
	};
	size_t i, n = strlen(name), k;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if ((k = strlen(types[i][0])) < n &&
		    strcasecmp(name + n - k, types[i][0]) == 0)
			return types[i][1];
	return "application/octet-stream";
}

/* ---- the output folder ---- */

/*
 * Open DIR/name/file (file NULL: the folder) without following a link
 * and only as what it should be (a folder, a regular file); st gets its
 * status. Returns the descriptor, or -1 with errno (ELOOP: a link).
 */
static int
open_out(const struct serve *sv, const char *name, const char *file,
    struct stat *st)
{
	int root, dir, fd;

	if ((root = open(sv->outdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) ==
	    -1)
		return -1;
	dir = openat(root, name,
	    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	close(root);
	if (dir == -1 || file == NULL) {
		if (dir != -1 && fstat(dir, st) == -1) {
			close(dir);
			return -1;
		}
		return dir;
	}
	/* O_NONBLOCK: a FIFO put there does not hang the thread. */
	fd = openat(dir, file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	close(dir);
	if (fd == -1)
		return -1;
	if (fstat(fd, st) == -1 || !S_ISREG(st->st_mode)) {
		close(fd);
		errno = ENOENT;
		return -1;
	}
	return fd;
}

static long long
mtime_ns(const struct stat *st)
{
	return (long long)st->st_mtim.tv_sec * 1000000000LL +
	    st->st_mtim.tv_nsec;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A ruleset's files: the regular ones of DIR/name, sorted, without
 * the hidden ones. Returns how many (*names: caller frees each). */
static size_t
list_out(const struct serve *sv, const char *name, char ***names)
{
	struct stat st;
	struct dirent *e;
	DIR *d;
	int fd;
	size_t n = 0, cap = 0;

	*names = NULL;
	if ((fd = open_out(sv, name, NULL, &st)) == -1)
		return 0;
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return 0;
	}
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.' &&
		    fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(st.st_mode))
			XPUSH(*names, n, cap, xstrdup(e->d_name));
	closedir(d);
	if (n > 1)
		qsort(*names, n, sizeof(char *), name_cmp);
	return n;
}

static void
list_free(char **names, size_t n)
{
	while (n > 0)
		free(names[--n]);
	free(names);
}

/* The whole of a regular file open at fd (at most max bytes), or NULL
 * (fd closed either way). */
static char *
slurp(int fd, const struct stat *st, long max, size_t *len)
{
	char *p;
	size_t got = 0;
	ssize_t r;

	if (st->st_size > max) {
		close(fd);
		return NULL;
	}
	p = xmalloc((size_t)st->st_size + 1);
	while (got < (size_t)st->st_size &&
	    (r = read(fd, p + got, (size_t)st->st_size - got)) > 0)
		got += (size_t)r;
	close(fd);
	p[got] = '\0';
	*len = got;
	return p;
}

/* ---- pages of PDFs ---- */

/* What the caller of pdf_page() gets of entry x: copies. */
static void
hand(const struct serve_png *x, int *npages, int **sizes, unsigned char **png,
    size_t *len)
{
	*npages = x->npages;
	if (x->page == 0) {
		*sizes = xcalloc((size_t)x->npages + 1, 2 * sizeof(int));
		memcpy(*sizes, x->sizes, (size_t)x->npages * 2 * sizeof(int));
	} else {
		*png = xmalloc(x->len);
		memcpy(*png, x->png, x->len);
		*len = x->len;
	}
}

/*
 * Page page of DIR/name/file, a PDF, as a PNG (*png, *len), or with page
 * 0 its pages' sizes in pixels (*sizes, 2 ints a page): from the cache
 * while the file is the same, else drawn (one at a time). Returns 0
 * with *npages and a copy (caller frees), or the HTTP status of the
 * failure with *why.
 */
static unsigned
pdf_page(struct serve *sv, const char *name, const char *file, int page,
    int *npages, int **sizes, unsigned char **png, size_t *len,
    const char **why)
{
	struct serve_png e;
	struct stat st;
	char *key, *pdf;
	size_t i, pdflen;
	int fd, rc;

	if ((fd = open_out(sv, name, file, &st)) == -1) {
		*why = errno == ELOOP ? "a link is not served" :
		                        "no such file";
		return errno == ELOOP ? MHD_HTTP_FORBIDDEN :
		                        MHD_HTTP_NOT_FOUND;
	}
	key = xasprintf("%s/%s", name, file);
	pthread_mutex_lock(&sv->mu);
	for (i = 0; i < sv->npng; i++) {
		struct serve_png *x = &sv->png[i];

		if (x->page == page && x->ino == st.st_ino &&
		    x->dev == st.st_dev && x->size == st.st_size &&
		    x->mtime_ns == mtime_ns(&st) && strcmp(x->key, key) == 0) {
			hand(x, npages, sizes, png, len);
			pthread_mutex_unlock(&sv->mu);
			close(fd);
			free(key);
			return 0;
		}
	}
	pthread_mutex_unlock(&sv->mu);
	if ((pdf = slurp(fd, &st, SERVE_PDF_MAX, &pdflen)) == NULL) {
		free(key);
		*why = "the PDF is too large to draw (README, serve)";
		return MHD_HTTP_CONTENT_TOO_LARGE;
	}
	memset(&e, 0, sizeof(e));
	pthread_mutex_lock(&sv->draw);
	rc = rnd_pdf_page_png(pdf, pdflen, page, SERVE_DPI, &e.npages,
	    &e.sizes, &e.png, &e.len, why);
	pthread_mutex_unlock(&sv->draw);
	free(pdf);
	if (rc == -1) {
		free(key);
		return MHD_HTTP_NOT_FOUND;
	}
	e.key = key;
	e.page = page;
	hand(&e, npages, sizes, png, len);
	e.dev = st.st_dev;
	e.ino = st.st_ino;
	e.size = st.st_size;
	e.mtime_ns = mtime_ns(&st);
	pthread_mutex_lock(&sv->mu);
	/* Past the bound, the cache starts again. */
	if (sv->pngbytes + e.len > SERVE_CACHE_MAX) {
		for (i = 0; i < sv->npng; i++) {
			free(sv->png[i].key);
			free(sv->png[i].png);
			free(sv->png[i].sizes);
		}
		sv->npng = sv->pngbytes = 0;
	}
	sv->pngbytes += e.len;
	XPUSH(sv->png, sv->npng, sv->cappng, e);
	pthread_mutex_unlock(&sv->mu);
	return 0;
}

/* /NAME/FILE.pdf/page-N.png */
static enum MHD_Result
page_png(struct serve *sv, struct MHD_Connection *c, const char *name,
    const char *file, const char *leaf)
{
	struct buf b = { NULL, 0, 0 };
	unsigned char *png = NULL;
	const char *why = "";
	char *end;
	long page;
	size_t len = 0;
	unsigned st;
	int npages;

	if (strncmp(leaf, "page-", 5) != 0 || leaf[5] < '1' || leaf[5] > '9' ||
	    (page = strtol(leaf + 5, &end, 10)) > 99999 ||
	    strcmp(end, ".png") != 0)
		return fail(c, MHD_HTTP_NOT_FOUND, "no such page", 0);
	if ((st = pdf_page(sv, name, file, (int)page, &npages, NULL, &png,
	         &len, &why)) != 0)
		return fail(c, st, why, 0);
	b.p = (char *)png;
	b.n = len;
	return reply(c, MHD_HTTP_OK, "image/png", &b);
}

/* /NAME/FILE */
static enum MHD_Result
out_file(struct serve *sv, struct MHD_Connection *c, const char *name,
    const char *file)
{
	struct MHD_Response *r;
	struct stat st;
	enum MHD_Result ret;
	int fd;

	if ((fd = open_out(sv, name, file, &st)) == -1)
		return errno == ELOOP ?
		    fail(c, MHD_HTTP_FORBIDDEN, "a link is not served", 0) :
		    fail(c, MHD_HTTP_NOT_FOUND, "no such file", 0);
	/* Taken by the answer, closed with it. */
	r = mhdf.MHD_create_response_from_fd((uint64_t)st.st_size, fd);
	if (r == NULL) {
		close(fd);
		return fail(c, MHD_HTTP_INTERNAL_SERVER_ERROR,
		    "the file could not be sent", 0);
	}
	headers(r, mime(file));
	ret = mhdf.MHD_queue_response(c, MHD_HTTP_OK, r);
	mhdf.MHD_destroy_response(r);
	return ret;
}

/* ---- the pages ---- */

/* The pages' own look (the ruleset page's after the book's). */
static const char page_css[] =
    ".st-bar{font-family:'DejaVu Sans',Helvetica,sans-serif;"
    "font-size:.9em;border-bottom:1px solid #ccc;padding:.3em 0;"
    "margin-bottom:1em}"
    ".st-errors{border:2px solid #b00020;background:#fdecee;"
    "padding:.5em 1em;margin:1em 0}"
    ".st-errors code,.st-diags code{white-space:pre-wrap}"
    ".st-ok{color:#1b5e20}.st-bad{color:#b00020;font-weight:bold}"
    ".st-page{display:block;max-width:100%;height:auto;margin:1em 0;"
    "border:1px solid #999;box-shadow:0 1px 4px #aaa}"
    ".st-files a{margin-right:.8em}";

/* The look of a page without a book. */
static const char page_base_css[] =
    "body{font-family:'DejaVu Sans',Helvetica,sans-serif;line-height:1.5;"
    "margin:0 auto;padding:1em;max-width:50em;color:#1a1a1a}"
    "h1{color:#6b1d1d}";

/* The pages' script: on each build (of this ruleset, or any for the
 * list), fetch the page again and swap in each part whose version
 * (data-v) changed, where the reader is kept. No request elsewhere. */
static const char page_js[] =
    "(function(){"
    "var me=document.body.getAttribute('data-name'),busy=0,again=0;"
    "function swap(){"
    "if(busy){again=1;return;}busy=1;"
    "fetch(location.pathname,{cache:'no-store'})"
    ".then(function(r){return r.text();})"
    ".then(function(t){"
    "var d=new DOMParser().parseFromString(t,'text/html'),"
    "x=window.scrollX,y=window.scrollY;"
    "document.querySelectorAll('[data-v]').forEach(function(el){"
    "var n=d.getElementById(el.id);"
    "if(n&&n.getAttribute('data-v')!==el.getAttribute('data-v')){"
    "el.innerHTML=n.innerHTML;"
    "el.setAttribute('data-v',n.getAttribute('data-v'));}});"
    "window.scrollTo(x,y);})"
    ".catch(function(){})"
    ".then(function(){busy=0;if(again){again=0;swap();}});}"
    "var es=new EventSource('/events');"
    "es.addEventListener('build',function(e){"
    "var m=JSON.parse(e.data);"
    "if(!me||!m.name||m.name===me)swap();});"
    "})();";

static void
page_begin(struct buf *b, const char *title, const char *css, const char *name)
{
	bstr(b,
	    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<title>");
	besc(b, title);
	bstr(b, "</title>\n<style>");
	/* The book's look is its own (between its <style> tags, HTML);
	 * without a book, a plain one. */
	bstr(b, css != NULL ? css : page_base_css);
	bfmt(b, "%s</style>\n</head>\n<body data-name=\"", page_css);
	besc(b, name);
	bstr(b, "\">\n");
}

static void
page_end(struct buf *b)
{
	bfmt(b, "<script>%s</script>\n</body>\n</html>\n", page_js);
}

/* FNV-1a, for the parts' versions. */
static uint64_t
fnv(uint64_t h, const char *s)
{
	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* A diagnostic as the command line prints it: file:line:col: severity:
 * message. */
static void
diag_line(struct buf *b, json_t *d)
{
	const char *file = json_string_value(json_object_get(d, "file"));
	const char *sev = json_string_value(json_object_get(d, "severity"));
	const char *msg = json_string_value(json_object_get(d, "message"));
	json_int_t line = json_integer_value(json_object_get(d, "line"));
	json_int_t col = json_integer_value(json_object_get(d, "col"));

	bstr(b, "<li><code>");
	if (file != NULL && *file != '\0') {
		besc(b, file);
		if (line > 0)
			bfmt(b, ":%lld", (long long)line);
		if (line > 0 && col > 0)
			bfmt(b, ":%lld", (long long)col);
		bstr(b, ": ");
	}
	besc(b, sev != NULL ? sev : "error");
	bstr(b, ": ");
	besc(b, msg != NULL ? msg : "");
	bstr(b, "</code></li>\n");
}

/* A ruleset's state, under the lock: its last build, copied. */
struct rs_state {
	int known, built, ok;
	unsigned long gen;
	json_t *diags;
	char *path;
};

static void
rs_get(struct serve *sv, const char *name, struct rs_state *s)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	pthread_mutex_lock(&sv->mu);
	for (i = 0; i < sv->nrs; i++)
		if (strcmp(sv->rs[i].name, name) == 0) {
			s->known = 1;
			s->built = sv->rs[i].built;
			s->ok = sv->rs[i].ok;
			s->gen = sv->rs[i].gen;
			s->diags = json_deep_copy(sv->rs[i].diags);
			s->path = xstrdup(sv->rs[i].path);
		}
	pthread_mutex_unlock(&sv->mu);
}

static void
rs_state_free(struct rs_state *s)
{
	json_decref(s->diags);
	free(s->path);
}

/* The ruleset's state: built, or the messages of its failed build. */
static void
part_status(struct buf *b, const struct rs_state *s, size_t nfiles)
{
	size_t i, n = json_array_size(s->diags);

	bfmt(b, "<section id=\"st-status\" data-v=\"%lu\">\n", s->gen);
	if (!s->built)
		bstr(b, "<p>Building…</p>\n");
	else if (!s->ok) {
		bstr(b, "<div class=\"st-errors\" role=\"alert\">\n<p><b>");
		besc(b, s->path);
		bstr(b,
		    nfiles > 0 ? " was not built</b>: the products below "
		                 "are the last good ones.</p>\n<ul>\n" :
		                 " was not built</b>: nothing is built "
		                 "yet.</p>\n<ul>\n");
		for (i = 0; i < n; i++)
			diag_line(b, json_array_get(s->diags, i));
		bstr(b, "</ul>\n</div>\n");
	} else {
		bstr(b, "<p class=\"st-ok\">");
		besc(b, s->path);
		bstr(b, ": built.</p>\n");
		if (n > 0) {
			bfmt(b,
			    "<details class=\"st-diags\"><summary>%zu "
			    "message%s</summary>\n<ul>\n",
			    n, n == 1 ? "" : "s");
			for (i = 0; i < n; i++)
				diag_line(b, json_array_get(s->diags, i));
			bstr(b, "</ul>\n</details>\n");
		}
	}
	bstr(b, "</section>\n");
}

/* Whether a file's name ends in .pdf. */
static int
is_pdf(const char *f)
{
	size_t n = strlen(f);

	return n > 4 && strcasecmp(f + n - 4, ".pdf") == 0;
}

/* Links to a ruleset's files; *v gets their version. */
static void
file_links(struct buf *b, struct serve *sv, const char *name, char **f,
    size_t nf, uint64_t *v)
{
	struct stat st;
	char ts[64];
	size_t i;
	int fd;

	for (i = 0; i < nf; i++) {
		if ((fd = open_out(sv, name, f[i], &st)) != -1) {
			close(fd);
			snprintf(ts, sizeof(ts), "%lld.%lld", mtime_ns(&st),
			    (long long)st.st_size);
			*v = fnv(fnv(*v, f[i]), ts);
		}
		bstr(b, "<a href=\"/");
		burl(b, name);
		bstr(b, "/");
		burl(b, f[i]);
		bstr(b, "\">");
		besc(b, f[i]);
		bstr(b, "</a>\n");
	}
}

/* Every page of every PDF product, as images. */
static void
part_pages(struct buf *b, struct serve *sv, const char *name, char **f,
    size_t nf)
{
	struct buf in = { NULL, 0, 0 };
	struct stat st;
	const char *why;
	uint64_t v = 14695981039346656037ULL;
	size_t i;
	int p, npages, fd, *wh;
	char ts[64];

	for (i = 0; i < nf; i++) {
		if (!is_pdf(f[i]) ||
		    (fd = open_out(sv, name, f[i], &st)) == -1)
			continue;
		close(fd);
		snprintf(ts, sizeof(ts), "%lld.%lld", mtime_ns(&st),
		    (long long)st.st_size);
		v = fnv(fnv(v, f[i]), ts);
		if (pdf_page(sv, name, f[i], 0, &npages, &wh, NULL, NULL,
		        &why) != 0)
			continue;
		bstr(&in, "<h2 class=\"st-pdf\">");
		besc(&in, f[i]);
		bfmt(&in, " <small>(%d page%s)</small></h2>\n", npages,
		    npages == 1 ? "" : "s");
		for (p = 1; p <= npages; p++) {
			bstr(&in,
			    "<img class=\"st-page\" loading=\"lazy\" src=\"/");
			burl(&in, name);
			bstr(&in, "/");
			burl(&in, f[i]);
			/* Its size known before it loads: the page does not
			 * move under the reader as images come. */
			bfmt(&in,
			    "/page-%d.png?v=%s\" width=\"%d\" height=\"%d\" "
			    "alt=\"",
			    p, ts, wh[2 * p - 2], wh[2 * p - 1]);
			besc(&in, f[i]);
			bfmt(&in, ", page %d\">\n", p);
		}
		free(wh);
	}
	bfmt(b, "<section id=\"st-pages\" data-v=\"%016llx\">\n",
	    (unsigned long long)v);
	if (in.p != NULL)
		bstr(b, in.p);
	bstr(b, "</section>\n");
	free(in.p);
}

/* The HTML rulebook's <style> and <body>, from DIR/name/rulebook.html:
 * *css and *body (caller frees *book) and its version. */
static char *
read_book(struct serve *sv, const char *name, char **css, char **body,
    char *ver, size_t vsz)
{
	struct stat st;
	char *book, *p, *q;
	size_t len;
	int fd;

	*css = *body = NULL;
	snprintf(ver, vsz, "none");
	if ((fd = open_out(sv, name, "rulebook.html", &st)) == -1)
		return NULL;
	snprintf(ver, vsz, "%lld.%lld", mtime_ns(&st), (long long)st.st_size);
	if ((book = slurp(fd, &st, SERVE_PDF_MAX, &len)) == NULL)
		return NULL;
	if ((p = strstr(book, "<style>")) != NULL &&
	    (q = strstr(p, "</style>")) != NULL) {
		*q = '\0';
		*css = p + 7;
		p = q + 1;
	} else
		p = book;
	if ((p = strstr(p, "<body>")) != NULL &&
	    (q = strstr(p, "</body>")) != NULL) {
		*q = '\0';
		*body = p + 6;
	}
	return book;
}

/* /NAME/ */
static enum MHD_Result
rs_page(struct serve *sv, struct MHD_Connection *c, const char *name)
{
	struct buf b = { NULL, 0, 0 };
	struct rs_state s;
	char **f, *book, *css, *body, bv[64];
	uint64_t v = 14695981039346656037ULL;
	size_t nf, mark;

	rs_get(sv, name, &s);
	nf = list_out(sv, name, &f);
	book = read_book(sv, name, &css, &body, bv, sizeof(bv));
	page_begin(&b, name, css, name);
	bstr(&b,
	    "<nav class=\"st-bar\"><a href=\"/\">All rulesets</a> · "
	    "<b>");
	besc(&b, name);
	bstr(&b,
	    "</b> · <a href=\"#st-book\">rulebook</a> · "
	    "<a href=\"#st-pages\">pages</a></nav>\n");
	part_status(&b, &s, nf);
	/* The links first, their version once they are known. */
	mark = b.n;
	bstr(&b,
	    "<section id=\"st-files\" class=\"st-files\" "
	    "data-v=\"0000000000000000\">\n<p>Products: ");
	file_links(&b, sv, name, f, nf, &v);
	if (nf == 0)
		bstr(&b, "none yet.");
	bstr(&b, "</p>\n</section>\n");
	{
		char hex[17];

		snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)v);
		memcpy(strstr(b.p + mark, "data-v=\"") + 8, hex, 16);
	}
	bfmt(&b, "<section id=\"st-book\" data-v=\"%s\">\n", bv);
	bstr(&b,
	    body != NULL ? body :
	                   "<p>No HTML rulebook yet: it is made once "
	                   "the ruleset builds.</p>\n");
	bstr(&b, "</section>\n");
	part_pages(&b, sv, name, f, nf);
	page_end(&b);
	free(book);
	list_free(f, nf);
	rs_state_free(&s);
	return reply(c, MHD_HTTP_OK, "text/html; charset=utf-8", &b);
}

/* / */
static enum MHD_Result
index_page(struct serve *sv, struct MHD_Connection *c)
{
	struct buf b = { NULL, 0, 0 };
	char **names, **f;
	size_t i, n, nf;
	unsigned long gen;
	uint64_t v = 0;

	pthread_mutex_lock(&sv->mu);
	gen = sv->gen;
	n = sv->nrs;
	names = xcalloc(n ? n : 1, sizeof(char *));
	for (i = 0; i < n; i++)
		names[i] = xstrdup(sv->rs[i].name);
	pthread_mutex_unlock(&sv->mu);
	page_begin(&b, "sandtable serve", NULL, "");
	bstr(&b, "<h1>sandtable serve</h1>\n");
	bfmt(&b, "<section id=\"st-index\" data-v=\"%lu\">\n", gen);
	bstr(&b, "<p>The products of ");
	besc(&b, sv->outdir);
	bstr(&b, "/, built again on every save.</p>\n");
	if (n == 0)
		bstr(&b, "<p>Building…</p>\n");
	bstr(&b, "<ul>\n");
	for (i = 0; i < n; i++) {
		struct rs_state s;

		rs_get(sv, names[i], &s);
		bstr(&b, "<li><p><a href=\"/");
		burl(&b, names[i]);
		bstr(&b, "/\"><b>");
		besc(&b, names[i]);
		bstr(&b, "</b></a> ");
		bstr(&b,
		    !s.built ? "<span>building…</span>" :
		        s.ok ? "<span class=\"st-ok\">built</span>" :
		               "<span class=\"st-bad\">not built: errors"
		               "</span>");
		bstr(&b, "</p>\n<p class=\"st-files\">");
		nf = list_out(sv, names[i], &f);
		file_links(&b, sv, names[i], f, nf, &v);
		bstr(&b, "</p></li>\n");
		list_free(f, nf);
		rs_state_free(&s);
		free(names[i]);
	}
	bstr(&b, "</ul>\n</section>\n");
	page_end(&b);
	free(names);
	return reply(c, MHD_HTTP_OK, "text/html; charset=utf-8", &b);
}

/* ---- events ---- */

struct sse {
	struct serve *sv;
	unsigned long seen; /* the last build told */
	int hello;
	int fd; /* the connection's socket */
};

/* Whether the browser has closed the event stream's connection. */
static int
sse_gone(int fd)
{
	struct pollfd pf = { fd, POLLIN, 0 };
	char c;

	if (poll(&pf, 1, 0) != 1)
		return 0;
	return (pf.revents & (POLLHUP | POLLERR)) != 0 ||
	    recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
}

/* MHD_ContentReaderCallback of /events: waits for a build (at most 15 s,
 * then a comment keeps the connection) and tells it. */
static ssize_t
sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct sse *s = cls;
	struct serve *sv = s->sv;
	struct serve_event *e;
	struct timespec until;
	json_t *o;
	char *data;
	int n;

	(void)pos;
	if (!s->hello) {
		s->hello = 1;
		return snprintf(buf, max, "retry: 1000\n\n");
	}
	/* A second at a time, to see a browser gone (its connection then
	 * counts no more), 15 s at most. */
	pthread_mutex_lock(&sv->mu);
	for (int w = 0; w < 15 && !sv->stopping && sv->gen == s->seen; w++) {
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += 1;
		while (!sv->stopping && sv->gen == s->seen &&
		    pthread_cond_timedwait(&sv->cv, &sv->mu, &until) !=
		        ETIMEDOUT)
			;
		if (s->fd != -1 && sv->gen == s->seen && sse_gone(s->fd)) {
			pthread_mutex_unlock(&sv->mu);
			return MHD_CONTENT_READER_END_WITH_ERROR;
		}
	}
	if (sv->stopping) {
		pthread_mutex_unlock(&sv->mu);
		return MHD_CONTENT_READER_END_OF_STREAM;
	}
	if (sv->gen == s->seen) {
		pthread_mutex_unlock(&sv->mu);
		return snprintf(buf, max, ": still here\n\n");
	}
	o = json_object();
	if (sv->gen - s->seen > SERVE_EVENTS / 2) {
		/* Too many missed: every page looks again. */
		s->seen = sv->gen;
		json_object_set_new(o, "gen",
		    json_integer((json_int_t)s->seen));
		json_object_set_new(o, "name", json_string(""));
		json_object_set_new(o, "ok", json_true());
	} else {
		e = &sv->ev[++s->seen % SERVE_EVENTS];
		json_object_set_new(o, "gen",
		    json_integer((json_int_t)e->gen));
		json_object_set_new(o, "name", cli_json_text(e->name));
		json_object_set_new(o, "ok", json_boolean(e->ok));
	}
	pthread_mutex_unlock(&sv->mu);
	data = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	n = snprintf(buf, max, "event: build\ndata: %s\n\n",
	    data != NULL ? data : "{}");
	free(data);
	if (n < 0 || (size_t)n >= max)
		n = snprintf(buf, max,
		    "event: build\ndata: {\"name\":\"\"}\n\n");
	return n;
}

static enum MHD_Result
events(struct serve *sv, struct MHD_Connection *c)
{
	struct MHD_Response *r;
	struct sse *s = xcalloc(1, sizeof(*s));
	const union MHD_ConnectionInfo *ci;
	enum MHD_Result ret;

	s->sv = sv;
	ci = mhdf.MHD_get_connection_info(c,
	    MHD_CONNECTION_INFO_CONNECTION_FD);
	s->fd = ci != NULL ? ci->connect_fd : -1;
	pthread_mutex_lock(&sv->mu);
	s->seen = sv->gen;
	pthread_mutex_unlock(&sv->mu);
	r = mhdf.MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024,
	    sse_read, s, free);
	headers(r, "text/event-stream");
	ret = mhdf.MHD_queue_response(c, MHD_HTTP_OK, r);
	mhdf.MHD_destroy_response(r);
	return ret;
}

/* ---- the requests ---- */

/* Whether name is a ruleset served. */
static int
known(struct serve *sv, const char *name)
{
	size_t i;
	int k = 0;

	pthread_mutex_lock(&sv->mu);
	for (i = 0; i < sv->nrs && !k; i++)
		k = strcmp(sv->rs[i].name, name) == 0;
	pthread_mutex_unlock(&sv->mu);
	return k;
}

/*
 * A request's path, decoded by MHD, split at '/' into at most 3 parts
 * (seg), *trail set when it ends in '/'. Returns how many parts, or -1:
 * a ".." or "." part (403), -2: an empty, hidden or odd part, or too
 * many (404).
 */
static int
split(char *path, char **seg, int *trail)
{
	int n = 0;
	char *p = path + 1, *q;

	*trail = 0;
	while (*p != '\0') {
		if ((q = strchr(p, '/')) != NULL)
			*q = '\0';
		if (strcmp(p, "..") == 0 || strcmp(p, ".") == 0)
			return -1;
		if (*p == '\0' || *p == '.' || strchr(p, '\\') != NULL)
			return -2;
		for (const char *x = p; *x != '\0'; x++)
			if ((unsigned char)*x < 0x20 || *x == 0x7f)
				return -2;
		if (n == 3)
			return -2;
		seg[n++] = p;
		if (q == NULL)
			break;
		p = q + 1;
		if (*p == '\0')
			*trail = 1;
	}
	return n;
}

static enum MHD_Result
route(struct serve *sv, struct MHD_Connection *c, const char *url)
{
	char *path, *seg[3];
	int n, trail;
	enum MHD_Result ret;

	if (url[0] != '/')
		return fail(c, MHD_HTTP_NOT_FOUND, "no such page", 0);
	if (strcmp(url, "/") == 0)
		return index_page(sv, c);
	if (strcmp(url, "/events") == 0)
		return events(sv, c);
	path = xstrdup(url);
	n = split(path, seg, &trail);
	if (n == -1)
		ret = fail(c, MHD_HTTP_FORBIDDEN,
		    "a path outside the preview's folder", 0);
	else if (n < 1 || !known(sv, seg[0]))
		ret = fail(c, MHD_HTTP_NOT_FOUND, "no such page", 0);
	else if (n == 1 && !trail) {
		struct MHD_Response *r =
		    mhdf.MHD_create_response_from_buffer(0, NULL,
		        MHD_RESPMEM_PERSISTENT);
		char *to = xasprintf("%s/", url);

		mhdf.MHD_add_response_header(r, MHD_HTTP_HEADER_LOCATION, to);
		ret = mhdf.MHD_queue_response(c, MHD_HTTP_MOVED_PERMANENTLY,
		    r);
		mhdf.MHD_destroy_response(r);
		free(to);
	} else if (n == 1)
		ret = rs_page(sv, c, seg[0]);
	else if (n == 2 && !trail)
		ret = out_file(sv, c, seg[0], seg[1]);
	else if (n == 3 && !trail && is_pdf(seg[1]))
		ret = page_png(sv, c, seg[0], seg[1], seg[2]);
	else
		ret = fail(c, MHD_HTTP_NOT_FOUND, "no such page", 0);
	free(path);
	return ret;
}

/* MHD_AccessHandlerCallback: a request's checks, then its answer. */
static enum MHD_Result
answer(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upsize, void **req)
{
	static int started;
	struct serve *sv = cls;
	const char *len, *te;
	int conns;

	(void)version;
	(void)upload;
	if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 &&
	    strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
		return fail(c, MHD_HTTP_METHOD_NOT_ALLOWED,
		    "the preview answers GET and HEAD only", 1);
	len = mhdf.MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	    MHD_HTTP_HEADER_CONTENT_LENGTH);
	te = mhdf.MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	    MHD_HTTP_HEADER_TRANSFER_ENCODING);
	if ((len != NULL && strcmp(len, "0") != 0) || te != NULL ||
	    *upsize != 0)
		return fail(c, MHD_HTTP_CONTENT_TOO_LARGE,
		    "a request with a body is refused", 1);
	pthread_mutex_lock(&sv->mu);
	conns = sv->conns;
	pthread_mutex_unlock(&sv->mu);
	if (conns > SERVE_CONNS)
		return fail(c, MHD_HTTP_SERVICE_UNAVAILABLE,
		    "too many connections (8 at a time); try again", 1);
	/* The headers first, the answer on the next call. */
	if (*req == NULL) {
		*req = &started;
		return MHD_YES;
	}
	return route(sv, c, url);
}

/* MHD_NotifyConnectionCallback: connections open. */
static void
notify(void *cls, struct MHD_Connection *c, void **sock,
    enum MHD_ConnectionNotificationCode toe)
{
	struct serve *sv = cls;

	(void)c;
	(void)sock;
	pthread_mutex_lock(&sv->mu);
	sv->conns += toe == MHD_CONNECTION_NOTIFY_STARTED ? 1 : -1;
	pthread_mutex_unlock(&sv->mu);
}

void *
serve_http_start(struct serve *sv, const char *addr, int *port,
    const char **why)
{
	struct sockaddr_in in4;
	struct sockaddr_in6 in6;
	struct sockaddr *sa;
	unsigned flags = MHD_USE_THREAD_PER_CONNECTION |
	    MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
	const union MHD_DaemonInfo *info;
	struct MHD_Daemon *d;

	if (dlib_open(&mhd_lib) != 0) {
		*why = mhd_lib.why;
		return NULL;
	}
	memset(&in4, 0, sizeof(in4));
	memset(&in6, 0, sizeof(in6));
	if (inet_pton(AF_INET, addr, &in4.sin_addr) == 1) {
		in4.sin_family = AF_INET;
		in4.sin_port = htons((uint16_t)*port);
		sa = (struct sockaddr *)&in4;
	} else {
		inet_pton(AF_INET6, addr, &in6.sin6_addr);
		in6.sin6_family = AF_INET6;
		in6.sin6_port = htons((uint16_t)*port);
		sa = (struct sockaddr *)&in6;
		flags |= MHD_USE_IPv6;
	}
	d = mhdf.MHD_start_daemon(flags, (uint16_t)*port, NULL, NULL, answer,
	    sv, MHD_OPTION_SOCK_ADDR, sa, MHD_OPTION_CONNECTION_LIMIT,
	    (unsigned)SERVE_CONNS_HARD, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
	    (size_t)SERVE_POOL, MHD_OPTION_CONNECTION_TIMEOUT,
	    (unsigned)SERVE_TIMEOUT, MHD_OPTION_NOTIFY_CONNECTION, notify, sv,
	    MHD_OPTION_END);
	if (d == NULL) {
		*why = errno == EADDRINUSE ? "the port is in use (--port)" :
		    errno != 0             ? strerror(errno) :
		                             "libmicrohttpd did not start";
		return NULL;
	}
	if ((info = mhdf.MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT)) !=
	    NULL)
		*port = info->port;
	return d;
}

void
serve_http_stop(struct serve *sv, void *daemon)
{
	pthread_mutex_lock(&sv->mu);
	sv->stopping = 1;
	pthread_cond_broadcast(&sv->cv);
	pthread_mutex_unlock(&sv->mu);
	mhdf.MHD_stop_daemon(daemon);
}
