// The address form (spec section 5): required fields, 10-digit phones starting 6–9, a 6-digit
// pincode, Home or Work, checked with the shared AddressInput contract (the server checks it all
// again with the same schema). Invalid fields are highlighted for 1 s.
// A complete pincode is looked up (issue 14): its city and state fill in, still editable (but never
// the field the shopper is in), and an unknown one is said under the field; the server's field
// errors (a state that is not the pincode's) show under their fields too. The pincode's post-office
// localities (issue 32) are offered in the Locality / area field, a list the shopper may ignore.
import { type AddressDto, AddressInput, type AddressInputDto } from '@spice/shared/contracts/accounts';
import type { PincodeInfoDto } from '@spice/shared/contracts/delivery';
import { MESSAGES } from '@spice/shared/messages';
import type { SpecMessages } from '@spice/shared/messages-hi';
import { digitsOnly, normaliseMobile, PINCODE_PATTERN } from '@spice/shared/validators';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type MessageKey, useSpecMessages, useT } from '../../i18n';
import { useRootData } from '../../root';
import { ApiError, api } from '../account/api';
import { useStoredUser } from '../account/user-store';

const HIGHLIGHT_MS = 1000;
const REQUIRED = ['name', 'phone', 'pincode', 'locality', 'addressLine', 'city', 'state'] as const;
type Field = (typeof REQUIRED)[number] | 'landmark' | 'alternatePhone';

const EMPTY: Required<Omit<AddressInputDto, 'isDefault'>> & { isDefault: boolean } = {
  name: '',
  phone: '',
  pincode: '',
  locality: '',
  addressLine: '',
  city: '',
  state: '',
  landmark: '',
  alternatePhone: '',
  addressType: 'Home',
  isDefault: false,
};

const FIELDS: readonly Field[] = [...REQUIRED, 'landmark', 'alternatePhone'];

/** The shared rule's own text for a field over its length (AddressInput in the contracts). */
const tooLongInEnglish = (max: number) => `Must be at most ${max} characters.`;

/**
 * The first problem of the form by the shared contract (`AddressInput`, the rules and limits the
 * server applies), in the language of `messages` (the spec's texts; English by default): every
 * missing field, then bad phones, then the pincode, then a field over its length.
 */
export function validateAddress(
  values: typeof EMPTY,
  messages: SpecMessages['messages'] = MESSAGES,
  tooLong: (max: number) => string = tooLongInEnglish,
): { message: string; fields: Field[] } | null {
  const parsed = AddressInput.safeParse(values);
  if (parsed.success) return null;
  const { issues } = parsed.error;
  const fieldsSaying = (english: string) => {
    const named = new Set(issues.filter((i) => i.message === english).map((i) => i.path[0]));
    return FIELDS.filter((f) => named.has(f));
  };
  for (const key of ['addressRequired', 'addressPhone', 'addressPincode'] as const) {
    const fields = fieldsSaying(MESSAGES[key]);
    if (fields.length > 0) return { message: messages[key], fields };
  }
  const first = issues[0]!;
  const fields = FIELDS.filter((f) => f === first.path[0]);
  if (first.code === 'too_big') return { message: tooLong(Number(first.maximum)), fields };
  return { message: first.message, fields };
}

export function AddressForm({
  initial,
  onSave,
  onCancel,
  submitLabel,
  start,
  forOneOrder = false,
}: {
  initial?: AddressDto | null;
  onSave: (values: AddressInputDto) => Promise<void>;
  onCancel: () => void;
  submitLabel?: string;
  /** A new address's name and phone when no shopper is signed in (the COD confirmation link). */
  start?: { name: string; phone: string };
  /** An order's own address (issue 34), not the address book's: no 'make default'. */
  forOneOrder?: boolean;
}) {
  const { user: serverUser } = useRootData();
  const user = useStoredUser(serverUser);
  const [values, setValues] = useState(() =>
    initial
      ? {
          ...EMPTY,
          ...initial,
          landmark: initial.landmark ?? '',
          alternatePhone: initial.alternatePhone ?? '',
        }
      : // A new address starts with the account's name and mobile: most parcels go to their owner.
        {
          ...EMPTY,
          name: start?.name ?? (user ? `${user.firstName} ${user.lastName}`.trim() : ''),
          phone: start?.phone ?? (user ? normaliseMobile(user.mobile) : ''),
        },
  );
  const [error, setError] = useState('');
  const [highlighted, setHighlighted] = useState<Field[]>([]);
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const lookingUp = useRef('');
  /** The looked-up pincode's localities, offered for the Locality / area field. */
  const [localities, setLocalities] = useState<string[]>([]);
  const t = useT();
  const { messages } = useSpecMessages();

  const set = (field: keyof typeof EMPTY, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => (e[field as Field] ? { ...e, [field]: undefined } : e));
  };

  /**
   * Fills city and state from a complete pincode (unless only the localities are wanted) and
   * offers its localities; the last pincode typed wins a race.
   */
  async function lookUp(pincode: string, fill = true) {
    lookingUp.current = pincode;
    setLocalities([]);
    if (!PINCODE_PATTERN.test(pincode)) return;
    // What the shopper types into city or state while the answer is on its way is kept.
    const before = { city: values.city, state: values.state };
    try {
      const place = await api<PincodeInfoDto>(`/pincodes/${pincode}`);
      if (lookingUp.current !== pincode) return;
      setLocalities(place.localities);
      if (!fill) return;
      // Nor is the field the shopper is in: filled under their caret, what they type next would
      // follow the filled text ('KarnatakaKarnataka').
      const inField = document.activeElement?.id;
      setValues((v) => ({
        ...v,
        city: v.city === before.city && inField !== 'address-city' ? place.city : v.city,
        state: v.state === before.state && inField !== 'address-state' ? place.state : v.state,
      }));
      setFieldErrors((e) => ({ ...e, pincode: undefined, city: undefined, state: undefined }));
    } catch (e) {
      if (!fill || lookingUp.current !== pincode || !(e instanceof ApiError) || e.status !== 404) return;
      setFieldErrors((errors) => ({ ...errors, pincode: e.message }));
    }
  }

  // An address being edited offers its pincode's localities too, without touching its city or state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the pincode the form opened with
  useEffect(() => {
    if (initial) void lookUp(initial.pincode, false);
  }, []);

  function highlight(fields: Field[]) {
    setHighlighted(fields);
    window.setTimeout(() => setHighlighted([]), HIGHLIGHT_MS);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateAddress(values, messages, (max) => t('address.tooLong', { max }));
    if (problem) {
      setError(problem.message);
      highlight(problem.fields);
      return;
    }
    setSaving(true);
    setError('');
    try {
      await onSave({
        ...values,
        landmark: values.landmark || null,
        alternatePhone: values.alternatePhone || null,
      });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('address.saveFailed'));
      const errors = e instanceof ApiError ? e.body.errors : undefined;
      if (errors && typeof errors === 'object') setFieldErrors(errors as Partial<Record<Field, string>>);
    } finally {
      setSaving(false);
    }
  }

  const input = (
    field: Field,
    label: MessageKey,
    opts: {
      digits?: number;
      mobile?: boolean;
      autoComplete?: string;
      optional?: boolean;
      wide?: boolean;
      /** Suggestions (a datalist): the shopper may pick one or type anything. */
      suggestions?: readonly string[];
    } = {},
  ) => (
    <div
      className={`field${highlighted.includes(field) ? ' field--error' : ''}${opts.wide ? ' field--wide' : ''}`}
    >
      <label htmlFor={`address-${field}`}>
        {t(label)}
        {opts.optional ? (
          <span className="optional"> {t('address.optional')}</span>
        ) : (
          <span aria-hidden="true"> *</span>
        )}
      </label>
      <input
        id={`address-${field}`}
        value={String(values[field] ?? '')}
        type={opts.mobile ? 'tel' : undefined}
        inputMode={opts.digits || opts.mobile ? 'numeric' : undefined}
        // A mobile has no maxLength: a pasted '+91 98765 01235' is normalised whole, then limited.
        maxLength={opts.mobile ? undefined : (opts.digits ?? 250)}
        autoComplete={opts.autoComplete}
        list={opts.suggestions?.length ? `address-${field}-options` : undefined}
        aria-invalid={highlighted.includes(field) || Boolean(fieldErrors[field]) || undefined}
        aria-describedby={fieldErrors[field] ? `address-${field}-error` : undefined}
        onChange={(e) => {
          const value = opts.mobile
            ? normaliseMobile(e.target.value)
            : opts.digits
              ? digitsOnly(e.target.value, opts.digits)
              : e.target.value;
          set(field, value);
          if (field === 'pincode') void lookUp(value);
        }}
      />
      {opts.suggestions?.length ? (
        <datalist id={`address-${field}-options`}>
          {opts.suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
      {fieldErrors[field] ? (
        <p className="field-error" id={`address-${field}-error`}>
          {fieldErrors[field]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="address-form" onSubmit={onSubmit} noValidate>
      <div className="form-grid">
        {input('name', 'address.name', { autoComplete: 'name' })}
        {input('phone', 'address.phoneNumber', { mobile: true, autoComplete: 'tel-national' })}
        {input('pincode', 'address.pincode', { digits: 6, autoComplete: 'postal-code' })}
        {input('locality', 'address.locality', { autoComplete: 'address-level3', suggestions: localities })}
        {input('addressLine', 'address.addressLine', {
          autoComplete: 'street-address',
          wide: true,
        })}
        {input('city', 'address.city', { autoComplete: 'address-level2' })}
        {input('state', 'address.state', { autoComplete: 'address-level1' })}
        {input('landmark', 'address.landmark', { optional: true })}
        {input('alternatePhone', 'address.alternatePhone', { mobile: true, optional: true })}
      </div>
      <fieldset className="address-type">
        <legend>{t('address.type')}</legend>
        {(['Home', 'Work'] as const).map((type) => (
          <label key={type}>
            <input
              type="radio"
              name="addressType"
              value={type}
              checked={values.addressType === type}
              onChange={() => set('addressType', type)}
            />
            {type === 'Work' ? t('address.typeWork') : t('address.typeHome')}
          </label>
        ))}
      </fieldset>
      {!initial?.isDefault && !forOneOrder ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.isDefault}
            onChange={(e) => set('isDefault', e.target.checked)}
          />
          {t('address.makeDefault')}
        </label>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('address.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('address.saving') : (submitLabel ?? t('address.save'))}
        </button>
      </div>
    </form>
  );
}
