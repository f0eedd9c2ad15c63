// The project root, found from wherever this code runs (source under harness/, or bundled under dist/cli/).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function projectRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'home-design-portal'
    )
      return (cached = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the project root (package.json of home-design-portal)');
    dir = parent;
  }
}
