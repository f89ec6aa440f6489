import type { Session } from 'node:inspector';
import type { Worker } from 'node:worker_threads';

/**
 * Runs one JavaScript expression inside a worker thread that is busy (decision 0254). PGlite's
 * worker sits inside WebAssembly for as long as a statement runs, so a message posted to it
 * waits until the statement ends, and its memory is not shared. Node's inspector is the one
 * channel that reaches a busy thread: a message to a worker's inspector session is delivered by
 * a V8 interrupt, which WebAssembly code takes at its next loop or call. The expression then
 * runs on the worker's own thread, between two steps of Postgres.
 *
 * One inspector session per process, opened at the first call: it attaches to the process's
 * workers (as a debugger would, without enabling the debugger, so nothing is slowed: measured
 * in decision 0254) and stays, so a call costs one message each way. Resolves with the
 * expression's value, or undefined when the inspector is not available (a Node built without it)
 * or the worker does not answer in time.
 */
export async function evaluateInWorker(worker: Worker, expression: string, timeoutMs = 2000): Promise<unknown> {
  const inspector = await workerInspector();
  if (!inspector) return undefined;
  const sessionId = await inspector.sessionFor(worker, timeoutMs);
  if (sessionId === undefined) return undefined;
  const id = inspector.nextId++;
  return new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => {
      inspector.answers.delete(id);
      resolve(undefined);
    }, timeoutMs);
    inspector.answers.set(id, (value) => {
      clearTimeout(timer);
      resolve(value);
    });
    const message = JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } });
    inspector.session.post('NodeWorker.sendMessageToWorker', { sessionId, message }, (err) => {
      if (!err) return;
      inspector.answers.get(id)?.(undefined);
      inspector.answers.delete(id);
    });
  });
}

interface WorkerInspector {
  session: Session;
  /** Inspector session id of each attached worker, by its title ("[worker <threadId>] …"). */
  attached: Map<string, string>;
  answers: Map<number, (value: unknown) => void>;
  nextId: number;
  sessionFor(worker: Worker, timeoutMs: number): Promise<string | undefined>;
}

let opening: Promise<WorkerInspector | undefined> | undefined;

function workerInspector(): Promise<WorkerInspector | undefined> {
  opening ??= open().catch(() => undefined);
  return opening;
}

async function open(): Promise<WorkerInspector | undefined> {
  const { Session } = await import('node:inspector');
  const session = new Session();
  session.connect();
  const attached = new Map<string, string>();
  const waiting = new Set<() => void>();
  const inspector: WorkerInspector = {
    session,
    attached,
    answers: new Map(),
    nextId: 1,
    async sessionFor(worker, timeoutMs) {
      const prefix = `[worker ${worker.threadId}]`;
      const find = () => [...attached].find(([title]) => title.startsWith(prefix))?.[1];
      const deadline = Date.now() + timeoutMs;
      for (let id = find(); ; id = find()) {
        if (id !== undefined || Date.now() >= deadline) return id;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          waiting.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
  session.on('NodeWorker.attachedToWorker', (m: { params: { sessionId: string; workerInfo: { title: string } } }) => {
    attached.set(m.params.workerInfo.title, m.params.sessionId);
    for (const wake of waiting) wake();
    waiting.clear();
  });
  session.on('NodeWorker.detachedFromWorker', (m: { params: { sessionId: string } }) => {
    for (const [title, id] of attached) if (id === m.params.sessionId) attached.delete(title);
  });
  session.on('NodeWorker.receivedMessageFromWorker', (m: { params: { message: string } }) => {
    const answer = JSON.parse(m.params.message) as { id?: number; result?: { result?: { value?: unknown } } };
    if (answer.id === undefined) return;
    const resolve = inspector.answers.get(answer.id);
    inspector.answers.delete(answer.id);
    resolve?.(answer.result?.result?.value);
  });
  await new Promise<void>((resolve, reject) => session.post('NodeWorker.enable', { waitForDebuggerOnStart: false }, (err) => (err ? reject(err) : resolve())));
  return inspector;
}
