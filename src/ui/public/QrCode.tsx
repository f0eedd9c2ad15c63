// A QR code of `value` as a data: image (CSP allows img data:), with its address as the text alternative.
import { useEffect, useState } from 'react';
import { QR_SIZE_PX } from '../../domain/constants';
import { message } from '../../messages/catalogue';
import { qrDataUrl } from './qr-image';
import { useLanguage } from '../../state/language';

type Drawn = { value: string; src: string } | { value: string; failed: true };

export function QrCode({ value, size = QR_SIZE_PX }: { value: string; size?: number }) {
  useLanguage();
  const [drawn, setDrawn] = useState<Drawn | null>(null);

  useEffect(() => {
    let live = true;
    // Drawn at the screen's pixel density and shown at `size` CSS pixels, so modules stay sharp on Retina screens.
    const density = Math.min(4, Math.max(1, Math.round(window.devicePixelRatio || 1)));
    Promise.resolve()
      .then(() => qrDataUrl(value, size * density))
      .then((src) => live && setDrawn({ value, src }))
      .catch(() => live && setDrawn({ value, failed: true }));
    return () => {
      live = false;
    };
  }, [value, size]);

  const current = drawn && drawn.value === value ? drawn : null;
  if (current && 'failed' in current) {
    return (
      <div className="qr-failed" role="alert">
        <p>{message('qrFailed')}</p>
        <p className="qr-url" dir="ltr">
          {value}
        </p>
      </div>
    );
  }
  return (
    <div className="qr-frame" style={{ width: size, height: size }}>
      {current ? (
        <img className="qr-code" src={current.src} alt={message('qrAlt', { url: value })} width={size} height={size} />
      ) : (
        <span className="qr-making" role="status">
          {message('qrMaking')}
        </span>
      )}
    </div>
  );
}
