#!/usr/bin/env node
// npm run deploy [-- --project ID] [--env production|staging] [--dry-run]: builds the portal (production unless
// --env staging) and uploads its folder to Firebase Hosting with the firebase.json generated beside it. Never run by the tests (they check only the refusal without a project).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** The project from `--project`, else `.firebaserc`'s default; null when neither names one. */
const OPTIONS = {
  project: { type: 'string' },
  env: { type: 'string', default: 'production' },
  'dry-run': { type: 'boolean', default: false },
};

/** The flavour to deploy: production (the default), or staging (SPEC 1's build) with `--env staging`. */
export function deployFlavour(argv) {
  const flavour = parseArgs({ args: argv, options: OPTIONS }).values.env;
  if (flavour !== 'production' && flavour !== 'staging')
    throw new Error(`--env: "${flavour}" cannot be deployed (use production or staging)`);
  return flavour;
}

export function deployProject(argv, firebaserc) {
  const { values } = parseArgs({ args: argv, options: OPTIONS });
  if (values.project?.trim()) return values.project.trim();
  if (!existsSync(firebaserc)) return null;
  try {
    const project = JSON.parse(readFileSync(firebaserc, 'utf8'))?.projects?.default;
    return typeof project === 'string' && project.trim() ? project.trim() : null;
  } catch {
    throw new Error(`${firebaserc} is not valid JSON: fix it or pass --project`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  // PORTAL_FIREBASERC: another .firebaserc than the project's (the tests point it at a missing file).
  const firebaserc = process.env.PORTAL_FIREBASERC || join(root, '.firebaserc');
  let project;
  let flavour;
  try {
    flavour = deployFlavour(argv);
    project = deployProject(argv, firebaserc);
  } catch (error) {
    console.error(`deploy: ${error.message}`);
    process.exit(2);
  }
  if (!project) {
    console.error(
      'deploy: no Firebase project. Run "npm run deploy -- --project <project-id>", or copy .firebaserc.example to .firebaserc and set projects.default.',
    );
    process.exit(2);
  }
  if (project.startsWith('demo-')) {
    console.error(`deploy: ${project} is the emulators' offline demo project; name a real Firebase project`);
    process.exit(2);
  }
  const { buildPortal } = await import('../build.mjs');
  // `deployment` holds a staging build to production's rules: the real identity service, a real backend, https only.
  const built = await buildPortal({ flavour, config: { deployment: true } }).catch((error) => {
    if (error?.code !== 'PORTAL_UNSAFE_CONFIG') throw error;
    console.error(`deploy: ${error.message}`);
    process.exit(2);
  });
  const config = join(built.reportDir, 'firebase.json');
  const firebase = join(
    dirname(createRequire(import.meta.url).resolve('firebase-tools/package.json')),
    'lib/bin/firebase.js',
  );
  const args = [firebase, 'deploy', '--only', 'hosting', '--project', project, '--config', config];
  if (parseArgs({ args: argv, options: OPTIONS }).values['dry-run']) {
    console.log(`would run: firebase ${args.slice(1).join(' ')}`);
    process.exit(0);
  }
  console.log(`deploying ${built.outdir} to Firebase Hosting of ${project}`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
  process.exit(result.status ?? 1);
}
