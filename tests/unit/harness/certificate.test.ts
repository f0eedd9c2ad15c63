// The stand-ins' self-signed certificates (harness/paypal/certificate.ts) parse whatever their random serial is: a
// serial that starts with zero bytes is written in DER's minimal form, which OpenSSL requires ("illegal padding").
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

const serials = vi.hoisted(() => ({ next: null as Buffer | null }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return {
    ...real,
    randomBytes: (size: number) => serials.next ?? real.randomBytes(size),
  };
});

import { selfSignedCertificate } from '../../../harness/paypal/certificate';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const from = new Date('2026-11-27T00:00:00Z');

describe('selfSignedCertificate', () => {
  it('makes a certificate for the key and name, valid from the given day', () => {
    const cert = new X509Certificate(selfSignedCertificate(privateKey, 'apis.google.com', from, 30));
    expect(cert.subject).toBe('CN=apis.google.com');
    expect(cert.checkPrivateKey(privateKey)).toBe(true);
    expect(new Date(cert.validFrom).toISOString()).toBe(from.toISOString());
  });

  it.each([
    [
      'a leading zero byte',
      [0x00, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x11, 0x22, 0x33],
      '123456789ABCDEF0112233',
    ],
    ['leading zeros before a high bit', [0x00, 0x00, 0x80, 1, 2, 3, 4, 5, 6, 7, 8, 9], '80010203040506070809'],
    ['all zeros', Array<number>(12).fill(0), '0'],
  ])('parses with a serial of %s', (_name, bytes, serial) => {
    serials.next = Buffer.from(bytes);
    try {
      const cert = new X509Certificate(selfSignedCertificate(privateKey, 'apis.google.com', from, 30));
      expect(cert.serialNumber).toBe(serial);
    } finally {
      serials.next = null;
    }
  });
});
