// The QR code's modules from `qrcode`'s core (no renderer: the bundle carries the encoder alone), drawn by a canvas.
import { create } from 'qrcode/lib/core/qrcode';

/** The quiet zone around the code, in modules (the QR standard asks for 4). */
const QR_QUIET_ZONE = 4;

/** The code of `value` at error correction M: `size` modules a side, `dark[y * size + x]` true where a module is dark. */
function qrModules(value: string): { size: number; dark: (x: number, y: number) => boolean } {
  const { size, data } = create(value, { errorCorrectionLevel: 'M' }).modules;
  return { size, dark: (x, y) => data[y * size + x] === 1 };
}

/** A PNG data: URL of the code, black on white with the quiet zone, at least `targetPx` wide; throws without a canvas. */
export function qrDataUrl(value: string, targetPx: number): string {
  const { size, dark } = qrModules(value);
  const side = size + 2 * QR_QUIET_ZONE;
  // One whole number of pixels per module keeps the modules crisp (the img scales the picture to its CSS size).
  const scale = Math.max(1, Math.ceil(targetPx / side));
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = side * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000';
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (dark(x, y)) context.fillRect((x + QR_QUIET_ZONE) * scale, (y + QR_QUIET_ZONE) * scale, scale, scale);
  return canvas.toDataURL();
}
