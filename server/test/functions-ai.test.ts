import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { expectedEmbedding, writeTinyGteSmall } from './helpers/tiny-embedding-model.ts';

// Supabase.ai in functions (issue 34 item 5, decision 0296): `new Supabase.ai.Session('gte-small')`
// at a function's top level killed its worker at load (every call 503 BOOT_ERROR). Now the
// session computes embeddings from the operator's models folder, and a missing model or
// inference server is an error at call time that says what to do.

const EMBED = `
const gte = new Supabase.ai.Session('gte-small');
Deno.serve(async (req) => {
  const { input, model, withoutHost, envKeys, ...opts } = await req.json();
  if (envKeys) return Response.json({ output: Object.keys(Deno.env.toObject()) });
  if (withoutHost) Deno.env.delete('AI_INFERENCE_API_HOST');
  try {
    const session = model ? new Supabase.ai.Session(model) : gte;
    const output = await session.run(input, opts);
    if (opts.stream) {
      const messages = [];
      for await (const m of output) messages.push(m);
      return Response.json({ output: messages });
    }
    return Response.json({ output });
  } catch (err) {
    return Response.json({ error: err.message }, { status: 500 });
  }
});`;

let s: TestServer;
let root: string;
let modelsDir: string;
let ollama: Server;
const prompts: unknown[] = [];

beforeAll(async () => {
  // A local double of Ollama's documented /api/generate (newline-delimited JSON) and of an
  // OpenAI-compatible /v1/chat/completions streaming server-sent events.
  ollama = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      prompts.push({ path: req.url, ...JSON.parse(body) });
      if (req.url === '/v1/chat/completions') {
        res.setHeader('content-type', 'text/event-stream');
        const chunk = (content: string, finish: string | null) => `data: ${JSON.stringify({ choices: [{ delta: { content }, finish_reason: finish }] })}\n\n`;
        res.end(`${chunk('Hi', null)}${chunk(' there', 'stop')}data: [DONE]\n\n`);
        return;
      }
      res.setHeader('content-type', 'application/x-ndjson');
      res.end(`${JSON.stringify({ model: 'llama3', response: 'Hi there', done: true })}\n`);
    });
  });
  await new Promise<void>((r) => ollama.listen(0, '127.0.0.1', r));
  root = mkdtempSync(join(tmpdir(), 'gather-ai-'));
  modelsDir = join(root, 'models');
  const fnDir = join(root, 'project', 'functions', 'embed');
  mkdirSync(fnDir, { recursive: true });
  writeFileSync(join(fnDir, 'index.ts'), EMBED);
  writeFileSync(join(root, 'project', 'functions', '.env'), `AI_INFERENCE_API_HOST=http://127.0.0.1:${(ollama.address() as AddressInfo).port}\n`);
  s = await startTestServer({ project: join(root, 'project'), functionsAiModelsDir: modelsDir });
});
afterAll(async () => {
  await s?.stop();
  ollama?.close();
  rmSync(root, { recursive: true, force: true });
});

async function embed(body: Record<string, unknown>) {
  const { data, error } = await s.anon().functions.invoke<{ output: unknown }>('embed', { body });
  if (error) return { status: error.context?.status as number, body: (await error.context.json()) as { error: string } };
  return { status: 200, body: data! };
}

const close = (actual: unknown, expected: number[]) => {
  expect((actual as number[]).length).toBe(expected.length);
  (actual as number[]).forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 5));
};

describe(`Supabase.ai in functions (${driverName})`, () => {
  it('a missing model is an error at call time naming it and where to put it; the function still loads', async () => {
    const r = await embed({ input: 'hello' });
    expect(r.status).toBe(500);
    const message = (r.body as { error: string }).error;
    expect(message).toContain('"gte-small" is not installed');
    expect(message).toContain(join(modelsDir, 'gte-small'));
    expect(message).toContain('GATHER_AI_MODELS_DIR');
  });

  it('embeds with the model the operator provides: mean-pooled and normalized by default', async () => {
    writeTinyGteSmall(modelsDir);
    // "Hello, worlds" → [CLS] hello , world ##s [SEP]
    const ids = [2, 4, 7, 5, 6, 3];
    const pooled = await embed({ input: 'Hello, worlds' });
    expect(pooled).toMatchObject({ status: 200 });
    close((pooled.body as { output: number[] }).output, expectedEmbedding(ids));
    const raw = await embed({ input: 'Hello, worlds', mean_pool: false, normalize: false });
    close((raw.body as { output: number[] }).output, expectedEmbedding(ids, { meanPool: false, normalize: false }));
    const sum = await embed({ input: 'Hello, worlds', normalize: false });
    close((sum.body as { output: number[] }).output, expectedEmbedding(ids, { normalize: false }));
  });

  it('truncates a long text to 512 tokens, keeping [CLS] and [SEP]', async () => {
    const r = await embed({ input: 'hello '.repeat(600) });
    expect(r.status).toBe(200);
    close((r.body as { output: number[] }).output, expectedEmbedding([2, ...Array<number>(510).fill(4), 3]));
  });

  it("the server's own settings stay out of the function's environment", async () => {
    const r = await embed({ envKeys: true });
    expect((r.body as { output: string[] }).output).toContain('AI_INFERENCE_API_HOST');
    expect((r.body as { output: string[] }).output.filter((k) => k.startsWith('__GATHER'))).toEqual([]);
  });

  it('other models go to the inference server named by AI_INFERENCE_API_HOST (Ollama)', async () => {
    const r = await embed({ model: 'llama3', input: 'Say hi' });
    expect(r.status).toBe(200);
    expect((r.body as { output: unknown }).output).toEqual({ model: 'llama3', response: 'Hi there', done: true });
    expect(prompts).toEqual([{ path: '/api/generate', model: 'llama3', stream: false, prompt: 'Say hi' }]);
  });

  it('an OpenAI-compatible server, streamed: each message until finish_reason stop', async () => {
    prompts.length = 0;
    const body = { messages: [{ role: 'user', content: 'Say hi' }] };
    const r = await embed({ model: 'gpt-local', input: body, mode: 'openaicompatible', stream: true });
    expect(r.status).toBe(200);
    expect((r.body as { output: { choices: { delta: { content: string } }[] }[] }).output.map((m) => m.choices[0]!.delta.content)).toEqual(['Hi', ' there']);
    expect(prompts).toEqual([{ path: '/v1/chat/completions', model: 'gpt-local', stream: true, ...body }]);
  });

  it('without AI_INFERENCE_API_HOST, another model says how to reach one', async () => {
    const r = await embed({ model: 'llama3', input: 'Say hi', withoutHost: true });
    expect(r.status).toBe(500);
    expect((r.body as { error: string }).error).toMatch(/"llama3" runs on an inference server: set AI_INFERENCE_API_HOST in supabase\/functions\/.env/);
  });
});
