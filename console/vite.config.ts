import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = path.resolve(import.meta.dirname, '../dist/console-ui');

/**
 * Writes .br and .gz twins of every text file once the bundle is written:
 * the server sends them by Accept-Encoding (@fastify/static `preCompressed`),
 * so the console costs its compressed size without compressing per request.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'console-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(OUT_DIR)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body));
      }
    },
  };
}

/** The administration console: `npx vite build --config console/vite.config.ts` (part of `npm run build`). */
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  // JSX compiles to Preact's automatic runtime: no Babel, no React.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    // Everything is a file: the page's CSP allows no inline script or style.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  plugins: [precompress()],
  server: {
    // `npm run dev` serves the API on 8080; `npx vite --config console/vite.config.ts` proxies to it.
    proxy: {
      '/admin': 'http://127.0.0.1:8080',
      '/console/api': 'http://127.0.0.1:8080',
      '/v1': 'http://127.0.0.1:8080',
      '/objects': 'http://127.0.0.1:8080',
    },
  },
});
