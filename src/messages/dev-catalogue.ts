// The texts of the /dev-data explorer (development builds only). Kept out of catalogue.ts so that production bundles,
// which never bundle the explorer, do not carry them either. They are developer labels, in English in every language:
// the page's readers are the team, and its tabs (SPEC 2 names them) name the backend's sources and services.
import { config } from '../config/config';
import { fill } from './catalogue';

export const devMessages = {
  devDataHeading: 'Development data',
  devDataIntro:
    'What the portal holds and what the backend returns, for debugging. Tokens show only their last 6 characters.',
  devDataTabsLabel: 'Data',
  devTabUser: 'User',
  devTabSubscription: 'Subscription',
  devTabUnity: 'Unity',
  devTabCloudSave: 'Cloud Save',
  devTabDesigns: 'Designs',
  devPortalStateHeading: 'Portal state',
  devPortalStateLabel: '{tab} portal state',
  devBackendHeading: 'Backend response',
  devRefresh: 'Refresh',
  devRefreshLabel: 'Refresh {tab} backend response',
  devBackendLabel: '{tab} backend response',
  devCopy: 'Copy',
  devCopied: 'Copied',
  devCopyLabel: 'Copy {what}',
  devCopiedLabel: 'Copied {what}',
  devCopiedToast: '{what} copied to the clipboard',
  devCopyRefused: 'Could not copy: the browser refused clipboard access. Select the text and copy it instead.',
  devFetchedAt: ' · fetched ',
  devSourceUser: 'Identity token (masked) and its claims',
  devSourceSubscription: 'GET /subscription/{playerId}',
  devSourceUnity: 'Unity access token in use (masked)',
  devSourceCloudSave: 'GET /cloud-save/{playerId}',
  devSourceDesigns: 'GET /designs/{playerId}',
} as const;

export type DevMessageCode = keyof typeof devMessages;

export function devMessage(code: DevMessageCode, params: Record<string, string | number> = {}): string {
  return fill(devMessages[code], { product: config.productName, ...params });
}
