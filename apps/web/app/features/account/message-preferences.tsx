// The profile's 'Order messages' choices (issue 16): e-mail (on by default) and WhatsApp (only
// after the shopper opts in here; the time is recorded and shown). SMS is transactional and
// always sent, so it is explained, not offered as a switch.
import {
  type MessagePreferencesDto,
  PREFERENCE_TEXTS as T,
} from '@spice/shared/contracts/message-preferences';
import { useState } from 'react';
import { api } from './api';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

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
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const next = await api<MessagePreferencesDto>('/user/message-preferences', {
        method: 'PUT',
        body: { email, whatsapp },
      });
      setSaved(next);
      setStatus({ ok: true, text: T.saved });
    } catch {
      setStatus({ ok: false, text: T.saveFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="profile__messages" aria-labelledby="order-messages-heading">
      <h2 id="order-messages-heading" className="profile__messages-title">
        {T.heading}
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
          {T.email}
        </label>
        <label className="pref-check">
          <input
            className="pref-check__box"
            type="checkbox"
            name="whatsapp"
            checked={whatsapp}
            onChange={(e) => setWhatsapp(e.target.checked)}
          />
          {T.whatsapp} (+91 {mobile})
        </label>
        <p className="profile__note">
          {T.whatsappNote}{' '}
          {saved.whatsapp && saved.whatsappOptedInAt
            ? `Opted in on ${when(saved.whatsappOptedInAt)}.`
            : saved.whatsappOptedOutAt
              ? `Opted out on ${when(saved.whatsappOptedOutAt)}.`
              : null}
        </p>
        <p className="profile__note">{T.smsNote}</p>
        <button type="submit" className="button" disabled={busy}>
          Save preferences
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
