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
const settle = () => new Promise((r) => setImmediate(r));

/** A client that held the database for `ms` once, ending now. */
async function used(turns: FairTurns, client: string, ms: number) {
  const start = clock;
  at(start - ms);
  const release = await turns.acquire(client);
  at(start);
  release();
}

/** A caller that waits for a turn; its name is pushed to `order` as it is served, and its turn lasts 1 ms. */
function waiting(turns: FairTurns, order: string[], client: string) {
  return turns.acquire(client).then((release) => {
    order.push(client);
    at(clock + 1);
    release();
  });
}

describe('the order of turns at the database', () => {
  it('among clients that used the database a little, the one that waited longest goes first (a crowd is first come, first served)', async () => {
    const turns = new FairTurns(1);
    await used(turns, 'earlier', 5); // one short request a moment ago
    at(clock + 1000);
    const blocker = await turns.acquire('blocker');
    const order: string[] = [];
    const all = [waiting(turns, order, 'earlier')];
    for (let i = 0; i < 10; i++) {
      at(clock + 100); // newcomers keep arriving, each without any use
      all.push(waiting(turns, order, `newcomer ${i}`));
    }
    await settle();
    blocker();
    await Promise.all(all);
    // Before decision 0461 any use at all put it behind every newcomer (until starved, 5 s).
    expect(order[0]).toBe('earlier');
  });

  it('a client that held the database for long lately waits behind newcomers, until it has waited 5 s', async () => {
    const turns = new FairTurns(1);
    await used(turns, 'heavy', 1500);
    const blocker = await turns.acquire('blocker');
    const order: string[] = [];
    const heavy = waiting(turns, order, 'heavy');
    at(clock + 1000);
    const newcomer = waiting(turns, order, 'newcomer');
    await settle();
    blocker();
    await Promise.all([heavy, newcomer]);
    expect(order).toEqual(['newcomer', 'heavy']);

    const again = await turns.acquire('blocker');
    const next: string[] = [];
    const starving = waiting(turns, next, 'heavy');
    at(clock + 5001);
    const late = waiting(turns, next, 'latecomer');
    await settle();
    again();
    await Promise.all([starving, late]);
    expect(next).toEqual(['heavy', 'latecomer']);
  });

  it('a client with a backlog queues again after each of its turns: others in line go between them', async () => {
    const turns = new FairTurns(1);
    const blocker = await turns.acquire('blocker');
    const order: string[] = [];
    const backlog = Array.from({ length: 3 }, () => waiting(turns, order, 'busy'));
    at(clock + 50);
    const other = waiting(turns, order, 'other');
    await settle();
    blocker();
    await Promise.all([...backlog, other]);
    expect(order).toEqual(['busy', 'other', 'busy', 'busy']);
  });
});
