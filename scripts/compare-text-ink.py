#!/usr/bin/python3
"""Compares the ink of a gauge's title in GaugeKit's PNG with rsvg-convert's rendering of the SVG.

Called by scripts/check-scripts with its work folder, which holds titles.tsv (key, required or
later, text or emoji, the title as a JSON string) and for each title KEY: KEY.png (GaugeKit),
KEY-rsvg.png (rsvg-convert of GaugeKit's KEY.svg), KEY.layout.json; blank.png and
blank-rsvg.png (the same gauge with a blank title); control-*.png (see `controls`). Prints one
line per title and per control; exits 1 when a required title fails or a control passes.
Debian's python3-pil only (no numpy).

The measure:
1. The band: the title's centre line y and font size s from `gauge layout`; rows y - 1.5 s to
   y + 1.5 s hold every script's ascenders, stacked marks and emoji.
2. Ink: the luminance difference from the blank-titled gauge in units of the title colour's
   own contrast with the background (255 = fully title-coloured), through a ramp that is 0
   below 3/8 of that contrast and full above 5/8. Subtracting the blank image removes the
   ring and the end labels exactly. Luminance rather than a colour distance, and the ramp,
   because of emoji (EMOJI below).
3. Alignment: the whole-pixel shift of GaugeKit's ink, up to SEARCH px each way, with the
   largest cross-correlation against rsvg-convert's.
4. IoU at that shift: sum of min(ours, theirs) / sum of max(ours, theirs), over the band, and
   over every window 2 em wide (stepping by s/2) that holds ink: the worst window catches
   one wrong glyph in a long title, which barely moves the whole title's IoU.
5. A title passes when IoU >= IOU_MIN, worst window >= WINDOW_MIN (text titles), the shift
   is at most PLACE px each way, and neither image has ink outside the band (`Title.stray`).

The numbers behind the thresholds (`scripts/check-scripts --calibrate`; Debian 12: rsvg-convert
2.54.7, Pango 1.50.12, cairo 1.16.0, DejaVu 2.37, Noto CJK 2022-01, Noto Color Emoji 2.042,
fonts-noto-core 20201225, Pillow 9.4 with raqm):

                                                       IoU          worst 2-em window
  good: GaugeKit's PNG, Latin titles (en fr-de pl tr)  0.98-0.99    0.97-0.98
  good: Pillow in fontconfig's fonts (1), text titles  0.86-0.95    0.79-0.92
  good: the same, emoji titles                         0.82-0.91    0.52-0.89
  bad: today's GaugeKit, boxes for 3 letters of 14 (vi) 0.62        0.43
  bad: today's GaugeKit, e + U+0301 (the mark a box)   0.67         0.00
  bad: today's GaugeKit, a box for the emoji ("Mood")  0.59         0.00
  bad: today's GaugeKit, all boxes (ru ... th, he-en)  0.10-0.30    0.00-0.12
  bad: DejaVu Sans Bold / DejaVu Serif                 0.49 / 0.49  0.38 / 0.01
  bad: one letter wrong (GaugeKit's "Stress lebel")    0.66         0.46
  bad: one letter a box (Pillow's, in a Latin title)   0.71         0.24
  bad: missing / all .notdef boxes (Pillow's)          0.00 / 0.17  0.00 / 0.08
  bad: moved 2 or 4 px                                 0.98, found at the shift; good: 0,0

(1) Pillow (FreeType drawing 8 times larger and averaged down, HarfBuzz shaping through raqm)
stands in for a GaugeKit with the right glyphs: a third rasteriser and layout engine, so a
harder test than GaugeKit itself, which matches rsvg-convert to 0.98 where it has the glyphs.
IOU_MIN = 0.75 lies between the worst good title (0.82) and the best bad one (0.71, which only
the window catches; 0.67 otherwise). WINDOW_MIN = 0.65 lies between the worst good text title
(0.79, Hangul's hairlines) and the best bad one (0.46). PLACE = 1: every good title aligned at
0,0, and Pango may round a run's start to a whole pixel. Binarising instead of the ramp made
hairlines that straddle two pixel rows a coin toss (Pillow's Korean: 0.78); no ramp at all
counted the pale parts of colour emoji that rsvg-convert leaves out (Pillow's "Mood": 0.72).

FONTS: the reference is what Pango and fontconfig pick for "'DejaVu Sans',Verdana,Arial,
sans-serif" with no language (the SVG has no lang; the locale is pinned to C.UTF-8): the full
system DejaVu Sans for Latin, Cyrillic, Greek, Georgian, Armenian, Arabic and Hebrew; Noto Sans
CJK JP (NotoSansCJK-Regular.ttc, face 0) for kana, Han and Hangul, Chinese included; Noto Color
Emoji for pictographs. GaugeKit passes only by falling back in the same order. Measured with
Pillow: Russian or Greek in Noto Sans 0.35-0.37, Georgian or Armenian in their Noto fonts 0.22
(all fail); Traditional Chinese in the CJK TC or SC face window 0.53 (fails), Japanese in them
0.72 (passes); Korean in any CJK face 0.86/0.79 (the Hangul is the same).

EMOJI: rsvg-convert here draws a colour emoji neither in colour nor missing, but as a 1-bit
mask of the bitmap's dark pixels filled in the text colour (seen at -z 4: pixel squares; a face
becomes its eyes and mouth, the Japanese flag its red disc), like FreeType's grey conversion of
a colour bitmap (coverage = alpha x darkness) thresholded. A colour emoji's luminance, ramped as
above, keeps the same dark parts, so whole titles agree (Pillow in colour: 0.82-0.91; FreeType's
grey conversion in the text colour: 0.84-0.93), but a single emoji only roughly (windows
0.51-0.56: a 1-bit trace against smooth scaling). Emoji titles are therefore judged on the whole
title, not per window. A box or a missing emoji fails (0.59, 0.14-0.17), and so does an emoji
drawn as a flat silhouette in the text colour (its alpha: 0.19-0.63), which is not what the
mask shows.
"""
import argparse
import copy
import json
import pathlib
import subprocess
import sys
import unicodedata

from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

SEARCH = 6  # px each way the alignment tries: finds misplacements well past PLACE to report
PLACE = 1  # px each way a good title may sit from rsvg-convert's (see above)
IOU_MIN = 0.75  # the whole title's IoU (see above)
WINDOW_MIN = 0.65  # the worst window's IoU, text titles only (see above)
WINDOW_EMS = 2  # window width in ems: one or two glyphs of most scripts, one CJK pair
BAND = 1.5  # the band's half-height in ems around the title's centre line
STRAY = 16  # levels (0-255) outside the band that count as ink; both renderers measured 0
# Titles whose drawing by Pillow must pass: Cyrillic, CJK, Hangul (the worst: hairlines), the
# worst emoji title, and the flag.
PASSING = ["ru", "ja", "ko", "emoji-zwj", "flag"]

HERE = pathlib.Path(__file__).resolve().parent
LABEL_FONT = HERE.parent / "Fonts" / "DejaVuSans.ttf"


def luma(color):
    """The luminance PIL's "L" conversion gives a #RRGGBB colour, 0...255."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return (r * 299 + g * 587 + b * 114) / 1000


def total(image):
    return ImageStat.Stat(image).sum[0]


def shifted(image, dx, dy):
    out = Image.new("L", image.size, 0)
    out.paste(image, (dx, dy))
    return out


def iou(a, b):
    either = total(ImageChops.lighter(a, b))
    return total(ImageChops.darker(a, b)) / either if either else 0.0


def align(ours, theirs):
    """The shift of `ours` (dx, dy) with the largest cross-correlation against `theirs`; ties
    keep the smaller shift, so an empty image stays where it is."""
    best, where = total(ImageChops.multiply(ours, theirs)), (0, 0)
    for dy in range(-SEARCH, SEARCH + 1):
        for dx in range(-SEARCH, SEARCH + 1):
            score = total(ImageChops.multiply(shifted(ours, dx, dy), theirs))
            if score > best + 1e-9:
                best, where = score, (dx, dy)
    return where


class Title:
    """One title: its text, its band in the image, and how to measure inks in it."""

    def __init__(self, work, key, required, kind, text):
        self.key, self.required, self.kind, self.text = key, required, kind, text
        layout = json.load(open(work / f"{key}.layout.json"))
        items = [i for i in layout["scene"]["items"]
                 if i["kind"] == "text" and i.get("role") == "title"]
        if not items:
            raise SystemExit(f"compare-text-ink: {key}: the layout has no title (dropped?)")
        item = items[0]
        self.contrast = abs(luma(layout["scene"]["background"]["color"])
                            - luma(item["paint"]["color"]))
        self.x, self.y, self.size = item["x"], item["y"], item["size"]
        self.color = item["paint"]["color"]
        self.box = (0, max(0, round(self.y - BAND * self.size)), layout["width"],
                    min(layout["height"], round(self.y + BAND * self.size)))

    def ink(self, image, blank):
        """The title's ink in an image (a path or an RGB image) against the blank gauge's."""
        if not isinstance(image, Image.Image):
            image = Image.open(image)
        difference = ImageChops.difference(image.convert("L").crop(self.box),
                                           blank.crop(self.box))
        scale = 255 / self.contrast
        # The ramp: 0 up to 3/8 of the contrast, 255 from 5/8 (4 times steeper than linear).
        return difference.point(lambda v: max(0, min(255, round((v * scale - 128) * 4 + 128))))

    def stray(self, image, blank):
        """Pixels outside the band that differ from the blank gauge by more than STRAY levels:
        a title drawn somewhere else too, or taller than the band. Measured: none at all, in
        either renderer, for every title in the table (the rest of the image is identical)."""
        if not isinstance(image, Image.Image):
            image = Image.open(image)
        difference = ImageChops.difference(image.convert("L"), blank)
        difference.paste(0, self.box)
        return difference.point(lambda v: 255 if v > STRAY else 0).histogram()[255]

    def measure(self, ours, theirs):
        """IoU, worst window and shift of GaugeKit's ink `ours` against rsvg-convert's."""
        dx, dy = align(ours, theirs)
        ours = shifted(ours, dx, dy)
        either = ImageChops.lighter(ours, theirs)
        width = max(4, round(WINDOW_EMS * self.size))
        worst = 1.0
        for x in range(0, ours.width - width + 1, max(1, round(self.size / 2))):
            window = (x, 0, x + width, ours.height)
            # Less ink than s/2 full pixels (8 at 16 px) is a gap between words: nothing to judge.
            if total(either.crop(window)) >= 255 * self.size / 2:
                worst = min(worst, iou(ours.crop(window), theirs.crop(window)))
        return {"iou": iou(ours, theirs), "window": worst, "dx": dx, "dy": dy}

    def failure(self, m):
        """Why a measurement fails, or None."""
        if m["iou"] < IOU_MIN:
            return f"iou={m['iou']:.2f} (threshold {IOU_MIN:.2f})"
        if self.kind == "text" and m["window"] < WINDOW_MIN:
            return (f"iou={m['iou']:.2f} but window={m['window']:.2f} "
                    f"(threshold {WINDOW_MIN:.2f}: a glyph differs)")
        if abs(m["dx"]) > PLACE or abs(m["dy"]) > PLACE:
            return f"iou={m['iou']:.2f} but {m['dx']:+d},{m['dy']:+d} px off (at most {PLACE})"
        return None


def controls(work, titles, blank, blank_rsvg):
    """(name, ours, theirs, title, image): inks (and a whole image, for the stray-ink check) the
    comparison must reject, whatever the fonts do."""
    en, ru = titles["en"], titles["ru"]
    theirs = en.ink(work / "en-rsvg.png", blank_rsvg)
    ours = en.ink(work / "en.png", blank)
    # Boxes, drawn by Pillow so that these controls stay box-drawn once GaugeKit falls back to
    # other fonts: every letter of the Russian title, or one letter of the English one, as
    # U+E000 (private use) in GaugeKit's own Latin-only DejaVu Sans, whose .notdef box it is.
    latin_only = (str(LABEL_FONT), 0)
    all_boxes = copy.copy(ru)
    all_boxes.text = "".join(c if c == " " else "\ue000" for c in ru.text)
    boxes = ru.ink(simulate(all_boxes, work / "blank.png", font=latin_only), blank)
    one_box = copy.copy(en)
    one_box.text = en.text[:-2] + "\ue000" + en.text[-1:]
    one_box = en.ink(simulate(one_box, work / "blank.png", font=latin_only), blank)
    # Drawn twice: GaugeKit's English title, and a copy of it a band higher.
    twice = Image.open(work / "en.png").convert("RGB")
    height = en.box[3] - en.box[1]
    twice.paste(twice.crop(en.box), (0, en.box[1] - height), mask=ours)
    return [
        ("missing", Image.new("L", ours.size, 0), theirs, en, None),
        ("moved 2 px down", shifted(ours, 0, 2), theirs, en, None),
        ("moved 4 px right", shifted(ours, 4, 0), theirs, en, None),
        ("DejaVu Sans Bold", en.ink(work / "control-bold.png", blank), theirs, en, None),
        ("DejaVu Serif", en.ink(work / "control-serif.png", blank), theirs, en, None),
        ("one letter wrong", en.ink(work / "control-letter.png", blank), theirs, en, None),
        ("one letter a box", one_box, theirs, en, None),
        (".notdef boxes", boxes, ru.ink(work / "ru-rsvg.png", blank_rsvg), ru, None),
        ("drawn twice", ours, theirs, en, twice),
    ]


# --- Pillow's drawing of a title: the calibration's stand-in and the box control --------------

SUPER = 8  # Pillow draws whole pixel sizes only, and hints: draw 8 times larger, average down
EMOJI_PPEM = 109  # NotoColorEmoji's only bitmap strike; FreeType draws CBDT at no other size
_fonts = {}


def font_for(char):
    """The font fontconfig gives 'DejaVu Sans' for `char`, as (file, index); pictographs ask
    for an emoji font first, as Pango does (DejaVu Sans has a few, in black and white)."""
    if char not in _fonts:
        family = "emoji" if ord(char) >= 0x1F000 else "DejaVu Sans"
        found = subprocess.run(["fc-match", "-f", "%{file}:%{index}",
                                f"{family}:charset={ord(char):x}"],
                               capture_output=True, text=True, check=True).stdout
        file, index = found.rsplit(":", 1)
        _fonts[char] = (file, int(index))
    return _fonts[char]


def runs(text, font=None):
    """`text` cut where the font changes; marks, joiners, selectors and spaces stay with what
    precedes them."""
    out = []
    for char in text:
        joins = (unicodedata.category(char) in ("Mn", "Me", "Cf", "Zs", "Sk")
                 or 0xFE00 <= ord(char) <= 0xFE0F or 0x1F3FB <= ord(char) <= 0x1F3FF)
        spec = font or (out[-1][0] if out and joins else font_for(char))
        if out and out[-1][0] == spec:
            out[-1][1] += char
        else:
            out.append([spec, char])
    return out


def simulate(title, blank_path, font=None):
    """The title drawn by Pillow (FreeType, HarfBuzz through raqm) on the blank gauge: centred on
    the layout's x, baseline 0.35 em below its y as the SVG's dy says, each run in the font
    fontconfig picks (or `font`), runs left to right (so not for mixed directions)."""
    hi_size = title.size * SUPER
    pieces, width = [], 0.0
    for (file, index), chars in runs(title.text, font):
        emoji = file.endswith("NotoColorEmoji.ttf")
        size = EMOJI_PPEM if emoji else round(hi_size)
        face = ImageFont.truetype(file, size, index=index, layout_engine=ImageFont.Layout.RAQM)
        scale, pad = hi_size / size, size
        layer = Image.new("RGBA", (int(face.getlength(chars)) + 2 * pad, 3 * pad), (0, 0, 0, 0))
        ImageDraw.Draw(layer).text((pad, 2 * pad), chars, font=face, anchor="ls",
                                   fill=title.color, embedded_color=True)
        if scale != 1:
            layer = layer.resize((round(layer.width * scale), round(layer.height * scale)),
                                 Image.LANCZOS)
        pieces.append((layer, width, pad * scale))
        width += face.getlength(chars) * scale
    canvas = Image.open(blank_path).convert("RGBA")
    hi = Image.new("RGBA", (canvas.width * SUPER, canvas.height * SUPER), (0, 0, 0, 0))
    left, baseline = title.x * SUPER - width / 2, (title.y + 0.35 * title.size) * SUPER
    for layer, x, pad in pieces:
        hi.alpha_composite(layer, (round(left + x - pad), round(baseline - 2 * pad)))
    canvas.alpha_composite(hi.resize(canvas.size, Image.BOX))
    return canvas.convert("RGB")


def calibrate(work, titles, blank, blank_rsvg):
    """Pillow's drawing of every title in the fonts fontconfig picks, against rsvg-convert's:
    what a GaugeKit with the right glyphs should score, from a third rasteriser and layout."""
    print("calibration: Pillow in fontconfig's fonts against rsvg-convert (mixed directions "
          "left out)")
    for key, title in titles.items():
        if key in ("ar-en", "he-en"):
            continue
        m = title.measure(title.ink(simulate(title, work / "blank.png"), blank),
                          title.ink(work / f"{key}-rsvg.png", blank_rsvg))
        fonts = sorted({pathlib.Path(f).stem + (f":{i}" if i else "")
                        for (f, i), _ in runs(title.text)})
        print(f"  {key:10} iou={m['iou']:.2f} window={m['window']:.2f} shift {m['dx']:+d},"
              f"{m['dy']:+d}  {' '.join(fonts)}")


# --- the contact sheet ----------------------------------------------------------------------

def sheet(rows, path):
    """Each title: a label, GaugeKit's band, rsvg-convert's, and the two inks overlaid at the
    best shift (grey: both, orange: GaugeKit only, blue: rsvg-convert only), twice the size,
    cropped to the widest title; 64 colours keep the file small."""
    scale, label_width, gap = 2, 230, 8
    spans = []
    for row in rows:
        boxes = [i.point(lambda v: 255 if v > 20 else 0).getbbox()
                 for i in (row["ours"], row["theirs"])]
        boxes = [b for b in boxes if b]
        spans.append((min(b[0] for b in boxes), max(b[2] for b in boxes)) if boxes
                     else (150, 250))
    full = rows[0]["title"].box[2]
    width = min(full, max(x1 - x0 for x0, x1 in spans) + 24)
    height = max(r["title"].box[3] - r["title"].box[1] for r in rows)
    cell_w, cell_h = width * scale, height * scale
    out = Image.new("RGB", (label_width + 3 * (cell_w + gap), 28 + len(rows) * (cell_h + 6)),
                    "white")
    draw = ImageDraw.Draw(out)
    font = ImageFont.truetype(str(LABEL_FONT), 15)
    small = ImageFont.truetype(str(LABEL_FONT), 12)
    for i, heading in enumerate(["GaugeKit's PNG", "rsvg-convert of GaugeKit's SVG",
                                 "grey: both, orange: PNG only, blue: rsvg only"]):
        draw.text((label_width + i * (cell_w + gap), 6), heading, font=font, fill="black")
    for n, (row, (x0, x1)) in enumerate(zip(rows, spans)):
        title, m, top = row["title"], row["m"], 28 + n * (cell_h + 6)
        left = max(0, min(full - width, (x0 + x1) // 2 - width // 2))
        failed = row["failure"] is not None
        status = ("FAIL" if failed else "ok") if title.required else \
            ("fails" if failed else "ok") + " (later)"
        colour = (120,) * 3 if not title.required else (200, 0, 0) if failed else (0, 120, 0)
        draw.text((6, top + 4), title.key, font=font, fill="black")
        draw.text((6, top + 24), status, font=font, fill=colour)
        draw.text((6, top + 44), f"iou {m['iou']:.2f}, window {m['window']:.2f}, "
                  f"{m['dx']:+d},{m['dy']:+d}", font=small, fill=(80,) * 3)
        box = (left, title.box[1], left + width, title.box[1] + height)
        for i, image in enumerate((row["ours_rgb"], row["theirs_rgb"])):
            out.paste(image.crop(box).resize((cell_w, cell_h), Image.NEAREST),
                      (label_width + i * (cell_w + gap), top))
        band = (left, 0, left + width, height)
        a = shifted(row["ours"], m["dx"], m["dy"]).crop(band)
        b = row["theirs"].crop(band)
        overlay = Image.new("RGB", a.size, "white")
        overlay.paste((240, 140, 0), mask=a)
        overlay.paste((0, 110, 230), mask=b)
        overlay.paste((60, 60, 60), mask=ImageChops.darker(a, b))
        out.paste(overlay.resize((cell_w, cell_h), Image.NEAREST),
                  (label_width + 2 * (cell_w + gap), top))
        draw.line([(0, top + cell_h + 2), (out.width, top + cell_h + 2)], fill=(225,) * 3)
    out.quantize(colors=64, dither=Image.Dither.NONE).save(path, optimize=True)


# --- main -----------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("work", type=pathlib.Path)
    parser.add_argument("--sheet", type=pathlib.Path, help="write the contact sheet here")
    parser.add_argument("--calibrate", action="store_true",
                        help="also print Pillow's drawings against rsvg-convert's")
    parser.add_argument("--report-only", action="store_true", help="exit 0 after failures")
    args = parser.parse_args()
    work = args.work
    blank = Image.open(work / "blank.png").convert("L")
    blank_rsvg = Image.open(work / "blank-rsvg.png").convert("L")
    titles = {}
    for line in open(work / "titles.tsv", encoding="utf-8"):
        key, status, kind, literal = line.rstrip("\n").split("\t")
        titles[key] = Title(work, key, status == "required", kind, json.loads(literal))
    rows, failed = [], 0
    for key, title in titles.items():
        ours = title.ink(work / f"{key}.png", blank)
        theirs = title.ink(work / f"{key}-rsvg.png", blank_rsvg)
        m = title.measure(ours, theirs)
        failure = title.failure(m)
        later = "" if title.required else "  (later: not required yet)"
        detail = (f"  [iou={m['iou']:.2f} window={m['window']:.2f} shift {m['dx']:+d},"
                  f"{m['dy']:+d}]" if args.calibrate else "")
        if failure is None:
            print(f"ok   {key:10} iou={m['iou']:.2f}{later}{detail}")
        else:
            failed += title.required
            print(f"{'FAIL' if title.required else 'fail'} {key:10} {failure}{later}{detail}")
        rows.append({"title": title, "m": m, "failure": failure, "ours": ours, "theirs": theirs,
                     "ours_rgb": Image.open(work / f"{key}.png").convert("RGB"),
                     "theirs_rgb": Image.open(work / f"{key}-rsvg.png").convert("RGB")})
    for name, ours, theirs, title, image in controls(work, titles, blank, blank_rsvg):
        m = title.measure(ours, theirs)
        reason = title.failure(m)
        stray = title.stray(image, blank) if image else 0
        if stray and reason is None:
            reason = f"GaugeKit drew {stray} pixels outside the title's band"
        failed += reason is None
        print(f"{'ok  ' if reason else 'FAIL'} control that must fail, {name}: "
              f"{reason or 'it passed'} [iou={m['iou']:.2f} window={m['window']:.2f} "
              f"shift {m['dx']:+d},{m['dy']:+d}]")
    # Controls that must pass: Pillow's drawing (see `simulate`) of the titles that scored
    # worst in calibration, so the thresholds stay fair to a renderer other than rsvg-convert.
    for key in PASSING:
        title = titles[key]
        m = title.measure(title.ink(simulate(title, work / "blank.png"), blank),
                          title.ink(work / f"{key}-rsvg.png", blank_rsvg))
        reason = title.failure(m)
        failed += reason is not None
        print(f"{'FAIL' if reason else 'ok  '} control that must pass, Pillow's {key}: "
              f"{reason or 'iou=%.2f window=%.2f' % (m['iou'], m['window'])}")
    if args.calibrate:
        calibrate(work, titles, blank, blank_rsvg)
    if args.sheet:
        sheet(rows, args.sheet)
        print(f"contact sheet: {args.sheet}")
    required = sum(t.required for t in titles.values())
    print(f"check-scripts: {required} required titles and 14 controls, {failed} failed")
    return 0 if args.report_only or not failed else 1


if __name__ == "__main__":
    sys.exit(main())
