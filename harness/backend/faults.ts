// Fault injection for the reference backend: `route=500x2`, `route=dropx1`, `route=malformed`, `latency=300`.

export type FaultKind = { status: number } | { drop: true } | { malformed: true };

export interface Fault {
  route: string;
  kind: FaultKind;
  /** How many more calls fail; Infinity when no count was given. */
  remaining: number;
}

export interface Faults {
  latencyMs: number;
  rules: Fault[];
}

/** Parses a comma-separated fault spec; throws with a readable message on anything it does not understand. */
export function parseFaults(spec: string | undefined): Faults {
  const faults: Faults = { latencyMs: 0, rules: [] };
  for (const part of (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([a-z][a-z-]*)=(\d{3}|drop|malformed|\d+)(?:x(\d+))?$/.exec(part);
    if (!match)
      throw new Error(
        `cannot read fault "${part}": use route=STATUS[xN], route=drop[xN], route=malformed[xN] or latency=MS`,
      );
    const [, route, what, count] = match as unknown as [string, string, string, string | undefined];
    if (route === 'latency') {
      faults.latencyMs = Number(what);
      continue;
    }
    const kind: FaultKind =
      what === 'drop' ? { drop: true } : what === 'malformed' ? { malformed: true } : { status: Number(what) };
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
