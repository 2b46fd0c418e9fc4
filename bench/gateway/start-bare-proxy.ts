// Reference point, not a product path: the least a Node proxy can do (a plain http server handing
// each GET to an undici pool, no Express, no middleware). Shows what the gateway's features cost.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { serveBenchChild } from './child.ts';

const pool = new Pool(process.env.UPSTREAM_URL ?? '', { connections: 256 });
const server = http.createServer((req, res) => {
  pool.dispatch(
    { path: req.url ?? '/', method: 'GET', headers: {} },
    {
      onRequestStart() {},
      onResponseStart(_c, status, headers) {
        res.writeHead(status, headers as Record<string, string>);
      },
      onResponseData(_c, chunk) {
        res.write(chunk);
      },
      onResponseEnd() {
        res.end();
      },
      onResponseError() {
        res.statusCode = 503;
        res.end();
      },
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  serveBenchChild(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
