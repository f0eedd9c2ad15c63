// The one place the portal reads its build-time configuration.
import type { PageConfig } from './types';

// The config as JSON text (build.mjs), parsed once here: esbuild writes a string define where it is read. An object
// define would become a module of its own that every module of the build first calls to start (164 modules, 1.3 KB).
declare const __PORTAL_CONFIG__: string;

export const config: PageConfig = JSON.parse(__PORTAL_CONFIG__) as PageConfig;

/** The locale of every date, price and plural: the only place that names the default. */
export const locale: string = config.locale ?? 'en-US';
export type { PageConfig, PaidPlan } from './types';
