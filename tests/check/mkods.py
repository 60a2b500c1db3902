#!/usr/bin/env python3
"""mkods.py FILE [PAD]: a small OpenDocument spreadsheet for csv_tables.sh:
a sheet Notes, then a sheet Units (a header and two units, one with an
ampersand) whose rows and columns repeat empty to the sheet's edge as
spreadsheets save them; PAD spaces more in content.xml make a zip bomb
(40 MB that deflate to 40 KB)."""
import sys, zipfile
def ods(path, sheets, bomb=0):
    z = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
    z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
    x = ['<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>']
    for name, rows in sheets:
        x.append('<table:table table:name="%s">' % name)
        for r in rows:
            x.append('<table:table-row>')
            for c in r:
                x.append('<table:table-cell><text:p>%s</text:p></table:table-cell>' % c)
            x.append('<table:table-cell table:number-columns-repeated="16380"/></table:table-row>')
        x.append('<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>')
        x.append('</table:table>')
    x.append('</office:spreadsheet></office:body></office:document-content>')
    s = "".join(x)
    if bomb:
        s = s + " " * bomb
    z.writestr("content.xml", s)
    z.close()
ods(sys.argv[1], [("Notes", [["x"]]), ("Units", [["Unit", "Class", "Move"], ["Spearmen", "infantry", "6"], ["Archers &amp; slingers", "infantry", "6"]])], int(sys.argv[2]) if len(sys.argv) > 2 else 0)
