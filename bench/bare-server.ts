// The baseline: a bare node:http server answering every request with the same bytes and
// content-type, captured once from the shop. It does nothing else, so the shop's throughput is
// compared with what Node itself can push through this machine for an identical response.
//
//   node bench/bare-server.ts <body-file> <content-type> [port]
//
// A body file named *.bodies.json holds one body per path instead ({ "/path": "<base64>" }): the
// search bench's answers, each sent for its own query (404 for any other path).
//
// Listens on 127.0.0.1 only, then prints one JSON line {"port": n} on stdout.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, contentType, portArg] = process.argv.slice(2);
if (!file || !contentType) {
  console.error('usage: node bench/bare-server.ts <body-file> <content-type> [port]');
  process.exit(2);
}

const answer = (body: Buffer) => ({
  body,
  headers: { 'content-type': contentType, 'content-length': String(body.length) },
});
const single = file.endsWith('.bodies.json') ? null : answer(readFileSync(file));
const byPath = new Map(
  single
    ? []
    : Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).map(([p, b]) => [
        p,
        answer(Buffer.from(b, 'base64')),
      ]),
);

const server = createServer((request, response) => {
  const found = single ?? byPath.get(request.url ?? '');
  if (!found) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, found.headers);
  response.end(found.body);
});

server.listen({ host: '127.0.0.1', port: Number(portArg ?? 0) }, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Never outlive the benchmark run that started us.
process.on('disconnect', stop);
