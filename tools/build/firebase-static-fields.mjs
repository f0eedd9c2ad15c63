// An esbuild plugin for firebase/auth: its build writes `X.PROVIDER_ID = "..."` after each class, and esbuild keeps
// such assignments as side effects, and with them every class they name (phone sign-in, TOTP and phone MFA, the
// Twitter, Facebook and GitHub providers), used or not. Turned into static class fields, they tree-shake with their
// class. The build fails when the file stops matching, so a Firebase upgrade cannot lose the saving silently.

/** The auth files with the classes: the ESM build of @firebase/auth for browsers (its shared index-<hash>.js chunk). */
const AUTH_FILE = /[\\/]@firebase[\\/]auth[\\/]dist[\\/]esm[\\/][^\\/]+\.js$/;

/** Top-level `Name.PROP = <literal>;` (an optional trailing comment): the assignments firebase's build writes. */
const ASSIGNMENT =
  /^([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*) = ("[^"\n]*"|'[^'\n]*'|null|-?\d+|\[\])(?: \/\*[^\n]*?\*\/)?;[ \t]*$/gm;

/** Classes whose assignments must be found, or the build fails: the ones the portal does not use. */
export const REQUIRED_CLASSES = [
  'FacebookAuthProvider',
  'GithubAuthProvider',
  'TwitterAuthProvider',
  'PhoneAuthProvider',
  'PhoneMultiFactorGenerator',
  'TotpMultiFactorGenerator',
];

/**
 * `source` with each top-level literal assignment to a class declared in it moved into that class as a static field.
 * Returns the new text and the `Class.PROP` names moved.
 */
export function staticFields(source) {
  const moved = [];
  const fields = new Map();
  let text = source.replace(ASSIGNMENT, (line, name, prop, value) => {
    if (!new RegExp(`^class ${escape(name)}\\b[^\\n]*\\{[ \\t]*$`, 'm').test(source)) return line;
    fields.set(name, [...(fields.get(name) ?? []), `static ${prop} = ${value};`]);
    moved.push(`${name}.${prop}`);
    return '';
  });
  for (const [name, statics] of fields) {
    text = text.replace(
      new RegExp(`^(class ${escape(name)}\\b[^\\n]*\\{)[ \\t]*$`, 'm'),
      (head) => `${head} ${statics.join(' ')}`,
    );
  }
  return { text, moved };
}

const escape = (s) => s.replace(/[$]/g, '\\$');

/** The esbuild plugin; fails the build when a required class's assignments are no longer found. */
export function firebaseStaticFields() {
  return {
    name: 'firebase-auth-static-fields',
    setup(build) {
      // Kept across the rebuilds of a watch: esbuild does not load an unchanged file again.
      const found = new Set();
      build.onLoad({ filter: AUTH_FILE }, async ({ path }) => {
        const { readFile } = await import('node:fs/promises');
        const { text, moved } = staticFields(await readFile(path, 'utf8'));
        for (const m of moved) found.add(m.slice(0, m.indexOf('.')));
        return moved.length > 0 ? { contents: text, loader: 'js' } : undefined;
      });
      build.onEnd((result) => {
        // Only a bundle that includes firebase/auth is checked (the portal and the bench's floor both do).
        if (!Object.keys(result.metafile?.inputs ?? {}).some((f) => AUTH_FILE.test(f))) return undefined;
        const missing = REQUIRED_CLASSES.filter((c) => !found.has(c));
        if (missing.length === 0) return undefined;
        const text = `firebase-auth-static-fields: no "${missing[0]}.X = <literal>;" in @firebase/auth any more (missing: ${missing.join(', ')}); its build changed, update tools/build/firebase-static-fields.mjs`;
        return { errors: [{ text }] };
      });
    },
  };
}
