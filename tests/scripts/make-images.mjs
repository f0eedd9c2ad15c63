#!/usr/bin/env node
// Draws the house thumbnails of the reference backend's sample models (our own artwork, made on an HTML canvas in
// headless Chromium) and writes them as src/public/images/house-thumbnails/{Model}_Thumbnail.webp.
// Re-run after adding a model to SAMPLE_MODELS in harness/backend/store.ts: node tests/scripts/make-images.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(root, 'src/public/images/house-thumbnails');
const WIDTH = 480;
const HEIGHT = 320;
const MAX_BYTES = 40_000;

/** The model names, read from the backend's source so the two never drift apart. */
function sampleModels() {
  const source = readFileSync(join(root, 'harness/backend/store.ts'), 'utf8');
  const match = /SAMPLE_MODELS\s*=\s*\[([^\]]*)\]/.exec(source);
  if (!match) throw new Error('SAMPLE_MODELS not found in harness/backend/store.ts');
  return [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

/** Runs in the page: one drawing per model on a WIDTH x HEIGHT canvas, returned as a WebP data URL. */
function draw({ model, width, height, quality }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const c = canvas.getContext('2d');
  let seed = [...model].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;

  const rect = (x, y, w, h, fill) => {
    c.fillStyle = fill;
    c.fillRect(x, y, w, h);
  };
  const poly = (points, fill, stroke) => {
    c.beginPath();
    c.moveTo(points[0][0], points[0][1]);
    for (const [x, y] of points.slice(1)) c.lineTo(x, y);
    c.closePath();
    if (fill) {
      c.fillStyle = fill;
      c.fill();
    }
    if (stroke) {
      c.strokeStyle = stroke;
      c.lineWidth = 2;
      c.stroke();
    }
  };
  const gradient = (y0, y1, stops) => {
    const g = c.createLinearGradient(0, y0, 0, y1);
    stops.forEach((s, i) => g.addColorStop(i / (stops.length - 1), s));
    return g;
  };
  const sky = (top, bottom, horizon) => rect(0, 0, width, horizon, gradient(0, horizon, [top, bottom]));
  const ground = (horizon, top, bottom) =>
    rect(0, horizon, width, height - horizon, gradient(horizon, height, [top, bottom]));
  const sun = (x, y, r, color) => {
    c.fillStyle = color;
    c.beginPath();
    c.arc(x, y, r, 0, Math.PI * 2);
    c.fill();
  };
  const cloud = (x, y, s) => {
    c.fillStyle = 'rgba(255,255,255,0.85)';
    for (const [dx, dy, r] of [
      [0, 0, 14],
      [16, -6, 18],
      [34, 0, 14],
      [18, 6, 14],
    ]) {
      c.beginPath();
      c.arc(x + dx * s, y + dy * s, r * s, 0, Math.PI * 2);
      c.fill();
    }
  };
  const window_ = (x, y, w, h, frame = '#f4f1ea', glass = '#9fd0ee') => {
    rect(x - 3, y - 3, w + 6, h + 6, frame);
    rect(x, y, w, h, glass);
    rect(x, y, w, h * 0.35, 'rgba(255,255,255,0.35)');
    rect(x + w / 2 - 1.5, y, 3, h, frame);
    rect(x, y + h / 2 - 1.5, w, 3, frame);
  };
  const pine = (x, base, h, color = '#2f6b3c') => {
    rect(x - 3, base - h * 0.2, 6, h * 0.2, '#6b4a2b');
    for (let i = 0; i < 3; i++) {
      const top = base - h + i * h * 0.22;
      poly(
        [
          [x, top],
          [x - h * 0.28 + i * 2, top + h * 0.45],
          [x + h * 0.28 - i * 2, top + h * 0.45],
        ],
        color,
      );
    }
  };
  const roundTree = (x, base, r, color = '#3f8a4a') => {
    rect(x - 4, base - r, 8, r, '#7a5533');
    sun(x, base - r - r * 0.6, r, color);
    sun(x - r * 0.3, base - r - r * 0.9, r * 0.6, 'rgba(255,255,255,0.12)');
  };
  const shadow = (x, y, w) => {
    c.fillStyle = 'rgba(0,0,0,0.12)';
    c.beginPath();
    c.ellipse(x, y, w / 2, 8, 0, 0, Math.PI * 2);
    c.fill();
  };

  switch (model) {
    case 'Modern_Villa': {
      sky('#7fb7ea', '#d8ecfb', 220);
      sun(400, 60, 26, '#ffe08a');
      cloud(70, 60, 1);
      ground(220, '#8cc97a', '#5f9e55');
      rect(0, 262, width, 58, '#d9d4c7');
      rect(280, 270, 170, 34, '#4fb6d8');
      rect(280, 270, 170, 6, '#86d3ea');
      shadow(210, 258, 330);
      rect(60, 150, 300, 105, '#f6f5f1');
      rect(150, 95, 190, 60, '#ecebe6');
      rect(50, 144, 320, 10, '#3b3f45');
      rect(140, 88, 210, 9, '#3b3f45');
      rect(80, 170, 150, 70, '#8cc6e6');
      for (let x = 80; x < 230; x += 37) rect(x, 170, 3, 70, '#3b3f45');
      rect(250, 175, 40, 80, '#6d4c35');
      rect(165, 108, 160, 36, '#8cc6e6');
      rect(300, 170, 45, 45, '#8cc6e6');
      rect(60, 150, 14, 105, '#b9a58c');
      roundTree(30, 255, 18, '#4c9a52');
      roundTree(455, 250, 16, '#4c9a52');
      break;
    }
    case 'Cozy_Cottage': {
      sky('#f5c79b', '#fde9d1', 215);
      sun(380, 80, 30, '#ffd27a');
      ground(215, '#9cc97f', '#6f9f57');
      poly(
        [
          [220, 320],
          [250, 320],
          [246, 262],
          [226, 262],
        ],
        '#c9b49a',
      );
      shadow(235, 262, 260);
      rect(125, 165, 220, 95, '#f1e4c8');
      poly(
        [
          [105, 170],
          [235, 80],
          [365, 170],
        ],
        '#8e3b2f',
      );
      poly(
        [
          [105, 170],
          [235, 80],
          [365, 170],
          [355, 174],
          [235, 92],
          [115, 174],
        ],
        '#6e2c23',
      );
      rect(290, 90, 26, 50, '#8a6b5a');
      rect(286, 86, 34, 8, '#6b5244');
      c.fillStyle = 'rgba(255,255,255,0.7)';
      for (const [x, y, r] of [
        [305, 72, 8],
        [312, 56, 10],
        [324, 38, 12],
      ]) {
        c.beginPath();
        c.arc(x, y, r, 0, Math.PI * 2);
        c.fill();
      }
      c.fillStyle = '#5c3d2e';
      c.beginPath();
      c.moveTo(215, 260);
      c.lineTo(215, 212);
      c.arc(235, 212, 20, Math.PI, 0);
      c.lineTo(255, 260);
      c.closePath();
      c.fill();
      sun(248, 236, 2.5, '#e8c36a');
      window_(148, 190, 40, 38, '#fdf8ee', '#ffd98c');
      window_(282, 190, 40, 38, '#fdf8ee', '#ffd98c');
      for (let i = 0; i < 14; i++) {
        const x = 125 + i * 16 + rand() * 6;
        sun(x, 262 + rand() * 6, 5, ['#e5566b', '#f2c14e', '#b66dd8', '#ffffff'][i % 4]);
      }
      roundTree(60, 250, 22, '#5a9a4a');
      roundTree(420, 248, 20, '#5a9a4a');
      break;
    }
    case 'Lake_House': {
      sky('#9ec9e8', '#e6f2fa', 170);
      cloud(300, 50, 1.1);
      for (let i = 0; i < 9; i++) {
        const x = i * 60 + rand() * 20;
        poly(
          [
            [x - 60, 170],
            [x, 110 + rand() * 30],
            [x + 60, 170],
          ],
          '#8fa9c0',
        );
      }
      rect(0, 170, width, 20, '#6f9f63');
      rect(0, 190, width, 130, gradient(190, 320, ['#4f93c2', '#2f6a98']));
      c.strokeStyle = 'rgba(255,255,255,0.35)';
      c.lineWidth = 2;
      for (let i = 0; i < 14; i++) {
        const x = rand() * width;
        const y = 205 + rand() * 105;
        c.beginPath();
        c.moveTo(x, y);
        c.lineTo(x + 20 + rand() * 20, y);
        c.stroke();
      }
      rect(250, 182, 150, 10, '#8b6a4a');
      for (let x = 255; x < 400; x += 28) rect(x, 190, 5, 28, '#6b4f36');
      rect(150, 150, 8, 45, '#6b4f36');
      rect(310, 150, 8, 45, '#6b4f36');
      poly(
        [
          [120, 160],
          [235, 40],
          [350, 160],
        ],
        '#7b5a3c',
      );
      poly(
        [
          [140, 160],
          [235, 62],
          [330, 160],
        ],
        '#f3efe6',
      );
      poly(
        [
          [170, 160],
          [235, 92],
          [300, 160],
        ],
        '#8fc4e4',
      );
      rect(232, 92, 6, 68, '#f3efe6');
      rect(170, 128, 130, 5, '#f3efe6');
      rect(110, 158, 250, 8, '#5a4330');
      c.globalAlpha = 0.25;
      poly(
        [
          [140, 200],
          [235, 300],
          [330, 200],
        ],
        '#f3efe6',
      );
      c.globalAlpha = 1;
      pine(40, 185, 80);
      pine(80, 185, 60, '#285e35');
      pine(430, 185, 75);
      break;
    }
    case 'Urban_Loft': {
      sky('#f0a986', '#fbd9c0', 240);
      for (let i = 0; i < 10; i++) {
        const w = 30 + rand() * 40;
        const h = 60 + rand() * 120;
        rect(i * 50 - 10, 240 - h, w, h, 'rgba(110,90,120,0.45)');
      }
      rect(0, 240, width, 80, '#8f8f95');
      rect(0, 268, width, 52, '#5f6068');
      for (let x = 10; x < width; x += 60) rect(x, 292, 30, 4, '#e6e2d5');
      shadow(240, 262, 300);
      rect(110, 40, 260, 222, '#a4533c');
      c.strokeStyle = 'rgba(60,25,15,0.25)';
      c.lineWidth = 1;
      for (let y = 44; y < 262; y += 8) {
        c.beginPath();
        c.moveTo(110, y);
        c.lineTo(370, y);
        c.stroke();
      }
      rect(104, 34, 272, 12, '#5a3a30');
      for (let row = 0; row < 3; row++) {
        for (let col = 0; col < 3; col++) {
          const x = 128 + col * 82;
          const y = 60 + row * 62;
          rect(x - 3, y - 3, 66, 48, '#2f2f33');
          rect(x, y, 60, 42, row === 1 && col === 1 ? '#ffd98c' : '#9cc3da');
          for (let k = 1; k < 4; k++) rect(x + k * 15 - 1, y, 2, 42, '#2f2f33');
          rect(x, y + 20, 60, 2, '#2f2f33');
        }
      }
      rect(215, 228, 50, 34, '#2f2f33');
      rect(219, 232, 42, 30, '#6f8fa3');
      rect(110, 222, 95, 6, '#2f2f33');
      rect(275, 222, 95, 6, '#2f2f33');
      for (const x of [50, 420]) {
        rect(x - 2, 200, 4, 62, '#2f2f33');
        sun(x, 198, 6, '#ffe6a8');
      }
      break;
    }
    case 'Farmhouse': {
      sky('#a8d3f0', '#eaf5fc', 200);
      sun(70, 60, 24, '#fff0b0');
      cloud(320, 50, 0.9);
      ground(200, '#c7d977', '#8fae4d');
      c.strokeStyle = 'rgba(90,110,40,0.35)';
      c.lineWidth = 2;
      for (let y = 215; y < 320; y += 14) {
        c.beginPath();
        c.moveTo(0, y);
        c.lineTo(width, y + 10);
        c.stroke();
      }
      shadow(230, 262, 330);
      rect(90, 140, 280, 120, '#fbfaf6');
      c.strokeStyle = 'rgba(0,0,0,0.07)';
      for (let y = 146; y < 260; y += 9) {
        c.beginPath();
        c.moveTo(90, y);
        c.lineTo(370, y);
        c.stroke();
      }
      poly(
        [
          [70, 146],
          [230, 60],
          [390, 146],
        ],
        '#3c4650',
      );
      poly(
        [
          [175, 146],
          [230, 104],
          [285, 146],
        ],
        '#fbfaf6',
      );
      window_(215, 112, 30, 26, '#fbfaf6', '#a7cde6');
      rect(80, 200, 300, 8, '#3c4650');
      for (let x = 90; x <= 370; x += 35) rect(x, 208, 5, 52, '#fbfaf6');
      rect(80, 256, 300, 8, '#b9b2a3');
      window_(110, 160, 34, 30);
      window_(316, 160, 34, 30);
      window_(110, 218, 34, 30);
      window_(316, 218, 34, 30);
      rect(212, 210, 36, 50, '#2f4f6b');
      sun(242, 236, 2.5, '#e8c36a');
      rect(395, 170, 60, 90, '#a23a2c');
      poly(
        [
          [390, 172],
          [425, 140],
          [460, 172],
        ],
        '#7f2c21',
      );
      rect(410, 210, 30, 50, '#f5efe3');
      roundTree(40, 255, 22, '#4f8f45');
      break;
    }
    case 'Barndominium': {
      sky('#9fc7e6', '#e3f0f9', 205);
      cloud(80, 55, 1);
      cloud(360, 40, 0.8);
      ground(205, '#b5cf7a', '#7fa34a');
      rect(0, 262, width, 58, '#c2b59b');
      shadow(240, 262, 380);
      rect(60, 130, 360, 132, '#4f5b66');
      c.strokeStyle = 'rgba(255,255,255,0.12)';
      c.lineWidth = 2;
      for (let x = 66; x < 420; x += 10) {
        c.beginPath();
        c.moveTo(x, 130);
        c.lineTo(x, 262);
        c.stroke();
      }
      poly(
        [
          [40, 136],
          [240, 60],
          [440, 136],
        ],
        '#2b2f33',
      );
      rect(40, 132, 400, 6, '#1f2226');
      rect(80, 170, 110, 92, '#e9e4da');
      c.strokeStyle = '#c9c1b2';
      for (let y = 180; y < 262; y += 14) {
        c.beginPath();
        c.moveTo(80, y);
        c.lineTo(190, y);
        c.stroke();
      }
      rect(215, 95, 50, 36, '#8fc4e4');
      rect(238, 95, 4, 36, '#2b2f33');
      rect(215, 160, 70, 70, '#8fc4e4');
      rect(248, 160, 4, 70, '#2b2f33');
      rect(215, 193, 70, 4, '#2b2f33');
      rect(300, 196, 36, 66, '#a0683b');
      sun(330, 230, 2.5, '#e8c36a');
      rect(350, 170, 50, 40, '#8fc4e4');
      rect(373, 170, 4, 40, '#2b2f33');
      for (const x of [30, 455]) roundTree(x, 258, 16, '#5b8f43');
      break;
    }
    default: {
      sky('#b8d4ea', '#eef5fb', 210);
      ground(210, '#a7c98a', '#77a35c');
      rect(150, 150, 180, 110, '#f2eee6');
      poly(
        [
          [130, 155],
          [240, 80],
          [350, 155],
        ],
        '#6e5b4d',
      );
      rect(222, 200, 36, 60, '#5c3d2e');
    }
  }
  return canvas.toDataURL('image/webp', quality);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
  headless: true,
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>thumbnails</title>');
  mkdirSync(outDir, { recursive: true });
  for (const model of sampleModels()) {
    let quality = 0.82;
    let bytes;
    for (;;) {
      const url = await page.evaluate(draw, { model, width: WIDTH, height: HEIGHT, quality });
      if (!url.startsWith('data:image/webp;base64,'))
        throw new Error(`this Chromium cannot encode WebP (got ${url.slice(0, 30)})`);
      bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
      if (bytes.length <= MAX_BYTES || quality < 0.3) break;
      quality -= 0.1;
    }
    const file = join(outDir, `${model}_Thumbnail.webp`);
    writeFileSync(file, bytes);
    console.log(`${file.slice(root.length + 1)}  ${WIDTH}x${HEIGHT}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
