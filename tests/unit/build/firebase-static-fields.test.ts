// The build plugin that lets unused firebase/auth classes tree-shake, and its refusal to build when it stops matching.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REQUIRED_CLASSES, staticFields } from '../../../tools/build/firebase-static-fields.mjs';
import { projectRoot } from '../../../harness/paths';

const sample = [
  'class TwitterAuthProvider extends BaseOAuthProvider {',
  '    constructor() { super("twitter.com"); }',
  '}',
  '/** doc */',
  'TwitterAuthProvider.TWITTER_SIGN_IN_METHOD = "twitter.com" /* SignInMethod.TWITTER */;',
  "TwitterAuthProvider.PROVIDER_ID = 'twitter.com';",
  'Receiver.receivers = [];',
  'TwitterAuthProvider.computed = make();',
  '',
].join('\n');

describe('staticFields', () => {
  it('moves literal assignments after a class into the class as static fields', () => {
    const { text, moved } = staticFields(sample);
    expect(moved).toEqual(['TwitterAuthProvider.TWITTER_SIGN_IN_METHOD', 'TwitterAuthProvider.PROVIDER_ID']);
    expect(text).toContain(
      `class TwitterAuthProvider extends BaseOAuthProvider { static TWITTER_SIGN_IN_METHOD = "twitter.com"; static PROVIDER_ID = 'twitter.com';`,
    );
    expect(text).not.toMatch(/^TwitterAuthProvider\.(PROVIDER_ID|TWITTER_SIGN_IN_METHOD) =/m);
  });

  it('leaves assignments to classes the file does not declare, and computed values, as they are', () => {
    const { text } = staticFields(sample);
    expect(text).toContain('Receiver.receivers = [];');
    expect(text).toContain('TwitterAuthProvider.computed = make();');
  });

  it('still matches every class it must in the installed @firebase/auth', () => {
    const firebase = createRequire(join(projectRoot(), 'node_modules/firebase/package.json'));
    const esm = join(dirname(dirname(firebase.resolve('@firebase/auth'))), 'esm');
    const moved = readdirSync(esm)
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => staticFields(readFileSync(join(esm, f), 'utf8')).moved);
    const classes = new Set(moved.map((m) => m.split('.')[0]));
    for (const name of REQUIRED_CLASSES) expect(classes, name).toContain(name);
    expect(moved).toContain('GoogleAuthProvider.PROVIDER_ID');
  });
});

describe('firebaseStaticFields', () => {
  const dir = mkdtempSync(join(tmpdir(), 'static-fields-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Bundles (minified) an entry that uses GoogleAuthProvider of a stand-in @firebase/auth whose chunk is `chunk`. */
  async function bundle(chunk: string): Promise<string> {
    const esm = join(dir, 'node_modules/@firebase/auth/dist/esm');
    mkdirSync(esm, { recursive: true });
    writeFileSync(join(esm, 'index.js'), chunk);
    const entry = join(dir, 'entry.js');
    writeFileSync(
      entry,
      `import { GoogleAuthProvider } from './node_modules/@firebase/auth/dist/esm/index.js';\nconsole.log(GoogleAuthProvider.PROVIDER_ID);\n`,
    );
    // esbuild does not load under jsdom: a Node process bundles with the plugin and prints the code.
    const plugin = pathToFileURL(join(projectRoot(), 'tools/build/firebase-static-fields.mjs')).href;
    const script = `
      import { build } from 'esbuild';
      import { firebaseStaticFields } from ${JSON.stringify(plugin)};
      const result = await build({ entryPoints: [${JSON.stringify(entry)}], bundle: true, write: false, minify: true,
        format: 'esm', metafile: true, logLevel: 'silent', plugins: [firebaseStaticFields()] });
      process.stdout.write(result.outputFiles[0].text);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: projectRoot(),
    });
    return stdout;
  }

  const names = ['GoogleAuthProvider', ...REQUIRED_CLASSES];
  const classes = names.map((n) => `class ${n} {\n}\n${n}.PROVIDER_ID = "${n.toLowerCase()}";\n`).join('');

  it('drops the classes nobody imports once their assignments are static fields', async () => {
    const code = await bundle(`${classes}export { ${names.join(', ')} };\n`);
    expect(code).toContain('googleauthprovider');
    for (const name of REQUIRED_CLASSES) expect(code).not.toContain(name.toLowerCase());
  });

  it('fails the build, naming the class, when firebase stops writing the assignments', async () => {
    const chunk =
      'class GoogleAuthProvider {\n  static PROVIDER_ID = "google.com";\n}\nexport { GoogleAuthProvider };\n';
    await expect(bundle(chunk)).rejects.toThrow(
      /firebase-auth-static-fields: no "FacebookAuthProvider\.X = <literal>;"/,
    );
  });
});
