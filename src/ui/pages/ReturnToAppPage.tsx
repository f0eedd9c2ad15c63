import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

/** SPEC 2 Return screen; the desktop calls run in the route's loader. */
export function ReturnToAppPage() {
  useLanguage();
  return (
    <main className="auth-shell">
      <section className="card auth-card return-card">
        <img src="/images/favicon.svg" alt="" width="56" height="56" />
        <h1>{message('returnHeading')}</h1>
        <p>{message('returnText')}</p>
        {/* Stored or not, the page cannot tell whether the app got the token: the way on is always shown (departure 5). */}
        <p className="field-hint">{message('returnHint')}</p>
      </section>
    </main>
  );
}
