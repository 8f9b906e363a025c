// The dev outbox as a page: the SMS, e-mail and WhatsApp messages the shop would have sent, newest
// first, while no real provider is configured. Lets anyone log in on a demo without a phone, so it
// exists only in demo mode (404 elsewhere). An e-mail's HTML is shown in a sandboxed iframe
// (srcdoc, scripts never run: no allow-scripts, and the page's CSP applies to it too).

import { data } from 'react-router';
import { getStorefront } from '../context';
import { metaT, useFormat, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import type { Route } from './+types/dev-outbox';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches);
  return seoMeta({
    title: t('outbox.metaTitle', { store: root.settings.storeName }),
    description: t('outbox.metaDescription'),
    origin: root.origin,
    lang: root.lang,
    path: '/dev/outbox',
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, demoMode } = getStorefront(context);
  if (!demoMode) throw data(null, { status: 404 });
  const { messenger } = services;
  const channels = (['sms', 'email', 'whatsapp'] as const).filter((c) => messenger.usesOutbox(c));
  if (channels.length === 0) throw data(null, { status: 404 });
  const rows = await messenger.recentOutbox(50);
  return {
    channels,
    i18n: pageMessages(request, 'dev-outbox'),
    messages: rows
      .filter((m) => channels.includes(m.channel))
      .map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        code: m.code,
        createdAt: m.createdAt.toISOString(),
      })),
  };
}

const CHANNEL_KEYS = { sms: 'outbox.sms', email: 'outbox.email', whatsapp: 'outbox.whatsapp' } as const;

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, channels } = loaderData;
  const t = useT();
  const { dateTime } = useFormat();
  return (
    <main className="page outbox">
      <h1>{t('outbox.title')}</h1>
      <p>{t('outbox.intro', { channels: channels.map((c) => t(CHANNEL_KEYS[c])).join(', ') })}</p>
      {messages.length === 0 ? (
        <p className="empty">{t('outbox.empty')}</p>
      ) : (
        // Scrolls sideways on a phone, so it takes the keyboard focus to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        <section className="outbox__table" aria-label={t('outbox.messages')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('outbox.when')}</th>
                <th scope="col">{t('outbox.channel')}</th>
                <th scope="col">{t('outbox.to')}</th>
                <th scope="col">{t('outbox.code')}</th>
                <th scope="col">{t('outbox.message')}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td>{dateTime(m.createdAt)}</td>
                  <td>{t(CHANNEL_KEYS[m.channel])}</td>
                  <td>{m.channel === 'email' ? m.to : `+91 ${m.to}`}</td>
                  <td>
                    <strong>{m.code ?? '—'}</strong>
                  </td>
                  <td>
                    {m.subject ? <strong>{m.subject}</strong> : null}
                    {m.html ? (
                      <>
                        <iframe
                          className="outbox__email"
                          // No scripts, forms or navigation of the page; same origin only so the
                          // shop's own logo loads (its Cross-Origin-Resource-Policy is same-origin).
                          sandbox="allow-same-origin"
                          srcDoc={m.html}
                          title={t('outbox.emailFrame', { subject: m.subject ?? m.to })}
                        />
                        <details>
                          <summary>{t('outbox.plainText')}</summary>
                          <p>{m.text}</p>
                        </details>
                      </>
                    ) : (
                      <p>{m.text}</p>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </main>
  );
}
