import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { errors } from '../http/problem.js';

/**
 * Where `npm run build` puts the console (console/vite.config.ts). Not
 * dist/console: tsc compiles src/console/ (the console's server side) there,
 * and Vite empties its output directory on every build.
 */
export const CONSOLE_DIST_DIR = path.resolve(import.meta.dirname, '../../dist/console-ui');

/** Vite names every asset by its content hash: a changed file is a new URL, so a year is safe. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The console page loads only its own script, style sheet and images, and
 * talks only to this origin. No inline script or style is allowed, and no
 * site may frame it (clickjacking the revoke and rotate buttons).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function setPageHeaders(reply: FastifyReply): void {
  reply.headers({
    'cache-control': 'no-cache',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
  });
}

/**
 * GET /console and /console/*: the built console (docs/console.md, "Using the
 * console"). Hashed assets are cached for a year; the page itself is
 * revalidated on every load, so a new build reaches browsers at once. Any
 * other path under /console that is not a file answers the page, and the
 * console's router shows it. /console/api/* belongs to the session routes:
 * what they do not define is a plain 404 here, never the page.
 */
export const consoleStaticRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    // Built without the console (e.g. tests from source): the routes answer 503, no warning needed.
    suppressWarning: true,
    // console/vite.config.ts writes .br and .gz twins of each text file.
    preCompressed: true,
    cacheControl: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(reply, filePath) {
      reply.header('x-content-type-options', 'nosniff');
      if (filePath.startsWith(path.join(distDir, 'assets') + path.sep)) reply.header('cache-control', IMMUTABLE);
      else if (filePath.endsWith('.html')) setPageHeaders(reply);
      else reply.header('cache-control', 'no-cache');
    },
  });

  const sendPage = (reply: FastifyReply) => {
    if (!existsSync(path.join(distDir, 'index.html'))) {
      throw errors.unavailable(
        'The console is not built: run `npm run build` (or `npx vite build --config console/vite.config.ts`) and reload.',
      );
    }
    return reply.sendFile('index.html');
  };

  const config = { auth: 'public' as const };
  const schema = { hide: true };
  app.get('/console', { config, schema }, (_request, reply) => sendPage(reply));
  app.get<{ Params: { '*': string } }>('/console/*', { config, schema }, (request, reply) => {
    const rest = request.params['*'];
    // The not-found handler answers 404, or 405 for a POST-only session route.
    if (rest === 'api' || rest.startsWith('api/')) return reply.callNotFound();
    // A name with an extension is a file (an asset, the icon): 404 when missing, never the page.
    const lastSegment = rest.slice(rest.lastIndexOf('/') + 1);
    if (lastSegment.includes('.') && rest !== 'index.html') return reply.sendFile(rest);
    return sendPage(reply);
  });
};
