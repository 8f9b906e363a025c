// An image address field with a preview and an Upload button. The address is an https:// URL or
// a path on this site (the shared schema checks it on both sides); Upload sends the chosen file to
// the back office's media endpoint (POST /api/admin/media, resized there to web widths) and puts
// the stored address in the field, which the form then saves like a typed one.
import {
  IMAGE_ACCEPT_ATTRIBUTE,
  IMAGE_TYPE_REFUSED,
  type MediaKind,
  SNIFF_BYTES,
  sniffImageType,
} from '@spice/shared/media';
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { Field } from './forms';

export function ImageField(props: {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  defaultValue: string;
  /** What the image is for: the upload resizes to the widths of that place. */
  kind: Extract<MediaKind, 'banner' | 'logo' | 'section'>;
}) {
  const [value, setValue] = useState(props.defaultValue);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = /^(https:\/\/|\/(?!\/))\S+$/.test(value) ? value : null;

  async function upload(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploaded(false);
    setUploadError(null);
    // The server sniffs the bytes too; this refuses a wrong file before sending it.
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    if (!sniffImageType(head)) {
      setUploadError(IMAGE_TYPE_REFUSED);
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.set('file', file);
      const res = await fetch(`/api/admin/media?kind=${props.kind}`, { method: 'POST', body });
      const reply = (await res.json().catch(() => null)) as {
        url?: string;
        message?: string;
        errors?: { file?: string };
      } | null;
      if (!res.ok || !reply?.url) {
        setUploadError(reply?.errors?.file ?? reply?.message ?? 'The upload failed. Please try again.');
        return;
      }
      setValue(reply.url);
      setUploaded(true);
    } catch {
      setUploadError('The upload failed: check the connection and try again.');
    } finally {
      setUploading(false);
      input.value = '';
    }
  }

  return (
    <Field
      id={props.id}
      name={props.name}
      label={props.label}
      hint={
        <>
          {props.hint}
          {uploaded ? (
            <span className="admin-ok" role="status">
              {' '}
              Uploaded. Save the form to use it.
            </span>
          ) : null}
        </>
      }
      error={uploadError ?? props.error}
      wide
      input={{
        value,
        onChange: (e) => {
          setValue(e.currentTarget.value);
          setUploaded(false);
        },
        maxLength: 500,
        inputMode: 'url',
      }}
    >
      <button
        type="button"
        className="button button--small"
        onClick={() => fileInput.current?.click()}
        disabled={uploading}
        aria-label={`Upload ${typeof props.label === 'string' ? props.label.toLowerCase() : 'an image'}`}
        aria-describedby={`${props.id}-error`}
      >
        {uploading ? 'Uploading…' : 'Upload'}
      </button>
      {/* No name: the file itself is never part of the page's form, only the address it gets. */}
      <input ref={fileInput} type="file" accept={IMAGE_ACCEPT_ATTRIBUTE} hidden onChange={upload} />
      {preview ? (
        <img className={`admin-preview admin-preview--${props.kind}`} src={preview} alt="" loading="lazy" />
      ) : null}
    </Field>
  );
}
