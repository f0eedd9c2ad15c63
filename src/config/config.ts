// The one place the portal reads its build-time configuration.
import type { PortalConfig } from './types';

declare const __PORTAL_CONFIG__: PortalConfig;

export const config: PortalConfig = __PORTAL_CONFIG__;

/** The locale of every date, price and plural: the only place that names the default. */
export const locale: string = config.locale ?? 'en-US';
export type { PortalConfig, PaidPlan } from './types';
