import type { OrderDetailDto } from '@spice/shared/contracts/commerce';

/** The address an order goes to, as it was chosen at checkout (a snapshot, not the address book). */
export function DeliveryAddress({ address }: { address: OrderDetailDto['deliveryAddress'] }) {
  return (
    <address className="delivery-address">
      <strong>{address.name}</strong> <span className="delivery-address__type">{address.type}</span>
      <br />
      {address.fullAddress}
      <br />
      Phone: {address.phone}
    </address>
  );
}
