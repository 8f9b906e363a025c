// The delivery address as an order keeps it: written at placement, and again when the shopper
// corrects it from the COD confirmation link (issue 34).
import type { AddressSnapshot } from './schema.ts';

export function addressSnapshotOf(a: {
  name: string;
  phone: string;
  addressType: 'Home' | 'Work';
  addressLine: string;
  landmark: string | null;
  locality: string;
  city: string;
  state: string;
  pincode: string;
}): AddressSnapshot {
  // The landmark as the shopper typed it ('Near Horniman Circle'): prefixing 'Near' doubled it.
  const parts = [a.addressLine, a.landmark?.trim() || null, a.locality, a.city, a.state, a.pincode];
  return {
    name: a.name,
    phone: a.phone,
    type: a.addressType,
    fullAddress: parts.filter(Boolean).join(', '),
    pincode: a.pincode,
    state: a.state,
  };
}
