import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where `Supabase.ai` looks for `<model>/` folders: GATHER_AI_MODELS_DIR, else ~/.cache/gather/models. */
export function aiModelsDir(configured: string): string {
  if (configured) return resolve(configured);
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'gather', 'models');
}

/**
 * What a function's worker needs to provide `Supabase.ai` (worker-runtime/supabase-ai.ts): the
 * models folder and the embedding engine's module, loaded only when a session runs (it brings
 * the ONNX runtime). The worker takes both out of its environment before the function's code
 * runs, so `Deno.env` holds only the function's own variables.
 */
export function aiRuntimeEnv(configuredDir: string): Record<string, string> {
  return {
    __GATHER_AI_MODELS_DIR: aiModelsDir(configuredDir),
    __GATHER_AI_ENGINE: new URL('./gte-embeddings.ts', import.meta.url).href,
  };
}
