// 'Complete Signup' for a verified number with an e-mail validated by code (spec sections 2, 4, 5, 8).
import type { UserDto } from '@spice/shared/contracts/accounts';
import { digitsOnly, OTP_LENGTH } from '@spice/shared/validators';
import { type FormEvent, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { flash, Modal } from '../../components/modal';
import { useSpecMessages, useT } from '../../i18n';
import { useDialogMessages } from '../../i18n/dialogs';
import { PrivacyNote } from '../rights/privacy-note';
import { ApiError, api } from './api';
import { useCountdown } from './use-countdown';
import { storeUser } from './user-store';

const SHAKE_MS = 500;

type EmailState = 'idle' | 'sending' | 'sent' | 'validated';

export default function SignupModal({ mobile, onClose }: { mobile: string; onClose: () => void }) {
  useDialogMessages('login');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [emailOtp, setEmailOtp] = useState('');
  const [emailState, setEmailState] = useState<EmailState>('idle');
  // WhatsApp order updates need an opt-in: off unless ticked. The words beside the box are those the
  // consent record keeps (consent-texts.ts; texts.test.ts checks they are the same).
  const [whatsapp, setWhatsapp] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const revalidator = useRevalidator();
  const t = useT();
  const { messages: MESSAGES } = useSpecMessages();

  function fail(message: string) {
    setNotice('');
    setError(message);
    flash(formRef.current, 'shake', SHAKE_MS);
  }

  async function requestEmailCode() {
    if (!email.includes('@')) return fail(MESSAGES.invalidEmail);
    setEmailState('sending');
    setError('');
    try {
      try {
        // An unused e-mail is a 200 here, so the browser logs no error for it.
        const status = await api<{ inUse: boolean; yours: boolean }>(
          `/email/status/${encodeURIComponent(email.trim())}`,
        );
        if (status.inUse && !status.yours) {
          setEmailState('idle');
          return fail(MESSAGES.emailTaken);
        }
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 400) {
          setEmailState('idle');
          return fail(MESSAGES.emailCheckFailed);
        }
        if (e.status === 400) {
          setEmailState('idle');
          return fail(MESSAGES.invalidEmail);
        }
      }
      const sent = await api<{ resendAfterSeconds: number }>('/email/send-otp', {
        body: { email: email.trim() },
      });
      setEmailState('sent');
      setEmailOtp('');
      startCountdown(sent.resendAfterSeconds);
      setNotice(MESSAGES.emailOtpSent);
    } catch (e) {
      setEmailState(emailOtp || countdown ? 'sent' : 'idle');
      fail(e instanceof ApiError && e.status === 409 ? e.message : MESSAGES.emailOtpFailed);
    }
  }

  async function verifyEmailCode(code: string) {
    try {
      await api('/email/verify-otp', { body: { email: email.trim(), otp: code } });
      setEmailState('validated');
      setError('');
      setNotice(MESSAGES.emailValidated);
    } catch (e) {
      setEmailOtp('');
      fail(e instanceof ApiError && e.status !== 0 ? e.message : MESSAGES.emailOtpWrong);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!firstName.trim() || !email.trim()) return fail(MESSAGES.signupRequired);
    if (emailState !== 'validated') return fail(MESSAGES.signupValidateEmail);
    setBusy(true);
    setError('');
    try {
      const user = await api<UserDto>('/user/create', {
        body: { firstName, lastName, mobile, email: email.trim(), whatsapp },
      });
      setNotice(MESSAGES.signupSuccess);
      storeUser(user);
      revalidator.revalidate();
      window.setTimeout(onClose, 1200);
    } catch (e) {
      fail(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : MESSAGES.signupFailed);
    } finally {
      setBusy(false);
    }
  }

  const validated = emailState === 'validated';
  return (
    <Modal title={t('signup.title')} onClose={onClose} className="modal--auth">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="auth-form">
        <div className="form-row">
          <div className="field">
            <label htmlFor="signup-first">{t('signup.firstName')}</label>
            <input
              id="signup-first"
              autoComplete="given-name"
              value={firstName}
              maxLength={60}
              // biome-ignore lint/a11y/noAutofocus: the dialog's first field, so typing starts at once
              autoFocus
              onChange={(e) => setFirstName(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="signup-last">{t('signup.lastName')}</label>
            <input
              id="signup-last"
              autoComplete="family-name"
              value={lastName}
              maxLength={60}
              onChange={(e) => setLastName(e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="signup-mobile">{t('signup.mobile')}</label>
          <input id="signup-mobile" value={`+91 ${mobile}`} readOnly />
        </div>
        <div className="field">
          <label htmlFor="signup-email">{t('signup.email')}</label>
          <div className="email-row">
            <input
              id="signup-email"
              type="email"
              autoComplete="email"
              value={email}
              maxLength={254}
              readOnly={validated}
              onChange={(e) => {
                setEmail(e.target.value);
                setError('');
              }}
            />
            {validated ? (
              <>
                <span className="tick" role="img" aria-label={t('signup.emailValidated')}>
                  ✓
                </span>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    setEmailState('idle');
                    setEmailOtp('');
                    setNotice('');
                    startCountdown(0);
                  }}
                >
                  {t('signup.edit')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button button--small"
                disabled={emailState === 'sending' || countdown > 0}
                onClick={() => void requestEmailCode()}
              >
                {emailState === 'sending'
                  ? t('signup.validating')
                  : countdown > 0
                    ? t('signup.resendIn', { seconds: countdown })
                    : emailState === 'sent'
                      ? t('signup.resend')
                      : t('signup.validate')}
              </button>
            )}
          </div>
        </div>
        {emailState === 'sent' ? (
          <div className="field">
            <label htmlFor="signup-email-otp">{t('signup.emailOtp')}</label>
            <input
              id="signup-email-otp"
              className="otp-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={emailOtp}
              onChange={(e) => {
                const code = digitsOnly(e.target.value, OTP_LENGTH);
                setEmailOtp(code);
                if (code.length === OTP_LENGTH) void verifyEmailCode(code);
              }}
            />
          </div>
        ) : null}
        <label className="pref-check">
          <input
            className="pref-check__box"
            type="checkbox"
            name="whatsapp"
            checked={whatsapp}
            onChange={(e) => setWhatsapp(e.target.checked)}
          />
          <span>
            {t('messagePrefs.whatsapp', { mobile })} <small>{t('messagePrefs.whatsappNote')}</small>
          </span>
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {notice && !error ? (
          <p className="form-notice" role="status">
            {notice}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('signup.submitting') : t('signup.submit')}
        </button>
        <PrivacyNote />
      </form>
    </Modal>
  );
}
