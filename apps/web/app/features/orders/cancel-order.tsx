// 'Cancel order' on the shopper's order page (issue 32): until the order is packed, with a reason
// and, for a paid order, the refund said before the shopper confirms. Once packed, help for this
// order instead: the contact form with the order named, and WhatsApp when the shop has a number.
import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { formatRupees, toPaise } from '@spice/shared/money';
import { cancellationRefundPaise } from '@spice/shared/refunds';
import { canSelfCancel } from '@spice/shared/self-cancel';
import { normaliseMobile } from '@spice/shared/validators';
import { type FormEvent, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Modal } from '../../components/modal';
import { type MessageKey, useLocalePath, useT } from '../../i18n';
import { useRootData } from '../../root';
import { ApiError, api } from '../account/api';

const REASONS: readonly MessageKey[] = [
  'order.cancelReasonMistake',
  'order.cancelReasonLate',
  'order.cancelReasonPrice',
  'order.cancelReasonAddress',
  'order.cancelReasonOther',
];

export function CancelOrder({
  order,
  onCancelled,
}: {
  order: OrderDetailDto;
  onCancelled: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const t = useT();
  if (canSelfCancel(order.orderStatus)) {
    return (
      <div className="order-cancel">
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('order.cancelButton')}
        </button>
        {open ? (
          <CancelDialog order={order} onClose={() => setOpen(false)} onCancelled={onCancelled} />
        ) : null}
      </div>
    );
  }
  if (order.orderStatus === 'PACKED' || order.orderStatus === 'SHIPPED') return <OrderHelp order={order} />;
  return null;
}

function CancelDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: OrderDetailDto;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const t = useT();
  const revalidator = useRevalidator();
  const [reason, setReason] = useState<MessageKey>(REASONS[0]!);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The reason as the shopper read it ('Other': in their own words), kept with the audit entry.
    const text = reason === 'order.cancelReasonOther' ? other.trim() : t(reason);
    if (!text) return setError(t('order.cancelReasonNeeded'));
    setBusy(true);
    setError('');
    try {
      await api(`/orders/${encodeURIComponent(order.orderNumber)}/cancel`, { body: { reason: text } });
      await revalidator.revalidate();
      onCancelled(t('order.cancelDone'));
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('order.cancelFailed'));
      if (e instanceof ApiError && e.status === 409) await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('order.cancelTitle', { number: order.orderNumber })}
      onClose={onClose}
      className="modal--cancel"
    >
      <form className="cancel-form" onSubmit={onSubmit} noValidate>
        <p className="cancel-form__money">
          <CancelMoney order={order} />
        </p>
        <fieldset>
          <legend>{t('order.cancelReasonLegend')}</legend>
          {REASONS.map((key) => (
            <label key={key} className="radio">
              <input
                type="radio"
                name="cancel-reason"
                checked={reason === key}
                onChange={() => {
                  setReason(key);
                  setError('');
                }}
              />
              {t(key)}
            </label>
          ))}
        </fieldset>
        {reason === 'order.cancelReasonOther' ? (
          <>
            <label htmlFor="cancel-other">{t('order.cancelOtherLabel')}</label>
            <textarea
              id="cancel-other"
              rows={3}
              maxLength={500}
              value={other}
              onChange={(e) => setOther(e.target.value)}
            />
          </>
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('order.cancelKeep')}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? t('order.cancelCancelling') : t('order.cancelConfirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * What cancelling gives back, as the server's cancellation refund computes it (the back office
 * names the same amount): what is left of an online payment after earlier refunds.
 */
function CancelMoney({ order }: { order: OrderDetailDto }) {
  const t = useT();
  const leftPaise = cancellationRefundPaise({
    paymentMode: order.paymentMode,
    paymentStatus: order.paymentStatus,
    totalPaise: toPaise(order.totalAmount),
    refunds: order.refunds.map((r) => ({ amountPaise: toPaise(r.amount), status: r.status })),
  });
  // Cash on delivery: nothing was taken.
  if (order.paymentMode === 'COD') return t('order.cancelNothingDue');
  if (leftPaise === 0) return t('order.cancelNothingLeft');
  // One wording, true before and after a partial refund (each page carries the catalogue).
  return t('order.cancelRefundNotice', { amount: formatRupees(leftPaise) });
}

/** Once packed: who to ask, with the order already named. */
export function OrderHelp({ order }: { order: OrderDetailDto }) {
  const t = useT();
  const lp = useLocalePath();
  const { footer } = useRootData();
  const digits = footer.phoneNumber ? normaliseMobile(footer.phoneNumber) : '';
  const text = t('order.cancelHelpMessage', { number: order.orderNumber });
  return (
    <div className="order-help">
      <p>{t('order.cancelPacked')}</p>
      <p className="order-help__links">
        <Link
          className="button button--small"
          to={lp(`/contact?order=${encodeURIComponent(order.orderNumber)}`)}
        >
          {t('order.cancelContact')}
        </Link>
        {digits.length === 10 ? (
          <a
            className="button button--small"
            href={`https://wa.me/91${digits}?text=${encodeURIComponent(text)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('order.cancelWhatsapp')}
          </a>
        ) : null}
      </p>
    </div>
  );
}
