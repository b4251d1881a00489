import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';

/** Process entry: configuration, database (embedded unless DATABASE_URL is set), listen, graceful shutdown. */
async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, database: 'tuzo' });
    databaseUrl = embedded.url;
  }
  const app = await buildApp({ config, databaseUrl });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      if (embedded) await embedded.stop();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  app.log.info(`Tuzo is ready on http://localhost:${config.PORT} (started in ${seconds} s${embedded ? ', embedded PostgreSQL' : ''})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
