// The four-step "How it works" list of the credits page.
import { config } from '../../config/config';
import { renderCosts } from '../../domain/credit-packs';

const steps = [
  { title: 'Buy credits', text: 'Pick a credit pack and pay securely with PayPal. Credits never expire.' },
  { title: 'Open your design', text: `Open a saved design in the ${config.productName} app and choose Dream Render.` },
  {
    title: 'Frame the shot',
    text: `Place the camera where you want it, inside or outside, and choose Standard (${renderCosts.standard} credit) or HD (${renderCosts.hd} credits).`,
  },
  { title: 'Get your render', text: 'Your photorealistic image is ready in moments, saved with your design to share.' },
];

export function HowItWorks() {
  return (
    <section className="card how-it-works" aria-labelledby="how-title">
      <h2 id="how-title">How It Works</h2>
      <ol className="steps">
        {steps.map((s) => (
          <li key={s.title}>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
