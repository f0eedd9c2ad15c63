// Fault injection for the reference backend: `route=500x2`, `route=dropx1`, `route=malformed`, `latency=300`, and for the
// PayPal stand-in's webhooks `paypal-webhook=drop|duplicate|reorder|delayMS|STATUS` (docs/harness.md "Payments the
// server reconciles").

export type FaultKind =
  | { status: number }
  | { drop: true }
  | { malformed: true }
  /** Webhooks: the event is delivered twice (two transmissions of the same event id). */
  | { duplicate: true }
  /** Webhooks: the event is held and sent after the next one. */
  | { reorder: true }
  /** Webhooks: the event goes out this much later. */
  | { delayMs: number };

interface Fault {
  route: string;
  kind: FaultKind;
  /** How many more calls fail; Infinity when no count was given. */
  remaining: number;
}

export interface Faults {
  latencyMs: number;
  rules: Fault[];
}

/** The route name of the stand-in's webhook deliveries, whose faults act on events rather than on answers. */
export const WEBHOOK_FAULT_ROUTE = 'paypal-webhook';

/** Parses a comma-separated fault spec; throws with a readable message on anything it does not understand. */
export function parseFaults(spec: string | undefined): Faults {
  const faults: Faults = { latencyMs: 0, rules: [] };
  for (const part of (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([a-z][a-z-]*)=(\d{3}|drop|malformed|duplicate|reorder|delay\d+|\d+)(?:x(\d+))?$/.exec(part);
    if (!match)
      throw new Error(
        `cannot read fault "${part}": use route=STATUS[xN], route=drop[xN], route=malformed[xN], latency=MS or ${WEBHOOK_FAULT_ROUTE}=drop|duplicate|reorder|delayMS|STATUS[xN]`,
      );
    const [, route, what, count] = match as unknown as [string, string, string, string | undefined];
    if (route === 'latency') {
      faults.latencyMs = Number(what);
      continue;
    }
    const eventOnly = what === 'duplicate' || what === 'reorder' || what.startsWith('delay');
    if (eventOnly && route !== WEBHOOK_FAULT_ROUTE)
      throw new Error(`fault "${part}": ${what.replace(/\d+$/, '')} applies to ${WEBHOOK_FAULT_ROUTE} only`);
    if (route === WEBHOOK_FAULT_ROUTE && what === 'malformed')
      throw new Error(`fault "${part}": ${WEBHOOK_FAULT_ROUTE} takes drop, duplicate, reorder, delayMS or STATUS`);
    const kind: FaultKind =
      what === 'drop'
        ? { drop: true }
        : what === 'malformed'
          ? { malformed: true }
          : what === 'duplicate'
            ? { duplicate: true }
            : what === 'reorder'
              ? { reorder: true }
              : what.startsWith('delay')
                ? { delayMs: Number(what.slice('delay'.length)) }
                : { status: Number(what) };
    if ('status' in kind && (kind.status < 400 || kind.status > 599))
      throw new Error(`fault "${part}": status must be 400-599`);
    faults.rules.push({ route, kind, remaining: count ? Number(count) : Infinity });
  }
  return faults;
}

/** The fault to apply to the next call of `route`, consuming one use of it. */
export function takeFault(faults: Faults, route: string): FaultKind | null {
  const rule = faults.rules.find((r) => r.route === route && r.remaining > 0);
  if (!rule) return null;
  rule.remaining -= 1;
  return rule.kind;
}
