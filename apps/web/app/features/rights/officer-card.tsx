// The grievance officer's published details (settings; Consumer Protection (E-Commerce) Rules 2020
// rule 4(4)), on the grievance page and the privacy notice.
import type { GrievanceOfficerDto } from '@spice/shared/contracts/grievances';
import { useT } from '../../i18n';

export function OfficerCard({ officer }: { officer: GrievanceOfficerDto | null }) {
  const t = useT();
  return (
    <section className="officer-card" aria-labelledby="officer-heading">
      <h2 id="officer-heading">{t('grievance.officerHeading')}</h2>
      {officer ? (
        <dl>
          <div>
            <dt>{t('grievance.officerName')}</dt>
            <dd>{officer.name}</dd>
          </div>
          <div>
            <dt>{t('grievance.officerDesignation')}</dt>
            {/* The usual designation in the page's language; any other as the owner typed it. */}
            <dd>{officer.designation === 'Grievance Officer' ? t('grievance.link') : officer.designation}</dd>
          </div>
          <div>
            <dt>{t('grievance.officerPhone')}</dt>
            <dd>
              <a href={`tel:${officer.phone.replace(/[^\d+]/g, '')}`}>{officer.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t('grievance.officerEmail')}</dt>
            <dd>
              <a href={`mailto:${officer.email}`}>{officer.email}</a>
            </dd>
          </div>
          <div>
            <dt>{t('grievance.officerAddress')}</dt>
            <dd>{officer.address}</dd>
          </div>
        </dl>
      ) : (
        <p>{t('grievance.officerMissing')}</p>
      )}
    </section>
  );
}
