// A real shop names its grievance officer (Consumer Protection (E-Commerce) Rules 2020 rule 4(4);
// decision 0036): outside demo mode the boot stops, naming the settings, when none is saved and
// the GRIEVANCE_OFFICER_* settings do not give one; a demo keeps its demo officer.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../plugins/config.ts';
import { DEMO_GRIEVANCE_OFFICER } from '../../seed/demo-rights.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { grievanceOfficerAtBoot } from './boot.ts';

const REAL_SHOP = {
  DEMO_MODE: 'false',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'test-auth-key-123',
  MSG91_TEMPLATE_ID: 'tmpl-otp-1',
  SMTP_URL: 'smtp://127.0.0.1:9',
};
const OFFICER_SETTINGS = {
  GRIEVANCE_OFFICER_NAME: 'Anil Kulkarni',
  GRIEVANCE_OFFICER_PHONE: '+91 20 4000 1234',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@example.in',
  GRIEVANCE_OFFICER_ADDRESS: '12 Laxmi Road, Pune, Maharashtra 411030',
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the grievance officer at boot', () => {
  it('outside demo mode, with none saved and no settings, refuses naming every missing setting', async () => {
    t = await createTestApp({ seed: false, env: REAL_SHOP });
    const boot = grievanceOfficerAtBoot(t.app.config, t.app.services.grievances);
    await expect(boot).rejects.toBeInstanceOf(ConfigError);
    const message = await boot.catch((e: Error) => e.message);
    expect(message).toMatch(/^Refusing to start: a shop must name its grievance officer/);
    for (const name of [
      'GRIEVANCE_OFFICER_NAME',
      'GRIEVANCE_OFFICER_PHONE',
      'GRIEVANCE_OFFICER_EMAIL',
      'GRIEVANCE_OFFICER_ADDRESS',
    ])
      expect(message).toContain(`  ${name} (`);
    expect(await t.app.services.grievances.officer()).toBeNull();
  });

  it('names only the settings still missing', async () => {
    const { GRIEVANCE_OFFICER_EMAIL: _e, ...rest } = OFFICER_SETTINGS;
    t = await createTestApp({ seed: false, env: { ...REAL_SHOP, ...rest } });
    const message = await grievanceOfficerAtBoot(t.app.config, t.app.services.grievances).catch(
      (e: Error) => e.message,
    );
    expect(message).toContain('GRIEVANCE_OFFICER_EMAIL');
    expect(message).not.toContain('GRIEVANCE_OFFICER_NAME (');
  });

  it('saves the officer the settings give, which the storefront then names', async () => {
    t = await createTestApp({ seed: false, env: { ...REAL_SHOP, ...OFFICER_SETTINGS } });
    expect(await grievanceOfficerAtBoot(t.app.config, t.app.services.grievances)).toBe('from-settings');
    expect(await t.app.services.grievances.officer()).toEqual({
      name: 'Anil Kulkarni',
      designation: 'Grievance Officer',
      phone: '+91 20 4000 1234',
      email: 'grievance@example.in',
      address: '12 Laxmi Road, Pune, Maharashtra 411030',
    });
  });

  it('keeps an officer saved in the back office, with or without the settings', async () => {
    t = await createTestApp({ seed: false, env: REAL_SHOP });
    const saved = { ...DEMO_GRIEVANCE_OFFICER, name: 'Priya Deshmukh' };
    await t.app.services.grievances.setOfficer(saved);
    expect(await grievanceOfficerAtBoot(t.app.config, t.app.services.grievances)).toBe('saved');
    expect(
      await grievanceOfficerAtBoot({ ...t.app.config, ...OFFICER_SETTINGS }, t.app.services.grievances),
    ).toBe('saved');
    expect((await t.app.services.grievances.officer())?.name).toBe('Priya Deshmukh');
  });

  it('lets a demo shop start with its demo officer', async () => {
    t = await createTestApp();
    expect(t.app.config.DEMO_MODE).toBe(true);
    expect(await grievanceOfficerAtBoot(t.app.config, t.app.services.grievances)).toBe('demo');
    expect((await t.app.services.grievances.officer())?.name).toBe(DEMO_GRIEVANCE_OFFICER.name);
  });
});

describe('the shop process', () => {
  it('outside demo mode without an officer exits 1 before listening, the message naming the settings', async () => {
    const boot = new URL('../../test/boot-shop.ts', import.meta.url).pathname;
    const { TEST_DATABASE_URL: _pg, DATABASE_URL: _db, ...env } = process.env;
    const child = spawn(process.execPath, [boot], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        ...REAL_SHOP,
        DATABASE_URL: 'memory://',
        PORT: '0',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
      },
    });
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    const [exitCode] = await once(child, 'exit');
    expect(exitCode).toBe(1);
    expect(stderr).toContain('Refusing to start: a shop must name its grievance officer');
    expect(stderr).toContain('GRIEVANCE_OFFICER_NAME');
    expect(stderr).toContain('GRIEVANCE_OFFICER_ADDRESS');
  }, 150_000);
});
