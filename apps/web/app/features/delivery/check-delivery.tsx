// The product page's 'Check delivery' box (issue 14): a pincode, remembered in this browser (or,
// for a logged-in shopper who never typed one, the default address's), answered with the
// delivery date and whether cash on delivery is offered there, or why not.
import type { AddressDto } from '@spice/shared/contracts/accounts';
import type { PincodeInfoDto } from '@spice/shared/contracts/delivery';
import { formatDeliveryDate } from '@spice/shared/delivery';
import { stateName } from '@spice/shared/states-hi';
import { digitsOnly, PINCODE_PATTERN } from '@spice/shared/validators';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useFormat, useLang, useSpecMessages, useT } from '../../i18n';
import { ApiError, api } from '../account/api';
import { useStoredUser } from '../account/user-store';

const PINCODE_KEY = 'kesarchakki.pincode';

type Answer = { kind: 'place'; info: PincodeInfoDto } | { kind: 'error'; message: string } | null;

function remembered(): string {
  try {
    return window.localStorage.getItem(PINCODE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function CheckDelivery() {
  const user = useStoredUser(null);
  const [pincode, setPincode] = useState('');
  const [answer, setAnswer] = useState<Answer>(null);
  const [checking, setChecking] = useState(false);
  const latest = useRef('');
  const t = useT();
  const lang = useLang();
  const format = useFormat();
  const { messages } = useSpecMessages();

  async function check(pin: string) {
    latest.current = pin;
    if (!PINCODE_PATTERN.test(pin)) {
      setAnswer({ kind: 'error', message: messages.addressPincode });
      return;
    }
    setChecking(true);
    try {
      const info = await api<PincodeInfoDto>(`/pincodes/${pin}`);
      if (latest.current !== pin) return;
      setAnswer({ kind: 'place', info });
      try {
        window.localStorage.setItem(PINCODE_KEY, pin);
      } catch {
        // Private windows may refuse storage: the answer still shows.
      }
    } catch (e) {
      if (latest.current === pin)
        setAnswer({ kind: 'error', message: e instanceof ApiError ? e.message : '' });
    } finally {
      setChecking(false);
    }
  }

  // Once in the browser: the remembered pincode, else the logged-in shopper's default address.
  const mobile = user?.mobile;
  // biome-ignore lint/correctness/useExhaustiveDependencies: check is stable in effect; runs per shopper
  useEffect(() => {
    const saved = remembered();
    if (saved) {
      setPincode(saved);
      void check(saved);
      return;
    }
    if (!mobile) return;
    api<AddressDto[]>(`/addresses/${mobile}`)
      .then((list) => {
        const address = list.find((a) => a.isDefault) ?? list[0];
        if (!address || latest.current) return;
        setPincode(address.pincode);
        void check(address.pincode);
      })
      .catch(() => {});
  }, [mobile]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void check(pincode);
  }

  const info = answer?.kind === 'place' ? answer.info : null;
  return (
    <section className="check-delivery" aria-labelledby="check-delivery-heading">
      <h2 id="check-delivery-heading">{t('delivery.heading')}</h2>
      <form className="check-delivery__form" onSubmit={onSubmit} noValidate>
        <label htmlFor="check-delivery-pincode" className="visually-hidden">
          {t('delivery.pincode')}
        </label>
        <input
          id="check-delivery-pincode"
          value={pincode}
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          placeholder={t('delivery.placeholder')}
          onChange={(e) => setPincode(digitsOnly(e.target.value, 6))}
        />
        <button type="submit" className="button" disabled={checking}>
          {t('delivery.check')}
        </button>
      </form>
      <div className="check-delivery__answer" role="status">
        {answer?.kind === 'error' ? (
          <p className="field-error check-delivery__line">{answer.message}</p>
        ) : null}
        {info && !info.serviceable ? (
          <p className="field-error check-delivery__line">{t('delivery.notServiceable')}</p>
        ) : null}
        {info?.serviceable && info.estimatedDelivery ? (
          <>
            <p className="check-delivery__line">
              {t.rich('delivery.by', {
                date:
                  lang === 'hi'
                    ? format.weekdayDate(info.estimatedDelivery.to)
                    : formatDeliveryDate(info.estimatedDelivery.to),
                place: `${info.city}, ${stateName(info.state, lang)}`,
                b: (chunks) => <strong>{chunks}</strong>,
                span: (chunks) => <span className="check-delivery__place">{chunks}</span>,
              })}
            </p>
            <p
              className={`check-delivery__line ${info.cod ? 'check-delivery__cod' : 'check-delivery__no-cod'}`}
            >
              {info.cod ? t('delivery.codAvailable') : info.codReason}
            </p>
          </>
        ) : null}
      </div>
    </section>
  );
}
