// The contact modal (spec section 2), loaded only when the footer's Contact Us is first used.
import { Modal } from '../../components/modal';
import { useT } from '../../i18n';
import { useDialogMessages } from '../../i18n/dialogs';
import { ContactForm } from './contact-form';

export default function ContactModal({ onClose }: { onClose: () => void }) {
  useDialogMessages('contact');
  const t = useT();
  return (
    <Modal title={t('contact.title')} onClose={onClose} className="modal--contact">
      <p className="contact-form__lead">{t('contact.modalLead')}</p>
      <ContactForm idPrefix="contact-modal" onSent={onClose} onCancel={onClose} />
    </Modal>
  );
}
