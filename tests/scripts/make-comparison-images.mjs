#!/usr/bin/env node
// Draws the credits page's before/after comparison (our own artwork, made on an HTML canvas in headless Chromium):
// one living room as a grey pencil sketch (before) and as a coloured render (after), written as
// src/public/images/before-render.webp and after-render.webp (WebP: a quarter of the PNG's bytes, which the credits
// page's first paint on a phone waits for; docs/performance.md). Re-run: node tests/scripts/make-comparison-images.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(root, 'src/public/images');
const MAX_BYTES = 60_000;
/** WebP quality: the sketch's lines and the render's soft light stay clean at 0.8. */
const QUALITY = 0.8;

/** Runs in the page: the scene for `mode` ('before' or 'after') on a 960 x 600 canvas, as a PNG data URL. */
function draw([mode, quality]) {
  const c = document.createElement('canvas');
  c.width = 960;
  c.height = 600;
  const g = c.getContext('2d');
  const W = 960,
    H = 600;
  const sketch = mode === 'before';
  g.clearRect(0, 0, W, H);
  let seed = 7;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const j = (v, a = 1.6) => (sketch ? v + (rnd() - 0.5) * a : v);
  function poly(pts, fill, stroke = '#555', lw = 2) {
    if (sketch) {
      if (fill !== null) {
        g.beginPath();
        pts.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
        g.closePath();
        g.fillStyle = '#f4f4f2';
        g.fill();
      }
      for (let pass = 0; pass < 2; pass++) {
        g.beginPath();
        pts.forEach(([x, y], i) => (i ? g.lineTo(j(x), j(y)) : g.moveTo(j(x), j(y))));
        g.closePath();
        g.strokeStyle = pass ? 'rgba(70,70,70,0.45)' : 'rgba(60,60,60,0.85)';
        g.lineWidth = pass ? 1 : 1.8;
        g.stroke();
      }
      return;
    }
    g.beginPath();
    pts.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
    g.closePath();
    g.fillStyle = fill;
    g.fill();
    if (stroke) {
      g.strokeStyle = stroke;
      g.lineWidth = lw;
      g.stroke();
    }
  }
  const rect = (x, y, w, h, fill, stroke) =>
    poly(
      [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ],
      fill,
      stroke,
    );
  const lin = (x0, y0, x1, y1, stops) => {
    const gr = g.createLinearGradient(x0, y0, x1, y1);
    stops.forEach(([o, col]) => gr.addColorStop(o, col));
    return gr;
  };
  function ellipse(x, y, rx, ry, fill, stroke) {
    g.beginPath();
    g.ellipse(j(x), j(y), rx, ry, 0, 0, Math.PI * 2);
    if (sketch) {
      if (fill && !fill.startsWith('rgba')) {
        g.fillStyle = '#f4f4f2';
        g.fill();
      }
      g.strokeStyle = 'rgba(60,60,60,0.85)';
      g.lineWidth = 1.8;
      g.stroke();
      return;
    }
    g.fillStyle = fill;
    g.fill();
    if (stroke) {
      g.strokeStyle = stroke;
      g.lineWidth = 1.5;
      g.stroke();
    }
  }
  // paper / room shell
  if (sketch) {
    g.fillStyle = '#f4f4f2';
    g.fillRect(0, 0, W, H);
  }
  // back wall, left wall, floor, ceiling (one-point perspective)
  const bw = [
    [230, 90],
    [730, 90],
    [730, 400],
    [230, 400],
  ];
  poly(
    [
      [0, 0],
      [W, 0],
      [730, 90],
      [230, 90],
    ],
    '#f6efe2',
    null,
  );
  poly(
    [
      [0, 0],
      [230, 90],
      [230, 400],
      [0, H],
    ],
    '#d8c7ab',
    null,
  );
  poly(
    [
      [W, 0],
      [730, 90],
      [730, 400],
      [W, H],
    ],
    '#d2bf9f',
    null,
  );
  poly(bw, '#efe3cd', null);
  poly(
    [
      [0, H],
      [230, 400],
      [730, 400],
      [W, H],
    ],
    '#8d5c38',
    null,
  );
  // floor boards
  for (let i = 1; i < 12; i++) {
    const t = i / 12;
    const xb = 230 + 500 * t;
    const xf = W * t;
    g.beginPath();
    g.moveTo(j(xb), j(400));
    g.lineTo(j(xf), j(H));
    g.strokeStyle = sketch ? 'rgba(90,90,90,0.35)' : 'rgba(60,35,20,0.35)';
    g.lineWidth = 1;
    g.stroke();
  }
  if (sketch) {
    // hatching on the floor and walls to read as a pencil sketch
    g.strokeStyle = 'rgba(80,80,80,0.18)';
    g.lineWidth = 1;
    for (let x = -600; x < W; x += 14) {
      g.beginPath();
      g.moveTo(x, H);
      g.lineTo(x + 200, 400);
      g.stroke();
    }
    for (let y = 10; y < 390; y += 16) {
      g.beginPath();
      g.moveTo(j(0, 3), y + 40);
      g.lineTo(j(225, 3), y * 0.8 + 90);
      g.stroke();
    }
  }
  // room edges
  [
    [
      [230, 90],
      [230, 400],
    ],
    [
      [730, 90],
      [730, 400],
    ],
    [
      [230, 400],
      [730, 400],
    ],
    [
      [230, 90],
      [730, 90],
    ],
    [
      [0, 0],
      [230, 90],
    ],
    [
      [W, 0],
      [730, 90],
    ],
    [
      [0, H],
      [230, 400],
    ],
    [
      [W, H],
      [730, 400],
    ],
  ].forEach(([a, b]) => {
    g.beginPath();
    g.moveTo(j(a[0]), j(a[1]));
    g.lineTo(j(b[0]), j(b[1]));
    g.strokeStyle = sketch ? 'rgba(50,50,50,0.9)' : 'rgba(90,70,50,0.5)';
    g.lineWidth = sketch ? 2 : 1;
    g.stroke();
  });
  // window with view
  rect(
    300,
    130,
    170,
    170,
    lin(300, 130, 300, 300, [
      [0, '#7cc3f0'],
      [0.7, '#bfe4f7'],
      [0.71, '#6fae5a'],
      [1, '#4e8d3d'],
    ]),
    '#ffffff',
  );
  if (!sketch) {
    // sun glow and light on floor
    const sun = g.createRadialGradient(430, 160, 5, 430, 160, 60);
    sun.addColorStop(0, 'rgba(255,250,210,0.95)');
    sun.addColorStop(1, 'rgba(255,250,210,0)');
    g.fillStyle = sun;
    g.fillRect(300, 130, 170, 170);
    poly(
      [
        [330, 430],
        [470, 430],
        [560, 560],
        [300, 560],
      ],
      'rgba(255,236,180,0.28)',
      null,
    );
  }
  g.lineWidth = 6;
  rect(300, 130, 170, 170, 'rgba(0,0,0,0)', sketch ? '#555' : '#fafafa');
  [
    [385, 130, 385, 300],
    [300, 215, 470, 215],
  ].forEach(([a, b, c2, d]) => {
    g.beginPath();
    g.moveTo(j(a), j(b));
    g.lineTo(j(c2), j(d));
    g.strokeStyle = sketch ? 'rgba(60,60,60,0.8)' : '#fafafa';
    g.lineWidth = sketch ? 1.8 : 5;
    g.stroke();
  });
  // picture frame on wall
  rect(
    540,
    150,
    120,
    80,
    lin(540, 150, 660, 230, [
      [0, '#e07a5f'],
      [0.5, '#f2cc8f'],
      [1, '#81b29a'],
    ]),
    sketch ? '#555' : '#3d2b1f',
  );
  // rug
  poly(
    [
      [250, 470],
      [710, 470],
      [800, 560],
      [160, 560],
    ],
    '#34507a',
    sketch ? '#555' : '#253a56',
  );
  if (!sketch) {
    poly(
      [
        [285, 482],
        [675, 482],
        [750, 548],
        [210, 548],
      ],
      'rgba(0,0,0,0)',
      'rgba(238,108,77,0.85)',
    );
  }
  // sofa shadow
  if (!sketch) ellipse(480, 470, 230, 22, 'rgba(40,25,15,0.35)');
  // sofa: back, seat, arms, cushions
  rect(280, 330, 400, 90, '#24897c', sketch ? '#555' : '#185f56');
  rect(270, 400, 420, 60, '#2fa393', sketch ? '#555' : '#185f56');
  rect(
    245,
    360,
    45,
    105,
    lin(245, 0, 290, 0, [
      [0, '#1f7a6f'],
      [1, '#2a9d8f'],
    ]),
    sketch ? '#555' : '#185f56',
  );
  rect(
    670,
    360,
    45,
    105,
    lin(670, 0, 715, 0, [
      [0, '#2a9d8f'],
      [1, '#1f7a6f'],
    ]),
    sketch ? '#555' : '#185f56',
  );
  rect(320, 350, 90, 55, '#f4a261', sketch ? '#555' : '#c97c3c');
  rect(550, 350, 90, 55, '#e9c46a', sketch ? '#555' : '#c49b3a');
  // legs
  [
    [285, 460],
    [675, 460],
  ].forEach(([x, y]) => rect(x, y, 10, 14, '#3b2a1e', sketch ? '#555' : null));
  // coffee table
  if (!sketch) ellipse(480, 545, 120, 12, 'rgba(40,25,15,0.35)');
  rect(
    370,
    500,
    220,
    16,
    lin(370, 0, 590, 0, [
      [0, '#b5835a'],
      [1, '#8d5f3b'],
    ]),
    sketch ? '#555' : '#5e3d24',
  );
  [
    [385, 516],
    [565, 516],
  ].forEach(([x, y]) => rect(x, y, 10, 30, '#5e3d24', sketch ? '#555' : null));
  // mug and book on table
  rect(420, 486, 16, 14, '#ffffff', sketch ? '#555' : '#999');
  rect(500, 492, 60, 8, '#e63946', sketch ? '#555' : '#a32630');
  // floor lamp
  g.beginPath();
  g.moveTo(j(790), j(520));
  g.lineTo(j(790), j(250));
  g.strokeStyle = sketch ? 'rgba(60,60,60,0.85)' : '#2b2b2b';
  g.lineWidth = 4;
  g.stroke();
  ellipse(790, 522, 28, 7, '#2b2b2b');
  poly(
    [
      [755, 250],
      [825, 250],
      [810, 200],
      [770, 200],
    ],
    lin(0, 200, 0, 250, [
      [0, '#fff3c4'],
      [1, '#f6d365'],
    ]),
    sketch ? '#555' : '#d9b44a',
  );
  if (!sketch) {
    const glow = g.createRadialGradient(790, 250, 5, 790, 260, 140);
    glow.addColorStop(0, 'rgba(255,230,150,0.55)');
    glow.addColorStop(1, 'rgba(255,230,150,0)');
    g.fillStyle = glow;
    g.fillRect(0, 0, W, H);
  }
  // plant
  rect(150, 470, 50, 60, '#c8553d', sketch ? '#555' : '#8f3a28');
  [
    [175, 470, 130, 380],
    [175, 470, 175, 360],
    [175, 470, 220, 385],
    [175, 470, 150, 410],
    [175, 470, 205, 410],
  ].forEach(([x0, y0, x1, y1]) => {
    g.beginPath();
    g.moveTo(j(x0), j(y0));
    g.quadraticCurveTo(j((x0 + x1) / 2 + 10), j((y0 + y1) / 2), j(x1), j(y1));
    g.strokeStyle = sketch ? 'rgba(60,60,60,0.85)' : '#2d6a4f';
    g.lineWidth = sketch ? 1.8 : 3;
    g.stroke();
    ellipse(x1, y1, 18, 9, '#40916c', sketch ? null : '#2d6a4f');
  });
  if (!sketch) {
    // Quantise softly so the soft light compresses well.
    const img = g.getImageData(0, 0, W, H);
    const d = img.data;
    for (let i = 0; i < d.length; i += 4)
      for (let k = 0; k < 3; k++) d[i + k] = Math.min(255, Math.round(d[i + k] / 6) * 6);
    g.putImageData(img, 0, 0);
  }
  return c.toDataURL('image/webp', quality);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const mode of ['before', 'after']) {
    const url = await page.evaluate(draw, [mode, QUALITY]);
    if (!url.startsWith('data:image/webp')) throw new Error('this Chromium cannot encode WebP');
    const webp = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    if (webp.length > MAX_BYTES) throw new Error(`${mode}-render.webp is ${webp.length} bytes, over ${MAX_BYTES}`);
    writeFileSync(join(outDir, `${mode}-render.webp`), webp);
    console.log(`${mode}-render.webp ${(webp.length / 1024).toFixed(1)} KiB`);
  }
} finally {
  await browser.close();
}
