import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { formatMobile } from '@spice/shared/validators';
import { useT } from '../../i18n';

/** The address an order goes to, as it was chosen at checkout (a snapshot, not the address book). */
export function DeliveryAddress({ address }: { address: OrderDetailDto['deliveryAddress'] }) {
  const t = useT();
  return (
    <address className="delivery-address">
      <strong>{address.name}</strong>{' '}
      <span className="delivery-address__type">
        {address.type === 'Work' ? t('address.typeWork') : t('address.typeHome')}
      </span>
      <br />
      {address.fullAddress}
      <br />
      {t('order.phone', { phone: formatMobile(address.phone) })}
    </address>
  );
}
