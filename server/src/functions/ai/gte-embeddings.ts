import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Embeddings as Supabase's edge runtime computes them for `new Supabase.ai.Session('gte-small')`
 * (ext/ai in supabase/edge-runtime): the model's tokenizer (truncated to 512 tokens), the ONNX
 * model fed `input_ids`, `token_type_ids` and `attention_mask`, its `last_hidden_state` mean-pooled
 * over the attention mask and L2-normalized. Runs inside a function's worker, loaded only when a
 * session first runs (decision 0296). Nothing is downloaded: the files come from the operator's
 * models folder.
 */

const MAX_TOKENS = 512;

export interface Embedder {
  run(prompt: string, meanPool: boolean, normalize: boolean): Promise<number[]>;
}

type Ort = typeof import('onnxruntime-web');
type Session = Awaited<ReturnType<Ort['InferenceSession']['create']>>;
interface TokenizerLike {
  encode(text: string, options: { return_token_type_ids: true }): { ids: number[]; attention_mask: number[]; token_type_ids: number[] };
}

/** The files of `<modelsDir>/<model>/`, in Hugging Face's layout (a clone of the model's repository) or flat. */
export function modelFiles(modelsDir: string, model: string): { dir: string; onnx?: string; tokenizer?: string } {
  const dir = join(modelsDir, model);
  const onnx = [join(dir, 'onnx', 'model.onnx'), join(dir, 'model.onnx')].find((f) => existsSync(f));
  const tokenizer = join(dir, 'tokenizer.json');
  return { dir, onnx, tokenizer: existsSync(tokenizer) ? tokenizer : undefined };
}

const loaded = new Map<string, Promise<Embedder>>();

/** One embedder per model folder and worker; a folder that failed to load is tried again next time. */
export function embedder(modelsDir: string, model: string): Promise<Embedder> {
  const key = join(modelsDir, model);
  let p = loaded.get(key);
  if (!p) {
    p = load(modelsDir, model);
    loaded.set(key, p);
    p.catch(() => loaded.delete(key));
  }
  return p;
}

async function load(modelsDir: string, model: string): Promise<Embedder> {
  const files = modelFiles(modelsDir, model);
  if (!files.onnx || !files.tokenizer) {
    const missing = [!files.onnx && 'onnx/model.onnx', !files.tokenizer && 'tokenizer.json'].filter(Boolean).join(' and ');
    throw new Error(
      `Supabase.ai: the model "${model}" is not installed: ${missing} not found in ${files.dir}. ` +
        `Nothing is downloaded at run time here: put the files of the Hugging Face model Supabase/${model} ` +
        `(onnx/model.onnx and tokenizer.json) in ${files.dir}, or point GATHER_AI_MODELS_DIR at the folder that holds ${model}/.`,
    );
  }
  const [ort, { Tokenizer }] = await Promise.all([import('onnxruntime-web'), import('@huggingface/tokenizers')]);
  const tokenizerJson = JSON.parse(await readFile(files.tokenizer, 'utf8')) as object;
  const configFile = join(files.dir, 'tokenizer_config.json');
  const tokenizerConfig = existsSync(configFile) ? (JSON.parse(await readFile(configFile, 'utf8')) as object) : {};
  const tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig) as unknown as TokenizerLike;
  const session = await ort.InferenceSession.create(new Uint8Array(await readFile(files.onnx)));
  // The encoding of an empty text is the special tokens alone ([CLS] [SEP] for BERT models):
  // truncation keeps them and cuts the text's own tokens, as the tokenizers library does.
  const specials = tokenizer.encode('', { return_token_type_ids: true }).ids;
  return { run: (prompt, meanPool, normalize) => infer(ort, session, tokenizer, specials, prompt, meanPool, normalize) };
}

function truncate<T>(values: T[], specials: number[], firstId: number): T[] {
  if (values.length <= MAX_TOKENS) return values;
  const head = specials[0] === firstId ? 1 : 0;
  const tail = specials.length - head;
  return [...values.slice(0, MAX_TOKENS - tail), ...values.slice(values.length - tail)];
}

async function infer(ort: Ort, session: Session, tokenizer: TokenizerLike, specials: number[], prompt: string, meanPool: boolean, normalize: boolean): Promise<number[]> {
  const enc = tokenizer.encode(prompt, { return_token_type_ids: true });
  const ids = truncate(enc.ids, specials, enc.ids[0]!);
  const mask = truncate(enc.attention_mask, specials, enc.ids[0]!);
  const types = truncate(enc.token_type_ids, specials, enc.ids[0]!);
  const tensor = (v: number[]) => new ort.Tensor('int64', BigInt64Array.from(v, (x) => BigInt(x)), [1, v.length]);
  const out = await session.run({ input_ids: tensor(ids), token_type_ids: tensor(types), attention_mask: tensor(mask) });
  const hidden = out.last_hidden_state;
  if (!hidden) throw new Error('Supabase.ai: the model has no last_hidden_state output');
  const [, tokens, width] = hidden.dims as number[];
  const data = hidden.data as Float32Array;
  let result: number[];
  if (meanPool) {
    result = new Array<number>(width!).fill(0);
    let weight = 0;
    for (let t = 0; t < tokens!; t++) {
      if (!mask[t]) continue;
      weight += mask[t]!;
      for (let d = 0; d < width!; d++) result[d]! += data[t * width! + d]! * mask[t]!;
    }
    result = result.map((x) => x / weight);
  } else {
    result = Array.from(data);
  }
  // Over the whole result, as the edge runtime does (one vector when pooled).
  if (normalize) {
    const l2 = Math.sqrt(result.reduce((sum, x) => sum + x * x, 0));
    if (l2 !== 0) result = result.map((x) => x / l2);
  }
  return result;
}
