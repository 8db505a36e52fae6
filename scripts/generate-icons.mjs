// Draws the app icon: a white "VP" monogram on a rounded teal square, written to
// resources/icons/<size>x<size>.png (the layout electron-builder reads for Linux, and the
// 512 px file it converts for Windows and macOS). Run `node scripts/generate-icons.mjs`
// after changing the drawing; the PNGs are committed, so builds do not need this script.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const SIZES = [512, 256];
const OUT_DIR = join(dirname(dirname(fileURLToPath(import.meta.url))), 'resources', 'icons');
const SAMPLES = 4; // per axis: 16 samples per pixel for smooth edges

const TOP = [16, 147, 122]; // teal, lighter at the top
const BOTTOM = [9, 94, 80];
const STROKE = 0.045; // half the letter stroke width, in icon units (0..1)

/** Distance from point p to segment ab. */
function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Whether (x, y) lies on the monogram. */
function onLetters(x, y) {
  const strokes = [
    [0.17, 0.3, 0.3, 0.7], // V, left arm
    [0.3, 0.7, 0.43, 0.3], // V, right arm
    [0.57, 0.3, 0.57, 0.7], // P, stem
    [0.57, 0.3, 0.7, 0.3], // P, top of the bowl
    [0.57, 0.54, 0.7, 0.54], // P, bottom of the bowl
  ];
  if (strokes.some(([ax, ay, bx, by]) => segmentDistance(x, y, ax, ay, bx, by) <= STROKE)) return true;
  // P, the round of the bowl: a half ring right of x = 0.70.
  const r = Math.hypot(x - 0.7, y - 0.42);
  return x >= 0.7 && Math.abs(r - 0.12) <= STROKE;
}

/** Whether (x, y) lies inside the rounded square. */
function onTile(x, y) {
  const radius = 0.22;
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

function drawIcon(size) {
  const png = new PNG({ width: size, height: size });
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let letter = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          if (onTile(x, y)) {
            tile++;
            if (onLetters(x, y)) letter++;
          }
        }
      }
      const n = SAMPLES * SAMPLES;
      const t = py / (size - 1);
      const bg = TOP.map((c, i) => c + (BOTTOM[i] - c) * t);
      const mix = tile ? letter / tile : 0;
      const idx = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) png.data[idx + i] = Math.round(bg[i] + (255 - bg[i]) * mix);
      png.data[idx + 3] = Math.round((255 * tile) / n);
    }
  }
  return PNG.sync.write(png);
}

mkdirSync(OUT_DIR, { recursive: true });
for (const size of SIZES) {
  const file = join(OUT_DIR, `${size}x${size}.png`);
  writeFileSync(file, drawIcon(size));
  console.log(`wrote ${file}`);
}
