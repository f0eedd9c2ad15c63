// Issue #45, "each in a store or said why in one line": state a page renders lives in a store (valtio, reset with the
// user); a module-level `let` in src/ is the exception, and says why it is outside one in the comment just above it.
// Consecutive `let`s share the comment above the first; a comment may be a line (`//`) or a doc block (`/** ... */`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');

function walk(path: string, out: string[] = []): string[] {
  if (!statSync(path).isDirectory()) {
    if (/\.tsx?$/.test(path)) out.push(path);
    return out;
  }
  for (const name of readdirSync(path)) walk(join(path, name), out);
  return out;
}

/** The module-level `let`s of a source with no comment above them (or above the first of their group). */
function unexplainedLets(source: string): string[] {
  const lines = source.split('\n');
  const found: string[] = [];
  lines.forEach((line, index) => {
    if (!/^(export\s+)?let\s/.test(line)) return;
    let above = index - 1;
    while (above >= 0 && /^(export\s+)?let\s/.test(lines[above]!)) above -= 1;
    const comment = lines[above]?.trim() ?? '';
    if (!(comment.startsWith('//') || comment.endsWith('*/'))) found.push(line.trim());
  });
  return found;
}

describe('module-level lets in src', () => {
  it('finds a let without a comment, and accepts one under a line comment, a doc block or a commented neighbour', () => {
    expect(unexplainedLets('const a = 1;\nlet b = 2;\n')).toEqual(['let b = 2;']);
    expect(unexplainedLets('// why\nlet b = 2;\nlet c = 3;\n')).toEqual([]);
    expect(unexplainedLets('/** why */\nexport let d = 4;\n')).toEqual([]);
    expect(unexplainedLets('function f() {\n  let local = 1;\n}\n')).toEqual([]);
  });

  it('each says in the line above why it is outside a store', () => {
    const unexplained = walk(join(root, 'src')).flatMap((file) =>
      unexplainedLets(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}: ${line}`),
    );
    expect(unexplained).toEqual([]);
  });
});
