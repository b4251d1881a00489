/**
 * A load generator process: autocannon with one caller per connection (its own bearer token and body), for actions
 * whose callers must differ (a payment from each of 16 payers). Run by `runAutocannonClients` (autocannon.ts) as a
 * child process, so the load does not share the server's process; prints autocannon's summary as JSON.
 */
import { createRequire } from 'node:module';

interface Caller {
  token: string;
  body: string;
}
interface Input {
  url: string;
  connections: number;
  seconds: number;
  callers: Caller[];
}
interface Client {
  setHeadersAndBody: (headers: Record<string, string>, body: string) => void;
}
type Autocannon = (options: {
  url: string;
  method: 'POST';
  connections: number;
  duration: number;
  setupClient: (client: Client) => void;
}) => Promise<unknown>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
const input = JSON.parse(process.argv[2] ?? '{}') as Input;
let next = 0;
const summary = await autocannon({
  url: input.url,
  method: 'POST',
  connections: input.connections,
  duration: input.seconds,
  setupClient: (client) => {
    const caller = input.callers[next % input.callers.length];
    next += 1;
    if (!caller) throw new Error('No callers given');
    client.setHeadersAndBody({ 'content-type': 'application/json', authorization: `Bearer ${caller.token}` }, caller.body);
  },
});
process.stdout.write(JSON.stringify(summary));
