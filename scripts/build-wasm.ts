// `npm run build:wasm`: compiles src/ranking/int16-dot.wat into src/ranking/int16-dot-wasm.ts
// (the bytes, base64), so neither the build nor a fresh clone needs a WebAssembly toolchain.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileWat, wasmModuleSource } from './wasm-source.js';

const ranking = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'ranking');
const bytes = await compileWat(readFileSync(path.join(ranking, 'int16-dot.wat'), 'utf8'));
writeFileSync(path.join(ranking, 'int16-dot-wasm.ts'), wasmModuleSource(bytes));
console.log(`src/ranking/int16-dot-wasm.ts: ${bytes.length} bytes of WebAssembly`);
