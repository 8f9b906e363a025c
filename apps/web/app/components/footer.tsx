import { POLICY_PATHS } from '@spice/shared/policy';
import { formatMobile } from '@spice/shared/validators';
import { Link } from 'react-router';
import { ContactLink } from '../features/contact/contact-link';
import { useLocalePath, useT } from '../i18n';
import { useRootData } from '../root';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon } from './icons';
import { LanguageSwitch } from './language-switch';

export function Footer() {
  const { footer, marketplaceLinks, settings } = useRootData();
  const t = useT();
  const lp = useLocalePath();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <img
            src={footer.logoUrl ?? '/images/logo.svg'}
            alt={settings.storeName}
            width={160}
            height={45}
            loading="lazy"
          />
          <p>{settings.description}</p>
        </div>
        <nav className="footer__col" aria-label={t('footer.information')}>
          <h2>{t('footer.information')}</h2>
          <Link to={lp('/about')}>{t('footer.about')}</Link>
          <ContactLink />
          {/* Keyed by place: the list is the settings' as saved, never reordered while shown. */}
          {footer.links.map((link, i) =>
            link.url.startsWith('/') ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list (above); fewer bytes on every page
              <Link key={i} to={lp(link.url)}>
                {link.label}
              </Link>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <a key={i} href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ),
          )}
        </nav>
        <nav className="footer__col" aria-label={t('footer.needHelp')}>
          <h2>{t('footer.needHelp')}</h2>
          <Link to={lp(POLICY_PATHS.privacy)}>{t('footer.privacy')}</Link>
          <Link to={lp(POLICY_PATHS.terms)}>{t('footer.terms')}</Link>
          <Link to={lp(POLICY_PATHS.return)}>{t('footer.return')}</Link>
          <Link to={lp(POLICY_PATHS.shipping)}>{t('footer.shipping')}</Link>
          <Link to={lp('/privacy-notice')}>{t('privacy.footerLink')}</Link>
          {/* 'Grievance Officer: Meera Joshi' (the loader sends ': ' and the name; decision 0036). */}
          <Link to={lp('/grievance')}>{t('grievance.link') + footer.officer}</Link>
        </nav>
        <div className="footer__col">
          <h2>{t('footer.contactSupport')}</h2>
          {footer.email ? (
            <a href={`mailto:${footer.email}`} className="footer__contact">
              <MailIcon />
              {footer.email}
            </a>
          ) : null}
          {footer.phoneNumber ? (
            <a href={`tel:${footer.phoneNumber.replace(/\s+/g, '')}`} className="footer__contact">
              <PhoneIcon />
              {formatMobile(footer.phoneNumber)}
            </a>
          ) : null}
          {footer.fssaiLicence ? (
            <p>{t('declarations.footerLicence', { number: footer.fssaiLicence })}</p>
          ) : null}
          {footer.facebookUrl || footer.instagramUrl ? (
            <div className="footer__social">
              {footer.facebookUrl ? (
                <a
                  href={footer.facebookUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.facebook')}
                >
                  <FacebookIcon />
                </a>
              ) : null}
              {footer.instagramUrl ? (
                <a
                  href={footer.instagramUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.instagram')}
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
          <span>{t('footer.alsoOn')}</span>
          {marketplaceLinks.map((m) => (
            <a key={m.id} href={m.url} target="_blank" rel="noopener noreferrer">
              <img src={m.logoUrl} alt={m.name} width={120} height={36} loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      <div className="footer__bottom">
        <LanguageSwitch className="footer__lang" />
        <p className="footer__copyright">
          {t('footer.copyright', { year: '2025', store: settings.storeName })}
        </p>
      </div>
    </footer>
  );
}
