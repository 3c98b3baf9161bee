import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://host:port` with no trailing slash. */
  origin: string;
  port: number;
  /** TCP connections accepted so far. */
  connections: () => number;
  /** Paths requested so far, in order. */
  paths: string[];
  close: () => Promise<void>;
}

/** A real HTTP server on a loopback address and a free port. */
export async function startServer(handler: http.RequestListener, host = '127.0.0.1'): Promise<LoopbackServer> {
  const server = http.createServer((req, res) => {
    paths.push(req.url ?? '');
    handler(req, res);
  });
  const paths: string[] = [];
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${hostPart}:${port}`,
    port,
    connections: () => connections,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
