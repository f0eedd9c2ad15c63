import type { PortalConfig } from './src/config/types';
export declare const FLAVOURS: readonly ['staging', 'development', 'production'];
/**
 * A build's config: the portal's own, plus `liveReloadUrl` (development builds of `npm run dev` only), `deployment`
 * (a staging build held to production's rules by `npm run deploy -- --env staging`) and `localStack` (a production
 * build run against the local stack by the bench and tests: exempt from those rules, never deployable).
 */
export type BuildConfig = PortalConfig & { liveReloadUrl?: string; deployment?: boolean; localStack?: boolean };
/** The config as the bundle's defines: __PORTAL_CONFIG__, __PAYPAL_CONFIG__ and __STORE_LINKS__ (JSON text). */
export declare function configDefines(config: BuildConfig): Record<string, string>;
export declare function portalConfig(flavour?: string, overrides?: Partial<BuildConfig>): BuildConfig;
/** Why a build meant for deployment may not be made from `config` (loopback, http:, the Auth emulator), or null. */
export declare function deploymentProblem(config: BuildConfig): string | null;
/** Throws deploymentProblem's line as an Error with code PORTAL_UNSAFE_CONFIG. */
export declare function assertDeployable(config: BuildConfig): void;
export declare function contentSecurityPolicy(config: BuildConfig): string;
export declare function securityHeaders(config: BuildConfig): Record<string, string>;
export declare const CACHE_CONTROL: { hashed: string; index: string; images: string };
export declare const ASSET_POLICY: string;
export interface HostingHeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
}
export interface HostingConfig {
  public: string;
  ignore: string[];
  rewrites: Array<{ source: string; destination: string }>;
  headers: HostingHeaderRule[];
}
export declare function hostingConfig(config: BuildConfig, publicDir: string): HostingConfig;
export interface SizeReport {
  [file: string]: { raw: number; gzip: number; brotli: number };
}
/** One part of the JS bundle (own code or a package): its bytes, and its text gzipped alone (-9). */
export interface BundlePart {
  part: string;
  raw: number;
  gzip: number;
}
export declare function buildPortal(options?: {
  flavour?: string;
  outdir?: string;
  config?: Partial<BuildConfig>;
  watch?: boolean;
  /** Watch mode: called after each successful rebuild has written the served folder. */
  onRebuild?: () => void | Promise<void>;
  quiet?: boolean;
  entry?: string;
}): Promise<{
  outdir: string;
  reportDir: string;
  config: BuildConfig;
  report?: SizeReport;
  composition?: BundlePart[];
  metafile?: unknown;
  ctx?: { dispose(): Promise<void> };
}>;
export declare function buildCli(options?: { entry?: string; outfile?: string }): Promise<string>;
