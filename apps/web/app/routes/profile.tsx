import type { AddressDto, AddressInputDto } from '@spice/shared/contracts/accounts';
import { MESSAGES } from '@spice/shared/messages';
import { useState } from 'react';
import { redirect, useRevalidator } from 'react-router';
import { Modal } from '../components/modal';
import { currentUser, getStorefront } from '../context';
import { api } from '../features/account/api';
import { MessagePreferencesForm } from '../features/account/message-preferences';
import { AddressCard } from '../features/addresses/address-card';
import { AddressForm } from '../features/addresses/address-form';
import { seoMeta } from '../seo';
import type { Route } from './+types/profile';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `My Profile | ${root.settings.storeName}`,
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: '/profile',
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(services, request);
  if (!user) throw redirect('/');
  const [addresses, preferences] = await Promise.all([
    services.accounts.listAddresses(user.id),
    services.messagePreferences.get(user.id),
  ]);
  return { user, addresses, preferences };
}

type Editing = { mode: 'add' } | { mode: 'edit'; address: AddressDto } | null;

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, addresses, preferences } = loaderData;
  const [editing, setEditing] = useState<Editing>(null);
  const revalidator = useRevalidator();

  async function save(values: AddressInputDto) {
    if (editing?.mode === 'edit')
      await api(`/addresses/${editing.address.id}`, { method: 'PUT', body: values });
    else await api(`/addresses/${user.mobile}`, { method: 'POST', body: values });
    setEditing(null);
    await revalidator.revalidate();
  }

  async function remove(address: AddressDto) {
    if (!window.confirm(`Delete the address for ${address.name}?`)) return;
    try {
      await api(`/addresses/${address.id}`, { method: 'DELETE' });
    } catch (e) {
      const message = (e as Error).message;
      window.alert(
        /linked to existing orders|constraint/i.test(message)
          ? MESSAGES.addressLinked
          : MESSAGES.addressDeleteFailed,
      );
    }
    await revalidator.revalidate();
  }

  async function makeDefault(address: AddressDto) {
    try {
      await api(`/addresses/${address.id}/set-default`, { method: 'PUT' });
    } catch (e) {
      console.warn('set default failed', e);
    }
    await revalidator.revalidate();
  }

  return (
    <main className="page profile">
      <h1>My Profile</h1>
      <dl className="profile__fields">
        <div>
          <dt>First Name</dt>
          <dd>{user.firstName}</dd>
        </div>
        <div>
          <dt>Last Name</dt>
          <dd>{user.lastName || '-'}</dd>
        </div>
        <div>
          <dt>Mobile</dt>
          <dd>+91 {user.mobile}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>

      <details className="profile__addresses" open>
        <summary>My Addresses</summary>
        <button type="button" className="button button--outline" onClick={() => setEditing({ mode: 'add' })}>
          + Add New Address
        </button>
        {addresses.length === 0 ? (
          <p className="empty">{MESSAGES.noAddresses}</p>
        ) : (
          <div className="address-list">
            {addresses.map((a) => (
              <AddressCard
                key={a.id}
                address={a}
                onEdit={() => setEditing({ mode: 'edit', address: a })}
                onDelete={() => void remove(a)}
                onSetDefault={() => void makeDefault(a)}
              />
            ))}
          </div>
        )}
      </details>

      <MessagePreferencesForm initial={preferences} mobile={user.mobile} />

      {editing ? (
        <Modal
          title={editing.mode === 'add' ? 'Add New Address' : 'Edit Address'}
          onClose={() => setEditing(null)}
        >
          <AddressForm
            initial={editing.mode === 'edit' ? editing.address : null}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      ) : null}
    </main>
  );
}
