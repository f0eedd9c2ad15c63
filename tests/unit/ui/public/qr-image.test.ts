import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrModules } from '../../../../src/ui/public/qr-image';

/** The modules as RGBA pixels, `scale` a module, with the quiet zone: what a phone's camera would see. */
function pixels(value: string, scale = 4) {
  const { size, dark } = qrModules(value);
  const side = (size + 2 * QR_QUIET_ZONE) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let py = 0; py < side; py++)
    for (let px = 0; px < side; px++) {
      const x = Math.floor(px / scale) - QR_QUIET_ZONE;
      const y = Math.floor(py / scale) - QR_QUIET_ZONE;
      if (x >= 0 && y >= 0 && x < size && y < size && dark(x, y))
        data.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
    }
  return { data, side };
}

describe('qrModules', () => {
  it('encodes a shared-link address that a QR reader decodes back', () => {
    const url =
      'https://dreambook.example/external-link?model=Farmhouse%2001&design=Lake%20%26%20Pines&referral=friend-42';
    const { data, side } = pixels(url);
    expect(jsQR(data, side, side)?.data).toBe(url);
  });

  it('uses error correction M: a short address fits version 2 (25 modules), version 1 holds only 14 bytes at M', () => {
    expect(qrModules('https://a.example/x').size).toBe(25);
  });

  it('has the finder pattern in the top-left corner', () => {
    const { dark } = qrModules('hello');
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => dark(i, 0))).toEqual([true, true, true, true, true, true, true]);
    expect(dark(1, 1)).toBe(false);
    expect(dark(3, 3)).toBe(true);
  });
});
