// The profile's 'Order messages' choices (issue 16): e-mail (on by default) and WhatsApp (only
// after the shopper opts in here; the time is recorded and shown). SMS is transactional and
// always sent, so it is explained, not offered as a switch.
// The texts are PREFERENCE_TEXTS (contracts/message-preferences) in the page's language
// (catalogue area 'messagePrefs').
import type { MessagePreferencesDto } from '@spice/shared/contracts/message-preferences';
import { useState } from 'react';
import { useFormat, useT } from '../../i18n';
import { api } from './api';

export function MessagePreferencesForm({
  initial,
  mobile,
}: {
  initial: MessagePreferencesDto;
  mobile: string;
}) {
  const [saved, setSaved] = useState(initial);
  const [email, setEmail] = useState(initial.email);
  const [whatsapp, setWhatsapp] = useState(initial.whatsapp);
  // Offers and reminders (issue 37): each channel off until turned on here, each change recorded.
  const [marketing, setMarketing] = useState(initial.marketing);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const { dateTime } = useFormat();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const next = await api<MessagePreferencesDto>('/user/message-preferences', {
        method: 'PUT',
        body: { email, whatsapp, marketing },
      });
      setSaved(next);
      setStatus({ ok: true, text: t('messagePrefs.saved') });
    } catch {
      setStatus({ ok: false, text: t('messagePrefs.saveFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="profile__messages" aria-labelledby="order-messages-heading">
      <h2 id="order-messages-heading" className="profile__messages-title">
        {t('messagePrefs.heading')}
      </h2>
      <form onSubmit={save}>
        <label className="pref-check">
          <input
            className="pref-check__box"
            type="checkbox"
            name="email"
            checked={email}
            onChange={(e) => setEmail(e.target.checked)}
          />
          {t('messagePrefs.email')}
        </label>
        <label className="pref-check">
          <input
            className="pref-check__box"
            type="checkbox"
            name="whatsapp"
            checked={whatsapp}
            onChange={(e) => setWhatsapp(e.target.checked)}
          />
          {t('messagePrefs.whatsapp', { mobile })}
        </label>
        <p className="profile__note">
          {t('messagePrefs.whatsappNote')}{' '}
          {saved.whatsapp && saved.whatsappOptedInAt
            ? t('messagePrefs.optedIn', { when: dateTime(saved.whatsappOptedInAt) })
            : saved.whatsappOptedOutAt
              ? t('messagePrefs.optedOut', { when: dateTime(saved.whatsappOptedOutAt) })
              : null}
        </p>
        <p className="profile__note">{t('messagePrefs.smsNote')}</p>
        <fieldset className="offers-choice">
          <legend className="profile__messages-title">{t('offersConsent.heading')}</legend>
          {(['whatsapp', 'sms', 'email'] as const).map((ch) => (
            <label className="pref-check" key={ch}>
              <input
                className="pref-check__box"
                type="checkbox"
                name={`marketing-${ch}`}
                checked={marketing[ch]}
                onChange={(e) => setMarketing({ ...marketing, [ch]: e.target.checked })}
              />
              {t(`offersConsent.${ch}`)}
            </label>
          ))}
          <p className="profile__note">{t('offersConsent.note')}</p>
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          {t('messagePrefs.save')}
        </button>
        {status ? (
          <p className={status.ok ? 'form-notice' : 'form-error'} role={status.ok ? 'status' : 'alert'}>
            {status.text}
          </p>
        ) : null}
      </form>
    </section>
  );
}
