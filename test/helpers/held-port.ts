import type { Server as HttpServer } from 'node:http';
import { createServer, type Socket } from 'node:net';

export interface HeldPort {
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Hands this and every later connection to the app's HTTP server. */
  serve(server: HttpServer): void;
  /**
   * A server stopped for a restart: drops the open connections and closes each new one
   * at once (a client sees a network error), until `serve` is given the next server.
   */
  pause(): void;
  close(): Promise<void>;
}

/**
 * A loopback port the OS picks (port 0) and that stays ours: for an app that must
 * know its own URL (PUBLIC_BASE_URL) before it starts. Reserving a free port,
 * closing it and listening there later races with any other process taking it in
 * between; here the listener never closes and passes its connections to the app.
 */
export async function holdPort(): Promise<HeldPort> {
  const pending: Socket[] = [];
  const open = new Set<Socket>();
  let target: HttpServer | null = null;
  let paused = false;
  const listener = createServer((socket) => {
    if (paused) {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    if (target) target.emit('connection', socket);
    else pending.push(socket);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', resolve);
  });
  const { port } = listener.address() as { port: number };
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    serve(server) {
      target = server;
      paused = false;
      for (const socket of pending.splice(0)) server.emit('connection', socket);
    },
    pause() {
      target = null;
      paused = true;
      pending.length = 0;
      for (const socket of open) socket.destroy();
    },
    /** Stops listening and drops the connections (clients keep them alive). */
    close() {
      const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
      for (const socket of open) socket.destroy();
      return closed;
    },
  };
}
