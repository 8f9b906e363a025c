import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { addressInLanguage } from '@spice/shared/states-hi';
import { formatMobile } from '@spice/shared/validators';
import { useLang, useT } from '../../i18n';

/** The address an order goes to, as it was chosen at checkout (a snapshot, not the address book). */
export function DeliveryAddress({ address }: { address: OrderDetailDto['deliveryAddress'] }) {
  const t = useT();
  const lang = useLang();
  return (
    <address className="delivery-address">
      <strong>{address.name}</strong>{' '}
      <span className="delivery-address__type">
        {address.type === 'Work' ? t('address.typeWork') : t('address.typeHome')}
      </span>
      <br />
      {addressInLanguage(address.fullAddress, lang)}
      <br />
      {t('order.phone', { phone: formatMobile(address.phone) })}
    </address>
  );
}
