import { useEffect } from 'react';

/** A short message at the bottom of the screen, gone after 3 seconds (spec section 9). */
export function Toast({ message, onDone }: { message: string; onDone: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onDone, 3000);
    return () => window.clearTimeout(timer);
  }, [message, onDone]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message ? <p className="toast">{message}</p> : null}
    </div>
  );
}
