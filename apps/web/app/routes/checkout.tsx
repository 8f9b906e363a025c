// Checkout, standalone (no header or footer): contact, address, summary, coupon, price details,
// then payment. The page shows totals; the server computes them again and decides.
import { COD_MESSAGES, codAvailability, pincodeBlocked } from '@spice/shared/cod';
import type { AddressDto, AddressInputDto } from '@spice/shared/contracts/accounts';
import type { PaymentOrderDto } from '@spice/shared/contracts/commerce';
import type { AvailableCouponDto } from '@spice/shared/contracts/content';
import { normaliseCouponCode } from '@spice/shared/coupons';
import { gstinProblem, normaliseGstin } from '@spice/shared/gst';
import { productImage } from '@spice/shared/images';
import { localizePath, pathLang } from '@spice/shared/lang';
import { formatRupees, rupeesToPaise as paise, toRupees } from '@spice/shared/money';
import { useEffect, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator } from 'react-router';
import { DemoNotice } from '../components/demo-notice';
import { Modal } from '../components/modal';
import { currentUser, getStorefront } from '../context';
import { ApiError, api } from '../features/account/api';
import { AddressForm } from '../features/addresses/address-form';
import { refreshCart, useCart } from '../features/cart/cart-store';
import { useCheckoutWords } from '../features/checkout/checkout-words';
import { loadRazorpayScript, openRazorpay, type PaymentResult } from '../features/checkout/payment';
import { AddressSection, PaymentChoice, PriceRows } from '../features/checkout/sections';
import { SimulatedPayModal } from '../features/checkout/simulated-pay';
import { useCheckoutTotals } from '../features/checkout/use-checkout-totals';
import { UnitPrice } from '../features/declarations/unit-price';
import { giftOffer } from '../features/offers/cart-offers';
import { CouponNoticeLine, GiftLine, useOfferName } from '../features/offers/offer-parts';
import { PrivacyNote } from '../features/rights/privacy-note';
import { metaT, useLocalePath, useSpecMessages, useT } from '../i18n';
import { pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import offersStylesHref from '../styles/offers.css?url';
import type { Route } from './+types/checkout';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const lang = root.lang;
  return seoMeta({
    title: `${metaT(matches)('checkout.title')} | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang,
    path: '/checkout',
    noindex: true,
  });
}

// The cart's and checkout's offer styles (nudges, gift line, offer rows); the product page's
// offer line is in app.css, so a product page has no render-blocking sheet (issue 33).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: offersStylesHref }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(context);
  const lang = pathLang(new URL(request.url).pathname);
  if (!user) throw redirect(localizePath('/', lang));
  const [addresses, items, milestones, settings, config, rtoCount] = await Promise.all([
    services.accounts.listAddresses(user.id),
    services.cart.list(user, lang),
    services.checkout.milestones(),
    services.checkout.settings(),
    services.checkout.config(),
    services.orders.codRtoCount(user.id),
  ]);
  // Issue 36: the offers in force, priced on the page by the same priceCart as the server's quote.
  const offers = await services.offers.forShoppers(lang);
  if (items.length === 0) throw redirect(localizePath('/cart', lang));
  // Each address's delivery window, serviceability and zone COD (null: a pincode India Post lacks).
  const delivery = await services.delivery.lookupMany(addresses.map((a) => a.pincode));
  // The owner's blocked pincodes stay on the server: the page learns only which addresses are out.
  const { blockedPincodes, ...codRules } = config.cod;
  return {
    user,
    addresses,
    items,
    milestones,
    platformFee: settings.platformFee,
    cod: { ...codRules, blockedPincodes: [] as string[] },
    codBlockedAddressIds: addresses
      .filter((a) => pincodeBlocked(blockedPincodes, a.pincode))
      .map((a) => a.id),
    prepaidDiscount: config.prepaidDiscount,
    rtoCount,
    delivery,
    offers,
    i18n: pageMessages(request, 'checkout'),
  };
}

type Overlay = 'redirecting' | 'fetching' | null;

export default function Checkout({ loaderData, matches }: Route.ComponentProps) {
  const { user, addresses, milestones, platformFee, cod, prepaidDiscount } = loaderData;
  const storeName = matches[0].loaderData.settings.storeName;
  const cart = useCart();
  const items = cart.loaded && cart.items.length > 0 ? cart.items : loaderData.items;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const t = useT();
  const lp = useLocalePath();
  const spec = useSpecMessages();
  const words = useCheckoutWords();

  const [addressId, setAddressId] = useState<number | null>(
    () => (addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? null,
  );
  const [addressModal, setAddressModal] = useState<
    { mode: 'select' } | { mode: 'add' } | { mode: 'edit'; address: AddressDto } | null
  >(null);
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState<{ code: string; discount: number } | null>(null);
  const [couponError, setCouponError] = useState('');
  const [couponsModal, setCouponsModal] = useState<
    { state: 'loading' } | { state: 'failed' } | { state: 'ready'; coupons: AvailableCouponDto[] } | null
  >(null);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [error, setError] = useState('');
  const [simulated, setSimulated] = useState<PaymentOrderDto | null>(null);
  const [payment, setPayment] = useState<'ONLINE' | 'COD'>('ONLINE');
  // One key per placement attempt: a double click repeats it, a changed cart gets a new one.
  const [codKey, setCodKey] = useState(() => crypto.randomUUID());
  const [gstin, setGstin] = useState('');
  const [gstinError, setGstinError] = useState('');
  // Offers and reminders on WhatsApp (issue 37): unticked; ticked, recorded as a consent from the checkout.
  const [offers, setOffers] = useState(false);

  /** The tick box's consent, recorded before the order is placed (a failure does not stop the order). */
  async function recordOffers() {
    if (!offers) return;
    await api('/user/consents', {
      method: 'PUT',
      body: { purpose: 'marketing', channel: 'whatsapp', given: true, source: 'checkout' },
    }).catch(() => undefined);
  }
  /** The buyer's GSTIN for a business invoice, or null; false (and the field's error) when wrong. */
  function checkedGstin(): string | null | false {
    const value = normaliseGstin(gstin);
    if (value === '') return null;
    const problem = gstinProblem(value);
    setGstinError(problem ? words.gstinProblem(problem) : '');
    return problem ? false : value;
  }

  const address = addresses.find((a) => a.id === addressId) ?? null;
  const totals = useCheckoutTotals({
    items,
    milestones,
    coupon,
    platformFee,
    prepaidDiscount,
    codFeePaise: cod.feePaise,
    offers: loaderData.offers.rules,
  });
  const offerName = useOfferName();
  const giftRule = giftOffer(loaderData.offers.rules, totals.gift?.offerId);
  const gift = totals.gift && loaderData.offers.gifts[totals.gift.offerId];
  const delivery = address ? (loaderData.delivery[address.pincode] ?? null) : null;
  const deliverable = !address || delivery?.serviceable === true;
  const codCheck =
    address && loaderData.codBlockedAddressIds.includes(address.id)
      ? { available: false as const, reason: COD_MESSAGES.pincode }
      : codAvailability({
          rules: cod,
          orderValuePaise: totals.orderValuePaise,
          pincode: null,
          rtoCount: loaderData.rtoCount,
          zoneAllowsCod: delivery ? delivery.cod || delivery.codReason === COD_MESSAGES.off : undefined,
        });
  // A HIGH RTO risk while the shop requires prepaid (issue 34): known once the address is chosen,
  // not only after pressing place (which checks again). Only the outcome comes back.
  const [prepaidOnly, setPrepaidOnly] = useState<{ key: string; saving: number } | null>(null);
  const riskKey = address ? `${address.id}:${coupon?.code ?? ''}` : '';
  useEffect(() => {
    if (!riskKey) return;
    const [addressId, couponCode] = riskKey.split(':');
    const query = new URLSearchParams({ addressId: addressId!, ...(couponCode && { couponCode }) });
    let live = true;
    api<{ prepaidRequired: boolean; saving: number }>(`/orders/cod-risk?${query}`).then(
      (r) => live && setPrepaidOnly(r.prepaidRequired ? { key: riskKey, saving: r.saving } : null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [riskKey]);
  const prepaidText =
    prepaidOnly?.key === riskKey
      ? t('rto.codNotAvailable', { amount: formatRupees(paise(prepaidOnly.saving)) })
      : null;
  const payingCod = payment === 'COD' && codCheck.available && !prepaidText;

  async function applyCoupon(raw: string) {
    const code = normaliseCouponCode(raw);
    if (!code || totals.subtotalPaise === 0) return;
    setCouponError('');
    try {
      const applied = await api<{ code: string; discountAmount: number }>('/coupons/validate', {
        body: { code, cartAmount: toRupees(totals.subtotalPaise) },
      });
      setCoupon({ code: applied.code, discount: applied.discountAmount });
      setCouponInput(applied.code);
    } catch (e) {
      setCoupon(null);
      // Too many wrong codes: the box says how long to wait before the next try.
      const wait = e instanceof ApiError && e.status === 429 ? Number(e.body.retryAfterSeconds) : 0;
      setCouponError(
        wait > 0
          ? spec.couponWaitMessage(wait)
          : e instanceof ApiError && e.status !== 0
            ? e.message || t('checkout.couponFallback')
            : t('checkout.couponFallback'),
      );
    }
  }

  async function openCoupons() {
    setCouponsModal({ state: 'loading' });
    try {
      // The server marks the coupons this shopper cannot use now (used, or the cart is too small).
      setCouponsModal({ state: 'ready', coupons: await api<AvailableCouponDto[]>('/coupons/available') });
    } catch {
      setCouponsModal({ state: 'failed' });
    }
  }

  async function saveAddress(values: AddressInputDto) {
    if (addressModal?.mode === 'edit') {
      await api(`/addresses/${addressModal.address.id}`, { method: 'PUT', body: values });
    } else {
      const list = await api<AddressDto[]>(`/addresses/${user.mobile}`, { method: 'POST', body: values });
      const added = list.reduce((a, b) => (b.id > a.id ? b : a));
      setAddressId(added.id);
    }
    setAddressModal(null);
    await revalidator.revalidate();
  }

  async function placeOrder(order: PaymentOrderDto, payment: PaymentResult) {
    setOverlay('fetching');
    try {
      const placed = await api<{ orderNumber: string }>('/orders/place', {
        body: {
          userName: `${user.firstName} ${user.lastName}`.trim(),
          userMobile: `+91${user.mobile}`,
          userEmail: user.email,
          deliveryAddress: address
            ? {
                name: address.name,
                phone: address.phone,
                type: address.addressType,
                fullAddress: [
                  address.addressLine,
                  address.locality,
                  address.city,
                  address.state,
                  address.pincode,
                ].join(', '),
              }
            : null,
          orderItems: items.map((i) => ({
            productId: i.productId,
            productName: i.productName,
            variant: i.variant,
            quantity: i.quantity,
            sellingPrice: i.price,
            mrp: i.mrp,
          })),
          priceDetails: {
            totalMrp: toRupees(totals.mrpTotalPaise),
            appliedCouponCode: coupon?.code ?? null,
            discount: toRupees(totals.couponDiscountPaise),
            subtotal: toRupees(totals.subtotalPaise),
            deliveryCharges: toRupees(totals.deliveryPaise),
            platformFee: toRupees(totals.platformFeePaise),
            finalAmount: toRupees(order.amount),
          },
          payment: { mode: 'RAZORPAY', ...payment },
        },
      });
      void refreshCart();
      navigate(lp('/order-success'), {
        replace: true,
        state: {
          orderId: placed.orderNumber,
          totalAmount: order.amount,
          paymentId: payment.razorpayPaymentId,
        },
      });
    } catch (e) {
      setOverlay(null);
      if (e instanceof ApiError && e.status === 409) {
        // Paid but not placeable (sold out meanwhile, replaced, already paid): the message says
        // the payment will be refunded; the cart is shown as it now is. A cart left empty would
        // send the page to /cart, and the refund notice with it, so the page stays as it is then.
        setError(e.message);
        if ((await refreshCart()).length > 0) await revalidator.revalidate();
        return;
      }
      window.alert(
        e instanceof ApiError && e.status > 0 ? t('payment.saveFailed') : t('payment.completeFailed'),
      );
    }
  }

  async function placeCodOrder() {
    if (!address) return;
    const buyerGstin = checkedGstin();
    if (buyerGstin === false) return;
    setError('');
    setOverlay('fetching');
    await recordOffers();
    try {
      const placed = await api<{ orderNumber: string; amount: number }>('/orders/place-cod', {
        body: {
          addressId: address.id,
          couponCode: coupon?.code ?? null,
          amount: totals.codTotalPaise,
          gstin: buyerGstin,
        },
        headers: { 'idempotency-key': codKey },
      });
      void refreshCart();
      navigate(lp('/order-success'), {
        replace: true,
        state: { orderId: placed.orderNumber, totalAmount: placed.amount, paymentMode: 'COD' },
      });
    } catch (e) {
      setOverlay(null);
      setCodKey(crypto.randomUUID());
      if (e instanceof ApiError && e.body.prepaidRequired === true) {
        // A HIGH RTO risk with the shop requiring prepaid (issue 34): the saving of paying online.
        const save = Math.max(0, totals.codTotalPaise - totals.totalPaise);
        setError(t('rto.codNotAvailable', { amount: formatRupees(save) }));
        return;
      }
      setError(e instanceof ApiError && e.status > 0 ? e.message : t('payment.createFailed'));
      if (e instanceof ApiError && e.status === 409) {
        await refreshCart();
        await revalidator.revalidate();
      }
    }
  }

  async function payNow() {
    if (!address) return;
    const buyerGstin = checkedGstin();
    if (buyerGstin === false) return;
    setError('');
    setOverlay('redirecting');
    await recordOffers();
    let order: PaymentOrderDto;
    try {
      order = await api<PaymentOrderDto>('/payment/create-razorpay-order', {
        body: {
          amount: totals.totalPaise,
          addressId: address.id,
          couponCode: coupon?.code ?? null,
          gstin: buyerGstin,
        },
      });
    } catch (e) {
      setOverlay(null);
      if (e instanceof ApiError && e.status === 409) {
        setError(e.message);
        await refreshCart();
        await revalidator.revalidate();
      } else if (e instanceof ApiError && e.status === 400 && coupon) {
        setCoupon(null);
        setError(e.message);
      } else {
        setError(e instanceof ApiError && e.status === 409 ? e.message : t('payment.createFailed'));
        window.alert(
          e instanceof ApiError && e.status < 500 && e.status > 0 ? e.message : t('payment.createFailed'),
        );
      }
      return;
    }
    if (order.provider === 'simulated') {
      setSimulated(order);
      return;
    }
    if (!(await loadRazorpayScript())) {
      setOverlay(null);
      window.alert(t('payment.sdkFailed'));
      return;
    }
    openRazorpay(
      order,
      { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, contact: `+91${user.mobile}` },
      storeName,
      {
        onPaid: (result) => void placeOrder(order, result),
        onDismiss: () => setOverlay(null),
      },
    );
  }

  return (
    <div className="checkout">
      {matches[0].loaderData.demoMode ? <DemoNotice /> : null}
      <div className="checkout__top">
        <Link to={lp('/')} className="button">
          {t('checkout.backHome')}
        </Link>
        <h1>{t('checkout.title')}</h1>
      </div>
      <main className="checkout__layout">
        <div className="checkout__main">
          <section className="panel" aria-labelledby="contact-heading">
            <h2 id="contact-heading">{t('checkout.contactHeading')}</h2>
            <p>
              <strong>
                {user.firstName} {user.lastName}
              </strong>
              <br />
              +91 {user.mobile.slice(-10)}
              <br />
              {user.email}
            </p>
          </section>

          <AddressSection
            address={address}
            hasAddresses={addresses.length > 0}
            delivery={delivery}
            onChange={() => setAddressModal(addresses.length > 0 ? { mode: 'select' } : { mode: 'add' })}
          />

          <section className="panel" aria-labelledby="summary-heading">
            <h2 id="summary-heading">{t('checkout.summaryHeading')}</h2>
            <ul className="summary-lines">
              {items.map((i) => (
                <li key={i.id}>
                  <img src={i.image || productImage({ name: i.productName })} alt="" width="56" height="56" />
                  <span className="summary-lines__name">
                    {i.productName}
                    <small>
                      {i.variant} × {i.quantity}
                    </small>
                    <UnitPrice unitPrice={i.unitPrice} />
                  </span>
                  <span className="summary-lines__price">
                    {i.mrp > i.price ? <s>{formatRupees(paise(i.mrp) * i.quantity)}</s> : null}
                    <strong>{formatRupees(paise(i.price) * i.quantity)}</strong>
                  </span>
                </li>
              ))}
            </ul>
            {gift && giftRule ? <GiftLine gift={gift} offerName={offerName(giftRule)} /> : null}
          </section>

          <section className="panel" aria-labelledby="coupon-heading">
            <h2 id="coupon-heading">{t('checkout.couponHeading')}</h2>
            <form
              className="coupon-form"
              onSubmit={(e) => {
                e.preventDefault();
                void applyCoupon(couponInput);
              }}
            >
              <label htmlFor="coupon-code" className="visually-hidden">
                {t('checkout.couponLabel')}
              </label>
              <input
                id="coupon-code"
                value={couponInput}
                onChange={(e) => setCouponInput(e.target.value)}
                disabled={Boolean(coupon)}
                placeholder={t('checkout.couponPlaceholder')}
                maxLength={40}
              />
              {coupon ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setCoupon(null);
                    setCouponInput('');
                  }}
                >
                  {t('checkout.remove')}
                </button>
              ) : (
                <button type="submit" className="button button--primary">
                  {t('checkout.apply')}
                </button>
              )}
            </form>
            {coupon ? (
              <p className="form-notice">
                {t('checkout.couponApplied', {
                  code: coupon.code,
                  amount: formatRupees(paise(coupon.discount)),
                })}
              </p>
            ) : null}
            {couponError ? (
              <p className="form-error" role="alert">
                {couponError}
              </p>
            ) : null}
            <button type="button" className="link-button" onClick={() => void openCoupons()}>
              {t('checkout.viewCoupons')}
            </button>
          </section>

          <section className="panel" aria-label={t('checkout.businessInvoice')}>
            <details className="gstin-field">
              <summary>{t('checkout.gstinSummary')}</summary>
              <label htmlFor="gstin">{t('checkout.gstin')}</label>
              <input
                id="gstin"
                value={gstin}
                onChange={(e) => setGstin(e.target.value)}
                onBlur={() => checkedGstin()}
                placeholder={t('checkout.gstinPlaceholder')}
                maxLength={20}
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={gstinError ? true : undefined}
                aria-describedby="gstin-error"
              />
              <p id="gstin-error" className="form-error" role={gstinError ? 'alert' : undefined}>
                {gstinError}
              </p>
            </details>
          </section>

          <section className="panel">
            <label className="pref-check">
              <input
                className="pref-check__box"
                type="checkbox"
                name="offers"
                checked={offers}
                onChange={(e) => setOffers(e.target.checked)}
              />
              {t('offersConsent.checkout')}
            </label>
          </section>
        </div>

        <aside className="panel price-details" aria-labelledby="price-heading">
          <h2 id="price-heading">{t('checkout.priceHeading')}</h2>
          <PriceRows totals={totals} couponApplied={Boolean(coupon)} payingCod={payingCod} />
          {coupon ? <CouponNoticeLine notice={totals.couponNotice} /> : null}
          <PaymentChoice
            totals={totals}
            payingCod={payingCod}
            codUnavailable={
              prepaidText ?? (codCheck.available ? null : words.codReason(codCheck.reason, cod))
            }
            onChoose={setPayment}
          />
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary pay-now"
            disabled={!address || !deliverable || overlay !== null}
            onClick={() => void (payingCod ? placeCodOrder() : payNow())}
          >
            {payingCod
              ? t('payment.placeCod', { amount: formatRupees(totals.codTotalPaise) })
              : t('payment.payNow')}
          </button>
          <PrivacyNote />
        </aside>
      </main>

      {addressModal ? (
        <Modal
          title={
            addressModal.mode === 'select'
              ? t('checkout.selectAddress')
              : addressModal.mode === 'add'
                ? t('checkout.addAddress')
                : t('checkout.editAddress')
          }
          onClose={() => setAddressModal(null)}
        >
          {addressModal.mode === 'select' ? (
            <div className="address-select">
              {addresses.map((a) => (
                <div key={a.id} className="address-option">
                  <label>
                    <input
                      type="radio"
                      name="checkout-address"
                      checked={a.id === addressId}
                      onChange={() => {
                        setAddressId(a.id);
                        setAddressModal(null);
                      }}
                    />
                    <span>
                      <strong>{a.name}</strong> ({a.addressType}){a.isDefault ? t('checkout.isDefault') : ''}
                      <br />
                      {a.addressLine}, {a.city} – {a.pincode}
                    </span>
                  </label>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setAddressModal({ mode: 'edit', address: a })}
                  >
                    {t('checkout.edit')}
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="button button--outline"
                onClick={() => setAddressModal({ mode: 'add' })}
              >
                {t('checkout.addAddressButton')}
              </button>
            </div>
          ) : (
            <AddressForm
              initial={addressModal.mode === 'edit' ? addressModal.address : null}
              onSave={saveAddress}
              onCancel={() => setAddressModal(null)}
            />
          )}
        </Modal>
      ) : null}

      {couponsModal ? (
        <Modal title={t('checkout.couponsTitle')} onClose={() => setCouponsModal(null)}>
          {couponsModal.state === 'loading' ? <p>{t('checkout.couponsLoading')}</p> : null}
          {couponsModal.state === 'failed' ? (
            <p className="form-error">{t('checkout.couponsFailed')}</p>
          ) : null}
          {couponsModal.state === 'ready' && couponsModal.coupons.length === 0 ? (
            <p className="empty">{t('checkout.noCoupons')}</p>
          ) : null}
          {couponsModal.state === 'ready' && couponsModal.coupons.length > 0 ? (
            <ul className="coupon-list">
              {couponsModal.coupons.map((c) => (
                <li key={c.id} className={c.usable ? undefined : 'coupon-list__item--unusable'}>
                  <div>
                    <strong className="coupon-code">{c.code}</strong>
                    <p>{c.description}</p>
                    {c.reason ? <p className="coupon-list__reason">{c.reason}</p> : null}
                  </div>
                  {c.usable ? (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t('checkout.applyCode', { code: c.code })}
                      onClick={() => {
                        setCouponsModal(null);
                        setCouponInput(c.code);
                        void applyCoupon(c.code);
                      }}
                    >
                      {t('checkout.apply')}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {couponsModal.state === 'ready' &&
          couponsModal.coupons.some((c) => c.discountType === 'PERCENT') ? (
            <p className="coupon-list__rule">{t('checkout.roundingRule')}</p>
          ) : null}
        </Modal>
      ) : null}

      {simulated ? (
        <SimulatedPayModal
          order={simulated}
          storeName={storeName}
          onCancel={() => {
            setSimulated(null);
            setOverlay(null);
          }}
          onPaid={async (result) => {
            setSimulated(null);
            await placeOrder(simulated, result);
          }}
          onFailed={() => {
            setSimulated(null);
            setOverlay(null);
            window.alert(t('payment.createFailed'));
          }}
        />
      ) : null}

      {overlay && !simulated ? (
        <div className="pay-overlay" role="status" aria-live="assertive">
          <div className="spinner" aria-hidden="true" />
          <p>
            {overlay === 'redirecting'
              ? t('checkout.redirecting')
              : payingCod
                ? t('checkout.placing')
                : t('checkout.fetching')}
          </p>
        </div>
      ) : null}
    </div>
  );
}
