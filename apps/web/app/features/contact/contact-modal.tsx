// The contact modal (spec section 2), loaded only when the footer's Contact Us is first used.
import { Modal } from '../../components/modal';
import { ContactForm } from './contact-form';

export default function ContactModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Contact Us" onClose={onClose} className="modal--contact">
      <p className="contact-form__lead">Questions about an order, bulk packs or our masalas? Write to us.</p>
      <ContactForm idPrefix="contact-modal" onSent={onClose} onCancel={onClose} />
    </Modal>
  );
}
