// The four-step "How it works" list of the credits page.
import { renderCosts } from '../../domain/credit-packs';
import { message, plural } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

/** The steps in the page's language: made at each render, so a switch of language reaches them. */
const steps = () => [
  { title: message('howStepBuyTitle'), text: message('howStepBuyText') },
  { title: message('howStepOpenTitle'), text: message('howStepOpenText') },
  {
    title: message('howStepFrameTitle'),
    text: message('howStepFrameText', {
      standard: plural(renderCosts.standard, 'creditCount'),
      hd: plural(renderCosts.hd, 'creditCount'),
    }),
  },
  { title: message('howStepGetTitle'), text: message('howStepGetText') },
];

export function HowItWorks() {
  useLanguage();
  return (
    <section className="card how-it-works" aria-labelledby="how-title">
      <h2 id="how-title">{message('howItWorksHeading')}</h2>
      <ol className="steps">
        {steps().map((s) => (
          <li key={s.title}>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
