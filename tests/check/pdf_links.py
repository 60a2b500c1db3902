#!/usr/bin/env python3
# pdf_links.py BOOK.pdf: each link to a named destination, a line each:
# PAGE <tab> DESTINATION <tab> the words under it (pdftotext -bbox, a
# word whose centre is in the link's rectangle). Reads the PDF as cairo
# writes it: its objects uncompressed, its annotations in them.
import html, re, subprocess, sys

pdf = sys.argv[1]
d = open(pdf, "rb").read().decode("latin-1")
objs = {int(m.group(1)): m.group(2)
        for m in re.finditer(r"(\d+) 0 obj(.*?)endobj", d, re.S)}


def kids(n):
    o = objs.get(n, "")
    if re.search(r"/Type\s*/Pages\b", o):
        k = re.search(r"/Kids\s*\[([^\]]*)\]", o)
        out = []
        for r in re.findall(r"(\d+) 0 R", k.group(1) if k else ""):
            out += kids(int(r))
        return out
    return [n]


root = [n for n, o in objs.items()
        if re.search(r"/Type\s*/Pages\b", o) and "/Parent" not in o]
pages = kids(root[0]) if root else []
xml = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True,
                     text=True).stdout
xp = re.findall(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', xml,
                re.S)
for i, p in enumerate(pages):
    a = re.search(r"/Annots\s*\[([^\]]*)\]", objs[p])
    if not a or i >= len(xp):
        continue
    h = float(xp[i][0])
    words = [(float(x0), h - float(y1), float(x1), h - float(y0),
              html.unescape(t))
             for x0, y0, x1, y1, t in re.findall(
                 r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                 r'yMax="([\d.]+)">(.*?)</word>', xp[i][1])]
    for r in re.findall(r"(\d+) 0 R", a.group(1)):
        o = objs.get(int(r), "")
        dm = re.search(r"/Dest\s*\(([^)]*)\)", o)
        rm = re.search(r"/Rect\s*\[([-\d.\s]+)\]", o)
        if not dm or not rm:
            continue
        x0, y0, x1, y1 = map(float, rm.group(1).split())
        under = [w[4] for w in words
                 if x0 <= (w[0] + w[2]) / 2 <= x1 and
                 y0 <= (w[1] + w[3]) / 2 <= y1]
        print("%d\t%s\t%s" % (i + 1, dm.group(1), " ".join(under)))
