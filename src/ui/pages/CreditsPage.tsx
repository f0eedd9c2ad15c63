// The credits shop (/credits, SPEC 2): banner, hero, before/after slider, balance, packs, how it works, payment modal.
import { useSnapshot } from 'valtio';
import { config } from '../../config/config';
import { creditPacks, renderCosts } from '../../domain/credit-packs';
import { message } from '../../messages/catalogue';
import { paymentsPermission } from '../../state/payments-permission';
import { loadPlayer, player } from '../../state/player';
import { choosePack } from '../../state/purchase';
import { BeforeAfterSlider } from '../payments/BeforeAfterSlider';
import { CreditPackCard } from '../payments/CreditPackCard';
import { CreditsPaymentModal } from '../payments/CreditsPaymentModal';
import { HowItWorks } from '../payments/HowItWorks';
import '../styles/payments.css';

const TICKS = ['Photorealistic Quality', 'You frame the shot', 'Interior & Exterior Views', 'Fast Processing Times'];

export function CreditsPage() {
  const playerSnap = useSnapshot(player);
  const permission = useSnapshot(paymentsPermission);

  const balance = playerSnap.cloud?.credits;
  return (
    <section className="page credits-page" aria-labelledby="credits-title">
      <p className="credits-banner">
        <strong>Dream Render AI</strong> <span>Photorealistic renders of your {config.productName} designs</span>
      </p>

      <div className="credits-hero">
        <div className="credits-hero-text">
          <h1 id="credits-title">Transform Your Designs Into Reality</h1>
          <p className="lead">
            Turn any design you make in {config.productName} into a photorealistic image with Dream Render AI. Choose the view, pick the quality, and
            get a picture of your future home to share.
          </p>
          <ul className="tick-list hero-ticks">
            {TICKS.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
        <BeforeAfterSlider
          label="Before and after comparison"
          before={{ src: '/images/before-render.png', alt: 'The design as a plain grey sketch, before rendering' }}
          after={{ src: '/images/after-render.png', alt: 'The same design as a colourful photorealistic render' }}
        />
      </div>

      <div className="credits-grid">
        <section className="card balance-card" aria-labelledby="balance-title">
          <h2 id="balance-title">Your Credit Balance</h2>
          {playerSnap.status === 'error' && playerSnap.error ? (
            <div className="alert alert-error" role="alert">
              <p>{playerSnap.error}</p>
              <button type="button" className="button secondary" onClick={() => void loadPlayer({ force: true }).catch(() => undefined)}>
                Try Again
              </button>
            </div>
          ) : balance === undefined ? (
            <p className="loading-line" role="status">
              <span className="spinner" aria-hidden="true" /> {message('loading')}
            </p>
          ) : (
            <p className="balance" aria-live="polite">
              <span className="balance-number">{balance}</span> <span className="balance-label">Available Credits</span>
            </p>
          )}
          <h3 className="costs-title">Render costs</h3>
          <ul className="render-costs">
            <li>
              <span>Standard</span> <span>{renderCosts.standard} credit</span>
            </li>
            <li>
              <span>HD</span> <span>{renderCosts.hd} credits</span>
            </li>
          </ul>
        </section>

        <section className="packs" aria-labelledby="packs-title">
          <h2 id="packs-title">Buy Credits</h2>
          <ul className="pack-grid" role="list">
            {creditPacks.map((pack) => (
              <li key={pack.id}>
                <CreditPackCard pack={pack} onPurchase={permission.allowed ? () => choosePack(pack.id) : undefined} />
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
