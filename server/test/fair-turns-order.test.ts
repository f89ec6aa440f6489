import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FairTurns } from '../src/db/fair-turns.ts';

// Who goes next at the database (decisions 0255 and 0461), on PGlite's single turn, with the
// clock in the test's hands: a little more use than a newcomer costs a little place in the line,
// not the whole line; a lot of use still puts a client behind everyone, until it starves.

let clock = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = 1_000_000;
  vi.setSystemTime(clock);
});
afterEach(() => vi.useRealTimers());

const at = (ms: number) => vi.setSystemTime((clock = ms));

/** A client that held the database for `ms` once, ending now. */
async function used(turns: FairTurns, client: string, ms: number) {
  const start = clock;
  at(start - ms);
  const release = await turns.acquire(client);
  at(start);
  release();
}

/**
 * The order in which callers are served: the single turn is held while `arrive` queues them
 * (`wait(client)`, the clock moved between arrivals as it likes), then let go; each turn lasts 1 ms.
 */
async function servedOrder(turns: FairTurns, arrive: (wait: (client: string) => void) => void): Promise<string[]> {
  const blocker = await turns.acquire('blocker');
  const order: string[] = [];
  const served: Promise<void>[] = [];
  arrive((client) =>
    served.push(turns.acquire(client).then((release) => {
      order.push(client);
      at(clock + 1);
      release();
    })));
  await new Promise((r) => setImmediate(r));
  blocker();
  await Promise.all(served);
  return order;
}

describe('the order of turns at the database', () => {
  it('among clients that used the database a little, the one that waited longest goes first (a crowd is first come, first served)', async () => {
    const turns = new FairTurns(1);
    await used(turns, 'earlier', 5); // one short request a moment ago
    at(clock + 1000);
    const order = await servedOrder(turns, (wait) => {
      wait('earlier');
      for (let i = 0; i < 10; i++) {
        at(clock + 100); // newcomers keep arriving, each without any use
        wait(`newcomer ${i}`);
      }
    });
    // Before decision 0461 any use at all put it behind every newcomer (until starved, 5 s).
    expect(order[0]).toBe('earlier');
  });

  it('a client that held the database for long lately waits behind newcomers, until it has waited 5 s', async () => {
    const turns = new FairTurns(1);
    await used(turns, 'heavy', 1500);
    const behind = (waited: number) => servedOrder(turns, (wait) => {
      wait('heavy');
      at(clock + waited);
      wait('newcomer');
    });
    expect(await behind(1000)).toEqual(['newcomer', 'heavy']);
    expect(await behind(5001)).toEqual(['heavy', 'newcomer']);
  });

  it('a client with a backlog queues again after each of its turns: others in line go between them', async () => {
    const turns = new FairTurns(1);
    const order = await servedOrder(turns, (wait) => {
      for (let i = 0; i < 3; i++) wait('busy');
      at(clock + 50);
      wait('other');
    });
    expect(order).toEqual(['busy', 'other', 'busy', 'busy']);
  });
});
