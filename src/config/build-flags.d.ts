/** True only in development builds: the /dev-data nav item shows only there (build.mjs leaves the route itself out elsewhere). */
declare const DEV_BUILD: boolean;

/** True in staging and development builds: the manual fallback payment path (SPEC 1). Dead code in production. */
declare const PAYMENT_BYPASS: boolean;

/** config.useEmulator as a build-time constant: Firebase Auth connects to the emulator. Dead code in production. */
declare const USE_AUTH_EMULATOR: boolean;

declare module '*.css';
/**
 * The translated languages, each with a file, as JSON text (build.mjs; English has none: the catalogue is its texts). A
 * string, as config.ts says of __PORTAL_CONFIG__.
 */
declare const LOCALE_TAGS: string;
/** The one content hash that names every language file of the build (languages.ts `localeFilePath` makes the path). */
declare const LOCALE_HASH: string;
/**
 * True in a split build (every build but a watch build): each language's pages' texts are a file of their own, which
 * src/state/language.ts fetches with the first page's chunk. Otherwise the one file holds every text.
 */
declare const LOCALE_PAGES: boolean;
