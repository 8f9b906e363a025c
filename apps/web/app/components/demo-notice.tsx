/** A demo shop says so on every storefront page (DEMO_MODE), in one quiet line above the header. */
export function DemoNotice() {
  return (
    <aside className="demo-notice" aria-label="Demo shop">
      <p className="demo-notice__text">
        <strong>Demo shop:</strong> nothing is really sold or shipped. Login codes appear in the{' '}
        <a href="/dev/outbox">dev outbox</a>.
      </p>
    </aside>
  );
}
