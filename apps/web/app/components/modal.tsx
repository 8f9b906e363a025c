// A modal on the native <dialog>: focus is trapped and restored by the browser, Escape closes.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../i18n';
import { CloseIcon } from './icons';

/**
 * Opens a native <dialog> as modal on mount and closes it on unmount; Escape and a press on the
 * backdrop call onClose. Spread the result on the <dialog>.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return {
    ref,
    onCancel: (e: { preventDefault(): void }) => {
      e.preventDefault();
      onClose();
    },
    // A press on the backdrop (the dialog itself, outside the panel) closes it.
    onMouseDown: (e: { target: EventTarget }) => {
      if (e.target === ref.current) onClose();
    },
  };
}

export function Modal({
  title,
  onClose,
  children,
  className = '',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const dialog = useModalDialog(onClose);
  const titleId = useId();
  const t = useT();
  return (
    <dialog {...dialog} className={`modal ${className}`} aria-labelledby={titleId}>
      <div className="modal__panel">
        <div className="modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/** Adds a CSS class for `ms` milliseconds (the spec's shake on error). */
export function flash(element: HTMLElement | null, className: string, ms: number): void {
  if (!element) return;
  element.classList.remove(className);
  // Restart the animation if it is already running.
  void element.offsetWidth;
  element.classList.add(className);
  window.setTimeout(() => element.classList.remove(className), ms);
}
