// The profile's 'Your data' (issue 35, decision 0036): download everything held on the shopper and
// erase the account with a code sent to the mobile. Offers are chosen per channel with the message
// preferences above (issue 37, decision 0041), on the same consent record.
import { formatMobile } from '@spice/shared/validators';
import { useState } from 'react';
import { useT } from '../../i18n';
import { api } from '../account/api';
import { storeUser } from '../account/user-store';

export function ProfilePrivacy({ mobile }: { mobile: string }) {
  const t = useT();
  const [step, setStep] = useState<'idle' | 'code' | 'erased'>('idle');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
