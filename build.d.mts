import type { PortalConfig } from './src/config/types';
export declare const FLAVOURS: readonly ['staging', 'development', 'production'];
export declare function portalConfig(flavour?: string, overrides?: Partial<PortalConfig>): PortalConfig;
export declare function contentSecurityPolicy(config: PortalConfig): string;
export interface SizeReport { [file: string]: { raw: number; gzip: number; brotli: number } }
export declare function buildPortal(options?: {
  flavour?: string;
  outdir?: string;
  config?: Partial<PortalConfig>;
  watch?: boolean;
  quiet?: boolean;
  entry?: string;
}): Promise<{ outdir: string; reportDir: string; config: PortalConfig; report?: SizeReport; metafile?: unknown; ctx?: { dispose(): Promise<void> } }>;
export declare function buildCli(options?: { entry?: string; outfile?: string }): Promise<string>;
