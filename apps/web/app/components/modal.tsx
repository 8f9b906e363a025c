// A modal on the native <dialog>: focus is trapped and restored by the browser, Escape closes.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons';

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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal ${className}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onMouseDown={(e) => {
        // A press on the backdrop (the dialog itself, outside the panel) closes it.
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="modal__panel">
        <div className="modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label="Close">
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
