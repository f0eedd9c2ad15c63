/** True only in development builds: the /dev-data nav item shows only there (build.mjs leaves the route itself out elsewhere). */
declare const DEV_BUILD: boolean;

/** True in staging and development builds: the manual fallback payment path (SPEC 1). Dead code in production. */
declare const PAYMENT_BYPASS: boolean;

/** config.useEmulator as a build-time constant: Firebase Auth connects to the emulator. Dead code in production. */
declare const USE_AUTH_EMULATOR: boolean;

declare module '*.css';
/**
 * Each translated language's file, by tag: its content hash, as JSON text (build.mjs; language-early.ts reads it once,
 * languages.ts `localeFilePath` makes the path). English has none. A string, as config.ts says of __PORTAL_CONFIG__.
 */
declare const LOCALE_FILES: string;
