// The checkout's sections: the delivery address with its delivery estimate, the price rows and
// the payment choice. The page (routes/checkout.tsx) holds the state and places the order.
import type { AddressDto } from '@spice/shared/contracts/accounts';
import { formatRupees } from '@spice/shared/money';
import { stateName } from '@spice/shared/states-hi';
import { formatMobile } from '@spice/shared/validators';
import { useLang, useT } from '../../i18n';
import { OfferRows } from '../offers/offer-parts';
import { useCheckoutWords } from './checkout-words';
import type { CheckoutTotals } from './use-checkout-totals';

/** The chosen address, and by when it arrives there (or that we do not deliver there yet). */
export function AddressSection({
  address,
  hasAddresses,
  delivery,
  onChange,
}: {
  address: AddressDto | null;
  hasAddresses: boolean;
  delivery: { serviceable: boolean; estimatedDelivery?: { to: string } | null } | null;
  onChange: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const words = useCheckoutWords();
  return (
    <section className="panel" aria-labelledby="address-heading">
      <div className="panel__head">
        <h2 id="address-heading">{t('checkout.addressHeading')}</h2>
        <button type="button" className="button button--small" onClick={onChange}>
          {hasAddresses ? t('checkout.change') : t('checkout.addAddressButton')}
        </button>
      </div>
      {address ? (
        <p>
          <strong>{address.name}</strong>{' '}
          <span className="chip">
            {address.addressType === 'Work' ? t('address.typeWork') : t('address.typeHome')}
          </span>
          <br />
          {address.addressLine}, {address.locality}, {address.city}, {stateName(address.state, lang)} –{' '}
          {address.pincode}
          <br />
          {t('checkout.phone', { phone: formatMobile(address.phone) })}
        </p>
      ) : null}
      {address ? (
        delivery?.serviceable === true && delivery.estimatedDelivery ? (
          <p className="delivery-estimate">{words.deliveryBy(delivery.estimatedDelivery)}</p>
        ) : (
          <p className="form-error" role="alert">
            {t('checkout.notServiceable')}
          </p>
        )
      ) : (
        <p className="empty">{t('checkout.addAddressToContinue')}</p>
      )}
    </section>
  );
}

/** The price rows; rows of nothing (no MRP saving, no coupon, no fee) are left out. */
export function PriceRows({
  totals,
  couponApplied,
  payingCod,
}: {
  totals: CheckoutTotals;
  couponApplied: boolean;
  payingCod: boolean;
}) {
  const t = useT();
  return (
    <dl>
      <div>
        <dt>{t('checkout.totalMrp')}</dt>
        <dd>{formatRupees(totals.mrpTotalPaise)}</dd>
      </div>
      {/* Rows of nothing (no MRP saving, no coupon, no fee) are left out, not shown as −₹0. */}
      {totals.mrpTotalPaise > totals.subtotalPaise ? (
        <div>
          <dt>{t('checkout.mrpDiscount')}</dt>
          <dd className="saving">−{formatRupees(totals.mrpTotalPaise - totals.subtotalPaise)}</dd>
        </div>
      ) : null}
      {couponApplied && totals.couponApplied && totals.couponDiscountPaise > 0 ? (
        <div>
          <dt>{t('checkout.couponDiscount')}</dt>
          <dd className="saving">−{formatRupees(totals.couponDiscountPaise)}</dd>
        </div>
      ) : null}
      {/* Issue 36: an 'Offer discount' row per offer, by name. */}
      <OfferRows offers={totals.offers} />
      <div>
        <dt>{t('checkout.deliveryCharges')}</dt>
        <dd>
          {totals.deliveryPaise < totals.baseDeliveryPaise ? (
            <s>{formatRupees(totals.baseDeliveryPaise)}</s>
          ) : null}{' '}
          {totals.deliveryPaise === 0 ? (
            <span className="saving">{t('checkout.free')}</span>
          ) : (
            formatRupees(totals.deliveryPaise)
          )}
        </dd>
      </div>
      {totals.platformFeePaise > 0 ? (
        <div>
          <dt>{t('checkout.platformFee')}</dt>
          <dd>{formatRupees(totals.platformFeePaise)}</dd>
        </div>
      ) : null}
      {payingCod && totals.codFeePaise > 0 ? (
        <div>
          <dt>{t('checkout.codFee')}</dt>
          <dd>{formatRupees(totals.codFeePaise)}</dd>
        </div>
      ) : null}
      {!payingCod && totals.prepaidDiscountPaise > 0 ? (
        <div>
          <dt>{t('checkout.prepaidDiscount')}</dt>
          <dd className="saving">−{formatRupees(totals.prepaidDiscountPaise)}</dd>
        </div>
      ) : null}
      <div className="price-details__total">
        <dt>{t('checkout.totalAmount')}</dt>
        <dd>{formatRupees(payingCod ? totals.codTotalPaise : totals.totalPaise)}</dd>
      </div>
    </dl>
  );
}

/** Online (with its saving) or cash on delivery (with its fee, or why it is not offered). */
export function PaymentChoice({
  totals,
  payingCod,
  codUnavailable,
  onChoose,
}: {
  totals: CheckoutTotals;
  payingCod: boolean;
  /** Why cash on delivery is not offered, in the page's language; null when it is. */
  codUnavailable: string | null;
  onChoose: (payment: 'ONLINE' | 'COD') => void;
}) {
  const t = useT();
  return (
    <fieldset className="payment-choice">
      <legend>{t('payment.legend')}</legend>
      <label className="payment-choice__option">
        <input
          type="radio"
          name="payment"
          value="ONLINE"
          checked={!payingCod}
          onChange={() => onChoose('ONLINE')}
        />
        <span>
          {t('payment.online')}
          {totals.prepaidDiscountPaise > 0 ? (
            <small className="saving">
              {t('payment.saveOnline', { amount: formatRupees(totals.prepaidDiscountPaise) })}
            </small>
          ) : null}
        </span>
      </label>
      <label
        className={`payment-choice__option${codUnavailable === null ? '' : ' payment-choice__option--off'}`}
      >
        <input
          type="radio"
          name="payment"
          value="COD"
          checked={payingCod}
          disabled={codUnavailable !== null}
          aria-describedby={codUnavailable === null ? undefined : 'cod-reason'}
          onChange={() => onChoose('COD')}
        />
        <span>
          {t('payment.cod')}
          {codUnavailable === null ? (
            totals.codFeePaise > 0 ? (
              <small>{t('payment.codFeeNote', { amount: formatRupees(totals.codFeePaise) })}</small>
            ) : null
          ) : (
            <small id="cod-reason">{codUnavailable}</small>
          )}
        </span>
      </label>
    </fieldset>
  );
}
