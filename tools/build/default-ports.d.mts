/** A part of the local stack that listens on a port of its own. */
export type StackPart = 'portal' | 'backend' | 'auth' | 'desktop' | 'liveReload';
export declare const DEFAULT_PORTS: Readonly<{ portal: 5173; backend: 8787; auth: 9099; desktop: 5662; liveReload: 0 }>;
export declare const PORT_VARIABLES: Readonly<{
  portal: 'PORTAL_PORT';
  backend: 'BACKEND_PORT';
  auth: 'AUTH_EMULATOR_PORT';
  desktop: 'DESKTOP_PORT';
  liveReload: 'LIVE_RELOAD_PORT';
}>;
