// A COD order's RTO risk (issue 34) as the back office shows it: the level as a badge, the reasons
// in its title (list) or spelled out (order page).
import type { OrderRtoRisk } from '@spice/shared/contracts/admin';
import type * as z from '@spice/shared/contracts/zod';
import { RTO_REASON_LABELS } from '@spice/shared/rto-risk';

type Risk = z.infer<typeof OrderRtoRisk>;
const LEVEL = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' } as const;

export function RtoRiskBadge({ risk }: { risk: Risk | null }) {
  if (!risk) return null;
  const why = risk.reasons.map((r) => RTO_REASON_LABELS[r]).join('; ');
  return (
    <span className={`rto-risk rto-risk--${risk.level.toLowerCase()}`} title={why || 'No warning sign'}>
      RTO risk: {LEVEL[risk.level]}
    </span>
  );
}

export function RtoRiskReasons({ risk }: { risk: Risk | null }) {
  if (!risk) return null;
  return (
    <>
      <RtoRiskBadge risk={risk} />
      {risk.reasons.length > 0 ? (
        <ul className="rto-risk__reasons">
          {risk.reasons.map((r) => (
            <li key={r}>{RTO_REASON_LABELS[r]}</li>
          ))}
        </ul>
      ) : (
        <p>No warning sign.</p>
      )}
    </>
  );
}
