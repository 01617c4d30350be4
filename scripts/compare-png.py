#!/usr/bin/env python3
"""Compares two PNG files pixel by pixel (8-bit RGB or RGBA, not interlaced).

Exits 0 when every channel of every pixel differs by at most TOLERANCE (0: the final frame
of an animation must be the static image exactly), 1 otherwise, printing how many
pixels differ. Standard library only.
"""
import struct
import sys
import zlib

TOLERANCE = 0


def read_stream(path):
    """The PNG's width, height, channels a pixel, and its filtered rows, inflated."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise SystemExit(f"{path}: unsupported PNG (depth {depth}, colour {color})")
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    return width, height, channels, zlib.decompress(idat)


def unfilter(width, height, channels, raw):
    """The pixel rows of a filtered stream."""
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    a, b = read_stream(sys.argv[1]), read_stream(sys.argv[2])
    if a[:3] != b[:3]:
        print(f"sizes differ: {a[:3]} vs {b[:3]}")
        return 1
    if a[3] == b[3]:
        # The same filter types and the same filtered bytes: the same pixels (the usual
        # case, both images written by one encoder), with no need to undo the filters.
        return 0
    a, b = unfilter(*a), unfilter(*b)
    width, _, channels, _ = a
    differing = 0
    for row_a, row_b in zip(a[3], b[3]):
        for x in range(width):
            pa = row_a[x * channels:(x + 1) * channels]
            pb = row_b[x * channels:(x + 1) * channels]
            if any(abs(p - q) > TOLERANCE for p, q in zip(pa, pb)):
                differing += 1
    if differing:
        print(f"{differing} pixels differ by more than {TOLERANCE}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
