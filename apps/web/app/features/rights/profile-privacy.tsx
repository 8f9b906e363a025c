// The profile's 'Your data' (issue 35, decision 0036): download everything held on the shopper,
// give or withdraw the offers consent with one switch (its words are the recorded ones:
// shared/consent-texts.ts), and erase the account with a code sent to the mobile.
import { consentText } from '@spice/shared/consent-texts';
import { formatMobile } from '@spice/shared/validators';
import { useState } from 'react';
import { useLang, useT } from '../../i18n';
import { api } from '../account/api';
import { storeUser } from '../account/user-store';

export function ProfilePrivacy({ mobile, marketing }: { mobile: string; marketing: boolean }) {
  const t = useT();
  const lang = useLang();
  const [offers, setOffers] = useState(marketing);
  const [note, setNote] = useState<string | null>(null);
  const [step, setStep] = useState<'idle' | 'code' | 'erased'>('idle');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(given: boolean) {
    setOffers(given);
    try {
      await api('/user/consents', {
        method: 'PUT',
        body: { purpose: 'marketing', given, source: 'profile' },
      });
      setNote(t('privacy.marketingSaved'));
    } catch {
      setOffers(!given);
      setNote(t('privacy.marketingFailed'));
    }
  }

  async function erase(event?: React.FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (step === 'idle') {
        await api('/user/erasure', { method: 'POST', body: {} });
        setStep('code');
      } else {
        await api('/user/erasure', { method: 'POST', body: { otp: code } });
        storeUser(null);
        setStep('erased');
      }
    } catch (e) {
      // The server's text in the page's language (409 order in progress, wrong code, wait).
      setError(e instanceof Error ? e.message : t('privacy.eraseFailed'));
    } finally {
      setBusy(false);
    }
  }

  if (step === 'erased') {
    return (
      <section className="profile__privacy" aria-live="polite">
        <p className="profile__erased" role="status">
          {t('privacy.erased')}
        </p>
      </section>
    );
  }

  return (
    <section className="profile__messages profile__privacy" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading" className="profile__messages-title">
        {t('privacy.dataHeading')}
      </h2>
      <p>{t('privacy.downloadNote')}</p>
      <a className="button button--outline" href="/api/user/data-export" download>
        {t('privacy.download')}
      </a>

      <h3>{t('privacy.marketingHeading')}</h3>
      <label className="pref-check">
        <input
          className="pref-check__box"
          type="checkbox"
          name="marketing"
          checked={offers}
          onChange={(e) => void choose(e.target.checked)}
        />
        <span>{consentText('marketing', lang, mobile)}</span>
      </label>
      {note ? <p role="status">{note}</p> : null}

      <h3>{t('privacy.eraseHeading')}</h3>
      <p>{t('privacy.eraseText')}</p>
      {step === 'idle' ? (
        <button type="button" className="button button--danger" disabled={busy} onClick={() => void erase()}>
          {t('privacy.eraseButton')}
        </button>
      ) : (
        <form onSubmit={erase} className="profile__erase-form">
          <p role="status">{t('privacy.codeSent', { mobile: formatMobile(mobile) })}</p>
          <label className="field">
            <span>{t('privacy.code')}</span>
            <input
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              required
            />
          </label>
          <button type="submit" className="button button--danger" disabled={busy || code.length !== 6}>
            {busy ? t('privacy.erasing') : t('privacy.confirmErase')}
          </button>
        </form>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
