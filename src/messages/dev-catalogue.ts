// The texts of the /dev-data explorer (development builds only). Kept out of catalogue.ts so that production bundles,
// which never bundle the explorer, do not carry them either. They are developer labels, in English in every language:
// the page's readers are the team, and its tabs (SPEC 2 names them) name the backend's sources and services. The texts
// are data (dev-messages.json), as the language files are.
import { config } from '../config/config';
import { fill } from './catalogue';
import devMessages from './dev-messages.json';

export type DevMessageCode = keyof typeof devMessages;

export function devMessage(code: DevMessageCode, params: Record<string, string | number> = {}): string {
  return fill(devMessages[code], { product: config.productName, ...params });
}
