import { basename, dirname, resolve } from 'node:path';
import type { Embedder } from './embedder.js';

/**
 * An embedder backed by a local ONNX sentence model (a directory in the Hugging Face layout:
 * config.json, tokenizer.json, onnx/model.onnx), run by @huggingface/transformers when an
 * operator sets EMBEDDING_MODEL_PATH. The package is an optional dependency, not installed by
 * default: it pulls in onnxruntime-node (~300 MB), and no Japanese-capable model ships on npm
 * (DESIGN §12). Nothing is ever downloaded: remote models are switched off.
 */

/** The part of @huggingface/transformers used here, typed locally so the package stays optional. */
interface TransformersModule {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string };
  pipeline(task: 'feature-extraction', model: string, options: { local_files_only: boolean }): Promise<FeatureExtractor>;
}
type FeatureExtractor = (texts: string[], options: { pooling: 'mean'; normalize: boolean }) => Promise<Tensor>;
interface Tensor {
  dims: number[];
  data: Float32Array | ArrayLike<number>;
}

export const TRANSFORMERS_PACKAGE = '@huggingface/transformers';

export async function loadOnnxEmbedder(
  modelPath: string,
  importModule: (specifier: string) => Promise<unknown> = (s) => import(s),
): Promise<Embedder> {
  const transformers = await importTransformers(importModule);
  const directory = resolve(modelPath);
  // Model ids resolve under env.localModelPath: point it at the parent, name the directory.
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.localModelPath = `${dirname(directory)}/`;
  const extractor = await transformers.pipeline('feature-extraction', basename(directory), { local_files_only: true });

  const run = async (texts: string[]): Promise<Float32Array[]> => {
    if (texts.length === 0) return [];
    const output = await extractor(texts, { pooling: 'mean', normalize: true });
    const [rows, width] = output.dims;
    if (rows !== texts.length || width === undefined)
      throw new Error(`unexpected embedding shape [${output.dims.join(', ')}] for ${texts.length} texts`);
    const data = Float32Array.from(output.data);
    return Array.from({ length: rows }, (_, i) => data.slice(i * width, (i + 1) * width));
  };

  const [probe] = await run(['dimension probe']);
  const dimensions = probe?.length ?? 0;
  return { id: `onnx:${basename(directory)}:${dimensions}`, dimensions, embed: run };
}

async function importTransformers(importModule: (specifier: string) => Promise<unknown>): Promise<TransformersModule> {
  try {
    return (await importModule(TRANSFORMERS_PACKAGE)) as TransformersModule;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new Error(
        `EMBEDDING_MODEL_PATH is set but ${TRANSFORMERS_PACKAGE} is not installed. ` +
          `Install it in the service's directory with \`npm install ${TRANSFORMERS_PACKAGE}\` ` +
          '(it brings onnxruntime-node, about 300 MB), or unset EMBEDDING_MODEL_PATH to use the built-in ' +
          'hashed TF-IDF embedder. See docs/analysis.md.',
        { cause: error },
      );
    }
    throw error;
  }
}
