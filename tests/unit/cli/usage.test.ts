// The command lines' usage errors, as a developer meets them: real processes, no stack and no browser needed.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(__dirname, '../../..');
// Its own bundle inside the project (the bundle finds the project root from where it lies), not the shared dist/cli.
const outdir = join(root, 'dist', `cli-usage-test-${process.pid}`);
let entry = '';

async function exec(args: string[]) {
  try {
    const { stdout, stderr } = await run('node', args, { cwd: root, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** `portal-harness ...args` from the test's bundle, as cli/bin.mjs runs it. */
const cli = (args: string[]) =>
  exec([
    '--input-type=module',
    '-e',
    `const { main } = await import(${JSON.stringify(entry)}); await main(['node', 'portal-harness', ...process.argv.slice(1)]);`,
    '--',
    ...args,
  ]);

beforeAll(async () => {
  // Built in a child process: esbuild refuses to run inside jsdom.
  entry = join(outdir, 'index.mjs');
  const built = await exec([
    '--input-type=module',
    '-e',
    `await (await import('./build.mjs')).buildCli({ outfile: ${JSON.stringify(entry)} });`,
  ]);
  expect(built.stderr).toBe('');
}, 60_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('portal-harness usage errors', { timeout: 30_000 }, () => {
  it.each([
    [
      'an unknown option',
      ['seed', '--email', 'a@example.com', '--password', 'secret1', '--bogus'],
      "unknown option '--bogus'",
      'seed',
    ],
    [
      'a missing required option',
      ['handoff', '--password', 'secret1'],
      "required option '--email <email>' not specified",
      'handoff',
    ],
    ['a value outside the choices', ['stack', '--env', 'nope'], "argument 'nope' is invalid", 'stack'],
    [
      'a --lang that is no language tag',
      ['handoff', '--email', 'a@example.com', '--password', 'secret1', '--lang', 'de_DE.UTF-8'],
      "option '--lang <tag>' argument 'de_DE.UTF-8' is invalid. not a BCP 47 language tag such as de-DE or pt-BR.",
      'handoff',
    ],
    ['an extra argument', ['desktop', 'extra'], 'too many arguments', 'desktop'],
    ['a port out of range', ['desktop', '--port', '99999'], '--port: "99999" is not a port', 'desktop'],
    ['a port that is no number', ['backend', '--port', 'x'], '--port: "x" is not a port', 'backend'],
    [
      'a sweep interval that is no whole number',
      ['backend', '--port', '0', '--reconcile-every', '-5'],
      '--reconcile-every: "-5" is not a whole number of seconds',
      'backend',
    ],
    [
      'a webhook URL that is no http(s) URL',
      ['backend', '--port', '0', '--paypal-webhook-url', 'ftp://example.com/hook'],
      '--paypal-webhook-url: "ftp://example.com/hook" is not an http(s) URL',
      'backend',
    ],
    [
      'a count that is no number',
      ['desktop', '--timeout', 'soon'],
      '--timeout must be a whole number, got "soon"',
      'desktop',
    ],
    ['--watch without the development flavour', ['stack', '--watch'], '--watch serves the development build', 'stack'],
    ['an unknown command', ['nope'], "unknown command 'nope'", ''],
  ])('%s exits 2 with the message and that command’s help hint', async (_what, args, text, command) => {
    const result = await cli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(text);
    expect(result.stderr).toContain(`(run "portal-harness${command ? ` ${command}` : ''} --help" for usage)`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('blames the option, not DESKTOP_PORT, for a bad --port', async () => {
    const result = await cli(['desktop', '--port', '99999']);
    expect(result.stderr).not.toContain('DESKTOP_PORT');
  });

  it('--version prints package.json’s version and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(await cli(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('--help of a command exits 0 with its usage', async () => {
    const result = await cli(['seed', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: portal-harness seed [options]');
  });

  it('handoff --help names --lang', async () => {
    const result = await cli(['handoff', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--lang <tag>\s+the app's language: lang=<tag> in the launch URL/);
  });

  it('no command at all is a usage error and shows the commands', async () => {
    const result = await cli([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Commands:');
  });
});

describe('node build.mjs', { timeout: 30_000 }, () => {
  it('--help prints the usage and exits 0', async () => {
    const result = await exec(['build.mjs', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: node build\.mjs \[--env staging\|development\|production\]/);
  });

  it.each([
    [['--bogus'], "build.mjs: Unknown option '--bogus'"],
    [['--env'], "build.mjs: Option '--env <value>' argument missing"],
    [['--env', 'nope'], 'build.mjs: --env: unknown flavour "nope"'],
    [['extra'], "build.mjs: Unexpected argument 'extra'"],
  ])('%j exits 2 with one line and the usage, no stack trace', async (args, line) => {
    const result = await exec(['build.mjs', ...args]);
    expect(result.code).toBe(2);
    const [first, second] = result.stderr.split('\n');
    expect(first).toContain(line);
    expect(second).toMatch(/^Usage: node build\.mjs/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
