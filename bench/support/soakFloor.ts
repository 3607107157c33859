/**
 * The soak's floor, run as its own process so its RSS is its own: bare node:http answering every request with
 * the same JSON bytes, with no routing, no store and nothing kept. Prints its URL on stdout.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(process.argv[2] ?? '{}');
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening at http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
