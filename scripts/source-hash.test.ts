import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HASH_FILE, sourceHash, staleBuildReason, writeSourceHash } from './source-hash.ts';

const BUILD = 'apps/web/build/server/index.js';
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'source-hash-'));
  for (const dir of ['apps/web/app/routes', 'apps/web/build/server', 'packages/shared/src'])
    mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, 'apps/web/app/routes/home.tsx'), 'export default () => null;\n');
  writeFileSync(path.join(root, 'packages/shared/src/money.ts'), 'export const x = 1;\n');
  writeFileSync(path.join(root, BUILD), '// built\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the storefront build’s source hash', () => {
  it('asks for a build when there is none, or none says what it was made from', () => {
    expect(staleBuildReason(root, BUILD)).toBe('the build does not say which sources it was made from');
    rmSync(path.join(root, BUILD));
    expect(staleBuildReason(root, BUILD)).toBe('no storefront build yet');
  });

  it('is current after writing, and stale once a web or shared source changes or is added', () => {
    writeSourceHash(root);
    expect(staleBuildReason(root, BUILD)).toBeNull();
    writeFileSync(path.join(root, 'apps/web/app/routes/home.tsx'), 'export default () => "new";\n');
    expect(staleBuildReason(root, BUILD)).toBe('the sources changed since the last build');
    writeSourceHash(root);
    writeFileSync(path.join(root, 'packages/shared/src/tax.ts'), 'export const y = 2;\n');
    expect(staleBuildReason(root, BUILD)).toBe('the sources changed since the last build');
  });

  it('ignores tests and the build itself, and is the same for the same files anywhere', () => {
    const before = sourceHash(root);
    writeFileSync(path.join(root, 'packages/shared/src/money.test.ts'), 'test\n');
    writeFileSync(path.join(root, HASH_FILE), 'x\n');
    expect(sourceHash(root)).toBe(before);
    const copy = mkdtempSync(path.join(tmpdir(), 'source-hash-copy-'));
    cpSync(root, copy, { recursive: true });
    expect(sourceHash(copy)).toBe(before);
    rmSync(copy, { recursive: true, force: true });
  });
});
