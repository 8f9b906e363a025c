// Helpers shared by the benchmarks: child servers (the shop and the bare baseline), raw HTTP
// fetches, statistics and console tables. Load generation lives in load.ts, CPU accounting in cpu.ts.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const RESULTS_DIR = path.join(ROOT, 'bench/results');
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export function ensureResultsDir(): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return RESULTS_DIR;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects after `ms` so a hung step cannot keep the run alive forever. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Child processes. Every child we start is remembered so that any exit path (error, Ctrl-C)
// stops it: the benchmark never leaves a server running behind it.

const children = new Set<ChildProcess>();

function killAllChildren(signal: NodeJS.Signals) {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

let handlersInstalled = false;

/** Installed with the first child, so merely importing this module changes nothing. */
function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => killAllChildren('SIGKILL'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the servers this run started`);
      killAllChildren('SIGTERM');
      setTimeout(() => process.exit(130), 2000).unref();
    });
  }
}

function track(child: ChildProcess) {
  installExitHandlers();
  children.add(child);
  child.on('exit', () => children.delete(child));
}

async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * A free port on 127.0.0.1: from BENCH_PORTS ('32020-32029', for a machine shared by several
 * people, each with their own range), else one the kernel hands out (closed again, so free unless
 * raced).
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return kernelPort();
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port }, () => server.close(() => resolve(true)));
  });
}

function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  name: string;
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to its first healthy answer. */
  readyAfterMs: number;
  /** Reads a PostgreSQL server on this machine: its CPU counts as this server's, not as disturbance. */
  usesPostgres?: boolean;
  stop: () => Promise<void>;
}

/** `npm run build` (the storefront), output passed through. */
export function buildStorefront(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    track(child);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`)),
    );
  });
}

/**
 * Copies apps/web/build to bench/results/build and checks that every /assets/ file the server
 * build refers to is in the copy (a build running elsewhere at that moment would leave holes;
 * then it copies again, up to 5 times). Returns the copy's directory.
 */
export async function snapshotBuild(): Promise<{ dir: string; assets: number }> {
  // WEB_BUILD_DIR measures a build made elsewhere (react-router.config.ts honours it too).
  const source = path.resolve(ROOT, 'apps/web', process.env.WEB_BUILD_DIR ?? 'build');
  const dir = path.join(ensureResultsDir(), 'build');
  for (let attempt = 1; attempt <= 5; attempt++) {
    rmSync(dir, { recursive: true, force: true });
    try {
      cpSync(source, dir, { recursive: true });
      const server = readFileSync(path.join(dir, 'server/index.js'), 'utf8');
      const referenced = new Set(server.match(/(?<=["'`])\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
      const missing = [...referenced].filter((asset) => !existsSync(path.join(dir, 'client', asset)));
      if (referenced.size > 0 && missing.length === 0) return { dir, assets: referenced.size };
      console.log(
        `  build copy incomplete (${missing.length} assets missing, a build is running?); copying again`,
      );
    } catch (error) {
      console.log(`  could not copy the build (${(error as Error).message}); trying again`);
    }
    await sleep(3000);
  }
  throw new Error('could not take a consistent copy of apps/web/build (is a build running in a loop?)');
}

/**
 * Starts the shop as `npm start` does (production mode, in-memory database with the demo seed)
 * through bench/start-shop.ts, which serves the given copy of the storefront build, on a free
 * loopback port; waits for GET /api/health. Its output goes to bench/results/shop.log.
 */
export async function startShop(options: {
  buildDir: string;
  profileDir?: string;
  /** Overrides for the shop's environment (a PostgreSQL DATABASE_URL, raised OTP limits…). */
  env?: Record<string, string>;
  /** Where its output goes, under bench/results/ [shop.log]. */
  logName?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const spawnedAt = Date.now();
  const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  const logFile = path.join(ensureResultsDir(), options.logName ?? 'shop.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [...nodeArgs, 'bench/start-shop.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: 'memory://',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BENCH_BUILD_DIR: options.buildDir,
      ...options.env,
    },
  });
  track(child);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await sleep(200); // let the log stream flush
      const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-12).join('\n');
      throw new Error(
        `the shop exited with ${child.exitCode} while starting; ${logFile} ends with:\n${tail}`,
      );
    }
    try {
      const health = await fetchRaw(`${url}/api/health`, 2000);
      if (health.status === 200) {
        return {
          name: 'shop',
          url,
          pid: child.pid ?? 0,
          readyAfterMs: Date.now() - spawnedAt,
          usesPostgres: /^postgres(ql)?:/.test(options.env?.DATABASE_URL ?? ''),
          stop: () => stopChild(child, 30_000),
        };
      }
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stopChild(child);
  throw new Error(`the shop did not answer /api/health within 120 s; see ${logFile}`);
}

/** Starts bench/bare-server.ts serving `body` with `contentType` (bytes passed via a file). */
export async function startBareServer(
  name: string,
  body: Buffer,
  contentType: string,
): Promise<RunningServer> {
  const bodyFile = path.join(ensureResultsDir(), `bare-${name}.body`);
  writeFileSync(bodyFile, body);
  return startScriptServer(`bare-${name}`, 'bench/bare-server.ts', [bodyFile, contentType]);
}

/** A bare server answering each path with its own body (the search bench's queries). */
export async function startBareServerByPath(
  name: string,
  bodies: Map<string, Buffer>,
  contentType: string,
): Promise<RunningServer> {
  const bodyFile = path.join(ensureResultsDir(), `bare-${name}.bodies.json`);
  writeFileSync(
    bodyFile,
    JSON.stringify(Object.fromEntries([...bodies].map(([p, b]) => [p, b.toString('base64')]))),
  );
  return startScriptServer(`bare-${name}`, 'bench/bare-server.ts', [bodyFile, contentType]);
}

/** Starts bench/floor-server.ts (node:http + pg running the shop's signed-in queries) on `databaseUrl`. */
export async function startFloorServer(databaseUrl: string): Promise<RunningServer> {
  return {
    ...(await startScriptServer('floor', 'bench/floor-server.ts', [databaseUrl])),
    usesPostgres: true,
  };
}

/** A bench server script that prints {"port": n} once it listens on 127.0.0.1. */
async function startScriptServer(name: string, script: string, args: string[]): Promise<RunningServer> {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  track(child);
  const port = await withTimeout(
    new Promise<number>((resolve, reject) => {
      let buffered = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const line = buffered.split('\n')[0];
        if (buffered.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.on('exit', (code) => reject(new Error(`${name} server exited with ${code}`)));
    }),
    15_000,
    `${name} server start`,
  );
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    readyAfterMs: 0,
    stop: () => stopChild(child),
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GET without Accept-Encoding, so the body is the identity bytes that autocannon (which sends no
 * Accept-Encoding either) receives from the shop.
 */
export function fetchRaw(
  url: string,
  timeoutMs = 10_000,
  agent?: Agent,
  headers?: Record<string, string>,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', agent, timeout: timeoutMs, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Statistics and formatting

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function fmtInt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** kB are 1000 bytes, as Vite and Lighthouse print them. */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** Numbers (with an optional unit) are right-aligned, everything else left-aligned. */
const NUMERIC = /^[-\d.,]+( ?(kB|ms|s|%))?$/;

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (NUMERIC.test(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

export interface Bar {
  benchmark: string;
  name: string;
  target: string;
  measured: string;
  pass: boolean;
}

export function heading(text: string) {
  console.log(`\n=== ${text} ===`);
}

function packageVersion(name: string): string {
  try {
    const json = readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8');
    return (JSON.parse(json) as { version: string }).version;
  } catch {
    return 'not installed';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** The commit measured, and how many files outside bench/ differ from it (work in progress). */
export function gitState(): { commit: string; uncommittedFiles: number } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const status = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });
    const files = status.split('\n').filter((line) => line.trim() && !line.slice(3).startsWith('bench/'));
    return { commit, uncommittedFiles: files.length };
  } catch {
    return { commit: 'unknown', uncommittedFiles: -1 };
  }
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    tools: {
      autocannon: packageVersion('autocannon'),
      lighthouse: packageVersion('lighthouse'),
      playwright: packageVersion('@playwright/test'),
      chromium: chromiumVersion(),
    },
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGB: round(os.totalmem() / 1e9, 1),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((v) => round(v, 2)),
  };
}
