import { ApiError } from '../errors/api-error.ts';
import { isToOne } from './read-plan.ts';
import type { ReadNode, RequestPlan } from './types.ts';

/**
 * Refuses, before any database work, a read tree whose one-to-many and many-to-many embeds nest
 * deeper than `limit` (decision 0253). Each such level multiplies the rows by up to `max_rows`
 * and the planner cannot see it coming (its estimate for these joins is about one row a level):
 * on the demo seed, groups → members → groups → members took 0.3 s, one level more 5 s, one
 * more past the 8 s timeout. To-one embeds (many-to-one, one-to-one, computed to-one) add at most
 * one row each and are not counted. 0 turns the limit off.
 */
export function checkEmbedDepth(plan: RequestPlan, limit: number): void {
  if (limit <= 0 || !('root' in plan)) return;
  const deepest = deepestFanOut(plan.root, 0, [plan.root.name]);
  if (deepest.depth <= limit) return;
  throw new ApiError(
    400,
    '54001',
    'Embedded resources are nested too deeply',
    `${deepest.path.join(' → ')} nests ${deepest.depth} one-to-many or many-to-many embeds; at most ${limit} are allowed`,
    'Embed fewer levels (to-one embeds do not count), or read the deeper rows with a request of their own. The limit is GATHER_REST_MAX_EMBED_DEPTH.',
  );
}

function deepestFanOut(node: ReadNode, depth: number, path: string[]): { depth: number; path: string[] } {
  let best = { depth, path };
  for (const child of node.children) {
    const d = depth + (isToOne(child.rel) ? 0 : 1);
    const found = deepestFanOut(child, d, [...path, child.alias ?? child.name]);
    if (found.depth > best.depth) best = found;
  }
  return best;
}
