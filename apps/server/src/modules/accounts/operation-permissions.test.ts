// The one operation → permission table (issue 41) against the API document: every /api/admin
// operation has a line (its operationId is the line's key) and no line names an operation that is
// gone; and every role against every operation, with no body or query, so the refusal is seen to
// come before validation: 401 signed out, 403 for a shopper and for a role without the permission,
// anything else with it.
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@spice/shared/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/shoppers.ts';
import {
  isBackOfficeOperation,
  OPERATION_PERMISSIONS,
  PUBLIC_BACK_OFFICE_OPERATIONS,
  permissionsFor,
} from './operation-permissions.ts';

type Doc = { paths: Record<string, Record<string, { operationId?: string }>> };

let t: TestApp;
let doc: Doc;
const cookies = new Map<StaffRole | 'customer', string>();

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  doc = res.json() as Doc;
  let n = 0;
  for (const role of ['customer', ...STAFF_ROLES] as const) {
    const s = await signUp(t.app, `98710${String(10000 + n++).slice(-5)}`);
    if (role !== 'customer') await t.app.services.accounts.setRole(s.mobile, role);
    cookies.set(role, s.cookie);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function backOfficeOperations(): { id: string; method: string; path: string; operationId?: string }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      id: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      ...(op.operationId ? { operationId: op.operationId } : {}),
    })),
  );
}

describe('the operation → permission table', () => {
  it('has a line for every /api/admin operation in the API document, named by its operationId', () => {
    const ops = backOfficeOperations().filter((o) => isBackOfficeOperation(o.id));
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter((o) => permissionsFor(o.id) === null).map((o) => o.id)).toEqual([]);
    expect(ops.filter((o) => o.operationId !== o.id).map((o) => `${o.id} → ${o.operationId}`)).toEqual([]);
  });

  it('names no operation the API does not have (a stale line fails)', () => {
    const ids = new Set(backOfficeOperations().map((o) => o.id));
    expect(Object.keys(OPERATION_PERMISSIONS).filter((id) => !ids.has(id))).toEqual([]);
    for (const id of PUBLIC_BACK_OFFICE_OPERATIONS) expect(ids.has(id)).toBe(true);
  });

  it('gives every permission to an owner, staff and legal settings to no one else', () => {
    expect([...ROLE_PERMISSIONS.OWNER].sort()).toEqual([...PERMISSIONS].sort());
    for (const role of ['MANAGER', 'PACKER', 'SUPPORT'] as const) {
      expect(ROLE_PERMISSIONS[role].has('staff.manage')).toBe(false);
      expect(ROLE_PERMISSIONS[role].has('settings.legal')).toBe(false);
    }
    for (const role of ['PACKER'] as const) {
      expect(ROLE_PERMISSIONS[role].has('money.view')).toBe(false);
      expect(ROLE_PERMISSIONS[role].has('customers.view')).toBe(false);
    }
    expect(ROLE_PERMISSIONS.SUPPORT.has('stock.adjust')).toBe(false);
  });

  // The words, written out independently of the table: who may call what.
  const ALL = ['OWNER', 'MANAGER', 'PACKER', 'SUPPORT'];
  const RULES: [string, string[]][] = [
    ['GET /api/admin/orders', ALL],
    ['GET /api/admin/orders/{orderNumber}', ALL],
    ['GET /api/admin/orders/{orderNumber}/label.pdf', ['OWNER', 'MANAGER', 'PACKER']],
    ['POST /api/admin/variants/{id}/stock', ['OWNER', 'MANAGER', 'PACKER']],
    ['POST /api/admin/orders/{orderNumber}/refunds', ['OWNER', 'MANAGER', 'SUPPORT']],
    ['GET /api/admin/payments', ['OWNER', 'MANAGER', 'SUPPORT']],
    ['GET /api/admin/customers', ['OWNER', 'MANAGER', 'SUPPORT']],
    ['PUT /api/admin/reviews/{id}/reply', ['OWNER', 'MANAGER', 'SUPPORT']],
    ['GET /api/admin/contact-messages', ['OWNER', 'MANAGER', 'SUPPORT']],
    ['GET /api/admin/grievances', ['OWNER', 'MANAGER', 'SUPPORT']],
    ['PUT /api/admin/products/{id}', ['OWNER', 'MANAGER']],
    ['PUT /api/admin/delivery-settings', ['OWNER', 'MANAGER']],
    ['PUT /api/admin/checkout-settings', ['OWNER']],
    ['PUT /api/admin/invoice-settings', ['OWNER']],
    ['PUT /api/admin/policies/{kind}', ['OWNER']],
    ['GET /api/admin/staff', ['OWNER']],
    ['POST /api/admin/staff', ['OWNER']],
    ['PUT /api/admin/staff/{userId}', ['OWNER']],
    ['DELETE /api/admin/staff/{userId}', ['OWNER']],
  ];
  it.each(RULES)('lets only the right roles call %s', (id, roles) => {
    const needed = permissionsFor(id) ?? [];
    const allowed = STAFF_ROLES.filter((r) => needed.some((p) => ROLE_PERMISSIONS[r].has(p)));
    expect(allowed).toEqual(roles);
  });

  it('answers every role on every operation: 401 signed out, 403 without the permission, never refused with it', async () => {
    const ops = backOfficeOperations().filter((o) => isBackOfficeOperation(o.id));
    const wrong: string[] = [];
    for (const op of ops) {
      // An id no row has, so an allowed write finds nothing to change.
      const url = op.path.replaceAll(/\{[^}]+\}/g, '999999');
      const ask = (cookie?: string) =>
        t.app.inject({
          method: op.method as 'GET',
          url,
          headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: '{}' }),
        });
      const out = await ask();
      if (out.statusCode !== 401) wrong.push(`signed out ${op.id}: ${out.statusCode}`);
      const shopper = await ask(cookies.get('customer'));
      if (shopper.statusCode !== 403) wrong.push(`customer ${op.id}: ${shopper.statusCode}`);
      const needed = permissionsFor(op.id) ?? [];
      for (const role of STAFF_ROLES) {
        const allowed = needed.some((p) => ROLE_PERMISSIONS[role].has(p));
        const res = await ask(cookies.get(role));
        const refused = res.statusCode === 401 || res.statusCode === 403;
        if (allowed === refused || res.statusCode >= 500)
          wrong.push(`${role} ${op.id}: ${res.statusCode} (${allowed ? 'allowed' : 'refused'})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});
