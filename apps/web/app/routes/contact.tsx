import { ContactInput, contactProblems } from '@spice/shared/contracts/contact';
import { data } from 'react-router';
import { getStorefront } from '../context';
import { ContactForm, type ContactResult } from '../features/contact/contact-form';
import { useRootData } from '../root';
import { seoMeta } from '../seo';
import type { Route } from './+types/contact';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `Contact Us | ${root.settings.storeName}`,
    description: `Write to ${root.settings.storeName} about an order, bulk packs or our masalas.`,
    origin: root.origin,
    lang: root.lang,
    path: '/contact',
  });
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
  return (
    <main className="page contact-page">
      <h1>Contact Us</h1>
      <p className="contact-page__lead">
        Questions about an order, bulk packs or our masalas? Send us a message and we will reply within a
        working day.
        {footer.email ? (
          <>
            {' '}
            You can also write to <a href={`mailto:${footer.email}`}>{footer.email}</a>
            {footer.phoneNumber ? (
              <>
                {' '}
                or call <a href={`tel:${footer.phoneNumber.replace(/\s+/g, '')}`}>{footer.phoneNumber}</a>
              </>
            ) : null}
            .
          </>
        ) : null}
      </p>
      <div className="contact-page__card">
        <ContactForm idPrefix="contact-page" cancelHref="/" serverResult={actionData} />
      </div>
    </main>
  );
}
