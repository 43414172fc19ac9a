/**
 * The static-file baseline of the API load benchmark, in a Node process of its own (as the API is):
 * express.static over a directory of answer bodies captured from the API. `*.json.gz` files are
 * sent as gzip-encoded JSON, as the API sends its compressed answers.
 *
 *   tsx tools/bench/static-server.ts <dir>      (prints the URL when listening; SIGTERM stops it)
 */
import express from 'express';
import type { AddressInfo } from 'node:net';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: static-server.ts <dir>');
  process.exit(2);
}
const app = express();
app.disable('x-powered-by');
app.use(
  express.static(dir, {
    setHeaders(res, path) {
      if (path.endsWith('.json.gz')) {
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
      }
    },
  }),
);
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`http://127.0.0.1:${port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
