// PayPal's webhooks, played by the stand-in: events in PayPal's shape, signed as PayPal signs them (SHA256withRSA over
// `transmission_id|transmission_time|webhook_id|crc32(body)`, the certificate at PAYPAL-CERT-URL), POSTed to the one
// webhook URL, retried with exponential backoff until answered 2xx, with the fault switches of `paypal-webhook`.
import { generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import type { FaultKind } from '../faults';
import { selfSignedCertificate } from './certificate';

/** A webhook event notification, as PayPal POSTs it. */
export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: Array<{ href: string; rel: string; method: string }>;
}

/** The stand-in's signing key and the certificate it serves for it. */
export interface WebhookKey {
  privateKey: KeyObject;
  certificatePem: string;
  /** The last segment of the PAYPAL-CERT-URL, as PayPal names its certificates (CERT-360caa42-fca2a594-a5cafa77). */
  certId: string;
}

export const AUTH_ALGO = 'SHA256withRSA';

/** A new RSA key pair and its self-signed certificate (2048 bits as PayPal's; tests may ask for fewer, to sign faster). */
export function webhookKey(bits = 2048, now = new Date()): WebhookKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  const hex = () => randomBytes(4).toString('hex');
  return {
    privateKey,
    certificatePem: selfSignedCertificate(privateKey, 'messageverificationcerts.paypal.stand-in', now),
    certId: `CERT-${hex()}-${hex()}-${hex()}`,
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE, as zlib), unsigned: the last part of the string PayPal signs, written in decimal. */
export function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** What PayPal signs for one transmission: `transmission_id|transmission_time|webhook_id|crc32(body)`. */
export function signedString(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  body: string,
): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body, 'utf8'))}`;
}

/** PayPal's event ids: WH-, 17 characters, -, 17 characters (WH-58D329510W468432D-8HN650336L201105X). */
function eventId(): string {
  const part = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
  return `WH-${part()}-${part()}`;
}

/** One event on its way: its body is fixed when made; each attempt is a new transmission (id, time, signature). */
export interface Delivery {
  seq: number;
  event: WebhookEvent;
  body: string;
  /** The `custom_id` the event is about: a per-user fault applies to the user whose player it names. */
  customId: string | undefined;
  state: 'pending' | 'delivered' | 'dropped' | 'gave-up';
  dueAt: number;
  /** Held for the next event (fault `reorder`): sent right after it, or when its wait ends. */
  heldForNext: boolean;
  /** Fault STATUS: the first attempt fails as if the receiver had answered this. */
  failFirstWith: number | null;
  /** Each attempt's answer (0: no answer: refused, reset, timeout). */
  statuses: number[];
}

/** One POST of a webhook: the status it got, 0 when nothing answered. */
export type WebhookTransport = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

export const httpTransport: WebhookTransport = async (url, headers, body) => {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
};

/**
 * PayPal retries an undelivered event up to 25 times over 3 days; here from 5 s, doubling, at most an hour apart,
 * 25 attempts in all. `attempt` is how many attempts failed so far; null: give up.
 */
export function backoff(attempt: number, baseMs = 5_000, maxMs = 3_600_000, attempts = 25): number | null {
  if (attempt >= attempts) return null;
  return Math.min(baseMs * 2 ** (attempt - 1), maxMs);
}

/** How long a `reorder`ed event waits for a next one before it goes anyway. */
const HELD_MAX_MS = 30_000;

export interface SenderOptions {
  /** Where events go (PayPal's webhook listener URL), and that webhook's id; no URL: nothing is sent. */
  target: () => { url: string | null; webhookId: string; certUrl: string };
  key: WebhookKey;
  clock: () => number;
  retryDelayMs: (attempt: number) => number | null;
  transport: WebhookTransport;
  /** The `paypal-webhook` fault for an event about `customId` (one use of it), or null. */
  fault: (customId: string | undefined) => FaultKind | null;
  /** Run on timers (a real server); off, the owner calls deliverDue() (a test with its own clock). */
  autoRun: boolean;
}

export class WebhookSender {
  /** Every event made, in order, with what became of it (the harness log of webhooks). */
  readonly deliveries: Delivery[] = [];
  private seq = 0;
  private busy: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly options: SenderOptions) {}

  /** A new event of `type` about `resource`; it goes out now, or as the fault for its user says. */
  emit(
    type: string,
    resourceType: string,
    resource: Record<string, unknown>,
    summary: string,
    customId: string | undefined,
    resourceVersion?: string,
  ): WebhookEvent | null {
    const { url, certUrl } = this.options.target();
    if (!url) return null;
    const id = eventId();
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: new Date(this.options.clock()).toISOString(),
      resource_type: resourceType,
      ...(resourceVersion ? { resource_version: resourceVersion } : {}),
      event_type: type,
      summary,
      resource,
      links: [
        { href: `${certUrl.replace(/\/certs\/.*$/, '')}/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${certUrl.replace(/\/certs\/.*$/, '')}/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    const fault = this.options.fault(customId);
    const now = this.options.clock();
    const delivery = this.add(event, customId, now);
    if (fault && 'drop' in fault) {
      delivery.state = 'dropped';
      return event;
    }
    if (fault && 'delayMs' in fault) delivery.dueAt = now + fault.delayMs;
    if (fault && 'status' in fault) delivery.failFirstWith = fault.status;
    if (fault && 'reorder' in fault) {
      delivery.heldForNext = true;
      delivery.dueAt = now + HELD_MAX_MS;
    } else {
      // Events held for the next one go right after this one.
      for (const held of this.deliveries) {
        if (held.state !== 'pending' || !held.heldForNext || held === delivery) continue;
        held.heldForNext = false;
        held.dueAt = Math.max(delivery.dueAt, now);
        held.seq = ++this.seq;
      }
    }
    if (fault && 'duplicate' in fault) this.add(event, customId, delivery.dueAt);
    this.schedule();
    return event;
  }

  private add(event: WebhookEvent, customId: string | undefined, dueAt: number): Delivery {
    const delivery: Delivery = {
      seq: ++this.seq,
      event,
      body: JSON.stringify(event),
      customId,
      state: 'pending',
      dueAt,
      heldForNext: false,
      failFirstWith: null,
      statuses: [],
    };
    this.deliveries.push(delivery);
    return delivery;
  }

  /** When the next attempt is due, or null when nothing waits. */
  nextDueAt(): number | null {
    let next: number | null = null;
    for (const d of this.deliveries) if (d.state === 'pending' && (next === null || d.dueAt < next)) next = d.dueAt;
    return next;
  }

  /** Attempts every delivery due at `now`, one at a time, oldest first; resolves when they are answered. */
  async deliverDue(now = this.options.clock()): Promise<void> {
    while (this.busy) await this.busy;
    const run = (async () => {
      for (;;) {
        const due = this.deliveries
          .filter((d) => d.state === 'pending' && d.dueAt <= now)
          .sort((a, b) => a.dueAt - b.dueAt || a.seq - b.seq)[0];
        if (!due || this.stopped) return;
        await this.attempt(due);
      }
    })();
    this.busy = run;
    try {
      await run;
    } finally {
      this.busy = null;
    }
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const { url, webhookId, certUrl } = this.options.target();
    const transmissionId = randomUUID();
    const transmissionTime = new Date(this.options.clock()).toISOString();
    const signature = sign(
      'sha256',
      Buffer.from(signedString(transmissionId, transmissionTime, webhookId, delivery.body)),
      this.options.key.privateKey,
    ).toString('base64');
    let status: number;
    if (delivery.failFirstWith !== null) {
      status = delivery.failFirstWith;
      delivery.failFirstWith = null;
    } else if (!url) {
      status = 0;
    } else {
      status = await this.options.transport(
        url,
        {
          'content-type': 'application/json',
          'paypal-auth-algo': AUTH_ALGO,
          'paypal-cert-url': certUrl,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': transmissionTime,
          'user-agent': 'PayPal/AUHD-214.0-stand-in',
        },
        delivery.body,
      );
    }
    delivery.statuses.push(status);
    if (status >= 200 && status < 300) {
      delivery.state = 'delivered';
      return;
    }
    const delay = this.options.retryDelayMs(delivery.statuses.length);
    if (delay === null) delivery.state = 'gave-up';
    else delivery.dueAt = this.options.clock() + delay;
  }

  /** On timers: wake up when the next delivery is due. */
  private schedule(): void {
    if (!this.options.autoRun || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const next = this.nextDueAt();
    if (next === null) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.deliverDue().then(() => this.schedule());
      },
      Math.max(0, next - this.options.clock()),
    );
    this.timer.unref();
  }

  /** Forgets every event (a harness reset). */
  clear(): void {
    this.deliveries.length = 0;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

/** A new webhook id in PayPal's format (17 digits and upper-case letters). */
export function newWebhookId(): string {
  return randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
}
