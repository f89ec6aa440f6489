import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { objectInfoJson } from '../db/object-rows.ts';
import { readableObject, signedObject, type Access } from '../serve/readable-object.ts';
import { sendObject } from '../serve/send-object.ts';
import type { StorageEnv } from '../storage-env.ts';

/** download (GET, and HEAD for headers only) on the authenticated, public and signed paths; info. */
export function downloadRoutes(env: StorageEnv): FastifyPluginAsync {
  const serve = (access: Access, operation: string) => async (req: FastifyRequest, reply: FastifyReply) =>
    sendObject(env, req, reply, await readableObject(env, req, access, operation));
  const serveSigned = async (req: FastifyRequest, reply: FastifyReply) => {
    const { row, expires } = await signedObject(env, req);
    return sendObject(env, req, reply, row, { expires });
  };
  // Upstream's InfoRenderer: the JSON, with the object's ETag, Last-Modified and Cache-Control
  // as headers, so a HEAD (Fastify's, from the GET) tells whether an object changed.
  const info = (access: Access) => async (req: FastifyRequest, reply: FastifyReply) => {
    const row = await readableObject(env, req, access, 'storage.object.info');
    const meta = row.metadata;
    if (meta?.eTag) reply.header('etag', meta.eTag);
    const modified = row.updated_at ?? meta?.lastModified;
    if (modified) reply.header('last-modified', new Date(modified).toUTCString());
    if (meta?.cacheControl) reply.header('cache-control', meta.cacheControl);
    return objectInfoJson(row);
  };

  return async (app) => {
    // GET and an explicit HEAD (Fastify's automatic one would answer Content-Length: 0);
    // sendObject stops after the headers for HEAD.
    const getAndHead = (url: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
      app.route({ method: ['GET', 'HEAD'], url, handler, exposeHeadRoute: false });
    getAndHead('/object/:bucket/*', serve('authenticated', 'storage.object.get_authenticated'));
    getAndHead('/object/authenticated/:bucket/*', serve('authenticated', 'storage.object.get_authenticated'));
    getAndHead('/object/public/:bucket/*', serve('public', 'storage.object.get_public'));
    getAndHead('/object/sign/:bucket/*', serveSigned);
    app.get('/object/info/:bucket/*', info('authenticated'));
    app.get('/object/info/authenticated/:bucket/*', info('authenticated'));
    app.get('/object/info/public/:bucket/*', info('public'));
  };
}
