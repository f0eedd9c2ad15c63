// The shape of the build-time config (build.mjs). The page's part is injected as __PORTAL_CONFIG__; PayPal's and the
// store links as defines of their own (configDefines), read only by the chunks that use them.
type Flavour = 'staging' | 'development' | 'production';
export type PaidPlan = 'MONTHLY' | 'SIX_MONTH' | 'ANNUAL';

export interface PayPalConfig {
  clientId: string;
  sdkBaseUrl: string;
  planIds: Record<PaidPlan, string>;
}

/** The apps' store addresses: the shared-link page's badges only. */
export interface StoreLinks {
  appStore: string;
  googlePlay: string;
  microsoftStore: string;
}

export interface PortalConfig {
  flavour: Flavour;
  isProduction: boolean;
  isDevelopment: boolean;
  isStaging: boolean;
  /** Allows the manual fallback subscription path (SPEC 1: on in staging and development, off in production). */
  paymentBypass: boolean;
  useEmulator: boolean;
  authEmulatorUrl: string;
  backendUrl: string;
  requestTimeoutMs: number;
  paypal: PayPalConfig;
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string };
  productName: string;
  /** BCP 47 locale of every date, price and plural (src/messages); src/config/config.ts defaults it. */
  locale?: string;
  siteUrl: string;
  links: { privacy: string; terms: string } & StoreLinks;
  deepLinkScheme: string;
  desktopPort: number;
  /** Further loopback ports that may receive a token (PORTAL_DESKTOP_PORTS); the desktop port always may. */
  desktopPorts: number[];
  devLocalIp: string;
  /** Extra origins (beyond http loopback) that may receive a token. */
  allowedDesktopOrigins: string[];
  webkitHandlerName: string;
  androidBridgeName: string;
  /** Public pages only: no session checks, any other path goes to /external-link. */
  standalone: boolean;
  /** Origins that may frame the portal (CSP frame-ancestors, PORTAL_FRAME_ANCESTORS); empty means 'none'. */
  frameAncestors: string[];
  /** The pseudo-locales en-XA and ar-XB: development builds and the e2e suite only (build.mjs). */
  pseudoLocales?: boolean;
}

/** What every page reads (config.ts): the build's config without PayPal's and the stores' (paypal.ts, store-links.ts). */
export type PageConfig = Omit<PortalConfig, 'paypal' | 'links'> & {
  links: Omit<PortalConfig['links'], keyof StoreLinks>;
};
