// The demo shop's grievance officer (Consumer Protection (E-Commerce) Rules 2020 rule 4(4): a
// named officer with designation and contact details on the platform; decision 0036).
import type { Tx } from '../db/client.ts';
import { grievanceSettings } from '../modules/grievances/schema.ts';

export const DEMO_GRIEVANCE_OFFICER = {
  name: 'Meera Joshi',
  designation: 'Grievance Officer',
  phone: '+91 20 4860 2211',
  email: 'grievance@kesarchakki.in',
  address: 'Kesar Chakki Foods, Plot 14, Hadapsar Industrial Estate, Pune, Maharashtra 411013',
} as const;

export async function insertDemoGrievanceOfficer(tx: Tx): Promise<void> {
  await tx
    .insert(grievanceSettings)
    .values({ id: 1, ...DEMO_GRIEVANCE_OFFICER })
    .onConflictDoNothing();
}
