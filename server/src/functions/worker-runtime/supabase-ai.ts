import { inferenceRun, type InferenceOptions } from './inference-api.ts';

/**
 * `Supabase.ai` as Supabase's edge runtime provides it (ext/ai/js/ai.js): `new
 * Supabase.ai.Session('gte-small')` computes embeddings in the worker, any other model goes to
 * the inference server named by the function's `AI_INFERENCE_API_HOST` (Ollama, or an
 * OpenAI-compatible API). Creating a session never throws, so a function always loads; what is
 * missing (the model's files, an inference server) is a clear error when `run` is called
 * (decision 0296).
 */

interface EmbeddingEngine {
  embedder(modelsDir: string, model: string): Promise<{ run(prompt: string, meanPool: boolean, normalize: boolean): Promise<number[]> }>;
}

let modelsDir = '';
let engineUrl = '';

class Session {
  readonly model: string;
  init?: Promise<unknown>;
  private readonly inferenceHost?: string;

  constructor(model: string) {
    this.model = model;
    if (model === 'gte-small') {
      // Loading starts now, as upstream's op_ai_init_model; its failure is reported by run().
      this.init = loadEmbedder(model);
      this.init.catch(() => {});
    } else {
      this.inferenceHost = process.env.AI_INFERENCE_API_HOST || undefined;
    }
  }

  async run(prompt: unknown, opts: InferenceOptions & { mean_pool?: boolean; normalize?: boolean } = {}): Promise<unknown> {
    if (this.model !== 'gte-small') {
      if (!this.inferenceHost) {
        throw new Error(
          `Supabase.ai: the model "${this.model}" runs on an inference server: set AI_INFERENCE_API_HOST in supabase/functions/.env ` +
            '(e.g. http://127.0.0.1:11434 for Ollama, with mode "ollama", or an OpenAI-compatible server with mode "openaicompatible"). ' +
            'Only gte-small runs inside the server.',
        );
      }
      return inferenceRun(this.inferenceHost, this.model, prompt, opts);
    }
    // A model put in place after the function loaded is found on the next call.
    const engine = (await this.init!.catch(() => (this.init = loadEmbedder(this.model)))) as Awaited<ReturnType<EmbeddingEngine['embedder']>>;
    if (typeof prompt !== 'string') throw new TypeError('Supabase.ai: gte-small embeds a string');
    return engine.run(prompt, opts.mean_pool ?? true, opts.normalize ?? true);
  }
}

async function loadEmbedder(model: string) {
  if (!engineUrl) throw new Error('Supabase.ai: this server was started without its embedding engine');
  const engine = (await import(engineUrl)) as EmbeddingEngine;
  return engine.embedder(modelsDir, model);
}

/** Puts `Supabase.ai` on the global object, and takes the server's settings out of the environment. */
export function installSupabaseAi(): void {
  modelsDir = process.env.__GATHER_AI_MODELS_DIR ?? '';
  engineUrl = process.env.__GATHER_AI_ENGINE ?? '';
  delete process.env.__GATHER_AI_MODELS_DIR;
  delete process.env.__GATHER_AI_ENGINE;
  const g = globalThis as Record<string, unknown>;
  g.Supabase = { ai: { Session } };
}
