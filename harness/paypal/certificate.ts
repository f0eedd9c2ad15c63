// A self-signed X.509 certificate for a key pair, written in DER by hand: node:crypto reads certificates but does not
// make them, and the PayPal stand-in must serve one at the PAYPAL-CERT-URL of its webhooks, as PayPal does.
import { createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag]), length(content.length), content]);
const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));

/**
 * A non-negative INTEGER in DER's one form: no leading zero bytes (a random serial may start with one, and OpenSSL
 * then refuses the whole certificate: "illegal padding"), and one 0x00 first when the top bit is set.
 */
function integer(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const minimal = bytes.subarray(start);
  const positive = (minimal[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal;
  return tlv(0x02, positive);
}

function objectId(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const n of rest) {
    const group = [n & 0x7f];
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128)) group.unshift((v & 0x7f) | 0x80);
    out.push(...group);
  }
  return tlv(0x06, Buffer.from(out));
}

const SHA256_WITH_RSA = sequence(objectId('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));

/** A Name with one common name (CN). */
const name = (commonName: string) =>
  sequence(tlv(0x31, sequence(objectId('2.5.4.3'), tlv(0x0c, Buffer.from(commonName, 'utf8')))));

/** UTCTime, YYMMDDHHMMSSZ (valid for years 1950-2049). */
function utcTime(date: Date): Buffer {
  const iso = date.toISOString();
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

/** A PEM certificate for `privateKey`'s public key, signed with it (SHA256withRSA), valid from `from` for `days`. */
export function selfSignedCertificate(privateKey: KeyObject, commonName: string, from: Date, days = 3650): string {
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const serial = randomBytes(12);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    SHA256_WITH_RSA,
    name(commonName),
    sequence(utcTime(from), utcTime(new Date(from.getTime() + days * 86_400_000))),
    name(commonName),
    spki,
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
