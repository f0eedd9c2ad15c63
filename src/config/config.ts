// The one place the portal reads its build-time configuration.
import type { PortalConfig } from './types';

declare const __PORTAL_CONFIG__: PortalConfig;

export const config: PortalConfig = __PORTAL_CONFIG__;
export type { PortalConfig, PaidPlan, Flavour } from './types';
