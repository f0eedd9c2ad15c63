// Store badges (drawn by us, in /images/badges) as links to the store addresses from config.
import { storeLinks } from '../../config/store-links';
import { safeStoreUrl, type Store } from '../../domain/shared-link';
import { message, type MessageCode } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

const BADGES: Record<Store, { src: string; width: number; height: number; label: MessageCode }> = {
  appStore: { src: '/images/badges/app-store.svg', width: 120, height: 40, label: 'badgeAppStore' },
  googlePlay: { src: '/images/badges/google-play.svg', width: 135, height: 40, label: 'badgeGooglePlay' },
  microsoftStore: { src: '/images/badges/microsoft-store.svg', width: 135, height: 40, label: 'badgeMicrosoftStore' },
};

/**
 * One link per store. Same tab, so a phone hands the address to its store app; noreferrer keeps the shared
 * link's referral code away from the store. A store whose configured address is not https is left out.
 */
export function StoreBadges({ stores }: { stores: readonly Store[] }) {
  useLanguage();
  const items = stores.flatMap((store) => {
    const href = safeStoreUrl(storeLinks[store]);
    return href ? [{ store, href, ...BADGES[store] }] : [];
  });
  if (items.length === 0) return null;
  return (
    <ul className="store-badges">
      {items.map((item) => (
        <li key={item.store}>
          <a className="store-badge" href={item.href} rel="noopener noreferrer">
            <img src={item.src} alt={message(item.label)} width={item.width} height={item.height} />
          </a>
        </li>
      ))}
    </ul>
  );
}
