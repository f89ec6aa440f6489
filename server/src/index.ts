export { startServer, type RunningServer, type StartOptions } from './server.ts';
export { loadConfig, ConfigError, type ConfigFlags } from './config/load-config.ts';
export type { Config, DbTarget } from './config/config-schema.ts';
export type { Db, Queryable, RequestContext } from './db/db-types.ts';
export { openDb } from './db/open-db.ts';
