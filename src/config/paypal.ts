// PayPal's client id, SDK address and plan ids: a define of their own (build.mjs configDefines), so only the chunks
// that pay carry them, never /auth's path.
import type { PayPalConfig } from './types';

declare const __PAYPAL_CONFIG__: string;

export const paypalConfig: PayPalConfig = JSON.parse(__PAYPAL_CONFIG__) as PayPalConfig;
