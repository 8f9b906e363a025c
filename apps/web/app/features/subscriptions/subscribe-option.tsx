// 'Buy once' or 'Subscribe and save X%' on a product page (issue 43): loaded lazily, so the
// product page's own script barely grows. Subscribing goes on at /subscribe with the choice made.
import { formatPrice } from '@spice/shared/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLocalePath, useT } from '../../i18n';

const EVERY = {
  1: 'subscriptions.every1',
  2: 'subscriptions.every2',
  3: 'subscriptions.every3',
} as const;

export default function SubscribeOption({
  discountPercent,
  frequencies,
  variantId,
  price,
  quantity,
  children,
}: {
  discountPercent: number;
  frequencies: number[];
  variantId: number;
  /** The one-time price of the chosen variant, rupees. */
  price: number;
  quantity: number;
  /** The page's own 'Add to cart' row, shown for 'Buy once'. */
  children: React.ReactNode;
}) {
  const t = useT();
  const lp = useLocalePath();
  const [mode, setMode] = useState<'once' | 'subscribe'>('once');
  const [frequency, setFrequency] = useState(frequencies[0] ?? 1);
  // The same rounding as the server's subscriptionUnitPaise: the price less the percent, rounded down.
  const pricePaise = Math.round(price * 100);
  const unit = (pricePaise - Math.ceil((pricePaise * discountPercent) / 100)) / 100;
  return (
    <div className="subscribe-option">
      <fieldset className="subscribe-option__modes">
        <label className={`subscribe-option__mode${mode === 'once' ? ' is-selected' : ''}`}>
          <input type="radio" name="buy-mode" checked={mode === 'once'} onChange={() => setMode('once')} />
          {t('subscriptions.buyOnce')}
        </label>
        <label className={`subscribe-option__mode${mode === 'subscribe' ? ' is-selected' : ''}`}>
          <input
            type="radio"
            name="buy-mode"
            checked={mode === 'subscribe'}
            onChange={() => setMode('subscribe')}
          />
          {t('subscriptions.subscribeSave', { percent: String(discountPercent) })}
        </label>
      </fieldset>
      {mode === 'once' ? (
        children
      ) : (
        <div className="subscribe-option__plan">
          <label>
            {t('subscriptions.frequency')}{' '}
            <select value={frequency} onChange={(e) => setFrequency(Number(e.target.value))}>
              {frequencies.map((f) => (
                <option key={f} value={f}>
                  {t(EVERY[f as 1 | 2 | 3] ?? 'subscriptions.every1')}
                </option>
              ))}
            </select>
          </label>
          <p className="subscribe-option__price">
            {t('subscriptions.perDelivery', { price: formatPrice(unit * quantity) })}
          </p>
          <Link
            className="button button--primary"
            to={lp(`/subscribe?variant=${variantId}&quantity=${quantity}&frequency=${frequency}`)}
          >
            {t('subscriptions.subscribe')}
          </Link>
        </div>
      )}
    </div>
  );
}
