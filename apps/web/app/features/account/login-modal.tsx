// Login by mobile and a one-time code (spec sections 2, 4 and 8).
import type { UserDto } from '@spice/shared/contracts/accounts';
import { digitsOnly, isValidMobile, normaliseMobile, OTP_LENGTH } from '@spice/shared/validators';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { flash, Modal } from '../../components/modal';
import { useSpecMessages, useT } from '../../i18n';
import { useDialogMessages } from '../../i18n/dialogs';
import { ApiError, api } from './api';
import { useCountdown } from './use-countdown';
import { storeUser } from './user-store';

const SHAKE_MS = 400;
const MAX_RESENDS = 3;

export default function LoginModal({
  onClose,
  onNewNumber,
}: {
  onClose: () => void;
  onNewNumber: (mobile: string) => void;
}) {
  useDialogMessages('login');
  const [mobile, setMobile] = useState('');
  const [otp, setOtp] = useState('');
  const [step, setStep] = useState<'mobile' | 'otp'>('mobile');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [resendsLeft, setResendsLeft] = useState(MAX_RESENDS);
  const [countdown, startCountdown] = useCountdown();
  const formRef = useRef<HTMLFormElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const t = useT();
  const { messages: MESSAGES } = useSpecMessages();

  // The code field takes the keyboard once it is there and enabled (after a send, a wrong code).
  useEffect(() => {
    if (step === 'otp' && !busy) otpRef.current?.focus();
  }, [step, busy]);

  function fail(message: string) {
    setError(message);
    flash(formRef.current, 'shake', SHAKE_MS);
  }

  async function sendCode(isResend: boolean) {
    if (!isValidMobile(mobile)) return fail(MESSAGES.invalidMobile);
    if (isResend && resendsLeft <= 0) return fail(MESSAGES.tooManyAttempts);
    setBusy(true);
    setError('');
    const askForCode = (waitSeconds: number) => {
      setStep('otp');
      setOtp('');
      startCountdown(waitSeconds);
    };
    try {
      const sent = await api<{ resendAfterSeconds: number; resendsLeft: number }>('/auth/otp/send', {
        body: { mobile },
      });
      setResendsLeft(sent.resendsLeft);
      askForCode(sent.resendAfterSeconds);
    } catch (e) {
      // A code went to this number moments ago (the modal was closed and opened again): the server
      // refuses a new one, says how long to wait and that a code is on its way (codeSent). That
      // code still works, so ask for it. Any other 429 (too many sends) has no code behind it: its
      // message, in the page's language, stays on this step.
      const refusal = e instanceof ApiError && e.status === 429 ? e.body : undefined;
      const wait = refusal?.codeSent === true ? refusal.retryAfterSeconds : undefined;
      if (typeof wait === 'number' && wait > 0) return askForCode(wait);
      const message = e instanceof ApiError ? e.message : MESSAGES.otpSendFailed;
      fail(
        isResend && e instanceof ApiError && e.status !== 429 && e.status !== 0
          ? MESSAGES.resendFailed
          : message,
      );
    } finally {
      setBusy(false);
    }
  }

  async function verify(code: string) {
    setBusy(true);
    setError('');
    try {
      const result = await api<{ exists: boolean; user: UserDto | null }>('/auth/otp/verify', {
        body: { mobile, otp: code },
      });
      if (result.exists && result.user) {
        storeUser(result.user);
        revalidator.revalidate();
        onClose();
      } else {
        onNewNumber(mobile);
      }
    } catch (e) {
      setOtp('');
      fail(e instanceof ApiError ? e.message : MESSAGES.wrongOtp);
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (step === 'mobile') return void sendCode(false);
    if (otp.length !== OTP_LENGTH) return fail(MESSAGES.invalidOtp);
    void verify(otp);
  }

  return (
    <Modal title={t('login.title')} onClose={onClose} className="modal--auth">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="auth-form">
        <p className="auth-form__lead">{t('login.lead')}</p>
        <label htmlFor="login-mobile">{t('login.mobile')}</label>
        <div className="phone-input">
          <span aria-hidden="true">+91</span>
          <input
            id="login-mobile"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={mobile}
            // biome-ignore lint/a11y/noAutofocus: the dialog's first field, so typing starts at once
            autoFocus
            aria-describedby={error ? 'login-error' : undefined}
            onChange={(e) => {
              // No maxLength: a pasted '+91 98765 01235' is normalised whole, then limited.
              setMobile(normaliseMobile(e.target.value));
              // Editing the number starts over (spec section 4, login step 5).
              if (step === 'otp') {
                setStep('mobile');
                setOtp('');
                setResendsLeft(MAX_RESENDS);
                startCountdown(0);
              }
              setError('');
            }}
          />
        </div>

        {step === 'otp' ? (
          <>
            <label htmlFor="login-otp">{t('login.otpLabel', { mobile })}</label>
            <input
              id="login-otp"
              ref={otpRef}
              className="otp-input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={otp}
              disabled={busy}
              onChange={(e) => {
                const code = digitsOnly(e.target.value, OTP_LENGTH);
                setOtp(code);
                setError('');
                // Verification starts by itself once six digits are in.
                if (code.length === OTP_LENGTH) void verify(code);
              }}
            />
            <div className="auth-form__resend">
              {countdown > 0 ? (
                <span>{t('login.resendIn', { seconds: countdown })}</span>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void sendCode(true)}
                  disabled={busy}
                >
                  {t('login.resend')}
                </button>
              )}
            </div>
          </>
        ) : null}

        {error ? (
          <p id="login-error" className="form-error" role="alert">
            {error}
          </p>
        ) : null}

        {step === 'mobile' ? (
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('login.sending') : t('login.send')}
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || otp.length !== OTP_LENGTH}
          >
            {busy ? t('login.verifying') : t('login.verify')}
          </button>
        )}
      </form>
    </Modal>
  );
}
