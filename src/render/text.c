/* text.c: Pango layouts in millimetre user space. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <fontconfig/fontconfig.h>

#include "internal.h"

static void layout_font(PangoLayout *, const struct rnd_font *, double);
static void ctx_setup(PangoContext *);

/* Set a context up for mm user space without hinting. */
static void
ctx_setup(PangoContext *ctx)
{
	cairo_font_options_t *fo = cairo_font_options_create();

	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	/* User space is mm: 25.4 units to the inch. */
	pango_cairo_context_set_resolution(ctx, 25.4);
	pango_context_set_round_glyph_positions(ctx, FALSE);
}

/* Returns a new context set up for mm (caller unrefs). */
PangoContext *
rnd_context_new(cairo_t *cr)
{
	PangoContext *ctx = pango_cairo_create_context(cr);

	ctx_setup(ctx);
	return ctx;
}

/* Returns a layout in ctx with the font set (caller unrefs). */
PangoLayout *
rnd_layout_ctx(PangoContext *ctx, const struct rnd_font *f, double width_mm)
{
	PangoLayout *l = pango_layout_new(ctx);

	layout_font(l, f, width_mm);
	return l;
}

/*
 * Returns the one context every layout shares: a context per layout would
 * look every font up again through fontconfig. Layouts do not depend on
 * the surface they are drawn on (no hinting), so one made on a scratch
 * surface serves every page. Lives as long as the process.
 */
PangoContext *
rnd_context_shared(void)
{
	static PangoContext *ctx;

	if (ctx == NULL) {
		cairo_surface_t *s =
		    cairo_image_surface_create(CAIRO_FORMAT_A8, 4, 4);
		cairo_t *cr = cairo_create(s);

		cairo_scale(cr, 72.0 / 25.4, 72.0 / 25.4);
		ctx = rnd_context_new(cr);
		cairo_destroy(cr);
		cairo_surface_destroy(s);
	}
	return ctx;
}

const char *
rnd_lib_versions(void)
{
	static char buf[128];

	if (*buf == '\0')
		snprintf(buf, sizeof(buf), "cairo %s, pango %s, fontconfig %d",
		    cairo_version_string(), pango_version_string(),
		    FcGetVersion());
	return buf;
}

void
rnd_fonts_warm(void)
{
	(void)pango_cairo_font_map_get_default();
}

void
rnd_fonts_ready(void)
{
	PangoLayout *l = pango_layout_new(rnd_context_shared());

	/* A text measured waits for the fonts. */
	pango_layout_set_text(l, "x", 1);
	pango_layout_get_size(l, NULL, NULL);
	g_object_unref(l);
}

/* Returns a layout with the font set; see internal.h. */
PangoLayout *
rnd_layout_new(cairo_t *cr, const struct rnd_font *f, double width_mm)
{
	(void)cr;
	return rnd_layout_ctx(rnd_context_shared(), f, width_mm);
}

/* The key of a layout's size (Pango units of the size asked for). */
static GQuark
size_quark(void)
{
	static GQuark q;

	if (q == 0)
		q = g_quark_from_static_string("rnd-size");
	return q;
}

/* Returns the scale of a layout of su Pango units of size (see
 * layout_font). */
static double
su_scale(int su)
{
	return su > 0 ? su / (RND_LAYOUT_PT * PANGO_SCALE) : 1;
}

double
rnd_layout_scale(PangoLayout *l)
{
	return su_scale(
	    GPOINTER_TO_INT(g_object_get_qdata(G_OBJECT(l), size_quark())));
}

double
rnd_pt_scale(double pt)
{
	return su_scale((int)(pt * PANGO_SCALE));
}

void
rnd_layout_set_width(PangoLayout *l, double width_mm)
{
	pango_layout_set_width(l,
	    (int)(width_mm / rnd_layout_scale(l) * PANGO_SCALE));
}

int
rnd_markup_size(const struct rnd_font *f, double pt)
{
	int su = (int)(f->size_pt * PANGO_SCALE);

	return su > 0 ?
	    (int)(pt * RND_LAYOUT_PT * PANGO_SCALE * PANGO_SCALE / su) :
	    (int)(pt * PANGO_SCALE);
}

/* Font and width of a layout: the font at RND_LAYOUT_PT, the size asked
 * for (in whole Pango units, as Pango would take it) kept beside. */
static void
layout_font(PangoLayout *l, const struct rnd_font *f, double width_mm)
{
	PangoFontDescription *fd = pango_font_description_new();
	int su = (int)(f->size_pt * PANGO_SCALE);

	pango_font_description_set_family(fd,
	    f->family != NULL ? f->family : "DejaVu Sans");
	pango_font_description_set_size(fd,
	    su > 0 ? (gint)(RND_LAYOUT_PT * PANGO_SCALE) : su);
	g_object_set_qdata(G_OBJECT(l), size_quark(), GINT_TO_POINTER(su));
	pango_font_description_set_weight(fd,
	    f->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(fd,
	    f->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	/* The page's direction, not the text's: an Arabic or Hebrew name
	 * is set right to left within its line, but its line starts at the
	 * left of its cell as every other does. */
	pango_layout_set_auto_dir(l, FALSE);
	if (width_mm > 0) {
		rnd_layout_set_width(l, width_mm);
		pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	}
}

/* Never hyphenate: words break only at spaces (and, as a last resort,
 * between characters without a hyphen). Text that carries soft hyphens
 * (U+00AD, the rulebook's hyphenated prose) breaks there too, with a
 * hyphen drawn. */
static void
no_hyphens(PangoLayout *l)
{
	PangoAttrList *a = pango_layout_get_attributes(l);

	a = a != NULL ? pango_attr_list_copy(a) : pango_attr_list_new();
	pango_attr_list_insert(a, pango_attr_insert_hyphens_new(FALSE));
	pango_layout_set_attributes(l, a);
	pango_attr_list_unref(a);
}

/*
 * The longest run of characters without a line break opportunity that a
 * layout is given. Pango breaks such a run between characters, but goes
 * over the rest of the run again for every line it makes: a word of
 * 100,000 characters took seconds, one of 1.6 million hours. A longer run
 * gets a zero-width space (a break opportunity that prints nothing) after
 * every RUN_MAX characters, so each line costs at most a run.
 */
#define RUN_MAX 64

/* Returns 1 when s may have a run of more than RUN_MAX characters without
 * white space (tags of markup left out): a quick test that lets text
 * without one go straight to Pango. */
static int
maybe_long_run(const char *s, int markup)
{
	size_t run = 0;

	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (markup && c == '<') {
			while (s[1] != '\0' && s[1] != '>')
				s++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n')
			run = 0;
		else if ((c & 0xc0) != 0x80 && ++run > RUN_MAX)
			return 1;
	}
	return 0;
}

/* Returns a copy of s (markup when markup != 0) with a zero-width space
 * after every RUN_MAX characters of a run Pango finds no line break in
 * (caller frees), or NULL when s needs none. */
static char *
break_runs(const char *s, int markup)
{
	PangoLogAttr *la;
	PangoAttrList *al = NULL;
	char *text = NULL, *out = NULL, *o;
	unsigned char *cut;
	glong n, i, run = 0, k = 0, ncut = 0;
	const char *p;

	if (!maybe_long_run(s, markup))
		return NULL;
	if (!markup)
		text = g_strdup(s);
	else if (!pango_parse_markup(s, -1, 0, &al, &text, NULL, NULL))
		return NULL; /* Pango reports bad markup itself */
	if (al != NULL)
		pango_attr_list_unref(al);
	n = g_utf8_strlen(text, -1);
	la = g_new0(PangoLogAttr, n + 1);
	cut = g_malloc0((gsize)n + 1);
	/* Pango finds the breaks of one paragraph (line) at a time. */
	for (p = text, i = 0; *p != '\0'; p++, i++) {
		const char *q = strchr(p, '\n');
		glong m;

		if (q == NULL)
			q = p + strlen(p);
		m = g_utf8_strlen(p, q - p);
		pango_get_log_attrs(p, (int)(q - p), 0,
		    pango_language_get_default(), la + i, (int)m + 1);
		for (run = 0; m > 0; m--, i++) {
			if (la[i].is_line_break)
				run = 0;
			if (++run > RUN_MAX) {
				cut[i] = 1;
				ncut++;
				run = 1;
			}
		}
		p = q;
		if (*p == '\0')
			break;
	}
	if (ncut == 0)
		goto out;
	/* The same characters in s: tags are none, an entity is one. */
	o = out = xmalloc(strlen(s) + 3 * (size_t)ncut + 1);
	for (p = s; *p != '\0';) {
		const char *e = p + 1;

		if (markup && *p == '<') {
			while (*e != '\0' && e[-1] != '>')
				e++;
		} else {
			if (markup && *p == '&')
				while (*e != '\0' && e[-1] != ';')
					e++;
			else
				while ((*e & 0xc0) == 0x80)
					e++;
			if (k < n && cut[k++]) {
				memcpy(o, "\xe2\x80\x8b", 3); /* U+200B */
				o += 3;
			}
		}
		memcpy(o, p, (size_t)(e - p));
		o += e - p;
		p = e;
	}
	*o = '\0';
out:
	g_free(la);
	g_free(cut);
	g_free(text);
	return out;
}

/* ---- counts (SANDTABLE_COUNT) ---- */

static int lay_counting = -1;
static unsigned long lay_made, lay_again;
static GHashTable *lay_seen; /* what each was laid out from */

static void
lay_print(void)
{
	fprintf(stderr, "sandtable: layouts: made %lu, the same again %lu\n",
	    lay_made, lay_again);
}

/* Count a layout given its text s (markup != 0: markup), and those that
 * repeat one made before in every respect Pango lays out from (font,
 * width, wrapping, alignment, ellipsis, text): each of those is text
 * shaped again for nothing (tests/check/reference.sh). Asked once;
 * printed by exit(). */
static void
lay_count(PangoLayout *l, int markup, const char *s)
{
	const char *e;
	char *fd, *key;

	if (lay_counting == -1) {
		lay_counting = (e = getenv("SANDTABLE_COUNT")) != NULL &&
		    *e != '\0' && strcmp(e, "0") != 0;
		if (lay_counting) {
			lay_seen = g_hash_table_new_full(g_str_hash,
			    g_str_equal, g_free, NULL);
			atexit(lay_print);
		}
	}
	if (!lay_counting)
		return;
	fd = pango_font_description_to_string(
	    pango_layout_get_font_description(l));
	key = g_strdup_printf("%s\x1f%d\x1f%d\x1f%d\x1f%d\x1f%d\x1f%s", fd,
	    pango_layout_get_width(l), (int)pango_layout_get_wrap(l),
	    (int)pango_layout_get_ellipsize(l),
	    (int)pango_layout_get_alignment(l), markup, s);
	g_free(fd);
	lay_made++;
	if (g_hash_table_contains(lay_seen, key)) {
		lay_again++;
		g_free(key);
	} else
		g_hash_table_add(lay_seen, key);
}

void
rnd_layout_text(PangoLayout *l, const char *s)
{
	char *b = break_runs(s, 0);

	lay_count(l, 0, s);
	pango_layout_set_text(l, b != NULL ? b : s, -1);
	free(b);
	no_hyphens(l);
}

void
rnd_layout_markup(PangoLayout *l, const char *s)
{
	char *b = break_runs(s, 1);

	lay_count(l, 1, s);
	pango_layout_set_markup(l, b != NULL ? b : s, -1);
	free(b);
	if (strstr(s, "\xc2\xad") == NULL)
		no_hyphens(l);
}

/* Append n in hex and a separator at p; returns the end. */
static char *
put_hex(char *p, unsigned n)
{
	int k;

	for (k = 28; k > 0 && (n >> k) == 0; k -= 4)
		;
	for (; k >= 0; k -= 4)
		*p++ = "0123456789abcdef"[(n >> k) & 0xf];
	*p++ = '\x1f'; /* in no font name */
	return p;
}

/* Returns the cache key of a layout (caller frees): printf is slow for a
 * key made thousands of times. */
static char *
memo_key(const struct rnd_font *f, int width, unsigned flags, const char *s)
{
	const char *fam = f->family != NULL ? f->family : "";
	size_t nf = strlen(fam), ns = strlen(s);
	char *key = xmalloc(nf + ns + 48), *p = key;

	memcpy(p, fam, nf);
	p += nf;
	*p++ = '\x1f'; /* in no font name */
	p = put_hex(p, (unsigned)(int)(f->size_pt * PANGO_SCALE));
	p = put_hex(p, (unsigned)width);
	p = put_hex(p, flags | (f->bold != 0) << 3 | (f->italic != 0) << 4);
	memcpy(p, s, ns + 1);
	return key;
}

/* Layouts the cache holds at most; then it starts again. */
#define MEMO_MAX 8192

/* Returns a cached layout; see internal.h. The cache lives as long as the
 * process, like the shared context its layouts are made in. */
PangoLayout *
rnd_layout_memo(const struct rnd_font *f, double width_mm, int markup,
    int centre, int ellipsize, const char *s)
{
	static GHashTable *memo;
	PangoLayout *l;
	char *key;

	if (memo == NULL)
		memo = g_hash_table_new_full(g_str_hash, g_str_equal, free,
		    g_object_unref);
	/* Everything the layout depends on, in the units Pango is given. */
	key = memo_key(f, width_mm > 0 ? (int)(width_mm * PANGO_SCALE) : -1,
	    (markup != 0) | (centre != 0) << 1 | (ellipsize != 0) << 2, s);
	if ((l = g_hash_table_lookup(memo, key)) != NULL) {
		free(key);
		return g_object_ref(l);
	}
	if (g_hash_table_size(memo) >= MEMO_MAX)
		g_hash_table_remove_all(memo);
	l = rnd_layout_ctx(rnd_context_shared(), f, width_mm);
	if (centre)
		pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	if (ellipsize)
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	if (markup)
		rnd_layout_markup(l, s);
	else
		rnd_layout_text(l, s);
	pango_layout_get_size(l, NULL, NULL); /* lay it out now, once */
	g_hash_table_insert(memo, key, l);
	return g_object_ref(l);
}

void
rnd_layout_size(PangoLayout *l, double *w, double *h)
{
	int pw, ph;
	double k = rnd_layout_scale(l);

	pango_layout_get_size(l, &pw, &ph);
	if (w != NULL)
		*w = (double)pw / PANGO_SCALE * k;
	if (h != NULL)
		*h = (double)ph / PANGO_SCALE * k;
}

/* Save cr's state and put the current point at (x, y) mm in the space of
 * a layout drawn at scale k; the caller restores. */
static void
space_at(cairo_t *cr, double k, double x, double y)
{
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_scale(cr, k, k);
	cairo_move_to(cr, 0, 0);
}

/* The same in the space of layout l (scaled by rnd_layout_scale()). */
static void
layout_space(cairo_t *cr, PangoLayout *l, double x, double y)
{
	space_at(cr, rnd_layout_scale(l), x, y);
}

void
rnd_layout_draw_at(cairo_t *cr, PangoLayout *l, double k, double x, double y)
{
	space_at(cr, k, x, y);
	pango_cairo_show_layout(cr, l);
	cairo_restore(cr);
}

void
rnd_layout_draw(cairo_t *cr, PangoLayout *l, double x, double y)
{
	layout_space(cr, l, x, y);
	pango_cairo_show_layout(cr, l);
	cairo_restore(cr);
}

void
rnd_layout_draw_line(cairo_t *cr, PangoLayout *l, PangoLayoutLine *line,
    double x, double y)
{
	layout_space(cr, l, x, y);
	pango_cairo_show_layout_line(cr, line);
	cairo_restore(cr);
}

void
rnd_layout_path(cairo_t *cr, PangoLayout *l, double x, double y)
{
	/* The path is not part of the saved state: it stays, in user
	 * space. */
	layout_space(cr, l, x, y);
	pango_cairo_layout_path(cr, l);
	cairo_restore(cr);
}

/* Returns the height drawn (mm). */
double
rnd_text(cairo_t *cr, const struct rnd_font *f, double x, double y,
    double width_mm, int align, int markup, const char *s)
{
	PangoLayout *l = rnd_layout_new(cr, f, width_mm);
	double h;

	if (align == 1)
		pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
	else if (align == 2)
		pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT);
	if (markup)
		rnd_layout_markup(l, s);
	else
		rnd_layout_text(l, s);
	rnd_layout_size(l, NULL, &h);
	rnd_layout_draw(cr, l, x, y);
	g_object_unref(l);
	return h;
}

/* Returns an escaped copy (caller frees). */
char *
rnd_markup_escape(const char *s)
{
	gchar *g = g_markup_escape_text(s, -1);
	char *r = xstrdup(g);

	g_free(g);
	return r;
}

/*
 * Whether a font family is installed, as Pango would find it: fontconfig's
 * best match for the name, after the system's substitutions, has it
 * among its families ("DejaVu Sans Condensed" is one of the two of its
 * file). A missing family falls back without a word, to DejaVu Sans or
 * to a metric-compatible font; *used gets the family of that match
 * (caller frees), or NULL when there is no font at all. Of a list "A, B" the first is the one asked for; a
 * generic name (sans-serif, serif, monospace …) is always there.
 */
int
rnd_font_installed(const char *family, char **used)
{
	static int ready;
	static const char *const generic[] = { "sans-serif", "sans", "serif",
		"monospace", "mono", "cursive", "fantasy", "system-ui",
		"emoji", "math", NULL };
	const char *const *g;
	FcPattern *pat, *match;
	FcResult res;
	FcChar8 *s;
	char *want;
	size_t n;
	int i, found = 0;

	*used = NULL;
	n = strcspn(family, ",");
	while (n > 0 && family[n - 1] == ' ')
		n--;
	while (n > 0 && *family == ' ')
		family++, n--;
	want = xstrndup(family, n);
	for (g = generic; *g != NULL; g++)
		if (strcasecmp(want, *g) == 0) {
			free(want);
			return 1;
		}
	/* Pango loads fontconfig's configuration in a thread of its own:
	 * asked before it is done, fontconfig would load it a second time
	 * (25 M instructions) for this match alone. */
	if (!ready) {
		rnd_fonts_ready();
		ready = 1;
	}
	pat = FcPatternCreate();
	FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)want);
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	match = FcFontMatch(NULL, pat, &res);
	for (i = 0; match != NULL && !found &&
	     FcPatternGetString(match, FC_FAMILY, i, &s) == FcResultMatch;
	     i++)
		found = FcStrCmpIgnoreCase(s, (const FcChar8 *)want) == 0;
	if (!found && match != NULL &&
	    FcPatternGetString(match, FC_FAMILY, 0, &s) == FcResultMatch)
		*used = xstrdup((const char *)s);
	if (match != NULL)
		FcPatternDestroy(match);
	FcPatternDestroy(pat);
	free(want);
	return found;
}

/* Returns the first character of l that no font has (Pango draws a box
 * for it: its glyph is the character with PANGO_GLYPH_UNKNOWN_FLAG), or
 * 0 when there is none. */
static gunichar
unknown_char(PangoLayout *l)
{
	PangoLayoutIter *it;
	gunichar wc = 0;

	if (pango_layout_get_unknown_glyphs_count(l) == 0)
		return 0;
	it = pango_layout_get_iter(l);
	do {
		PangoLayoutRun *run = pango_layout_iter_get_run_readonly(it);
		int i;

		for (i = 0; run != NULL && i < run->glyphs->num_glyphs; i++) {
			PangoGlyph g = run->glyphs->glyphs[i].glyph;

			if ((g & PANGO_GLYPH_UNKNOWN_FLAG) != 0 &&
			    g != PANGO_GLYPH_INVALID_INPUT) {
				wc = g & ~PANGO_GLYPH_UNKNOWN_FLAG;
				break;
			}
		}
	} while (wc == 0 && pango_layout_iter_next_run(it));
	pango_layout_iter_free(it);
	return wc;
}

/* Warns (once for a text) when layout l, of ruleset text at
 * pos, has a character no installed font has. */
void
rnd_glyph_check(PangoLayout *l, struct pos pos, struct diags *dg)
{
	const char *text;
	char *msg, *shown;
	gunichar wc;
	size_t i, n;

	if (l == NULL || dg == NULL || (wc = unknown_char(l)) == 0)
		return;
	text = pango_layout_get_text(l);
	n = (size_t)(g_utf8_offset_to_pointer(text,
	                 MIN(g_utf8_strlen(text, 200), 40)) -
	    text);
	shown = g_strndup(text, n);
	for (i = 0; i < n; i++)
		if (shown[i] == '\n' || shown[i] == '\t')
			shown[i] = ' ';
	msg = xasprintf("no installed font has U+%04X, in '%s%s': it prints "
	                "as a box",
	    (unsigned)wc, shown, text[n] != '\0' ? "\xe2\x80\xa6" : "");
	g_free(shown);
	/* A name printed on every card is told of once. */
	for (i = 0; i < dg->n; i++)
		if (strcmp(dg->v[i].msg, msg) == 0)
			break;
	if (i == dg->n)
		diag_msg(dg, pos, MSG(FONT_MISSING), msg);
	free(msg);
}

char *
rnd_xml_escape(const char *s)
{
	GString *g = g_string_new(NULL);

	for (; s != NULL && *s != '\0'; s++)
		switch (*s) {
		case '&':
			g_string_append(g, "&amp;");
			break;
		case '<':
			g_string_append(g, "&lt;");
			break;
		case '>':
			g_string_append(g, "&gt;");
			break;
		case '"':
			g_string_append(g, "&quot;");
			break;
		default:
			g_string_append_c(g, *s);
		}
	return g_string_free(g, FALSE);
}
