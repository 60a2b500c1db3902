#!/usr/bin/env python3
# pictures.py DIR [--bench]: writes into DIR the hostile pictures of
# tests/check/hostile_pictures.sh (and, with --bench, those of
# tests/bench/hostile_pictures.sh: the 230,000 rectangles, and
# pictures at the work's limit). Big in pixels and elements, small on
# disk: made when a test runs, never kept.
import base64, struct, sys, zlib
d = sys.argv[1] + '/'
bench = sys.argv[2:] == ['--bench']
def png(w, h, bits=1, colour=0, seed=0):
    # Stripes: big in pixels, small on disk.
    n = (w * bits + 7) // 8 if colour == 0 else w * 3
    row = b'\0' + bytes((0x55 if colour == 0 else (i * (37 + seed)) & 0xff)
        for i in range(n))
    raw = row * h
    def chunk(t, b):
        return struct.pack('>I', len(b)) + t + b + \
            struct.pack('>I', zlib.crc32(t + b) & 0xffffffff)
    return b'\x89PNG\r\n\x1a\n' + \
        chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, bits, colour, 0, 0, 0)) + \
        chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
def svg(name, body, size=100, pre=''):
    with open(d + name, 'w') as f:
        f.write(pre + '<svg xmlns="http://www.w3.org/2000/svg" '
            'xmlns:xlink="http://www.w3.org/1999/xlink" width="%d" '
            'height="%d">%s</svg>' % (size, size, body))
def data(b, mime='image/png'):
    return 'data:%s;base64,%s' % (mime, base64.b64encode(b).decode())
# The probes.
svg('bigdata.svg', '<image width="100" height="100" xlink:href="%s"/>'
    % data(png(16000, 16000)))
svg('text.svg', ''.join('<text x="%d" y="%d">hello world text here</text>'
    % (i % 100, i % 100) for i in range(20000)))
use = ['<defs><rect id="l0" width="1" height="1"/>']
for l in range(1, 9):
    use.append('<g id="l%d">%s</g>' % (l, '<use xlink:href="#l%d"/>' % (l - 1) * 10))
svg('use.svg', ''.join(use) + '</defs><use xlink:href="#l8"/>')
svg('rects.svg', '<rect width="1" height="1"/>' * (230000 if bench else 60000))
for i in range(41):
    open(d + 'big%d.png' % i, 'wb').write(png(5000, 5000))
# More that librsvg takes minutes, gigabytes or a crash over.
svg('path.svg', '<path d="M0 0%s"/>' % ''.join(' L%d %d' % (i % 100, i % 2 * 99)
    for i in range(15000)))
svg('morph.svg', '<filter id="m"><feMorphology radius="30"/></filter>'
    '<rect width="100" height="100" filter="url(#m)"/>')
svg('convolve.svg', '<filter id="m"><feConvolveMatrix order="30" '
    'kernelMatrix="%s"/></filter><rect width="99" height="99" '
    'filter="url(#m)"/>' % ' '.join(['1'] * 900))
svg('dash.svg', '<line x1="-100000" y1="50" x2="100000" y2="50" '
    'stroke="black" stroke-dasharray="0.05"/>')
svg('blurs.svg', '<filter id="b"><feGaussianBlur stdDeviation="3"/></filter>' +
    '<circle cx="50" cy="50" r="30" filter="url(#b)"/>' * 20)
svg('marker.svg', '<marker id="m"><g id="g">%s</g></marker>'
    '<path marker-mid="url(#m)" d="M0 0%s"/>' % ('<rect width="1" height="1"/>' * 100,
    ''.join(' L%d %d' % (i % 100, i % 7) for i in range(1000))))
gif = b'GIF89a\x01\x00\x01\x00\x00\x00\x00;'
svg('gif.svg', '<image width="10" height="10" xlink:href="%s"/>' % data(gif, 'image/gif'))
# An SVG inside an SVG inside ... : its elements count where it is drawn.
inner = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">%s</svg>' % (
    '<rect width="1" height="1"/>' * 1000)
svg('nested.svg', ''.join('<image width="10" height="10" xlink:href="%s"/>'
    % data(inner.encode(), 'image/svg+xml') for _ in range(60)))
# Within the limits: big, but printed in seconds.
svg('licence.svg', '<rect width="50" height="50" fill="#363"/>',
    pre='<?xml version="1.0"?>\n<!-- %s -->\n<!DOCTYPE svg>\n' % ('Licence text. ' * 150))
svg('prolog.svg', '<rect width="50" height="50"/>',
    pre='<!-- %s -->\n' % ('x' * 70000))
svg('rects39k.svg', ''.join('<rect x="%d" y="%d" width="1" height="1" fill="#%06x"/>'
    % (i % 100, i // 100 % 100, i * 2654435761 & 0xffffff) for i in range(39000)))
svg('photo.svg', '<rect width="100" height="100" fill="#fe0"/><image x="10" '
    'y="10" width="80" height="80" xlink:href="%s"/>' % data(png(4000, 4000)))
svg('shadows.svg', '<filter id="s"><feGaussianBlur in="SourceAlpha" '
    'stdDeviation="2"/><feOffset dx="2" dy="2"/><feMerge><feMergeNode/>'
    '<feMergeNode in="SourceGraphic"/></feMerge></filter>' +
    ''.join('<circle cx="%d" cy="50" r="12" fill="#a33" filter="url(#s)"/>'
        % (15 + 14 * i) for i in range(5)))
open(d + 'huge.png', 'wb').write(png(5000, 5000, 8, 2))
for i in range(41):
    open(d + 'small%d.png' % i, 'wb').write(png(800, 600, 8, 2))
def noisy(w, h, seed):
    # A photograph's worth of entropy: rows of noise no two alike within
    # deflate's window; about 13 MB for 25 million pixels.
    import random
    rnd = random.Random(seed)
    rows = [b"\0" + bytes((x * 255 // (w * 3)) ^ (rnd.getrandbits(1) * 3 if x % 3 == 1 else 0)
        for x in range(w * 3)) for _ in range(64)]
    def chunk(t, b):
        return struct.pack('>I', len(b)) + t + b + \
            struct.pack('>I', zlib.crc32(t + b) & 0xffffffff)
    z = zlib.compressobj(6)
    idat = b''.join(z.compress(rows[(y * 7) % 64]) for y in range(h)) + z.flush()
    return b'\x89PNG\r\n\x1a\n' + \
        chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + \
        chunk(b'IDAT', idat) + chunk(b'IEND', b'')
if bench:
    # At the work's limit (80,000,000): three 25-million-pixel PNGs of
    # colour; 28,000 characters of text; 15 blurs.
    for i in range(3):
        open(d + 'colour%d.png' % i, 'wb').write(noisy(5000, 5000, i))
    svg('text28k.svg', ''.join('<text x="%d" y="%d" font-size="3">'
        'Hello world, text!!</text>' % (i % 100, i % 100) for i in range(1400)))
    svg('blur15.svg', '<filter id="b"><feGaussianBlur stdDeviation="3"/>'
        '</filter>' + ''.join('<circle cx="%d" cy="50" r="20" fill="#%06x" '
        'filter="url(#b)"/>' % (10 + 5 * i, i * 999331 & 0xffffff) for i in range(15)))
