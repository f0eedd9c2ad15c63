// The credits shop (/credits, SPEC 2): banner, hero, before/after slider, balance, packs, how it works, payment modal.
import { useSnapshot } from 'valtio';
import { creditPacks, renderCosts } from '../../domain/credit-packs';
import { message, type MessageCode, plural } from '../../messages/catalogue';
import { paymentsPermission } from '../../state/payments-permission';
import { loadPlayer, player } from '../../state/player';
import { choosePack } from '../../state/purchase';
import { BeforeAfterSlider } from '../payments/BeforeAfterSlider';
import { CreditPackCard } from '../payments/CreditPackCard';
import { CreditsPaymentModal } from '../payments/CreditsPaymentModal';
import { HowItWorks } from '../payments/HowItWorks';
import { LoadError } from '../components/LoadError';
import { useLanguage } from '../../state/language';

const TICKS: readonly MessageCode[] = [
  'creditsTickQuality',
  'creditsTickFraming',
  'creditsTickViews',
  'creditsTickSpeed',
];

export function CreditsPage() {
  useLanguage();
  const playerSnap = useSnapshot(player);
  const permission = useSnapshot(paymentsPermission);

  const balance = playerSnap.cloud?.credits;
  return (
    <section className="page credits-page" aria-labelledby="credits-title">
      <p className="credits-banner">
        <strong>{message('creditsBannerName')}</strong> <span>{message('creditsBannerText')}</span>
      </p>

      <div className="credits-hero">
        <div className="credits-hero-text">
          <h1 id="credits-title">{message('creditsHeading')}</h1>
          <p className="lead">{message('creditsLead')}</p>
          <ul className="tick-list hero-ticks">
            {TICKS.map((t) => (
              <li key={t}>{message(t)}</li>
            ))}
          </ul>
        </div>
        <BeforeAfterSlider
          label={message('compareLabel')}
          before={{ src: '/images/before-render.webp', alt: message('compareBeforeAlt') }}
          after={{ src: '/images/after-render.webp', alt: message('compareAfterAlt') }}
        />
      </div>

      <div className="credits-grid">
        <section className="card balance-card" aria-labelledby="balance-title">
          <h2 id="balance-title">{message('balanceHeading')}</h2>
          {playerSnap.status === 'error' && playerSnap.error ? (
            <LoadError text={playerSnap.error} onRetry={() => void loadPlayer({ force: true })} />
          ) : balance === undefined ? (
            <p className="loading-line" role="status">
              <span className="spinner" aria-hidden="true" /> {message('loading')}
            </p>
          ) : (
            <p className="balance" aria-live="polite">
              <span className="balance-number">{balance}</span>{' '}
              <span className="balance-label">{message('availableCredits')}</span>
            </p>
          )}
          <h3 className="costs-title">{message('renderCostsHeading')}</h3>
          <ul className="render-costs">
            <li>
              <span>{message('renderStandard')}</span> <span>{plural(renderCosts.standard, 'creditCount')}</span>
            </li>
            <li>
              <span>{message('renderHd')}</span> <span>{plural(renderCosts.hd, 'creditCount')}</span>
            </li>
          </ul>
        </section>

        <section className="packs" aria-labelledby="packs-title">
          <h2 id="packs-title">{message('buyCreditsHeading')}</h2>
          <ul className="pack-grid" role="list">
            {creditPacks.map((pack) => (
              <li key={pack.id}>
                {/* Buying names the player: until it is here a click could only be refused (choosePack). */}
                <CreditPackCard
                  pack={pack}
                  onPurchase={permission.allowed ? () => choosePack(pack.id) : undefined}
                  disabled={!playerSnap.unity}
                />
              </li>
            ))}
          </ul>
        </section>
      </div>

      <HowItWorks />
      <CreditsPaymentModal />
    </section>
  );
}
