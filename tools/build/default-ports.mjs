// The local stack's default ports and the variables that change them (CONTRACT.md "The local stack"): the one place
// these numbers are written. Plain JS so build.mjs, which node runs without a TypeScript loader, reads them too;
// harness/ports.ts re-exports them typed. The portal learns DESKTOP_PORT only from the config build.mjs injects.
export const DEFAULT_PORTS = Object.freeze({
  portal: 5173,
  backend: 8787,
  auth: 9099,
  desktop: 5662,
  /** 0: a free port (the reload event stream of `npm run dev`). */
  liveReload: 0,
});

export const PORT_VARIABLES = Object.freeze({
  portal: 'PORTAL_PORT',
  backend: 'BACKEND_PORT',
  auth: 'AUTH_EMULATOR_PORT',
  desktop: 'DESKTOP_PORT',
  liveReload: 'LIVE_RELOAD_PORT',
});
