// The QR code of a shared link as qrDataUrl draws it: read back by a QR reader from the pixels drawn on the canvas.
import jsQR from 'jsqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QR_SIZE_PX } from '../../../../src/domain/constants';
import { qrDataUrl } from '../../../../src/ui/public/qr-image';

/** A canvas that keeps what is drawn on it as RGBA pixels (black or white), and gives a marker for its PNG. */
function fakeCanvas() {
  const canvas = {
    width: 0,
    height: 0,
    pixels: new Uint8ClampedArray(0),
    getContext: (): typeof context | null => context,
    toDataURL: () => 'data:image/png;base64,drawn',
  };
  const context = {
    fillStyle: '#000',
    fillRect(x: number, y: number, w: number, h: number) {
      if (canvas.pixels.length !== canvas.width * canvas.height * 4)
        canvas.pixels = new Uint8ClampedArray(canvas.width * canvas.height * 4);
      const value = context.fillStyle === '#fff' ? 255 : 0;
      for (let py = y; py < y + h; py++)
        for (let px = x; px < x + w; px++) {
          const at = (py * canvas.width + px) * 4;
          canvas.pixels.fill(value, at, at + 3);
          canvas.pixels[at + 3] = 255;
        }
    },
  };
  return canvas;
}

/** What qrDataUrl draws for `value`, at least `targetPx` wide: what a phone's camera would see. */
function drawn(value: string, targetPx = QR_SIZE_PX) {
  const canvas = fakeCanvas();
  vi.stubGlobal('document', { createElement: (tag: string) => (tag === 'canvas' ? canvas : null) });
  const url = qrDataUrl(value, targetPx);
  const side = canvas.width;
  const dark = (x: number, y: number) => canvas.pixels[(y * side + x) * 4] === 0;
  return { url, side, height: canvas.height, pixels: canvas.pixels, dark };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('qrDataUrl', () => {
  it('encodes a shared-link address that a QR reader decodes back, and gives the canvas its PNG', () => {
    const url =
      'https://dreambook.example/external-link?model=Farmhouse%2001&design=Lake%20%26%20Pines&referral=friend-42';
    const code = drawn(url);
    expect(jsQR(code.pixels, code.side, code.side)?.data).toBe(url);
    expect(code.url).toBe('data:image/png;base64,drawn');
  });

  it('uses error correction M: a short address fits version 2 (25 modules), with a quiet zone of 4 modules a side', () => {
    // Version 1 holds only 14 bytes at M. At one pixel a module the picture is 4 + 25 + 4 pixels a side.
    const code = drawn('https://a.example/x', 1);
    expect([code.side, code.height]).toEqual([33, 33]);
  });

  it('leaves the quiet zone white and puts the finder pattern in the top-left corner', () => {
    const { dark, side } = drawn('hello', 1);
    const quiet = (n: number) => n < 4 || n >= side - 4;
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) if (quiet(x) || quiet(y)) expect(dark(x, y), `${x},${y}`).toBe(false);
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => dark(4 + i, 4))).toEqual([true, true, true, true, true, true, true]);
    expect(dark(5, 5)).toBe(false);
    expect(dark(7, 7)).toBe(true);
  });

  it('is at least as wide as asked, a whole number of pixels a module', () => {
    const code = drawn('https://a.example/x', QR_SIZE_PX);
    expect(code.side).toBeGreaterThanOrEqual(QR_SIZE_PX);
    expect(code.side % 33).toBe(0);
  });

  it('throws without a 2d canvas', () => {
    const canvas = fakeCanvas();
    canvas.getContext = () => null;
    vi.stubGlobal('document', { createElement: () => canvas });
    expect(() => qrDataUrl('hello', QR_SIZE_PX)).toThrow('no 2d canvas');
  });
});
