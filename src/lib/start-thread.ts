import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/** Under tsx or vitest (tests, benchmarks) our sources are TypeScript and a thread needs tsx's loader; built, they are plain JavaScript. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * Starts a worker thread on one of our modules, named by its built `.js` URL
 * (`new URL('./x.js', import.meta.url)`). From source the thread's entry is
 * evaluated as CommonJS: it registers tsx, then imports the TypeScript module.
 */
export function startThread(entry: URL, workerData: unknown, transferList: Transferable[] = [], resourceLimits?: ResourceLimits): Worker {
  if (!FROM_SOURCE) return new Worker(entry, { workerData, transferList, resourceLimits });
  const source = new URL(entry.href.replace(/\.js$/, '.ts'));
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData, transferList, resourceLimits });
}
