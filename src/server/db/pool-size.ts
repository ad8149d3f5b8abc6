/**
 * Connections of the PostgreSQL pool when DATABASE_POOL_SIZE is unset: node-postgres's own default. Operators
 * size it to the database server, whose `max_connections` every instance of the app shares (README
 * "Configuration"; docs/performance.md, "The pool's size"). Its own module, without dependencies, so that
 * config.ts reads it without loading the database drivers.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 10;
