// The product form's About lines: one line each with its Hindi beside it, added and removed.
import type { AdminProductDto } from '@spice/shared/contracts/products-admin';
import { useState } from 'react';
import { BilingualHeads } from './bilingual';
import { FieldError, type FormErrors } from './forms';
import { newKey } from './product-variants';

export function AboutFieldset({
  uid,
  product,
  errors,
}: {
  uid: string;
  product: AdminProductDto | null;
  errors: FormErrors;
}) {
  const [about, setAbout] = useState<{ key: number; text: string; hi: string }[]>(() =>
    (product?.about.length ? product.about : ['']).map((line, i) => ({
      key: newKey(),
      text: line,
      hi: product?.aboutHi[i] ?? '',
    })),
  );
  return (
    <fieldset className="admin-fieldset admin-product-form__about">
      <legend>About lines</legend>
      <p className="admin-hint">
        Shown as the product page’s collapsible About list, one line each, with its Hindi beside it (a blank
        Hindi line shows the English one).
      </p>
      <BilingualHeads />
      <ol className="admin-about admin-about--pairs">
        {about.map((line, i) => {
          const edit = (field: 'text' | 'hi', value: string) =>
            setAbout((list) => list.map((l) => (l.key === line.key ? { ...l, [field]: value } : l)));
          return (
            <li key={line.key}>
              <input
                name="about"
                value={line.text}
                maxLength={300}
                aria-label={`About line ${i + 1} (English)`}
                aria-invalid={errors[`about.${i}`] ? true : undefined}
                onChange={(e) => edit('text', e.currentTarget.value)}
              />
              <input
                name="aboutHi"
                lang="hi"
                value={line.hi}
                maxLength={300}
                aria-label={`About line ${i + 1} (Hindi)`}
                aria-invalid={errors[`aboutHi.${i}`] ? true : undefined}
                onChange={(e) => edit('hi', e.currentTarget.value)}
              />
              <span className="admin-about__actions">
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Remove about line ${i + 1}`}
                  onClick={() => setAbout((list) => list.filter((l) => l.key !== line.key))}
                >
                  Remove
                </button>
              </span>
              <FieldError
                id={`${uid}-about-${i}-error`}
                message={errors[`about.${i}`] ?? errors[`aboutHi.${i}`]}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button--small"
        onClick={() => setAbout((list) => [...list, { key: newKey(), text: '', hi: '' }])}
        disabled={about.length >= 20}
      >
        Add about line
      </button>
      <FieldError id={`${uid}-about-error`} message={errors.about} />
    </fieldset>
  );
}
