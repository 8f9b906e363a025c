// 'Read our Privacy Notice…' with its link (DPDP Act 2023 s.5: the notice comes with the request
// for data), under the signup form and in the checkout.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocalePath, useT } from '../../i18n';

export function PrivacyNote() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <p className="privacy-note">
      {t.rich('privacy.readNotice', {
        link: (chunks: ReactNode[]) => (
          <Link to={lp('/privacy-notice')} target="_blank">
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}
