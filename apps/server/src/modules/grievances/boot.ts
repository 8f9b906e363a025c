// A real shop names its grievance officer (Consumer Protection (E-Commerce) Rules 2020 rule 4(4);
// decision 0036): outside demo mode the shop refuses to start without one. The officer saved in
// the back office wins; without one, the GRIEVANCE_OFFICER_* settings give it (and it is saved, so
// the back office edits it from then on). A demo shop has its seeded demo officer.
import type { GrievanceOfficerDto } from '@spice/shared/contracts/grievances';
import { type Config, ConfigError } from '../../plugins/config.ts';
import type { GrievancesService } from './service.ts';

type OfficerSettings = Pick<
  Config,
  | 'DEMO_MODE'
  | 'GRIEVANCE_OFFICER_NAME'
  | 'GRIEVANCE_OFFICER_DESIGNATION'
  | 'GRIEVANCE_OFFICER_PHONE'
  | 'GRIEVANCE_OFFICER_EMAIL'
  | 'GRIEVANCE_OFFICER_ADDRESS'
>;

const REQUIRED = [
  ['GRIEVANCE_OFFICER_NAME', 'the officer’s name'],
  ['GRIEVANCE_OFFICER_PHONE', 'a phone number'],
  ['GRIEVANCE_OFFICER_EMAIL', 'an e-mail address'],
  ['GRIEVANCE_OFFICER_ADDRESS', 'a postal address'],
] as const;

/** The officer the settings give, or the names of the settings that are missing. */
export function officerFromSettings(c: OfficerSettings): GrievanceOfficerDto | { missing: string[] } {
  const missing = REQUIRED.filter(([name]) => !c[name]).map(([name, what]) => `  ${name} (${what})`);
  if (missing.length > 0) return { missing };
  return {
    name: c.GRIEVANCE_OFFICER_NAME!,
    designation: c.GRIEVANCE_OFFICER_DESIGNATION,
    phone: c.GRIEVANCE_OFFICER_PHONE!,
    email: c.GRIEVANCE_OFFICER_EMAIL!,
    address: c.GRIEVANCE_OFFICER_ADDRESS!,
  };
}

/**
 * At boot, after migrations: outside demo mode, a shop with no officer saved gets the one its
 * settings give, or refuses to start (ConfigError) naming the settings that are missing.
 */
export async function grievanceOfficerAtBoot(
  config: OfficerSettings,
  grievances: Pick<GrievancesService, 'officer' | 'setOfficer'>,
): Promise<'demo' | 'saved' | 'from-settings'> {
  if (config.DEMO_MODE) return 'demo';
  if (await grievances.officer()) return 'saved';
  const officer = officerFromSettings(config);
  if ('missing' in officer) {
    throw new ConfigError(
      [
        'Refusing to start: a shop must name its grievance officer (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)), but none is saved and these settings are missing:',
        ...officer.missing,
        'Set them (GRIEVANCE_OFFICER_DESIGNATION is optional, default "Grievance Officer"); the officer is then saved and edited at /admin/grievances.',
      ].join('\n'),
    );
  }
  await grievances.setOfficer(officer);
  return 'from-settings';
}
