import { useLocalePath, useT } from '../i18n';

/** A demo shop says so on every storefront page (DEMO_MODE), in one quiet line above the header. */
export function DemoNotice() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <aside className="demo-notice" aria-label={t('common.demoLabel')}>
      <p className="demo-notice__text">
        {t.rich('common.demoText', {
          b: (chunks) => <strong>{chunks}</strong>,
          link: (chunks) => <a href={lp('/dev/outbox')}>{chunks}</a>,
        })}
      </p>
    </aside>
  );
}
