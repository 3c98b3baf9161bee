import type { FastifyInstance } from 'fastify';
import { CliError } from './cli-error.js';

/** `app.listen`, with a port already taken said as the setting that moves it. */
export async function listenOn(app: FastifyInstance, port: number, host: string, setting: 'PORT' | 'WORKER_METRICS_PORT'): Promise<string> {
  try {
    return await app.listen({ port, host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`port ${port} is in use: set ${setting}`);
    if (code === 'EACCES') throw new CliError(`port ${port} needs privileges this process does not have: set ${setting} (above 1023)`);
    throw error;
  }
}
