import { ContactInput, contactProblems } from '@spice/shared/contracts/contact';
import { formatMobile } from '@spice/shared/validators';
import type { ReactNode } from 'react';
import { data, useSearchParams } from 'react-router';
import { getStorefront } from '../context';
import { ContactForm, type ContactResult } from '../features/contact/contact-form';
import { metaT, useLocalePath, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { useRootData } from '../root';
import { seoMeta } from '../seo';
import type { Route } from './+types/contact';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches);
  const store = root.settings.storeName;
  return seoMeta({
    title: t('contact.metaTitle', { store }),
    description: t('contact.metaDescription', { store }),
    origin: root.origin,
    lang: root.lang,
    path: '/contact',
  });
}

/** The page's messages; the form's texts come with the layout (the contact dialog shares them). */
export function loader({ request }: Route.LoaderArgs) {
  return { i18n: pageMessages(request, 'contact') };
}

// The form posted without JavaScript: the same rules and service as POST /api/contact/send.
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp, limit } = getStorefront(context);
  const form = await request.formData();
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = { name: read('name'), email: read('email'), phone: read('phone'), message: read('message') };
  const parsed = ContactInput.safeParse(values);
  if (!parsed.success) {
    return data<ContactResult>(
      { status: 'invalid', ...contactProblems(parsed.error), values },
      { status: 400 },
    );
  }
  try {
    await limit('contact');
    await services.contact.send(parsed.data, clientIp);
  } catch (error) {
    // The per-IP cap; anything else is a bug and goes to the error boundary.
    if ((error as { statusCode?: number }).statusCode === 429) {
      return data<ContactResult>({ status: 'failed', values }, { status: 429 });
    }
    throw error;
  }
  return data<ContactResult>({ status: 'sent' });
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { footer } = useRootData();
  const t = useT();
  const lp = useLocalePath();
  const { email, phoneNumber } = footer;
  // From an order page's 'Ask about this order': the message starts by naming the order.
  const order = useSearchParams()[0].get('order');
  const initialMessage =
    order && /^[A-Z0-9-]{1,40}$/.test(order) ? t('contact.aboutOrder', { number: order }) : '';
  const links = {
    mail: (chunks: ReactNode[]) => <a href={`mailto:${email}`}>{chunks}</a>,
    tel: (chunks: ReactNode[]) => <a href={`tel:${phoneNumber?.replace(/\s+/g, '')}`}>{chunks}</a>,
  };
  return (
    <main className="page contact-page">
      <h1>{t('contact.title')}</h1>
      <p className="contact-page__lead">
        {t('contact.pageLead')}
        {email ? (
          <>
            {' '}
            {phoneNumber
              ? t.rich('contact.writeToOrCall', { email, phone: formatMobile(phoneNumber), ...links })
              : t.rich('contact.writeTo', { email, ...links })}
          </>
        ) : null}
      </p>
      <div className="contact-page__card">
        <ContactForm
          idPrefix="contact-page"
          cancelHref={lp('/')}
          serverResult={actionData}
          initialMessage={initialMessage}
        />
      </div>
    </main>
  );
}
