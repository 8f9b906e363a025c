import { POLICY_PATHS } from '@spice/shared/policy';
import { Link } from 'react-router';
import { ContactLink } from '../features/contact/contact-link';
import { useRootData } from '../root';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon } from './icons';

export function Footer() {
  const { footer, marketplaceLinks, settings } = useRootData();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <img
            src={footer.logoUrl ?? '/images/logo.svg'}
            alt={settings.storeName}
            width="160"
            height="45"
            loading="lazy"
          />
          <p>{settings.description}</p>
        </div>
        <nav className="footer__col" aria-label="Information">
          <h2>Information</h2>
          <Link to="/about">About Us</Link>
          <ContactLink />
          {footer.links.map((link) =>
            link.url.startsWith('/') ? (
              <Link key={`${link.label}-${link.url}`} to={link.url}>
                {link.label}
              </Link>
            ) : (
              <a key={`${link.label}-${link.url}`} href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ),
          )}
        </nav>
        <nav className="footer__col" aria-label="Need Help">
          <h2>Need Help</h2>
          <Link to={POLICY_PATHS.privacy}>Privacy Policy</Link>
          <Link to={POLICY_PATHS.terms}>Terms &amp; Conditions</Link>
          <Link to={POLICY_PATHS.return}>Return Policy</Link>
          <Link to={POLICY_PATHS.shipping}>Shipping Policy</Link>
        </nav>
        <div className="footer__col">
          <h2>Contact Support</h2>
          {footer.email ? (
            <a href={`mailto:${footer.email}`} className="footer__contact">
              <MailIcon />
              {footer.email}
            </a>
          ) : null}
          {footer.phoneNumber ? (
            <a href={`tel:${footer.phoneNumber.replace(/\s+/g, '')}`} className="footer__contact">
              <PhoneIcon />
              {footer.phoneNumber}
            </a>
          ) : null}
          {footer.facebookUrl || footer.instagramUrl ? (
            <div className="footer__social">
              {footer.facebookUrl ? (
                <a href={footer.facebookUrl} target="_blank" rel="noopener noreferrer" aria-label="Facebook">
                  <FacebookIcon />
                </a>
              ) : null}
              {footer.instagramUrl ? (
                <a
                  href={footer.instagramUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label="Instagram"
                >
                  <InstagramIcon />
                </a>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {marketplaceLinks.length > 0 ? (
        <div className="footer__marketplaces">
          <span>Also available on:</span>
          {marketplaceLinks.map((m) => (
            <a key={m.id} href={m.url} target="_blank" rel="noopener noreferrer">
              <img src={m.logoUrl} alt={m.name} width="120" height="36" loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      <p className="footer__copyright">© 2025 {settings.storeName}. All rights reserved.</p>
    </footer>
  );
}
