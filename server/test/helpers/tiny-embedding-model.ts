import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A stand-in for the gte-small model, for tests: nothing can be downloaded here, and no npm
 * package ships gte-small. It has gte-small's interface — a BERT WordPiece tokenizer.json and an
 * ONNX graph taking `input_ids`, `token_type_ids` and `attention_mask` (int64 [batch, sequence])
 * and giving `last_hidden_state` (float [batch, sequence, width]) — but its "encoder" is only a
 * token embedding plus a token-type embedding, so a test can compute the expected embedding by
 * hand. The real ONNX runtime runs it; what is doubled is the model's weights, not our code.
 */

export const TINY_VOCAB = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'hello', 'world', '##s', ',', 'gather'];
export const TINY_WIDTH = 4;

/** Row `id` of the token embedding table. */
export function tokenEmbedding(id: number): number[] {
  return Array.from({ length: TINY_WIDTH }, (_, d) => ((id * 3 + d * 5) % 7) - 3);
}
/** Token type 0's embedding (every single-text token has type 0). */
export const TYPE_EMBEDDING = [0.5, -0.25, 0, 1];

// Protobuf, by hand: ONNX's ModelProto needs only varints and length-delimited fields here.
function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  do {
    let b = v % 128;
    v = Math.floor(v / 128);
    if (v) b += 128;
    out.push(b);
  } while (v);
  return out;
}
const bytes = (field: number, b: number[]) => [...varint((field << 3) | 2), ...varint(b.length), ...b];
const str = (field: number, s: string) => bytes(field, [...Buffer.from(s)]);
const int = (field: number, n: number) => [...varint(field << 3), ...varint(n)];
const msg = (field: number, parts: number[][]) => bytes(field, parts.flat());
const dim = (d: number | string) => msg(1, [typeof d === 'number' ? int(1, d) : str(2, d)]);
/** ValueInfoProto: name, TypeProto.tensor_type {elem_type (1 float, 7 int64), shape}. */
const valueInfo = (field: number, name: string, elem: number, dims: (number | string)[]) =>
  msg(field, [str(1, name), msg(2, [msg(1, [int(1, elem), msg(2, dims.map(dim))])])]);
const node = (op: string, inputs: string[], outputs: string[]) => msg(1, [...inputs.map((i) => str(1, i)), ...outputs.map((o) => str(2, o)), str(4, op)]);
/** TensorProto of floats as raw little-endian bytes. */
const floats = (name: string, dims: number[], values: number[]) =>
  msg(5, [...dims.map((d) => int(1, d)), int(2, 1), str(8, name), bytes(9, [...new Uint8Array(new Float32Array(values).buffer)])]);

export function tinyOnnxModel(): Uint8Array {
  const graph = [
    node('Gather', ['token_embeddings', 'input_ids'], ['tokens']),
    node('Gather', ['type_embeddings', 'token_type_ids'], ['types']),
    node('Add', ['tokens', 'types'], ['last_hidden_state']),
    str(2, 'tiny-embedding'),
    floats('token_embeddings', [TINY_VOCAB.length, TINY_WIDTH], TINY_VOCAB.flatMap((_, id) => tokenEmbedding(id))),
    floats('type_embeddings', [2, TINY_WIDTH], [...TYPE_EMBEDDING, ...TYPE_EMBEDDING.map((x) => -x)]),
    valueInfo(11, 'input_ids', 7, ['batch', 'sequence']),
    valueInfo(11, 'token_type_ids', 7, ['batch', 'sequence']),
    valueInfo(11, 'attention_mask', 7, ['batch', 'sequence']),
    valueInfo(12, 'last_hidden_state', 1, ['batch', 'sequence', TINY_WIDTH]),
  ];
  // ir_version 8, opset 17.
  return new Uint8Array([...int(1, 8), ...msg(8, [str(1, ''), int(2, 17)]), ...msg(7, graph)]);
}

/** A BERT tokenizer.json (lowercasing, WordPiece, `[CLS] … [SEP]`) over TINY_VOCAB. */
export function tinyTokenizerJson(): object {
  const special = (id: number, content: string) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  const cls = { SpecialToken: { id: '[CLS]', type_id: 0 } };
  const sep = { SpecialToken: { id: '[SEP]', type_id: 0 } };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [0, 1, 2, 3].map((id) => special(id, TINY_VOCAB[id]!)),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [cls, { Sequence: { id: 'A', type_id: 0 } }, sep],
      pair: [cls, { Sequence: { id: 'A', type_id: 0 } }, sep, { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } }],
      special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(TINY_VOCAB.map((t, i) => [t, i])) },
  };
}

/** Writes `<modelsDir>/gte-small/` as a clone of the model's repository would lay it out. */
export function writeTinyGteSmall(modelsDir: string): void {
  const dir = join(modelsDir, 'gte-small');
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  writeFileSync(join(dir, 'onnx', 'model.onnx'), tinyOnnxModel());
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify(tinyTokenizerJson()));
}

/** What gte-small's pipeline gives for these token ids: mean over tokens, then L2-normalized. */
export function expectedEmbedding(ids: number[], opts: { meanPool?: boolean; normalize?: boolean } = {}): number[] {
  const rows = ids.map((id) => tokenEmbedding(id).map((x, d) => x + TYPE_EMBEDDING[d]!));
  let out = opts.meanPool === false ? rows.flat() : rows[0]!.map((_, d) => rows.reduce((s, r) => s + r[d]!, 0) / rows.length);
  if (opts.normalize !== false) {
    const l2 = Math.sqrt(out.reduce((s, x) => s + x * x, 0));
    out = out.map((x) => x / l2);
  }
  return out;
}
