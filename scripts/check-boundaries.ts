// Module boundaries (ARCHITECTURE.md "Layout", decision 0021): each module under
// apps/server/src/modules owns the tables its schema.ts defines, and other modules call its
// service functions instead of reading or writing those tables. This check fails on
//   - an import of another module's schema.ts (also `import type`: a table's row shape is its
//     owner's to change), and
//   - raw SQL (a sql`…` fragment) naming another module's table,
// outside the exceptions below. Tests may arrange and inspect any table, and a schema.ts may import
// another schema.ts for its foreign keys. Run by `npm run lint` and by a Vitest test, so `npm test`
// (what CI runs) fails on a violation too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every allowed crossing, in one place, with why. A file listed here may cross in any way. */
export const BOUNDARY_EXCEPTIONS: readonly { file: string; reason: string }[] = [
  {
    file: 'apps/server/src/modules/admin/dashboard.ts',
    reason:
      'The reporting query: sales, top products and low stock across orders and catalogue in a few ' +
      'read-only aggregate statements; through each module it would be a dozen round trips per view.',
  },
  {
    file: 'apps/server/src/modules/analytics/reports.ts',
    reason:
      "The owner's reports (issue 40, decision 0043): read-only aggregates over orders, their items, " +
      'COD confirmations and the catalogue, one statement per report for a range of a year; through ' +
      'each module they would read every order row into memory.',
  },
  {
    file: 'apps/server/src/modules/metrics/shop-figures.ts',
    reason:
      '/metrics (issue 41, decision 0048): one read-only statement per scrape counting orders by payment ' +
      'mode, payments by fate and jobs by state; through each module it would be three round trips and ' +
      'three new service functions for a monitoring read.',
  },
];

const MODULES = 'apps/server/src/modules';

export interface Violation {
  file: string;
  line: number;
  message: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** table name → owning module, from every module's schema.ts. */
export function tableOwners(root: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of readdirSync(path.join(root, MODULES))) {
    let text: string;
    try {
      text = readFileSync(path.join(root, MODULES, module, 'schema.ts'), 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)) owners.set(m[1]!, module);
  }
  return owners;
}

/** The text of each sql`…` template (tagged, optionally with a type argument), with its offset. */
function sqlTemplates(text: string): { body: string; index: number }[] {
  const found: { body: string; index: number }[] = [];
  for (const m of text.matchAll(/\bsql(?:\.raw\(\s*|<[^`;]*?>)?`/g)) {
    const start = m.index! + m[0].length;
    const end = text.indexOf('`', start);
    if (end > start) found.push({ body: text.slice(start, end), index: start });
  }
  return found;
}

export function findViolations(root: string): Violation[] {
  const owners = tableOwners(root);
  const excepted = new Set(BOUNDARY_EXCEPTIONS.map((e) => e.file));
  const violations: Violation[] = [];
  for (const full of walk(path.join(root, MODULES))) {
    const file = path.relative(root, full).split(path.sep).join('/');
    if (file.endsWith('.test.ts') || excepted.has(file)) continue;
    const module = file.slice(MODULES.length + 1).split('/')[0]!;
    const isSchema = file.endsWith('/schema.ts');
    const text = readFileSync(full, 'utf8');
    if (!isSchema) {
      // Static imports and re-exports (`from '…'`) and dynamic ones (`import('…')`).
      for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\(\s*)'(\.[^']*)'/g)) {
        const target = path
          .relative(path.join(root, MODULES), path.resolve(path.dirname(full), m[1]!))
          .split(path.sep)
          .join('/');
        const [owner, rest] = [target.split('/')[0], target.split('/').slice(1).join('/')];
        if (rest === 'schema.ts' && owner !== module) {
          violations.push({
            file,
            line: lineOf(text, m.index!),
            message: `imports the ${owner} module's tables (${m[1]}): call the ${owner} module's service functions instead`,
          });
        }
      }
    }
    for (const { body, index } of sqlTemplates(text)) {
      for (const m of body.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_0-9]+)"?/gi)) {
        const owner = owners.get(m[1]!);
        if (owner && owner !== module) {
          violations.push({
            file,
            line: lineOf(text, index + m.index!),
            message: `SQL names the ${owner} module's table ${m[1]}: call the ${owner} module's service functions instead`,
          });
        }
      }
    }
  }
  return violations;
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..');
  const violations = findViolations(root);
  for (const v of violations) console.error(`${v.file}:${v.line}  ${v.message}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} module boundary violation(s): see scripts/check-boundaries.ts`);
    process.exit(1);
  }
  console.log('Module boundaries: no module reaches into another module’s tables.');
}
