// (a) GET /api/products: throughput and p99 of the shop against a bare node:http server that
// answers the very same bytes with the same content-type.
import { type Bar, fetchRaw, fmtInt, heading, type RunningServer, startBareServer } from './lib.ts';
import { type Comparison, compareThroughput, type LoadSettings } from './load.ts';
import { disturbanceNote, printComparison } from './report.ts';

export const API_MIN_RATIO = 0.7;

export interface ApiResult extends Comparison {
  path: string;
  bodyBytes: number;
  contentType: string;
  products: number;
}

export async function benchApi(
  shop: RunningServer,
  settings: LoadSettings,
): Promise<{ result: ApiResult; bars: Bar[] }> {
  heading('(a) GET /api/products — shop vs bare node:http answering the same bytes');
  const path = '/api/products';
  const real = await fetchRaw(`${shop.url}${path}`);
  if (real.status !== 200) throw new Error(`GET ${path} answered ${real.status}`);
  const contentType = String(real.headers['content-type'] ?? 'application/octet-stream');
  const products = (JSON.parse(real.body.toString('utf8')) as unknown[]).length;
  console.log(`  body: ${fmtInt(real.body.length)} bytes, ${products} products, content-type ${contentType}`);

  const bare = await startBareServer('api', real.body, contentType);
  try {
    const check = await fetchRaw(`${bare.url}${path}`);
    if (!check.body.equals(real.body)) throw new Error('the bare server does not answer the same bytes');
    const comparison = await compareThroughput('api', path, { shop, bare }, settings);
    const result: ApiResult = { path, bodyBytes: real.body.length, contentType, products, ...comparison };
    printComparison(`GET ${path} -c ${settings.connections}`, 'shop (Fastify)', result);
    return {
      result,
      bars: [
        {
          benchmark: 'api',
          name: 'API throughput vs bare server',
          target: `≥ ${API_MIN_RATIO * 100}%`,
          measured: `${(result.ratio * 100).toFixed(1)}% (${fmtInt(result.shopReqPerSec)} / ${fmtInt(result.bareReqPerSec)} req/s; p99 ${result.shopP99Ms} / ${result.bareP99Ms} ms${disturbanceNote(result)})`,
          pass: result.problems.length === 0 && result.ratio >= API_MIN_RATIO,
        },
      ],
    };
  } finally {
    await bare.stop();
  }
}
