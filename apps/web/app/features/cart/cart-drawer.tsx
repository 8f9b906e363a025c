// The cart drawer from the header (loaded when first opened).
import { CloseIcon } from '../../components/icons';
import { useModalDialog } from '../../components/modal';
import { useSpecMessages, useT } from '../../i18n';
import { useDialogMessages } from '../../i18n/dialogs';
import { CartLines, CartTotal, ProceedButton, ShippingProgress, useMilestones } from './cart-contents';
import { useCart } from './cart-store';

export default function CartDrawer({ onClose, loggedIn }: { onClose: () => void; loggedIn: boolean }) {
  useDialogMessages('cart-drawer');
  const { items } = useCart();
  const milestones = useMilestones();
  const dialog = useModalDialog(onClose);
  const t = useT();
  const { messages } = useSpecMessages();
  return (
    <dialog {...dialog} className="drawer" aria-labelledby="cart-drawer-title">
      <div className="drawer__panel">
        <div className="modal__head">
          <h2 id="cart-drawer-title">{messages.cartTitle}</h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={t('cart.close')}>
            <CloseIcon />
          </button>
        </div>
        {items.length === 0 ? (
          <p className="empty">{messages.cartEmpty}</p>
        ) : (
          <>
            <ShippingProgress items={items} milestones={milestones} />
            <div className="drawer__lines">
              <CartLines items={items} loggedIn={loggedIn} />
            </div>
            <CartTotal items={items} />
            <ProceedButton onClick={onClose} disabled={items.some((i) => !i.available)} />
          </>
        )}
      </div>
    </dialog>
  );
}
