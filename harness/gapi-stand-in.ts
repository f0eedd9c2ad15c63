// The test-only stand-in for https://apis.google.com/js/api.js (tests/e2e/support/gapi-stand-in.js), read from the
// project root so that it loads the same from source and from a bundle (the bench, dist/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './paths';

let text: string | undefined;

/** The stand-in's source, served for apis.google.com's loader by the e2e routes, the engines' proxy and the bench. */
export function gapiStandIn(): string {
  text ??= readFileSync(join(projectRoot(), 'tests/e2e/support/gapi-stand-in.js'), 'utf8');
  return text;
}
