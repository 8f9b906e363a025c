import type { AddressDto, AddressInputDto } from '@spice/shared/contracts/accounts';
import { localizePath } from '@spice/shared/lang';
import { formatMobile } from '@spice/shared/validators';
import { useState } from 'react';
import { Link, redirect, useRevalidator } from 'react-router';
import { Modal } from '../components/modal';
import { currentUser, getStorefront } from '../context';
import { ApiError, api } from '../features/account/api';
import { MessagePreferencesForm } from '../features/account/message-preferences';
import { AddressCard } from '../features/addresses/address-card';
import { AddressForm } from '../features/addresses/address-form';
import { PushSwitch } from '../features/pwa/push-switch';
import { ProfilePrivacy } from '../features/rights/profile-privacy';
import { metaT, useLocalePath, useSpecMessages, useT } from '../i18n';
import { langOf, pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import rightsStylesHref from '../styles/rights.css?url';
import type { Route } from './+types/profile';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: rightsStylesHref }];

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches);
  return seoMeta({
    title: t('profile.metaTitle', { store: root.settings.storeName }),
    description: root.settings.description,
    origin: root.origin,
    lang: root.lang,
    path: '/profile',
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  const user = await currentUser(context);
  if (!user) throw redirect(localizePath('/', langOf(request)));
  const [addresses, preferences] = await Promise.all([
    services.accounts.listAddresses(user.id),
    // The order-message choices and the offers per channel (the consent record), in one read.
    services.marketing.preferences(user.id),
  ]);
  return {
    user,
    addresses,
    preferences,
    i18n: pageMessages(request, 'profile'),
  };
}

type Editing = { mode: 'add' } | { mode: 'edit'; address: AddressDto } | null;

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, addresses, preferences } = loaderData;
  const [editing, setEditing] = useState<Editing>(null);
  const revalidator = useRevalidator();
  const t = useT();
  const { messages } = useSpecMessages();

  async function save(values: AddressInputDto) {
    if (editing?.mode === 'edit')
      await api(`/addresses/${editing.address.id}`, { method: 'PUT', body: values });
    else await api(`/addresses/${user.mobile}`, { method: 'POST', body: values });
    setEditing(null);
    await revalidator.revalidate();
  }

  async function remove(address: AddressDto) {
    if (!window.confirm(t('profile.confirmDelete', { name: address.name }))) return;
    try {
      await api(`/addresses/${address.id}`, { method: 'DELETE' });
    } catch (e) {
      // 409: the address is linked to orders (the server's text may be in Hindi, so not matched by words).
      const linked =
        (e instanceof ApiError && e.status === 409) ||
        /linked to existing orders|constraint/i.test((e as Error).message);
      window.alert(linked ? messages.addressLinked : messages.addressDeleteFailed);
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

  const lp = useLocalePath();
  return (
    <main className="page profile">
      <h1>{t('profile.title')}</h1>
      <p>
        <Link to={lp('/subscriptions')}>{t('subscriptions.profileLink')}</Link>
      </p>
      <dl className="profile__fields">
        <div>
          <dt>{t('profile.firstName')}</dt>
          <dd>{user.firstName}</dd>
        </div>
        <div>
          <dt>{t('profile.lastName')}</dt>
          <dd>{user.lastName || '-'}</dd>
        </div>
        <div>
          <dt>{t('profile.mobile')}</dt>
          <dd>{formatMobile(user.mobile)}</dd>
        </div>
        <div>
          <dt>{t('profile.email')}</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>

      <details className="profile__addresses" open>
        <summary>{t('profile.addresses')}</summary>
        <button type="button" className="button button--outline" onClick={() => setEditing({ mode: 'add' })}>
          {t('profile.addAddress')}
        </button>
        {addresses.length === 0 ? (
          <p className="empty">{messages.noAddresses}</p>
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

      <PushSwitch />

      <ProfilePrivacy mobile={user.mobile} />

      {editing ? (
        <Modal
          title={editing.mode === 'add' ? t('profile.addTitle') : t('profile.editTitle')}
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
