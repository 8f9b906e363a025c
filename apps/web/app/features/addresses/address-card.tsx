import type { AddressDto } from '@spice/shared/contracts/accounts';
import { stateName } from '@spice/shared/states-hi';
import { formatMobile } from '@spice/shared/validators';
import { useEffect, useRef, useState } from 'react';
import { useLang, useT } from '../../i18n';

export function AddressCard({
  address,
  onEdit,
  onDelete,
  onSetDefault,
}: {
  address: AddressDto;
  onEdit: () => void;
  onDelete: () => void;
  onSetDefault: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const [menu, setMenu] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const choose = (action: () => void) => {
    setMenu(false);
    action();
  };
  useEffect(() => {
    if (!menu) return;
    const close = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setMenu(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [menu]);

  return (
    <article className="address-card">
      <div className="address-card__head">
        <strong>{address.name}</strong>
        <span className="chip">
          {address.addressType === 'Work' ? t('address.typeWork') : t('address.typeHome')}
        </span>
        {address.isDefault ? <span className="chip chip--default">{t('address.default')}</span> : null}
        <div className="address-card__menu" ref={ref}>
          <button
            type="button"
            className="icon-button"
            aria-label={t('address.actions', { name: address.name })}
            aria-expanded={menu}
            onClick={() => setMenu((m) => !m)}
          >
            ⋮
          </button>
          {menu ? (
            <div className="menu-list">
              <button type="button" onClick={() => choose(onEdit)}>
                {t('address.edit')}
              </button>
              <button type="button" onClick={() => choose(onDelete)}>
                {t('address.delete')}
              </button>
              {!address.isDefault ? (
                <button type="button" onClick={() => choose(onSetDefault)}>
                  {t('address.setDefault')}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      <p>
        {address.addressLine}, {address.locality}
        {/* The landmark as the shopper typed it (it usually says 'Near …' already). */}
        {address.landmark ? `, ${address.landmark}` : ''}
        <br />
        {address.city}, {stateName(address.state, lang)} – {address.pincode}
      </p>
      <p className="address-card__phone">
        {address.alternatePhone
          ? t('address.phones', {
              phone: formatMobile(address.phone),
              alternate: formatMobile(address.alternatePhone),
            })
          : t('address.phone', { phone: formatMobile(address.phone) })}
      </p>
    </article>
  );
}
