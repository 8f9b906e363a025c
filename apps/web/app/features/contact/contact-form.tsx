// The contact form (spec sections 2, 5 and 8), shared by the footer's modal and the /contact page.
// With JavaScript it posts to the API and shows the result in place; without, it is a plain form
// posted to /contact, whose action answers with the same result (`serverResult`).
import {
  CONTACT_LIMITS,
  CONTACT_TEXTS,
  type ContactField,
  ContactInput,
  contactProblems,
} from '@spice/shared/contracts/contact';
import { MESSAGES } from '@spice/shared/messages';
import { hindiForSpecMessage } from '@spice/shared/messages-hi';
import { COUNTRY_CODE, normaliseMobile } from '@spice/shared/validators';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { flash } from '../../components/modal';
import { type Translate, useLang, useLocalePath, useSpecMessages, useT } from '../../i18n';
import { useRootData } from '../../root';
import { api } from '../account/api';
import { useStoredUser } from '../account/user-store';

const SHAKE_MS = 500;
export const CLOSE_AFTER_SENT_MS = 2000;

type Values = Record<ContactField, string>;

/**
 * A problem found by the shared rules (ContactInput: the spec's messages and CONTACT_TEXTS, in
 * English) as the page's language says it. The form keeps the English text, so it still compares
 * with MESSAGES, and says it only when showing it.
 */
export function sayContactProblem(english: string, lang: 'en' | 'hi', t: Translate): string {
  if (lang === 'en') return english;
  const spec = hindiForSpecMessage(english);
  if (spec) return spec;
  if (english === CONTACT_TEXTS.email) return t('contact.errors.email');
  if (english === CONTACT_TEXTS.phone) return t('contact.errors.phone');
  if (english === CONTACT_TEXTS.nameTooLong)
    return t('contact.errors.nameTooLong', { max: CONTACT_LIMITS.name });
  if (english === CONTACT_TEXTS.messageTooLong)
    return t('contact.errors.messageTooLong', { max: CONTACT_LIMITS.message });
  if (english === CONTACT_TEXTS.tooMany) return t('contact.errors.tooMany');
  return english;
}

/** What the /contact action answers to a form posted without JavaScript. */
export type ContactResult =
  | { status: 'sent' }
  | { status: 'invalid'; message: string; errors: Partial<Record<ContactField, string>>; values: Values }
  | { status: 'failed'; values: Values };

export function ContactForm({
  idPrefix,
  onSent,
  onCancel,
  cancelHref,
  serverResult,
  initialMessage = '',
}: {
  /** The message to start from (help with a named order). */
  initialMessage?: string;
  /** Keeps ids unique when the modal opens over the /contact page. */
  idPrefix: string;
  /** Called 2 s after a message went out (the modal closes then). */
  onSent?: () => void;
  onCancel?: () => void;
  /** Where Cancel leads when there is no onCancel (the page works without JavaScript). */
  cancelHref?: string;
  serverResult?: ContactResult | undefined;
}) {
  const { user: serverUser } = useRootData();
  const user = useStoredUser(serverUser);
  const [values, setValues] = useState<Values>(() =>
    serverResult && serverResult.status !== 'sent'
      ? serverResult.values
      : {
          name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
          email: user?.email ?? '',
          phone: user ? normaliseMobile(user.mobile) : '',
          message: initialMessage,
        },
  );
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>(
    serverResult?.status === 'invalid' ? serverResult.errors : {},
  );
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed' | 'invalid'>(
    serverResult?.status ?? 'idle',
  );
  const [problem, setProblem] = useState(serverResult?.status === 'invalid' ? serverResult.message : '');
  const formRef = useRef<HTMLFormElement>(null);
  const t = useT();
  const lang = useLang();
  const lp = useLocalePath();
  const { messages } = useSpecMessages();
  const say = (english: string) => sayContactProblem(english, lang, t);

  useEffect(() => {
    if (state !== 'sent' || !onSent) return;
    const timer = window.setTimeout(onSent, CLOSE_AFTER_SENT_MS);
    return () => window.clearTimeout(timer);
  }, [state, onSent]);

  const set = (field: ContactField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payload = { ...values, phone: values.phone ? `${COUNTRY_CODE}${values.phone}` : '' };
    const parsed = ContactInput.safeParse(payload);
    if (!parsed.success) {
      const found = contactProblems(parsed.error);
      setErrors(found.errors);
      setProblem(found.message);
      setState('invalid');
      flash(formRef.current, 'shake', SHAKE_MS);
      const first = (['name', 'email', 'phone', 'message'] as const).find((f) => found.errors[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setProblem('');
    setState('sending');
    try {
      await api('/contact/send', { body: parsed.data });
      setState('sent');
      setValues((v) => ({ ...v, message: '' }));
    } catch {
      setState('failed');
    }
  }

  const sending = state === 'sending';
  const id = (f: ContactField) => `${idPrefix}-${f}`;
  const field = (f: ContactField, label: string, input: ReactNode) => (
    <div className={`field${errors[f] ? ' field--error' : ''}`}>
      <label htmlFor={id(f)}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      {input}
      {errors[f] && errors[f] !== MESSAGES.contactRequired ? (
        <p id={`${id(f)}-error`} className="field-error">
          {say(errors[f])}
        </p>
      ) : null}
    </div>
  );
  const a11y = (f: ContactField) => ({
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f]
      ? errors[f] === MESSAGES.contactRequired
        ? `${idPrefix}-problem`
        : `${id(f)}-error`
      : undefined,
  });

  return (
    <form
      ref={formRef}
      className="contact-form"
      method="post"
      action={lp('/contact')}
      onSubmit={onSubmit}
      noValidate
    >
      {field(
        'name',
        t('contact.name'),
        <input
          id={id('name')}
          name="name"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          {...a11y('name')}
        />,
      )}
      {field(
        'email',
        t('contact.email'),
        <input
          id={id('email')}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          {...a11y('email')}
        />,
      )}
      {field(
        'phone',
        t('contact.phone'),
        <div className="phone-input">
          <span aria-hidden="true">{COUNTRY_CODE}</span>
          <input
            id={id('phone')}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={values.phone}
            onChange={(e) => set('phone', normaliseMobile(e.target.value))}
            {...a11y('phone')}
          />
        </div>,
      )}
      {field(
        'message',
        t('contact.message'),
        <textarea
          id={id('message')}
          name="message"
          rows={5}
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
          {...a11y('message')}
        />,
      )}

      {state === 'invalid' && problem ? (
        <p id={`${idPrefix}-problem`} className="form-error" role="alert">
          {say(problem)}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="form-error" role="alert">
          {messages.contactFailed}
        </p>
      ) : null}
      {state === 'sent' ? (
        <p className="form-notice" role="status">
          {messages.contactSent}
        </p>
      ) : null}
      {sending ? (
        <p className="visually-hidden" role="status">
          {t('contact.sending')}
        </p>
      ) : null}

      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {t('contact.cancel')}
          </button>
        ) : cancelHref ? (
          <Link to={cancelHref} className="button">
            {t('contact.cancel')}
          </Link>
        ) : null}
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
          {sending ? <span className="button-spinner" aria-hidden="true" /> : null}
          {t('contact.submit')}
        </button>
      </div>
    </form>
  );
}
