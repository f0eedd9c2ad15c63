// The footer of SPEC 2: the copyright line and the legal links, opening in a new tab.
import { config } from '../../config/config';

export function SiteFooter({ className }: { className: string }) {
  return (
    <footer className={className}>
      <p>
        © {new Date().getFullYear()} {config.productName}. All rights reserved.
      </p>
      <ul className="footer-links">
        <li>
          <a href={config.links.privacy} target="_blank" rel="noopener noreferrer">
            Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={config.links.terms} target="_blank" rel="noopener noreferrer">
            Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </footer>
  );
}
