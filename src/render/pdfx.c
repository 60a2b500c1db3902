/*
 * pdfx.c: PDF/X-4 for print shops (issue 37). With --pdfx every PDF a run
 * writes gets, on close (pdf.c's qpdf pass): an output intent with its
 * ICC profile (sRGB from Debian's icc-profiles-free, or --icc FILE: an
 * RGB printer or display profile, checked by lcms2), /GTS_PDFXVersion
 * (PDF/X-4) and /Trapped /False in the Info dictionary, the XMP
 * metadata PDF/X requires (the Info's title, author, dates and the
 * PDF/X version, a document and an instance ID), a TrimBox and a
 * BleedBox on every page (the MediaBox where a product drew no bleed),
 * and PDF 1.6. Cairo embeds every font; nothing is encrypted; there is
 * no JavaScript.
 *
 * The colours stay RGB: an RGB output intent is PDF/X-4's way to hand
 * them to a shop that converts to its press (README.md, Print shops).
 * A CMYK profile is refused: it would claim colours the file does not
 * have.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <lcms2.h>
#include <qpdf/qpdf-c.h>

#include "internal.h"

#ifndef LCMS2_SONAME
#define LCMS2_SONAME "liblcms2.so.2"
#endif

/* lcms2, opened when --pdfx first reads a profile (dlib.c), not
 * linked: its functions. */
#define LCMS_FNS(F)                                                           \
	F(cmsSetLogErrorHandler)                                              \
	F(cmsOpenProfileFromMem)                                              \
	F(cmsGetColorSpace)                                                   \
	F(cmsGetDeviceClass)                                                  \
	F(cmsGetProfileInfoASCII)                                             \
	F(cmsCloseProfile)
static struct {
	LCMS_FNS(DLIB_PTR)
} cmsf;
static const char *const cmsf_names[] = { LCMS_FNS(DLIB_NAME) };
static struct dlib lcms_lib = DLIB(LCMS2_SONAME, cmsf, cmsf_names);

/* Debian's free sRGB profile (icc-profiles-free, in make deps). */
#define PDFX_SRGB "/usr/share/color/icc/sRGB.icc"
/* A profile larger than this is refused (a press profile is 0.5 to
 * 3 MB). */
#define PDFX_ICC_MAX (8 << 20)

static struct {
	int on;
	unsigned char *icc;
	size_t len;
	int n;          /* colour components: 3 */
	char desc[256]; /* the profile's description */
	char md5[33];   /* of the profile, for the tests and the log */
} px;

int
rnd_pdfx_on(void)
{
	return px.on;
}

const char *
rnd_pdfx_profile(void)
{
	return px.on ? px.desc : NULL;
}

const char *
rnd_pdfx_key(void)
{
	return px.on ? px.md5 : NULL;
}

/* lcms2 reports through a handler; keep it quiet (errors come back as
 * NULL and are said by the caller). */
static void
lcms_quiet(cmsContext c, cmsUInt32Number code, const char *text)
{
	(void)c;
	(void)code;
	(void)text;
}

int
rnd_pdfx_set(const char *icc, char *why, size_t whysz)
{
	const char *path = icc != NULL ? icc : PDFX_SRGB;
	/* The option names a file given; the default's is said. */
	const char *pre = icc == NULL ? path : "",
	           *sep = icc == NULL ? ": " : "";
	cmsHPROFILE p;
	cmsColorSpaceSignature cs;
	cmsProfileClassSignature cl;
	GChecksum *ck;
	gchar *data = NULL;
	gsize len = 0;
	GError *err = NULL;

	free(px.icc);
	memset(&px, 0, sizeof(px));
	if (!g_file_get_contents(path, &data, &len, &err)) {
		snprintf(why, whysz, "%s%s", err->message,
		    icc == NULL ? " (make deps installs icc-profiles-free)" :
		                  "");
		g_error_free(err);
		return -1;
	}
	if (len > PDFX_ICC_MAX) {
		snprintf(why, whysz,
		    "%s%s%zu bytes, more than the %d MiB a "
		    "colour profile may have",
		    pre, sep, (size_t)len, PDFX_ICC_MAX >> 20);
		g_free(data);
		return -1;
	}
	if (dlib_open(&lcms_lib) != 0) {
		snprintf(why, whysz, "%s%scannot be read: %s", pre, sep,
		    lcms_lib.why);
		g_free(data);
		return -1;
	}
	cmsf.cmsSetLogErrorHandler(lcms_quiet);
	if ((p = cmsf.cmsOpenProfileFromMem(data, (cmsUInt32Number)len)) ==
	    NULL) {
		snprintf(why, whysz, "%s%snot an ICC colour profile", pre,
		    sep);
		g_free(data);
		return -1;
	}
	cs = cmsf.cmsGetColorSpace(p);
	cl = cmsf.cmsGetDeviceClass(p);
	if (cs != cmsSigRgbData) {
		snprintf(why, whysz,
		    "%s%sa %s profile: sandtable's colours "
		    "are RGB, so the output intent is an RGB profile (the "
		    "shop converts to its press; README.md, Print shops)",
		    pre, sep, cs == cmsSigCmykData ? "CMYK" : "non-RGB");
		goto bad;
	}
	if (cl != cmsSigDisplayClass && cl != cmsSigOutputClass &&
	    cl != cmsSigColorSpaceClass) {
		snprintf(why, whysz,
		    "%s%snot a display, output or colour "
		    "space profile",
		    pre, sep);
		goto bad;
	}
	if (cmsf.cmsGetProfileInfoASCII(p, cmsInfoDescription, "en", "US",
	        px.desc, sizeof(px.desc)) == 0 ||
	    px.desc[0] == '\0')
		snprintf(px.desc, sizeof(px.desc), "%s", "RGB");
	cmsf.cmsCloseProfile(p);
	ck = g_checksum_new(G_CHECKSUM_MD5);
	g_checksum_update(ck, (const guchar *)data, len);
	snprintf(px.md5, sizeof(px.md5), "%s", g_checksum_get_string(ck));
	g_checksum_free(ck);
	px.icc = xmalloc(len);
	memcpy(px.icc, data, len);
	px.len = len;
	px.n = 3;
	px.on = 1;
	g_free(data);
	return 0;
bad:
	cmsf.cmsCloseProfile(p);
	g_free(data);
	return -1;
}

/* The Info dictionary's string at key in UTF-8 (a PDF text string may
 * be UTF-16), or "" (qpdf's, valid until the next call). */
static const char *
info(qpdf_data q, const char *key)
{
	qpdf_oh d = rnd_qp.qpdf_oh_get_key(q, rnd_qp.qpdf_get_trailer(q),
	            "/Info"),
	        v;

	if (!rnd_qp.qpdf_oh_is_dictionary(q, d) ||
	    !rnd_qp.qpdf_oh_has_key(q, d, key))
		return "";
	v = rnd_qp.qpdf_oh_get_key(q, d, key);
	return rnd_qp.qpdf_oh_is_string(q, v) ?
	    rnd_qp.qpdf_oh_get_utf8_value(q, v) :
	    "";
}

/* A UUID-shaped ID from what the document is, for the XMP's document
 * and instance IDs: the same file gets the same IDs. */
static void
doc_uuid(char out[37], const char *salt, const unsigned char *buf, size_t len)
{
	GChecksum *ck = g_checksum_new(G_CHECKSUM_SHA256);
	const char *h;

	g_checksum_update(ck, (const guchar *)salt, strlen(salt));
	g_checksum_update(ck, buf, len);
	h = g_checksum_get_string(ck);
	snprintf(out, 37, "%.8s-%.4s-%.4s-%.4s-%.12s", h, h + 8, h + 12,
	    h + 16, h + 20);
	g_checksum_free(ck);
}

/* The XMP packet PDF/X-4 asks for. */
static char *
xmp_packet(qpdf_data q, const char *date, const unsigned char *buf, size_t len)
{
	char did[37], iid[37];
	char *title = rnd_xml_escape(info(q, "/Title"));
	char *author = rnd_xml_escape(info(q, "/Author"));
	char *subject = rnd_xml_escape(info(q, "/Subject"));
	char *keywords = rnd_xml_escape(info(q, "/Keywords"));
	char *creator = rnd_xml_escape(info(q, "/Creator"));
	char *producer = rnd_xml_escape(info(q, "/Producer"));
	char *s;

	doc_uuid(did, "document", buf, len);
	doc_uuid(iid, "instance", buf, len);
	s = xasprintf(
	    "<?xpacket begin=\"\xef\xbb\xbf\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
	    "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
	    " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
	    "  <rdf:Description rdf:about=\"\"\n"
	    "    xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n"
	    "    xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n"
	    "    xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\"\n"
	    "    xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\"\n"
	    "    xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\">\n"
	    "   <dc:format>application/pdf</dc:format>\n"
	    "   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">%s</rdf:li>"
	    "</rdf:Alt></dc:title>\n"
	    "%s%s%s"
	    "%s%s%s"
	    "   <xmp:CreateDate>%s</xmp:CreateDate>\n"
	    "   <xmp:ModifyDate>%s</xmp:ModifyDate>\n"
	    "   <xmp:MetadataDate>%s</xmp:MetadataDate>\n"
	    "   <xmp:CreatorTool>%s</xmp:CreatorTool>\n"
	    "   <pdf:Producer>%s</pdf:Producer>\n"
	    "%s%s%s"
	    "   <pdf:Trapped>False</pdf:Trapped>\n"
	    "   <xmpMM:DocumentID>uuid:%s</xmpMM:DocumentID>\n"
	    "   <xmpMM:InstanceID>uuid:%s</xmpMM:InstanceID>\n"
	    "   <xmpMM:VersionID>1</xmpMM:VersionID>\n"
	    "   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>\n"
	    "   <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>\n"
	    "  </rdf:Description>\n"
	    " </rdf:RDF>\n"
	    "</x:xmpmeta>\n"
	    "<?xpacket end=\"w\"?>",
	    title, *author ? "   <dc:creator><rdf:Seq><rdf:li>" : "", author,
	    *author ? "</rdf:li></rdf:Seq></dc:creator>\n" : "",
	    *subject ? "   <dc:description><rdf:Alt><rdf:li "
	               "xml:lang=\"x-default\">" :
	               "",
	    subject, *subject ? "</rdf:li></rdf:Alt></dc:description>\n" : "",
	    date, date, date, creator, producer,
	    *keywords ? "   <pdf:Keywords>" : "", keywords,
	    *keywords ? "</pdf:Keywords>\n" : "", did, iid);
	free(title);
	free(author);
	free(subject);
	free(keywords);
	free(creator);
	free(producer);
	return s;
}

/* A copy of box, a page's /MediaBox, as a new array. */
static qpdf_oh
box_copy(qpdf_data q, qpdf_oh box)
{
	qpdf_oh a = rnd_qp.qpdf_oh_new_array(q);
	int i, n = rnd_qp.qpdf_oh_get_array_n_items(q, box);

	for (i = 0; i < n; i++)
		rnd_qp.qpdf_oh_append_item(q, a,
		    rnd_qp.qpdf_oh_new_real_from_double(q,
		        rnd_qp.qpdf_oh_get_numeric_value(q,
		            rnd_qp.qpdf_oh_get_array_item(q, box, i)),
		        3));
	return a;
}

void
rnd_pdfx_apply(qpdf_data q, const char *name, const char *xmp_date,
    const unsigned char *buf, size_t len)
{
	qpdf_oh root = rnd_qp.qpdf_get_root(q),
	        trailer = rnd_qp.qpdf_get_trailer(q);
	qpdf_oh infod, icc, oi, ois, meta, dict;
	char *xmp;
	int i, n;

	if (!px.on)
		return;
	/* A title is required: the file's name where the product gave
	 * none. */
	if (*info(q, "/Title") == '\0')
		rnd_qp.qpdf_set_info_key(q, "/Title", name);
	rnd_qp.qpdf_set_info_key(q, "/GTS_PDFXVersion", "PDF/X-4");
	infod = rnd_qp.qpdf_oh_get_key(q, trailer, "/Info");
	if (rnd_qp.qpdf_oh_is_dictionary(q, infod))
		rnd_qp.qpdf_oh_replace_key(q, infod, "/Trapped",
		    rnd_qp.qpdf_oh_new_name(q, "/False"));

	icc = rnd_qp.qpdf_oh_new_stream(q);
	rnd_qp.qpdf_oh_replace_stream_data(q, icc, px.icc, px.len,
	    rnd_qp.qpdf_oh_new_null(q), rnd_qp.qpdf_oh_new_null(q));
	dict = rnd_qp.qpdf_oh_get_dict(q, icc);
	rnd_qp.qpdf_oh_replace_key(q, dict, "/N",
	    rnd_qp.qpdf_oh_new_integer(q, px.n));
	icc = rnd_qp.qpdf_make_indirect_object(q, icc);
	oi = rnd_qp.qpdf_oh_new_dictionary(q);
	rnd_qp.qpdf_oh_replace_key(q, oi, "/Type",
	    rnd_qp.qpdf_oh_new_name(q, "/OutputIntent"));
	rnd_qp.qpdf_oh_replace_key(q, oi, "/S",
	    rnd_qp.qpdf_oh_new_name(q, "/GTS_PDFX"));
	rnd_qp.qpdf_oh_replace_key(q, oi, "/OutputConditionIdentifier",
	    rnd_qp.qpdf_oh_new_unicode_string(q, px.desc));
	rnd_qp.qpdf_oh_replace_key(q, oi, "/Info",
	    rnd_qp.qpdf_oh_new_unicode_string(q, px.desc));
	rnd_qp.qpdf_oh_replace_key(q, oi, "/RegistryName",
	    rnd_qp.qpdf_oh_new_string(q, "http://www.color.org"));
	rnd_qp.qpdf_oh_replace_key(q, oi, "/DestOutputProfile", icc);
	ois = rnd_qp.qpdf_oh_new_array(q);
	rnd_qp.qpdf_oh_append_item(q, ois, oi);
	rnd_qp.qpdf_oh_replace_key(q, root, "/OutputIntents", ois);

	xmp = xmp_packet(q, xmp_date, buf, len);
	meta = rnd_qp.qpdf_oh_new_stream(q);
	rnd_qp.qpdf_oh_replace_stream_data(q, meta, (unsigned char *)xmp,
	    strlen(xmp), rnd_qp.qpdf_oh_new_null(q),
	    rnd_qp.qpdf_oh_new_null(q));
	dict = rnd_qp.qpdf_oh_get_dict(q, meta);
	rnd_qp.qpdf_oh_replace_key(q, dict, "/Type",
	    rnd_qp.qpdf_oh_new_name(q, "/Metadata"));
	rnd_qp.qpdf_oh_replace_key(q, dict, "/Subtype",
	    rnd_qp.qpdf_oh_new_name(q, "/XML"));
	rnd_qp.qpdf_oh_replace_key(q, root, "/Metadata",
	    rnd_qp.qpdf_make_indirect_object(q, meta));
	free(xmp);

	/* Every page trimmed and bled: the MediaBox where the product drew
	 * no bleed (cards --bleed set both already). */
	n = rnd_qp.qpdf_get_num_pages(q);
	for (i = 0; i < n; i++) {
		qpdf_oh page = rnd_qp.qpdf_get_page_n(q, (size_t)i);
		qpdf_oh mb = rnd_qp.qpdf_oh_get_key(q, page, "/MediaBox");

		if (!rnd_qp.qpdf_oh_has_key(q, page, "/TrimBox"))
			rnd_qp.qpdf_oh_replace_key(q, page, "/TrimBox",
			    box_copy(q, mb));
		if (!rnd_qp.qpdf_oh_has_key(q, page, "/BleedBox"))
			rnd_qp.qpdf_oh_replace_key(q, page, "/BleedBox",
			    box_copy(q, mb));
	}
}

void
rnd_pdfx_version(qpdf_data q)
{
	if (px.on)
		rnd_qp.qpdf_set_minimum_pdf_version(q, "1.6");
}
