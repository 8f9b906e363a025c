// The language switch (header and footer) and the banner offering Hindi to a first visit whose
// browser asks for it (decision 0017). Both lead to the same page in the other language (path and
// query kept) as a full page load, and remember the choice in the `lang` cookie for a year.
import { LANG_COOKIE, LANG_NAME, LANG_TAG, LANGS, type Lang, localizePath } from '@spice/shared/lang';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useLang, useT } from '../i18n';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Remembers the shopper's language: the banner stops offering, the server writes to them in it. */
export function rememberLang(lang: Lang) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, no store needed
  document.cookie = `${LANG_COOKIE}=${lang}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** The current page in another language: '/product/haldi?x=1' → '/hi/product/haldi?x=1'. */
function useSamePageIn(lang: Lang): string {
  const location = useLocation();
  return localizePath(`${location.pathname}${location.search}${location.hash}`, lang);
}

function LanguageLink({ lang, current }: { lang: Lang; current: boolean }) {
  const href = useSamePageIn(lang);
  if (current) {
    return (
      <span className="lang-switch__current" lang={LANG_TAG[lang]} aria-current="true">
        {LANG_NAME[lang]}
      </span>
    );
  }
  return (
    <a
      href={href}
      hrefLang={LANG_TAG[lang]}
      lang={LANG_TAG[lang]}
      className="lang-switch__link"
      // A full page load: the other language's page and catalogue come from the server.
      onClick={() => rememberLang(lang)}
    >
      {LANG_NAME[lang]}
    </a>
  );
}

/**
 * 'English / हिन्दी': the page's language marked, the other a link to the same page in it. Compact
 * (the header, where space is short between 769 and 1100 px): only the other language's link.
 */
export function LanguageSwitch({
  className = '',
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const lang = useLang();
  const t = useT();
  if (compact) {
    const other = lang === 'hi' ? 'en' : 'hi';
    return (
      <span className={`lang-switch ${className}`.trim()}>
        <LanguageLink lang={other} current={false} />
      </span>
    );
  }
  return (
    // A group, not a landmark: the header and the footer both carry one.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; these are links
    <div role="group" className={`lang-switch ${className}`.trim()} aria-label={t('language.switchLabel')}>
      {LANGS.map((each, i) => (
        <span key={each}>
          {i > 0 ? <span aria-hidden="true"> / </span> : null}
          <LanguageLink lang={each} current={each === lang} />
        </span>
      ))}
    </div>
  );
}

/**
 * On an English page, to a first visit whose browser asks for Hindi first (the root loader's
 * offerHindi): Hindi offered, never imposed. Either answer is remembered, so it shows once.
 */
export function LanguageBanner() {
  const t = useT();
  const hindi = useSamePageIn('hi');
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <aside className="lang-banner" aria-label={t('language.bannerLabel')}>
      <p className="lang-banner__text" lang="hi-IN">
        {t('language.bannerText')}{' '}
        <a href={hindi} hrefLang="hi-IN" className="lang-banner__link" onClick={() => rememberLang('hi')}>
          {t('language.bannerLink')}
        </a>
      </p>
      <button
        type="button"
        className="lang-banner__dismiss"
        lang="en-IN"
        onClick={() => {
          rememberLang('en');
          setDismissed(true);
        }}
      >
        {t('language.bannerDismiss')}
      </button>
    </aside>
  );
}
