// A PNG of at most 256 colours from RGBA pixels, for the README's screenshots: a user interface is
// flat colours and anti-aliased text, which a palette keeps readable at a third of the bytes of a
// full-colour PNG. Popularity quantisation on 5 bits a channel, each pixel mapped to its nearest
// palette colour; no dependency (zlib does the deflate and the CRCs).
import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes opaque RGBA pixels (alpha ignored) as an indexed PNG. */
export function palettePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const n = width * height;
  // Histogram on 5 bits a channel, with each bin's colour sums for its mean.
  const count = new Uint32Array(32768);
  const sum = new Float64Array(32768 * 3);
  const bin = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const r = rgba[i * 4]!;
    const g = rgba[i * 4 + 1]!;
    const b = rgba[i * 4 + 2]!;
    const k = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    bin[i] = k;
    count[k]!++;
    sum[k * 3]! += r;
    sum[k * 3 + 1]! += g;
    sum[k * 3 + 2]! += b;
  }
  const bins = [...count.keys()].filter((k) => count[k]! > 0).sort((a, b) => count[b]! - count[a]!);
  const palette = bins
    .slice(0, 256)
    .map((k) => [0, 1, 2].map((c) => Math.round(sum[k * 3 + c]! / count[k]!)) as [number, number, number]);
  // Each bin to its nearest palette colour.
  const index = new Int16Array(32768).fill(-1);
  const nearest = (k: number): number => {
    if (index[k]! >= 0) return index[k]!;
    const c = [0, 1, 2].map((j) => sum[k * 3 + j]! / count[k]!);
    let best = 0;
    let bestD = Infinity;
    palette.forEach((p, i) => {
      const d = (p[0] - c[0]!) ** 2 * 0.3 + (p[1] - c[1]!) ** 2 * 0.59 + (p[2] - c[2]!) ** 2 * 0.11;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    index[k] = best;
    return best;
  };
  // Rows of indices, each behind filter byte 0 (none): palette images compress best unfiltered.
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = nearest(bin[y * width + x]!);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // indexed colour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
