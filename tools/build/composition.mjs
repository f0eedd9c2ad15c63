// What the bundle carries, part by part: the portal's own code (src/, bridge/) and each package, from the bundle and
// its source map. Every generated character goes to the source its mapping names; each part's text is then gzipped
// alone (-9), so the parts add up to a little more than the whole bundle's gzip.
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
export function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`not base64 VLQ: ${segment}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

export const OWN_CODE = 'own code (src + bridge)';

/**
 * The part a source belongs to: OWN_CODE for the portal's files, the package's name (the innermost node_modules) for
 * a dependency, else `other` (esbuild's defines, such as the config, and its runtime helpers).
 */
export function partOf(source) {
  const inPackage = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  if (inPackage) return inPackage[1];
  return /(?:^|\/)(src|bridge)\//.test(source) ? OWN_CODE : 'other';
}

/**
 * Each part's raw and gzip -9 bytes in a build's files (the entry and its chunks), each a `code` (its text) and its
 * `map` (its source map, parsed): each part's text from all of them, gzipped alone, largest first.
 */
export function buildComposition(files) {
  const texts = new Map();
  const add = (part, text) => texts.set(part, (texts.get(part) ?? '') + text);
  for (const { code, map } of files) collect(code, map, add);
  return [...texts.entries()]
    .map(([part, text]) => ({ part, raw: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
}

function collect(code, map, add) {
  const lines = code.split('\n');
  const mappings = map.mappings.split(';');
  let source = 0;
  lines.forEach((line, index) => {
    const segments = (mappings[index] ?? '')
      .split(',')
      .filter(Boolean)
      .map((s) => decodeSegment(s));
    let column = 0;
    const starts = [];
    for (const s of segments) {
      column += s[0];
      if (s.length >= 4) source += s[1];
      starts.push({ column, source: s.length >= 4 ? source : -1 });
    }
    if (starts.length === 0 || starts[0].column > 0) add('other', line.slice(0, starts[0]?.column ?? line.length));
    starts.forEach((start, i) => {
      const end = i + 1 < starts.length ? starts[i + 1].column : line.length;
      add(start.source < 0 ? 'other' : partOf(map.sources[start.source]), line.slice(start.column, end));
    });
    if (index < lines.length - 1) add('other', '\n');
  });
}
