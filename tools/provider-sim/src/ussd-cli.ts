import { createInterface } from 'node:readline';
import { UssdSession, type UssdAnswer } from './ussd-session.ts';

/**
 * `npm run ussd -- <phone> [--url <callback URL>] [--sim <simulator URL>]`: plays one USSD session from a terminal
 * against the running app, as Africa's Talking does (ussd-session.ts): dials, prints each screen, reads the member's
 * key presses from stdin (a line each; piped input works), and posts the end-of-session notification when the
 * session ends (END: `Success`; stdin closed first: `Incomplete`; an HTTP error: `Failed`, exit 1). The app's
 * callback is `--url` (`{PUBLIC_URL}/hooks/ussd/{AT_DELIVERY_SECRET}`), else the one the simulator knows, asked
 * from `--sim` (default `http://127.0.0.1:$PROVIDER_SIM_PORT`, 4010): start the app with `PROVIDER_SIM_PORT=4010`.
 */
const USAGE = 'Usage: npm run ussd -- <phone, e.g. +254712345678> [--url <callback URL>] [--sim <simulator URL>]';

function readArguments(argv: string[]): { phone: string; url: string | null; sim: string } {
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--url' || arg === '--sim') options[arg.slice(2)] = argv[(i += 1)] ?? '';
    else positional.push(arg);
  }
  const phone = positional[0] ?? '';
  if (!/^\+?\d{9,15}$/.test(phone) || positional.length > 1) throw new Error(USAGE);
  const sim = options.sim || `http://127.0.0.1:${process.env.PROVIDER_SIM_PORT ?? 4010}`;
  return { phone, url: options.url || null, sim: sim.replace(/\/$/, '') };
}

async function callbackFromSimulator(sim: string): Promise<string> {
  const response = await fetch(`${sim}/sim/ussd/callback`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
  const answer = response?.ok ? ((await response.json()) as { url?: string }) : null;
  if (!answer?.url)
    throw new Error(`No USSD callback from the simulator at ${sim}: start the app with PROVIDER_SIM_PORT, or give --url`);
  return answer.url;
}

async function main(): Promise<void> {
  const args = readArguments(process.argv.slice(2));
  const url = args.url ?? (await callbackFromSimulator(args.sim));
  const session = new UssdSession(url, args.phone);
  const interactive = Boolean(process.stdin.isTTY);
  const lines = createInterface({ input: process.stdin, terminal: interactive });
  lines.on('SIGINT', () => lines.close()); // Ctrl-C hangs up: the session ends Incomplete
  // Taken now, before the first hop's wait: piped lines that arrive meanwhile are kept, not dropped.
  const presses = lines[Symbol.asyncIterator]();
  const show = (shown: UssdAnswer) =>
    process.stdout.write(`${shown.error ?? shown.body}\n${interactive && !shown.end ? '> ' : ''}`);
  let answer = await session.dial();
  show(answer);
  while (!session.ended) {
    const press = await presses.next();
    if (press.done) break;
    if (!interactive) process.stdout.write(`> ${press.value}\n`);
    answer = await session.send(press.value);
    show(answer);
  }
  lines.close();
  process.stdin.destroy();
  await session.hangUp();
  if (answer.error) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
