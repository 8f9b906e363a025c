// Cart lines, the shipping-milestone progress bar and the total: shared by the drawer and /cart.

import type { CartItemDto } from '@spice/shared/contracts/commerce';
import type { ShippingMilestoneDto } from '@spice/shared/contracts/content';
import { formatPrice, formatRupees, rupeesToPaise as paise } from '@spice/shared/money';
import type { PricedLine } from '@spice/shared/price-cart';
import { nextMilestone, shippingCharge } from '@spice/shared/pricing';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLocalePath, useSpecMessages, useT } from '../../i18n';
import { openLogin } from '../account/modal-events';
import { UnitPrice } from '../declarations/unit-price';
import { decrement, removeLine, setQuantity } from './cart-store';

let milestonesCache: Promise<ShippingMilestoneDto[]> | null = null;
export function loadMilestones(): Promise<ShippingMilestoneDto[]> {
  milestonesCache ??= fetch('/api/admin/shipping-milestones')
    .then((r) => (r.ok ? r.json() : []))
    .catch(() => {
      milestonesCache = null;
      return [];
    });
  return milestonesCache;
}

export function useMilestones(initial?: ShippingMilestoneDto[]) {
  const [milestones, setMilestones] = useState<ShippingMilestoneDto[]>(initial ?? []);
  useEffect(() => {
    if (!initial) void loadMilestones().then(setMilestones);
  }, [initial]);
  return milestones;
}

/** Milestones as the API gives them (rupees) in paise, for the pricing rules. */
export function milestonesInPaise(milestones: ShippingMilestoneDto[]) {
  return milestones.map((m) => ({
    minCartValuePaise: paise(m.minCartValue),
    shippingChargePaise: paise(m.shippingCharge),
  }));
}

/** The cart's lines in paise, as the shared pricing rules take them. */
export function pricedLines(items: CartItemDto[]): PricedLine[] {
  return items.map((i) => ({ pricePaise: paise(i.price), mrpPaise: paise(i.mrp), quantity: i.quantity }));
}

// Summed here rather than with price-cart's cartSubtotalPaise: the drawer then loads none of the
// checkout's pricing (offers, coupons, COD), which is not on every page (bench/README.md).
export function subtotalPaise(items: CartItemDto[]): number {
  return pricedLines(items).reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
}

export function ShippingProgress({
  items,
  milestones,
}: {
  items: CartItemDto[];
  milestones: ShippingMilestoneDto[];
}) {
  const t = useT();
  if (milestones.length === 0 || items.length === 0) return null;
  const inPaise = milestonesInPaise(milestones);
  const subtotal = subtotalPaise(items);
  const next = nextMilestone(inPaise, subtotal);
  const charge = shippingCharge(inPaise, subtotal);
  const target = next?.minCartValuePaise ?? subtotal;
  const percent = next ? Math.min(100, Math.round((subtotal / target) * 100)) : 100;
  const message = next
    ? next.shippingChargePaise === 0
      ? t('cart.addForFree', { amount: formatRupees(next.amountToGoPaise) })
      : t('cart.addForCharge', {
          amount: formatRupees(next.amountToGoPaise),
          charge: formatRupees(next.shippingChargePaise),
        })
    : charge === 0
      ? t('cart.freeDelivery')
      : t('cart.deliveryCharge', { amount: formatRupees(charge) });
  return (
    <div className="ship-progress">
      <p>{message}</p>
      <div
        className="ship-progress__bar"
        role="progressbar"
        aria-label={t('cart.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function CartLines({ items, loggedIn }: { items: CartItemDto[]; loggedIn: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  const { messages } = useSpecMessages();
  const guard = (action: () => void) => () => (loggedIn ? action() : openLogin());
  return (
    <ul className="cart-lines">
      {items.map((item) => (
        <li key={item.id} className={`cart-line${item.available ? '' : ' cart-line--unavailable'}`}>
          <img src={item.image || '/default-image.jpg'} alt="" width="72" height="72" loading="lazy" />
          <div className="cart-line__info">
            <Link to={lp(`/product/${item.slug}`)} className="cart-line__name">
              {item.productName}
            </Link>
            <span className="cart-line__weight">{item.variant}</span>
            <span className="price">
              <span className="price__now">{formatPrice(item.price)}</span>
              {item.mrp > item.price ? (
                <s className="price__mrp">
                  <span className="visually-hidden">{t('common.mrp')}</span>
                  {formatPrice(item.mrp)}
                </s>
              ) : null}
            </span>
            <UnitPrice unitPrice={item.unitPrice} />
            {!item.available ? (
              <span className="stock-out">
                {item.stock > 0 ? t('cart.onlyLeft', { count: item.stock }) : messages.outOfStock}
              </span>
            ) : null}
          </div>
          <div className="cart-line__actions">
            <div className="stepper stepper--small">
              <button
                type="button"
                onClick={guard(() => void decrement(item))}
                aria-label={t('cart.decrease', { name: `${item.productName} ${item.variant}` })}
              >
                −
              </button>
              <output
                aria-live="polite"
                aria-label={t('cart.quantityOf', { name: `${item.productName} ${item.variant}` })}
              >
                {item.quantity}
              </output>
              <button
                type="button"
                onClick={guard(() => void setQuantity(item.id, item.quantity + 1))}
                disabled={item.quantity >= item.stock}
                aria-label={t('cart.increase', { name: `${item.productName} ${item.variant}` })}
              >
                +
              </button>
            </div>
            <button
              type="button"
              className="link-button"
              onClick={guard(() => void removeLine(item.id))}
              aria-label={t('cart.deleteLine', { name: `${item.productName} ${item.variant}` })}
            >
              {t('cart.delete')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CartTotal({ items }: { items: CartItemDto[] }) {
  const t = useT();
  return (
    <div className="cart-total">
      <span>{t('cart.total')}</span>
      <strong>{formatRupees(subtotalPaise(items))}</strong>
    </div>
  );
}

export function ProceedButton({ disabled, onClick }: { disabled?: boolean; onClick?: () => void }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Link
      to={lp('/checkout')}
      className={`button button--primary cart-proceed${disabled ? ' is-disabled' : ''}`}
      aria-disabled={disabled}
      onClick={(e) => (disabled ? e.preventDefault() : onClick?.())}
    >
      {t('cart.proceed')}
    </Link>
  );
}
