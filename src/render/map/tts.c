/*
 * tts.c: a map's PNG for Tabletop Simulator (issue 37), as a saved
 * object beside it, NAME.tts.json, with the images it names:
 *
 *   the board   a Custom_Board of the PNG itself when no side is over
 *               TTS_MAX_PX; else of tiles NAME-tile-C-R.png cut from it
 *               at whole cells (each at the map's pixels per cell, the
 *               last of a row or column what is left), laid side by
 *               side as the map is;
 *   the deck    the unit cards (cards.c's, with the engine's odds) as a
 *               DeckCustom: sheets NAME-deck-N.png of at most 10 x 7
 *               faces, each side under TTS_MAX_PX (CustomDeck N: its
 *               NumWidth x NumHeight, a card's CardID N * 100 + its
 *               place on the sheet), each with its sheet of backs in
 *               the same places, NAME-deck-N-backs.png (UniqueBack: a
 *               printed back names its card's class);
 *   the markers the status markers the rules need (the bases sheet's,
 *               bl_markers) as Custom_Tokens, NAME-marker-N.png.
 *
 * TTS loads an image by URL: these are file:/// URLs of where they were
 * written (README: Virtual tabletops says how to share them). The deck
 * and the markers need a ruleset; without one the board is all there
 * is. Objects are laid out on the table in TTS units, an inch each: the
 * board centred, the deck and the markers beside it.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <jansson.h>

#include "../../check/analysis.h"
#include "../bases/bases_layout.h"
#include "../product.h"
#include "../render.h"
#include "map_internal.h"

/* The largest side of an image TTS is given (its asset guide: under
 * 4096 x 4096). A board's tile may be as large; a deck sheet is under. */
#define TTS_MAX_PX 4096
/* A deck sheet's most faces across and down (TTS's deck template). */
#define TTS_DECK_COLS 10
#define TTS_DECK_ROWS 7
/* A card's and a marker's pixels a millimetre: the images' 150 dpi. */
#define TTS_PX_MM (150.0 / 25.4)
/* A marker token (mm), as the bases sheet's least. */
#define TTS_MARKER_W 40.0
#define TTS_MARKER_H 20.0

/* What is being written: the saved object's objects, the images to
 * write (path, bytes), each URL's folder. */
struct tts {
	const char *png;
	char *dir;  /* the absolute folder of png, for the URLs */
	char *stem; /* png without .png */
	json_t *objs;
	int guid;
	struct tts_img {
		char *path;
		unsigned char *data;
		size_t len;
	} * img;
	size_t nimg, capimg;
	struct diags *dg;
};

/* Keep surface s to be written as NAME-what.png; returns its URL
 * (caller frees). */
static char *
tts_keep(struct tts *t, cairo_surface_t *s, const char *what)
{
	struct tts_img im;
	const char *base;

	(void)rnd_png_bytes(s, &im.data, &im.len);
	im.path = xasprintf("%s-%s.png", t->stem, what);
	XPUSH(t->img, t->nimg, t->capimg, im);
	base = strrchr(im.path, '/');
	return xasprintf("file://%s/%s", t->dir,
	    base != NULL ? base + 1 : im.path);
}

/* A position on the table (TTS units: x right, z away from the
 * players, y up), unturned and at scale 1. */
static json_t *
transform(double x, double y, double z, double rot_z)
{
	return json_pack("{s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f}",
	    "posX", round(x * 1000) / 1000, "posY", y, "posZ",
	    round(z * 1000) / 1000, "rotX", 0.0, "rotY", 180.0, "rotZ", rot_z,
	    "scaleX", 1.0, "scaleY", 1.0, "scaleZ", 1.0);
}

/* An object's common fields: its GUID (six hex digits, counted, so
 * that the same map gives the same file), name, place and nickname. */
static json_t *
object(struct tts *t, const char *name, json_t *tr, const char *nick)
{
	char guid[8];

	snprintf(guid, sizeof(guid), "5a%04x", ++t->guid & 0xffff);
	return json_pack("{s:s, s:s, s:o, s:s, s:s, s:b, s:b, s:b, s:b}",
	    "GUID", guid, "Name", name, "Transform", tr, "Nickname", nick,
	    "Description", "", "Locked", 0, "Grid", 1, "Snap", 1, "Tooltip",
	    1);
}

/* A CustomImage of url (a board's; a token's with its CustomToken). */
static json_t *
custom_image(const char *url, int token)
{
	json_t *ci = json_pack("{s:s, s:s, s:f, s:f}", "ImageURL", url,
	    "ImageSecondaryURL", "", "ImageScalar", 1.0, "WidthScale", 0.0);

	if (token)
		json_object_set_new(ci, "CustomToken",
		    json_pack("{s:f, s:f, s:b, s:b}", "Thickness", 0.2,
		        "MergeDistancePixels", 15.0, "StandUp", 0, "Stackable",
		        0));
	return ci;
}

/*
 * The board: the PNG whole, or tiles of whole cells; each a locked
 * Custom_Board at its place, the map's centre at the table's. ppc: the
 * map's pixels per cell; cell_in: a cell in inches.
 */
static int
tts_board(struct tts *t, const struct rnd_map_opts *o, double *half_w)
{
	cairo_surface_t *map;
	const char *file = file_group_pending(t->png);
	double cell_in = (o->grid->kind == RS_GRID_NONE ? 25.4 :
	                                                  o->grid->cell) /
	    25.4;
	double ppc = o->px_per_cell, in_px = cell_in / ppc;
	int w, h, step, c, r, nc, nr;

	map = cairo_image_surface_create_from_png(file);
	if (cairo_surface_status(map) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(map);
		return -1;
	}
	w = cairo_image_surface_get_width(map);
	h = cairo_image_surface_get_height(map);
	*half_w = w * in_px / 2;
	/* A tile: as many whole cells as TTS_MAX_PX holds. */
	step = (int)floor(TTS_MAX_PX / ppc);
	step = (int)lround((step < 1 ? 1 : step) * ppc);
	nc = w <= TTS_MAX_PX ? 1 : (w + step - 1) / step;
	nr = h <= TTS_MAX_PX ? 1 : (h + step - 1) / step;
	for (r = 0; r < nr; r++)
		for (c = 0; c < nc; c++) {
			int x0 = nc == 1 ? 0 : c * step,
			    y0 = nr == 1 ? 0 : r * step;
			int tw = nc == 1 ? w : (x0 + step > w ? w - x0 : step),
			    th = nr == 1 ? h : (y0 + step > h ? h - y0 : step);
			char *url, what[32];
			json_t *ob;

			if (nc == 1 && nr == 1)
				url = xasprintf("file://%s/%s", t->dir,
				    strrchr(t->png, '/') != NULL ?
				        strrchr(t->png, '/') + 1 :
				        t->png);
			else {
				cairo_surface_t *s =
				    cairo_image_surface_create(
				        CAIRO_FORMAT_RGB24, tw, th);
				cairo_t *cr = cairo_create(s);

				cairo_set_source_surface(cr, map, -x0, -y0);
				cairo_paint(cr);
				cairo_destroy(cr);
				snprintf(what, sizeof(what), "tile-%d-%d",
				    c + 1, r + 1);
				url = tts_keep(t, s, what);
				cairo_surface_destroy(s);
			}
			snprintf(what, sizeof(what), "Map %d, %d", c + 1,
			    r + 1);
			ob = object(t, "Custom_Board",
			    transform((x0 + tw / 2.0 - w / 2.0) * in_px, 1,
			        (h / 2.0 - y0 - th / 2.0) * in_px, 0),
			    nc * nr == 1 ? "Map" : what);
			json_object_set_new(ob, "Locked", json_true());
			json_object_set_new(ob, "CustomImage",
			    custom_image(url, 0));
			json_array_append_new(t->objs, ob);
			free(url);
		}
	cairo_surface_destroy(map);
	return 0;
}

/* The unit cards as a DeckCustom of sheets and one back. */
static int
tts_deck(struct tts *t, const struct rnd_map_opts *o, double x)
{
	const struct ruleset *rs = o->rs;
	const struct product *p = product_find("cards");
	struct rnd_opts ro;
	struct rnd_odds_set odds;
	cairo_surface_t **face = NULL;
	json_t *deck, *cd = json_object(), *ids = json_array(),
	              *cards = json_array();
	int n, w, h, cols, rows, per, s, i, side;

	rnd_opts_init(&ro);
	ro.tmpl = p != NULL ? p->tmpl : NULL;
	memset(&odds, 0, sizeof(odds));
	if (o->ana != NULL && rnd_odds_panels(o->ana, 1, &odds) == 0)
		ro.odds = &odds;
	n = rnd_cards_faces(rs, &ro, TTS_PX_MM, &face, &w, &h, t->dg);
	rnd_odds_set_free(&odds);
	if (n <= 0) {
		json_decref(cd);
		json_decref(ids);
		json_decref(cards);
		return n == 0 ? 0 : -1;
	}
	/* As many across and down as the sheet holds under TTS_MAX_PX. */
	cols = (TTS_MAX_PX - 1) / w;
	rows = (TTS_MAX_PX - 1) / h;
	cols = cols > TTS_DECK_COLS ? TTS_DECK_COLS : cols < 1 ? 1 : cols;
	rows = rows > TTS_DECK_ROWS ? TTS_DECK_ROWS : rows < 1 ? 1 : rows;
	per = cols * rows;
	for (s = 0; s * per < n; s++) {
		int left = n - s * per, sc, sr;
		json_t *entry;
		char what[32], key[16], *url[2];

		/* A last sheet of fewer: only as large as its faces. */
		sc = left < cols ? left : cols;
		sr = (left < per ? left + sc - 1 : per) / sc;
		/* The fronts' sheet, then the backs' in the same places
		 * (UniqueBack): a back names its card's class. */
		for (side = 0; side < 2; side++) {
			cairo_surface_t *sheet =
			    cairo_image_surface_create(CAIRO_FORMAT_RGB24,
			        sc * w, sr * h);
			cairo_t *cr = cairo_create(sheet);

			cairo_set_source_rgb(cr, 1, 1, 1);
			cairo_paint(cr);
			for (i = 0; i < per && s * per + i < n; i++) {
				cairo_set_source_surface(cr,
				    face[side * n + s * per + i], (i % sc) * w,
				    (i / sc) * h);
				cairo_paint(cr);
			}
			cairo_destroy(cr);
			snprintf(what, sizeof(what),
			    side ? "deck-%d-backs" : "deck-%d", s + 1);
			url[side] = tts_keep(t, sheet, what);
			cairo_surface_destroy(sheet);
		}
		snprintf(key, sizeof(key), "%d", s + 1);
		entry = json_pack("{s:s, s:s, s:i, s:i, s:b, s:b, s:i}",
		    "FaceURL", url[0], "BackURL", url[1], "NumWidth", sc,
		    "NumHeight", sr, "BackIsHidden", 1, "UniqueBack", 1,
		    "Type", 0);
		free(url[0]);
		free(url[1]);
		/* Each card names its sheet too, as TTS writes them. */
		for (i = 0; i < per && s * per + i < n; i++) {
			const struct rs_unit *u = &rs->units[s * per + i];
			int id = (s + 1) * 100 + i;
			json_t *card = object(t, "Card",
			    transform(0, 0, 0, 180), u->name);

			json_object_set_new(card, "CardID", json_integer(id));
			json_object_set_new(card, "CustomDeck",
			    json_pack("{s:O}", key, entry));
			json_array_append_new(cards, card);
			json_array_append_new(ids, json_integer(id));
		}
		json_object_set_new(cd, key, entry);
	}
	for (i = 0; i < 2 * n; i++)
		cairo_surface_destroy(face[i]);
	free(face);
	/* Face down, beside the board. */
	deck = object(t, "DeckCustom", transform(x, 1, 0, 180),
	    _("Unit cards"));
	json_object_set_new(deck, "DeckIDs", ids);
	json_object_set_new(deck, "CustomDeck", cd);
	json_object_set_new(deck, "ContainedObjects", cards);
	json_array_append_new(t->objs, deck);
	return 0;
}

/* One marker's token: its word on its colour (or white), as large as
 * fits, a dark edge round it. */
static cairo_surface_t *
marker_image(const char *word, int rgb)
{
	int w = (int)lround(TTS_MARKER_W * TTS_PX_MM),
	    h = (int)lround(TTS_MARKER_H * TTS_PX_MM);
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w,
	    h);
	cairo_t *cr = cairo_create(s);
	struct rnd_font f = map_look_default.title;
	double pt, tw, th, r = 1, g = 1, b = 1;
	PangoLayout *l = NULL;

	cairo_scale(cr, TTS_PX_MM, TTS_PX_MM);
	if (rgb >= 0) {
		r = (rgb >> 16 & 0xff) / 255.0;
		g = (rgb >> 8 & 0xff) / 255.0;
		b = (rgb & 0xff) / 255.0;
	}
	cairo_set_source_rgb(cr, r, g, b);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	cairo_set_line_width(cr, 0.8);
	cairo_rectangle(cr, 0.4, 0.4, TTS_MARKER_W - 0.8, TTS_MARKER_H - 0.8);
	cairo_stroke(cr);
	/* The largest size from 14 pt down that holds the word. */
	f.bold = 1;
	for (pt = 14; pt >= 6; pt -= 0.5) {
		f.size_pt = pt;
		if (l != NULL)
			g_object_unref(l);
		l = rnd_layout_new(cr, &f, TTS_MARKER_W - 4);
		pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
		rnd_layout_text(l, word);
		rnd_layout_size(l, &tw, &th);
		if (th <= TTS_MARKER_H - 4 &&
		    pango_layout_get_line_count(l) <= 2)
			break;
	}
	if (0.299 * r + 0.587 * g + 0.114 * b < 0.5)
		cairo_set_source_rgb(cr, 1, 1, 1);
	else
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	rnd_layout_draw(cr, l, 2, (TTS_MARKER_H - th) / 2);
	g_object_unref(l);
	cairo_destroy(cr);
	return s;
}

/* The markers as tokens, in a row beside the deck. */
static void
tts_markers(struct tts *t, const struct rnd_map_opts *o, double x)
{
	const struct ruleset *rs = o->rs;
	char **m = NULL, what[32], *url;
	size_t n = bl_markers(rs, &m), own = n - rs->nmarkers, i;

	for (i = 0; i < n; i++) {
		cairo_surface_t *s = marker_image(m[i],
		    i >= own ? (int)rs->markers[i - own].rgb : -1);
		json_t *ob;

		snprintf(what, sizeof(what), "marker-%zu", i + 1);
		url = tts_keep(t, s, what);
		cairo_surface_destroy(s);
		ob = object(t, "Custom_Token",
		    transform(x, 1, 10 - (double)i * 1.2, 0), m[i]);
		json_object_set_new(ob, "CustomImage", custom_image(url, 1));
		json_array_append_new(t->objs, ob);
		free(url);
	}
	bl_markers_free(m, n);
}

const char *
rnd_tts_begins(void)
{
	return "{\"sandtable\":\"tts-saved-object\",";
}

/*
 * The saved object and its images for the PNG just written at png, the
 * JSON's text in *text (caller frees); the images written here (in the
 * caller's file group). 0, or -1 (error in dg).
 */
int
rnd_map_tts(const char *png, const struct rnd_map_opts *o, char **text,
    struct diags *dg)
{
	struct pos nowhere = { NULL, 0, 0 };
	struct tts t;
	json_t *s;
	char *dir = g_path_get_dirname(png), *why = NULL, real[PATH_MAX];
	const char *base = strrchr(png, '/');
	size_t n = strlen(png), i;
	double half_w = 0;
	int rc = 0;

	memset(&t, 0, sizeof(t));
	t.png = png;
	t.dg = dg;
	t.dir = xstrdup(realpath(dir, real) != NULL ? real : dir);
	g_free(dir);
	if (n > 4 && g_ascii_strcasecmp(png + n - 4, ".png") == 0)
		n -= 4;
	t.stem = xasprintf("%.*s", (int)n, png);
	t.objs = json_array();
	(void)base;
	if (tts_board(&t, o, &half_w) == -1) {
		why = xasprintf("%s: cannot read it back", png);
		rc = -1;
	}
	if (rc == 0 && o->rs != NULL) {
		if (tts_deck(&t, o, half_w + 4) == -1)
			rc = -1;
		else
			tts_markers(&t, o, half_w + 10);
	}
	/* Each image is checked before any is written. */
	for (i = 0; rc == 0 && i < t.nimg; i++)
		if (atomic_check(t.img[i].path, "\x89PNG", &why) != 0)
			rc = -1;
	for (i = 0; rc == 0 && i < t.nimg; i++)
		if (atomic_write(t.img[i].path, t.img[i].data, t.img[i].len,
		        &why) == -1)
			rc = -1;
		else if (o->written != NULL)
			XPUSH(o->written->v, o->written->n, o->written->cap,
			    xstrdup(t.img[i].path));
	if (why != NULL) {
		diag_msg(dg, nowhere, MSG(OUTPUT_NOT_WRITTEN), why);
		free(why);
	}
	/* sandtable's key first, so that the file begins as only its own
	 * do (rnd_tts_begins); then TTS's. */
	s = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:o, s:s, "
	              "s:s, s:s, s:o}",
	    "sandtable", "tts-saved-object", "SaveName",
	    o->title != NULL ? o->title : "Battle map", "GameMode", "", "Date",
	    "", "VersionNumber", "", "Table", "", "Sky", "", "Note", "",
	    "TabStates", json_object(), "LuaScript", "", "LuaScriptState", "",
	    "XmlUI", "", "ObjectStates", t.objs);
	*text = rc == 0 ?
	    json_dumps(s,
	        JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12)) :
	    NULL;
	json_decref(s);
	for (i = 0; i < t.nimg; i++) {
		free(t.img[i].path);
		free(t.img[i].data);
	}
	free(t.img);
	free(t.dir);
	free(t.stem);
	return rc;
}
