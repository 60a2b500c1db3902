"""layers_deps.py ROOT RULES CFLAGS: checks every file of ROOT/src against
RULES (layers.rules): which folders of src/ and which libraries it
includes, as the compiler says (cc -M). Prints PASS/FAIL lines."""
import os
import re
import subprocess
import sys

root, rules_file, cflags = sys.argv[1], sys.argv[2], sys.argv[3].split()
cc = os.environ.get("CC", "cc")
layers, libs, known = {}, [], {}
for line in open(rules_file, encoding="utf-8"):
    w = line.split()
    if not w or w[0].startswith("#"):
        continue
    if w[0] == "layer":
        layers[w[1]] = set(w[2:])
    elif w[0] == "lib":
        libs.append((w[1], re.compile(w[2]), set(w[3:])))
    elif w[0] == "known":
        known[(w[1], w[2])] = " ".join(w[3:])

breaches, files = set(), 0
cflags = [f for f in cflags if not f.startswith("-W")]
for layer in sorted(os.listdir(os.path.join(root, "src"))):
    d = os.path.join(root, "src", layer)
    if not os.path.isdir(d) or layer == "po":
        continue
    if layer not in layers:
        print(f"FAIL: src/{layer}/ is a folder no rule names (layers.rules)")
        continue
    # A folder inside a layer's folder (a product, src/render/NAME/) is
    # that layer's.
    names = sorted(os.path.relpath(os.path.join(p, f), d)
                   for p, _, fs in os.walk(d) for f in fs)
    for f in names:
        if not f.endswith((".c", ".h")):
            continue
        rel = f"src/{layer}/{f}"
        r = subprocess.run([cc, "-M", "-x", "c"] + cflags + [rel], cwd=root,
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f"FAIL: {rel}: cc -M failed: {r.stderr.strip()[:200]}")
            continue
        files += 1
        deps = r.stdout.replace("\\\n", " ").split()[2:]
        for h in deps:
            n = os.path.normpath(h)
            if n.startswith("src/"):
                other = n.split("/")[1]
                if other not in layers[layer]:
                    breaches.add((rel, other, f"includes {n}"))
                continue
            for name, pat, allowed in libs:
                if pat.search(n) and layer not in allowed:
                    breaches.add((rel, name, f"includes {n}"))
                    break

print(f"PASS: {files} files asked of the compiler" if files > 50 else
      f"FAIL: only {files} files asked of the compiler")
new = sorted(b for b in breaches if (b[0], b[1]) not in known)
seen = {(b[0], b[1]) for b in breaches}
byfile = {}
for rel, what, how in new:
    byfile.setdefault((rel, what), how)
for (rel, what), how in sorted(byfile.items()):
    layer = rel.split("/")[1]
    print(f"FAIL: {rel} ({layer}) may not include {what}: {how}")
if not byfile:
    print("PASS: every include keeps to the layers and libraries of layers.rules")
for (rel, what), why in sorted(known.items()):
    if (rel, what) in seen:
        print(f"PASS: known breach, still to mend: {rel} includes {what} ({why})")
    else:
        print(f"FAIL: {rel} no longer includes {what}: take its 'known' line out of layers.rules")
