// SPEC 9's mobile layout breakpoint, 768 pixels: every width rule of the stylesheets switches there, and nowhere else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../../src');
const stylesheets = [
  join(root, 'styles.css'),
  ...readdirSync(join(root, 'ui/styles')).map((file) => join(root, 'ui/styles', file)),
];

describe('the mobile breakpoint (SPEC 9: 768 px)', () => {
  it('is the only width any media query of the stylesheets names: narrower than 768 px is the mobile layout', () => {
    const widths = stylesheets.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/@media[^{]*\((min|max)-width:\s*([\d.]+)px\)/g)].map(
        (m) => `${m[1]}-width: ${m[2]}px`,
      ),
    );
    expect(widths.length).toBeGreaterThan(0);
    expect([...new Set(widths)]).toEqual(['max-width: 767px']);
  });
});
