// The footer's Contact Us: opens the contact modal, whose code is fetched only on first use (or
// when the pointer or focus comes near), so it adds nothing to a page's first load. The link's
// /contact page is the fallback where the modal is unavailable (no JavaScript, a new tab).
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useLocalePath, useT } from '../../i18n';

const loadModal = () => import('./contact-modal');
const ContactModal = lazy(loadModal);

export function ContactLink() {
  const [open, setOpen] = useState(false);
  const t = useT();
  const lp = useLocalePath();

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Let the browser have modified clicks (new tab, new window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <Link
        to={lp('/contact')}
        onClick={onClick}
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
      >
        {t('contact.link')}
      </Link>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <ContactModal onClose={() => setOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
