import { Link } from '@tanstack/react-router';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

export function NotFoundPage() {
  useLanguage();
  return (
    <section className="page">
      <h1>{message('notFoundHeading')}</h1>
      <p>{message('notFoundText')}</p>
      <p>
        <Link to="/">{message('notFoundLink')}</Link>
      </p>
    </section>
  );
}
