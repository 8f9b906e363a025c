// The dev outbox as a page: the SMS, e-mail and WhatsApp messages the shop would have sent, newest
// first, while no real provider is configured. Lets anyone log in on a demo without a phone, so it
// exists only in demo mode (404 elsewhere). An e-mail's HTML is shown in a sandboxed iframe
// (srcdoc, scripts never run: no allow-scripts, and the page's CSP applies to it too).
import { data } from 'react-router';
import { getStorefront } from '../context';
import { seoMeta } from '../seo';
import type { Route } from './+types/dev-outbox';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `Dev outbox | ${root.settings.storeName}`,
    description: 'Messages held by the dev outbox.',
    origin: root.origin,
    lang: root.lang,
    path: '/dev/outbox',
    noindex: true,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, demoMode } = getStorefront(context);
  if (!demoMode) throw data(null, { status: 404 });
  const { messenger } = services;
  const channels = (['sms', 'email', 'whatsapp'] as const).filter((c) => messenger.usesOutbox(c));
  if (channels.length === 0) throw data(null, { status: 404 });
  const rows = await messenger.recentOutbox(50);
  return {
    channels,
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

const CHANNEL_LABELS = { sms: 'SMS', email: 'E-mail', whatsapp: 'WhatsApp' } as const;

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, channels } = loaderData;
  return (
    <main className="page outbox">
      <h1>Dev outbox</h1>
      <p>
        No provider is configured for {channels.map((c) => CHANNEL_LABELS[c]).join(', ')}, so these messages
        were kept here instead of being sent. Newest first; reload to see new ones.
      </p>
      {messages.length === 0 ? (
        <p className="empty">No messages yet.</p>
      ) : (
        // Scrolls sideways on a phone, so it takes the keyboard focus to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        <section className="outbox__table" aria-label="Messages" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Channel</th>
                <th scope="col">To</th>
                <th scope="col">Code</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td>{new Date(m.createdAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })}</td>
                  <td>{CHANNEL_LABELS[m.channel]}</td>
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
                          title={`E-mail: ${m.subject ?? m.to}`}
                        />
                        <details>
                          <summary>Plain-text part</summary>
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
