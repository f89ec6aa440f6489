/**
 * `Supabase.ai.Session(<llm>).run(prompt, opts)` against an inference server, as the edge runtime
 * does it (ext/ai/js/ai.js): `POST /api/generate` for Ollama (`mode: 'ollama'`, the default; the
 * prompt is a string) or `POST /v1/chat/completions` (`mode: 'openaicompatible'`; the prompt is
 * the request body), `{model, stream, ...}`; newline-delimited JSON, or server-sent events for
 * an OpenAI stream. Streaming returns an async iterator of messages; otherwise the complete one.
 */

export interface InferenceOptions {
  stream?: boolean;
  /** Seconds (default 60). */
  timeout?: number;
  mode?: 'ollama' | 'openaicompatible';
  signal?: AbortSignal;
}

type Message = Record<string, unknown> & { done?: boolean; choices?: { finish_reason?: string | null }[] };

async function* lines(body: ReadableStream<Uint8Array>, sse: boolean): AsyncGenerator<Message> {
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (line: string): Message | undefined => {
    const text = sse ? (line.startsWith('data:') ? line.slice(5).trim() : '') : line.trim();
    if (!text || text === '[DONE]') return undefined;
    return JSON.parse(text) as Message;
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const part of parts) {
      const m = parse(part);
      if (m) yield m;
    }
  }
  const last = parse(buffer);
  if (last) yield last;
}

function finished(m: Message, mode: 'ollama' | 'openaicompatible'): boolean {
  if (mode === 'ollama') return m.done === true;
  const reason = m.choices?.[0]?.finish_reason;
  if (reason && reason !== 'stop') throw new Error('Expected a completed response.');
  return reason === 'stop';
}

export async function inferenceRun(host: string, model: string, prompt: unknown, opts: InferenceOptions): Promise<unknown> {
  const mode = opts.mode ?? 'ollama';
  if (mode !== 'ollama' && mode !== 'openaicompatible') throw new TypeError(`invalid mode: ${String(mode)}`);
  const stream = opts.stream ?? false;
  const timeout = AbortSignal.timeout((typeof opts.timeout === 'number' ? opts.timeout : 60) * 1000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const body = mode === 'ollama' ? { prompt } : (prompt as object);
  const res = await fetch(new URL(mode === 'ollama' ? '/api/generate' : '/v1/chat/completions', host), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ model, stream, ...body }),
    signal,
  });
  if (!res.ok) throw new Error(`Failed to fetch inference API host. Status ${res.status}: ${res.statusText}`);
  if (!res.body) throw new Error('Missing body');
  const messages = lines(res.body, mode === 'openaicompatible' && stream);
  if (stream) {
    return (async function* () {
      for await (const m of messages) {
        yield m;
        if (finished(m, mode)) return;
      }
      throw new Error('Did not receive done or success response in stream.');
    })();
  }
  const { value } = await messages.next();
  if (!value || !finished(value, mode)) throw new Error('Expected a completed response.');
  return value;
}
