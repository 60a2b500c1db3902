#!/usr/bin/env python3
"""pdfx.py PDF [ICC [DESCRIPTION]]: what qpdf shows of a PDF/X-4 file
(issue 37), a line "PASS: ..." or "FAIL: ..." per point: PDF 1.6, the
Info's /GTS_PDFXVersion and /Trapped, one /GTS_PDFX output intent whose
profile is ICC byte for byte (md5) with /N 3, XMP metadata that says
PDF/X-4 and the Info's title, a TrimBox and a BleedBox on every page
inside its MediaBox, no encryption, every font embedded."""
import base64
import hashlib
import json
import re
import subprocess
import sys

pdf = sys.argv[1]
icc = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/color/icc/sRGB.icc"
desc = sys.argv[3] if len(sys.argv) > 3 else None
name = pdf.rsplit("/", 1)[-1]


def ok(what, cond, why=""):
    print(("PASS: %s: %s" if cond else "FAIL: %s: %s" + (": " + why if why else ""))
          % (name, what))


head = open(pdf, "rb").read(8)
ok("PDF 1.6", head == b"%PDF-1.6", repr(head))
js = json.loads(subprocess.run(
    ["qpdf", "--json", "--json-stream-data=inline", pdf],
    capture_output=True, text=True).stdout)
objs = js["qpdf"][1]


def obj(ref):
    o = objs.get("obj:" + ref)
    if o is None:
        return None
    return o.get("value", o.get("stream"))


trailer = objs["trailer"]["value"]
root = obj(trailer["/Root"])
info = obj(trailer["/Info"])
ok("Info /GTS_PDFXVersion (PDF/X-4)", info.get("/GTS_PDFXVersion") == "u:PDF/X-4",
   str(info.get("/GTS_PDFXVersion")))
ok("Info /Trapped /False", info.get("/Trapped") == "/False", str(info.get("/Trapped")))
ok("Info /Title", str(info.get("/Title", "")).startswith("u:") and len(info["/Title"]) > 2)
ois = root.get("/OutputIntents")
ois = obj(ois) if isinstance(ois, str) else ois
good = False
if ois and len(ois) == 1:
    oi = obj(ois[0]) if isinstance(ois[0], str) else ois[0]
    prof = obj(oi["/DestOutputProfile"])
    data = base64.b64decode(prof["data"]) if "data" in prof else b""
    want = hashlib.md5(open(icc, "rb").read()).hexdigest()
    got = hashlib.md5(data).hexdigest()
    ok("the output intent's profile is %s (md5 %s)" % (icc.rsplit("/", 1)[-1], want),
       got == want and oi.get("/S") == "/GTS_PDFX" and prof["dict"].get("/N") == 3,
       "md5 %s, /S %s" % (got, oi.get("/S")))
    if desc is not None:
        ok("the output condition is '%s'" % desc,
           oi.get("/OutputConditionIdentifier") == "u:" + desc,
           str(oi.get("/OutputConditionIdentifier")))
    good = True
ok("one /GTS_PDFX output intent", good, str(ois)[:200])
meta = obj(root["/Metadata"]) if "/Metadata" in root else None
xmp = base64.b64decode(meta["data"]).decode("utf-8") if meta else ""
title = str(info.get("/Title", ""))[2:]
ok("XMP says PDF/X-4 and the title",
   "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
   and ">%s</rdf:li>" % title.replace("&", "&amp;") in xmp
   and "<xmpMM:DocumentID>uuid:" in xmp and "<pdf:Trapped>False" in xmp,
   xmp[:120])
ok("not encrypted", "/Encrypt" not in trailer)
bad = []
for i, p in enumerate(js["pages"]):
    d = obj(p["object"])
    mb = d.get("/MediaBox")
    for k in ("/TrimBox", "/BleedBox"):
        b = d.get(k)
        if b is None or not (b[0] >= mb[0] - 1e-3 and b[1] >= mb[1] - 1e-3
                             and b[2] <= mb[2] + 1e-3 and b[3] <= mb[3] + 1e-3):
            bad.append("page %d %s %s" % (i + 1, k, b))
ok("a TrimBox and a BleedBox on each of the %d pages" % len(js["pages"]), not bad,
   "; ".join(bad[:3]))
fonts = subprocess.run(["pdffonts", pdf], capture_output=True, text=True).stdout
rows = fonts.splitlines()[2:]
ok("every font embedded", rows and all(re.search(r"\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$", r) for r in rows),
   fonts[-300:])
