// The baseline: a bare node:http server answering every request with the same bytes and
// content-type, captured once from the shop. It does nothing else, so the shop's throughput is
// compared with what Node itself can push through this machine for an identical response.
//
//   node bench/bare-server.ts <body-file> <content-type> [port]
//
// Listens on 127.0.0.1 only, then prints one JSON line {"port": n} on stdout.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, contentType, portArg] = process.argv.slice(2);
if (!file || !contentType) {
  console.error('usage: node bench/bare-server.ts <body-file> <content-type> [port]');
  process.exit(2);
}

const body = readFileSync(file);
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
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
