// An image address field with a preview of the image it names. The address is an https:// URL or
// a path on this site; the shared schema checks it on both sides.
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Field } from './forms';

export function ImageField(props: {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  defaultValue: string;
  /** What the image is for (the upload resizes by it). */
  kind: 'banner' | 'logo' | 'section';
}) {
  const [value, setValue] = useState(props.defaultValue);
  const preview = /^(https:\/\/|\/(?!\/))\S+$/.test(value) ? value : null;
  return (
    <Field
      id={props.id}
      name={props.name}
      label={props.label}
      hint={props.hint}
      error={props.error}
      wide
      input={{ value, onChange: (e) => setValue(e.currentTarget.value), maxLength: 500, inputMode: 'url' }}
    >
      {preview ? (
        <img className={`admin-preview admin-preview--${props.kind}`} src={preview} alt="" loading="lazy" />
      ) : null}
    </Field>
  );
}
