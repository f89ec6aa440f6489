import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { requireUser } from '../authenticate.ts';
import { badRequest } from '../errors.ts';
import { queryParam } from '../request-body.ts';
import { deleteAllSessions, deleteOtherSessions, deleteSession } from '../session-store.ts';

/**
 * POST /logout?scope=global|local|others (signOut): global ends every session of the user,
 * local only this one, others all but this one. 204 with no body, as GoTrue answers.
 */
export function logoutRoutes(app: FastifyInstance, a: AuthContext): void {
  app.post('/logout', async (req, reply) => {
    const authed = await requireUser(a, req);
    const scope = queryParam(req, 'scope') || 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
    }
    const { user, session } = authed;
    await a.server.db.transaction(async (tx) => {
      // A token without session_id can only mean "everything".
      if (session && scope === 'local') await deleteSession(tx, session.id);
      else if (session && scope === 'others') await deleteOtherSessions(tx, user.id, session.id);
      else await deleteAllSessions(tx, user.id);
    });
    return reply.code(204).send();
  });
}
