/**
 * `npm start`: one Node process (npm execs it, so a SIGTERM sent to `npm start` reaches it). It checks the
 * configuration (a local try-out without keys or PUBLIC_URL asks for the provider simulator) and, run as root, that the embedded PostgreSQL can enter its folders, then builds the web app only
 * when its sources changed since the last build (scripts/web-source-hash.ts), beside the database start, and runs
 * the server in this process.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isLocalTryOut, loadConfig, providerMode } from '../apps/server/src/config.ts';
import { assertEmbeddedPostgresCanRun } from '../apps/server/src/db/embedded.ts';
import { explain, startServer } from '../apps/server/src/server.ts';
import { isWebBuildCurrent, REPO_ROOT } from './web-source-hash.ts';

function buildWebApp(): Promise<void> {
  console.log('The web app sources changed since the last build: building apps/web (vite build)');
  // The web workspace's own Vite (another major version may be hoisted to the root).
  const webDir = path.join(REPO_ROOT, 'apps/web');
  const vite = path.join(
    path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
  // The server may stop (a signal, a failed start) while the build runs: the build goes with it.
  const stopBuild = () => child.kill('SIGTERM');
  process.on('exit', stopBuild);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stopBuild);
      if (code === 0) resolve();
      else reject(new Error(`The web app build failed (${signal ?? `exit code ${code}`}); its errors are above`));
    });
  });
}

async function main(): Promise<void> {
  process.env.NODE_ENV ??= 'production';
  if (isLocalTryOut(process.env)) {
    process.env.TUZO_PROVIDER_SIMULATOR = 'true';
    console.log(
      'No provider keys and no public PUBLIC_URL (a local try-out): TUZO_PROVIDER_SIMULATOR=true, payments go to the local simulator',
    );
  }
  try {
    const config = loadConfig();
    providerMode(config);
    if (!config.DATABASE_URL) await assertEmbeddedPostgresCanRun(config.dataDir);
  } catch (error) {
    console.error(explain(error));
    process.exit(1);
  }
  await startServer(isWebBuildCurrent() ? {} : { beforeApp: buildWebApp() });
}

void main();
