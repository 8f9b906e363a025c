// The shop's default declarations (decision 0035): the maker, packer, marketer, country of origin,
// consumer care and FSSAI licence a product takes when it leaves them empty. One settings row,
// saved against its version and audited; a save drops the catalogue snapshot, whose products carry
// the filled-in values.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  DeclarationDefaultsDtoType,
  DeclarationDefaultsEditInput,
} from '@spice/shared/contracts/declarations';
import {
  type DeclarationDefaults,
  EMPTY_DEFAULTS,
  isEmptyParty,
  type Party,
} from '@spice/shared/declarations';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import type { AuditService } from '../admin/audit.ts';
import { declarationDefaults } from './schema.ts';
import type { CatalogService } from './service.ts';

const BLANK_PARTY: Party = { name: '', address: '' };

export function createDeclarationDefaultsService(
  db: Db,
  deps: { catalog: CatalogService; audit: AuditService },
) {
  async function read(executor: Pick<Db, 'select'> = db): Promise<DeclarationDefaultsDtoType> {
    const [row] = await executor.select().from(declarationDefaults).where(eq(declarationDefaults.id, 1));
    const v = row?.values ?? EMPTY_DEFAULTS;
    const hi = row?.valuesHi ?? {};
    return {
      manufacturer: v.manufacturer ?? BLANK_PARTY,
      packer: v.packer ?? BLANK_PARTY,
      marketer: v.marketer ?? BLANK_PARTY,
      countryOfOrigin: v.countryOfOrigin,
      consumerCare: v.consumerCare ?? { phone: '', email: '', address: '' },
      fssaiLicence: v.fssaiLicence,
      hi: {
        manufacturer: hi.manufacturer,
        packer: hi.packer,
        marketer: hi.marketer,
        countryOfOrigin: hi.countryOfOrigin ?? '',
        consumerCareAddress: hi.consumerCareAddress ?? '',
      },
      version: row?.version ?? 0,
    };
  }

  return {
    get: () => read(),

    async update(admin: UserDto, input: DeclarationDefaultsEditInput): Promise<DeclarationDefaultsDtoType> {
      const { version, hi, ...edit } = input;
      const care = edit.consumerCare;
      const values: DeclarationDefaults = {
        manufacturer: isEmptyParty(edit.manufacturer) ? null : edit.manufacturer,
        packer: isEmptyParty(edit.packer) ? null : edit.packer,
        marketer: isEmptyParty(edit.marketer) ? null : edit.marketer,
        countryOfOrigin: edit.countryOfOrigin,
        consumerCare: care.phone || care.email || care.address ? care : null,
        fssaiLicence: edit.fssaiLicence,
      };
      try {
        return await db.transaction(async (tx) => {
          const before = await read(tx);
          const set = { values, valuesHi: hi, updatedAt: new Date() };
          await updateAtVersion(tx, declarationDefaults, eq(declarationDefaults.id, 1), version, set, {
            insert: { values, valuesHi: hi },
          });
          const after = await read(tx);
          await deps.audit.audit(
            {
              actorUserId: admin.id,
              action: 'declaration-defaults.update',
              entity: 'declaration_defaults',
              entityId: 1,
              before,
              after,
            },
            tx,
          );
          return after;
        });
      } finally {
        deps.catalog.invalidate();
      }
    },
  };
}
export type DeclarationDefaultsService = ReturnType<typeof createDeclarationDefaultsService>;
