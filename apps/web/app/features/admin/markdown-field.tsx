// A Markdown text field with a preview (policy texts, About sections). The preview uses the same
// renderer as the storefront page, so the owner sees the headings and lists shoppers will see.
import { useState } from 'react';
import { renderMarkdown } from '../content/markdown';
import { FieldError } from './forms';

export const MARKDOWN_HINT = 'Markdown: "## Heading", "- item" for a list, **bold**, [link text](https://…).';

export function MarkdownField({
  id,
  name,
  label,
  error,
  defaultValue,
  rows,
  maxLength,
  topHeading,
  hint = MARKDOWN_HINT,
  lang,
}: {
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  defaultValue: string;
  rows: number;
  maxLength?: number;
  /** The highest heading level the text gets on its page: 2 for policies, 3 for About sections. */
  topHeading: 2 | 3;
  hint?: string;
  /** 'hi' for the Hindi twin of a text (spell-checking and fonts follow it). */
  lang?: string;
}) {
  const [text, setText] = useState(defaultValue);
  const [preview, setPreview] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="admin-field admin-form__wide markdown-field">
      <div className="markdown-field__head">
        <label htmlFor={id}>{label}</label>
        <div className="markdown-field__tabs">
          <button
            type="button"
            className="button button--small"
            aria-pressed={!preview}
            onClick={() => setPreview(false)}
          >
            Write
          </button>
          <button
            type="button"
            className="button button--small"
            aria-pressed={preview}
            aria-controls={preview ? `${id}-preview` : undefined}
            onClick={() => setPreview(true)}
          >
            Preview
          </button>
        </div>
      </div>
      {/* Hidden, not removed, while previewing: the form still sends the text. */}
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        value={text}
        lang={lang}
        onChange={(e) => setText(e.target.value)}
        hidden={preview}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hintId} ${errorId}`}
      />
      {preview ? (
        text.trim() ? (
          <section
            id={`${id}-preview`}
            className="markdown-field__preview prose"
            lang={lang}
            aria-label={`Preview of ${label}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and checks links
            dangerouslySetInnerHTML={{ __html: renderMarkdown(text, { topHeading }) }}
          />
        ) : (
          <p id={`${id}-preview`} className="markdown-field__preview admin-hint">
            Nothing to preview yet.
          </p>
        )
      ) : null}
      <small id={hintId} className="admin-hint">
        {hint}
      </small>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
