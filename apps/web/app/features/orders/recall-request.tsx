// A recall of a pack in the shopper's order (issue 39): the recall message's link opens the order
// page with ?recall=…, which says what is recalled and why and takes the shopper's choice of the
// remedy the shop offers (a refund, with where to pay it for a cash-on-delivery order, or a
// replacement pack).
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n';
import { api } from '../account/api';

export interface ShopperRecall {
  recallNumber: string;
  product: string;
  reason: string;
  action: 'REFUND' | 'REPLACEMENT' | 'BOTH';
  cod: boolean;
  requested: 'REFUND' | 'REPLACEMENT' | null;
}

export function RecallRequest({ orderNumber, recall }: { orderNumber: string; recall: ShopperRecall }) {
  const t = useT();
  const choices = (['REFUND', 'REPLACEMENT'] as const).filter(
    (c) => recall.action === 'BOTH' || recall.action === c,
  );
  const [choice, setChoice] = useState<'REFUND' | 'REPLACEMENT'>(choices[0]!);
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>(
    recall.requested ? 'sent' : 'idle',
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payTo = String(new FormData(event.currentTarget).get('payTo') ?? '').trim();
    setState('sending');
    try {
      await api(`/recalls/${recall.recallNumber}/requests`, {
        body: { orderNumber, choice, ...(payTo ? { payTo } : {}) },
      });
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return (
    <section className="order-panel order-recall" aria-labelledby="recall-heading">
      <h2 id="recall-heading">{t('batches.recallTitle', { product: recall.product })}</h2>
      <p>{t('batches.recallText', { reason: recall.reason })}</p>
      {state === 'sent' ? (
        <p role="status">{recall.requested ? t('batches.recallAlready') : t('batches.recallSent')}</p>
      ) : (
        <form onSubmit={submit}>
          <fieldset>
            <legend>{t('batches.recallChoose')}</legend>
            {choices.map((c) => (
              <label key={c} className="radio">
                <input type="radio" name="choice" checked={choice === c} onChange={() => setChoice(c)} />{' '}
                {c === 'REFUND' ? t('batches.recallRefund') : t('batches.recallReplacement')}
              </label>
            ))}
          </fieldset>
          {recall.cod && choice === 'REFUND' ? (
            <label className="field">
              {t('batches.recallPayTo')}
              <input name="payTo" maxLength={200} required />
            </label>
          ) : null}
          <button type="submit" className="button button--primary" disabled={state === 'sending'}>
            {t('batches.recallSend')}
          </button>
          {state === 'failed' ? <p className="field-error">{t('batches.recallFailed')}</p> : null}
        </form>
      )}
    </section>
  );
}
