// A product's images: upload (checked here first for size and type, then by the server), a
// preview of the chosen file, alt text, move up and down, delete with a confirmation. The upload
// goes to the API as multipart (the action cannot stream a file within the size limit); the other
// changes post to the page's action.
import type { AdminProductDto } from '@spice/shared/contracts/products-admin';
import {
  IMAGE_ACCEPT_ATTRIBUTE,
  IMAGE_TYPE_REFUSED,
  imageTooLargeMessage,
  SNIFF_BYTES,
  sniffImageType,
} from '@spice/shared/media';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import { FieldError } from './forms';
import { DeleteButton, MoveButtons } from './row-controls';

/** The same checks as the server, so a wrong file is refused before it is sent. */
async function checkFile(file: File, maxMb: number): Promise<string | null> {
  if (file.size > maxMb * 1024 * 1024) return imageTooLargeMessage(maxMb);
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ? null : IMAGE_TYPE_REFUSED;
}

export function ProductImages({ product, maxUploadMb }: { product: AdminProductDto; maxUploadMb: number }) {
  const uid = useId();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state !== 'idle';
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    setUploaded(null);
    const file = event.currentTarget.files?.[0];
    setPreview(file ? URL.createObjectURL(file) : null);
    setUploadError(file ? await checkFile(file, maxUploadMb) : null);
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return setUploadError('Choose an image file to upload.');
    const problem = await checkFile(file, maxUploadMb);
    if (problem) return setUploadError(problem);
    setUploading(true);
    setUploadError(null);
    try {
      // Text fields first, so the server reads the alt text before the file.
      const body = new FormData();
      body.set('alt', String(form.get('alt') ?? ''));
      body.set('file', file);
      const res = await fetch(`/api/admin/products/${product.id}/images`, { method: 'POST', body });
      if (!res.ok) {
        const reply = (await res.json().catch(() => null)) as { message?: string } | null;
        setUploadError(reply?.message ?? 'The upload failed. Please try again.');
        return;
      }
      formElement.reset();
      setPreview(null);
      setUploaded('Image added. The shop shows it now.');
      revalidator.revalidate();
    } catch {
      setUploadError('The upload failed: check the connection and try again.');
    } finally {
      setUploading(false);
    }
  }

  const images = product.images;
  return (
    <section className="admin-panel admin-images" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`}>Images</h2>
      <p className="admin-hint">
        The first image is the one on product cards. JPEG, PNG, WebP or AVIF up to {maxUploadMb} MB; each is
        resized to 400, 800 and 1200 px wide WebP, without camera data.
      </p>
      {images.length === 0 ? (
        <p className="admin-muted">No images yet: the shop shows the fallback artwork for this product.</p>
      ) : (
        <ol className="admin-rows admin-images__list" aria-label="Images in order">
          {images.map((image, i) => (
            <li key={image.id} className="admin-row">
              <img
                className="admin-images__thumb"
                src={image.url}
                srcSet={image.srcSet || undefined}
                sizes="120px"
                alt={image.alt}
                width="120"
                height="120"
                loading="lazy"
              />
              <div className="admin-row__body">
                <p className="admin-row__title">
                  {i === 0 ? 'Main image' : `Image ${i + 1}`}
                  {image.width && image.height ? (
                    <span className="admin-muted">
                      {' '}
                      · {image.width}×{image.height}
                    </span>
                  ) : null}
                </p>
                <Form method="post" className="admin-form admin-form--inline admin-images__alt">
                  <input type="hidden" name="imageId" value={image.id} />
                  <label className="visually-hidden" htmlFor={`${uid}-alt-${image.id}`}>
                    Alt text of image {i + 1}
                  </label>
                  <input
                    id={`${uid}-alt-${image.id}`}
                    name="alt"
                    defaultValue={image.alt}
                    maxLength={200}
                    placeholder="Describe the image for screen readers"
                  />
                  <label className="visually-hidden" htmlFor={`${uid}-alt-hi-${image.id}`}>
                    Hindi alt text of image {i + 1}
                  </label>
                  <input
                    id={`${uid}-alt-hi-${image.id}`}
                    name="altHi"
                    lang="hi"
                    defaultValue={image.altHi}
                    maxLength={200}
                    placeholder="हिंदी में (खाली: उत्पाद के हिंदी नाम से)"
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="image-alt"
                    className="button button--small"
                    disabled={busy}
                  >
                    Save alt text
                  </button>
                </Form>
              </div>
              <div className="admin-row__actions">
                {/* The image order is a list of ids: images have no version of their own. */}
                <MoveButtons
                  items={images}
                  index={i}
                  label={`image ${i + 1}`}
                  busy={busy}
                  intent="image-order"
                  entry={(item) => item.id}
                />
                <DeleteButton
                  fields={{ imageId: image.id }}
                  intent="image-delete"
                  label={`Delete image ${i + 1}`}
                  question={`Delete image ${i + 1} of ${product.name}? This cannot be undone.`}
                  busy={busy}
                />
              </div>
            </li>
          ))}
        </ol>
      )}

      <form className="admin-form admin-images__upload" onSubmit={upload} noValidate>
        <div className="admin-field">
          <label htmlFor={`${uid}-file`}>Add an image</label>
          <input
            id={`${uid}-file`}
            type="file"
            name="file"
            accept={IMAGE_ACCEPT_ATTRIBUTE}
            onChange={choose}
            aria-invalid={uploadError ? true : undefined}
            aria-describedby={`${uid}-file-error`}
          />
          <FieldError id={`${uid}-file-error`} message={uploadError ?? undefined} />
        </div>
        {preview && !uploadError ? (
          <img className="admin-images__preview" src={preview} alt="Preview of the chosen file" />
        ) : null}
        <div className="admin-field">
          <label htmlFor={`${uid}-new-alt`}>Alt text</label>
          <input
            id={`${uid}-new-alt`}
            name="alt"
            maxLength={200}
            placeholder="e.g. Front of the 100 g pack"
          />
        </div>
        <button type="submit" className="button button--primary" disabled={uploading || Boolean(uploadError)}>
          {uploading ? 'Uploading…' : 'Upload image'}
        </button>
        {uploaded ? (
          <p className="admin-ok" role="status">
            {uploaded}
          </p>
        ) : null}
      </form>
    </section>
  );
}
