import { describe, expect, it } from 'vitest';
import { loadOnnxEmbedder } from '../../src/analysis/onnx-embedder.js';

describe('loadOnnxEmbedder', () => {
  it('tells the operator what to install when @huggingface/transformers is missing', async () => {
    const error = await loadOnnxEmbedder('/models/multilingual-e5-small').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain('npm install @huggingface/transformers');
    expect(message).toContain('onnxruntime-node');
    expect(message).toContain('EMBEDDING_MODEL_PATH');
  });

  it('passes other import failures through unchanged', async () => {
    const broken = new Error('model file is corrupt');
    await expect(loadOnnxEmbedder('/models/x', () => Promise.reject(broken))).rejects.toBe(broken);
  });
});
