// 'Notify me when it's back' (issue 37) for each sold-out variant on the product page. Signed in:
// one tap (POST /api/products/{slug}/back-in-stock); signed out: the usual login (mobile and code)
// opens first and the tap completes once signed in. Tapping again stops waiting (DELETE). Loaded
// with the product page only, never on the home page.
import type { ProductDto } from '@spice/shared/contracts/catalog';
import { isPurchasable } from '@spice/shared/variants';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { useRootData } from '../../root';
import { api } from '../account/api';
import { openLogin } from '../account/modal-events';
import { useStoredUser } from '../account/user-store';

export function NotifyMe({ product }: { product: Pick<ProductDto, 'slug' | 'variants'> }) {
  const soldOut = product.variants.filter((v) => !isPurchasable(v));
  const user = useStoredUser(useRootData().user);
  const [waiting, setWaiting] = useState<number[]>([]);
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState('');
  const t = useT();
  const path = `/products/${encodeURIComponent(product.slug)}/back-in-stock`;

  useEffect(() => {
    if (!user || soldOut.length === 0) return;
    api<{ variantIds: number[] }>(path)
      .then((r) => setWaiting(r.variantIds))
      .catch(() => undefined);
  }, [user, path, soldOut.length]);

  async function toggle(variantId: number) {
    setError('');
    const on = !waiting.includes(variantId);
    try {
      await api(path, { method: on ? 'POST' : 'DELETE', body: { variantId } });
      setWaiting((w) => (on ? [...w, variantId] : w.filter((id) => id !== variantId)));
    } catch {
      setError(t('backInStock.failed'));
    }
  }

  // Signed in after asking while signed out: the tap completes now.
  useEffect(() => {
    if (user && pending !== null) {
      const id = pending;
      setPending(null);
      if (!waiting.includes(id)) void toggle(id);
    }
  });

  if (soldOut.length === 0) return null;
  return (
    <section className="notify-me" aria-label={t('backInStock.notifyMe')}>
      {soldOut.map((v) => {
        const on = waiting.includes(v.id);
        return (
          <p className="notify-me__row" key={v.id}>
            <span className="notify-me__weight">{v.weight}</span>{' '}
            {on ? <span role="status">{t('backInStock.subscribed')}</span> : null}{' '}
            <button
              type="button"
              className={on ? 'link-button' : 'button'}
              onClick={() => {
                if (!user) {
                  setPending(v.id);
                  openLogin();
                  return;
                }
                void toggle(v.id);
              }}
            >
              {on ? t('backInStock.cancel') : t('backInStock.notifyMe')}
            </button>
          </p>
        );
      })}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
