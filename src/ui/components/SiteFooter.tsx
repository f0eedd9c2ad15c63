// The footer of SPEC 2: the copyright line and the legal links, opening in a new tab.
import { config } from '../../config/config';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';
import { LanguagePicker } from './LanguagePicker';

export function SiteFooter({ className }: { className: string }) {
  useLanguage();
  return (
    <footer className={className}>
      <p>{message('copyright', { year: new Date().getFullYear() })}</p>
      <ul className="footer-links">
        <li>
          <a href={config.links.privacy} target="_blank" rel="noopener noreferrer">
            {message('privacyPolicy')}
            <span className="visually-hidden"> {message('opensInNewTab')}</span>
          </a>
        </li>
        <li>
          <a href={config.links.terms} target="_blank" rel="noopener noreferrer">
            {message('termsOfService')}
            <span className="visually-hidden"> {message('opensInNewTab')}</span>
          </a>
        </li>
      </ul>
      <LanguagePicker />
    </footer>
  );
}
