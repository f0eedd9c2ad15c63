/** True only in development builds: the /dev-data route and its nav item exist only there (dead code elsewhere). */
declare const DEV_BUILD: boolean;

declare module '*.css';
