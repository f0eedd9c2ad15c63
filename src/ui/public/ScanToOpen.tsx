// From the desktop to a phone: a QR code of the link a phone should open, with the address as text for those who cannot
// scan.
import { message } from '../../messages/catalogue';
import { QrCode } from './QrCode';
import { useLanguage } from '../../state/language';

export function ScanToOpen({ url }: { url: string }) {
  useLanguage();
  return (
    <section className="public-section scan-to-open" aria-labelledby="scan-heading">
      <h2 id="scan-heading">{message('scanHeading')}</h2>
      <QrCode value={url} />
      <p>{message('scanText')}</p>
      <p className="field-hint">
        {message('cantScan')}{' '}
        <span className="qr-url" dir="ltr">
          {url}
        </span>
      </p>
    </section>
  );
}
