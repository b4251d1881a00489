import { randomHex } from './shared.ts';

/**
 * One USSD session played against the app's callback as Africa's Talking plays it (payment-providers.md,
 * "Africa's Talking: USSD"; decision 056): each hop posts the form with every input so far joined by `*`, and when
 * the session is over the end-of-session notification goes to the matching `/hooks/ussd-end/{secret}`. Used by
 * the simulator's dialer (`POST /sim/ussd/hop`) and by `npm run ussd` (ussd-cli.ts).
 */
export interface UssdHop {
  sessionId: string;
  phone: string;
  text: string;
}

export interface UssdAnswer {
  /** The HTTP status of the app's answer (0: not reached). */
  status: number;
  /** The answer as sent: `CON ...` or `END ...`, or what came instead. */
  body: string;
  /** The session is over: an `END` screen, or an answer Africa's Talking would end with an error. */
  end: boolean;
  /** Why Africa's Talking would end the session with an error (an HTTP error, not `CON`/`END`); null when fine. */
  error: string | null;
}

export type SessionEndStatus = 'Success' | 'Incomplete' | 'Failed';

/** `.../hooks/ussd/{secret}` -> `.../hooks/ussd-end/{secret}`: one dashboard, one secret. */
export function ussdEndUrl(callbackUrl: string): string {
  return callbackUrl.replace('/hooks/ussd/', '/hooks/ussd-end/');
}

/** One hop: the app's answer, read as Africa's Talking reads it. */
export async function postUssdHop(url: string, hop: UssdHop): Promise<UssdAnswer> {
  const form = {
    sessionId: hop.sessionId,
    serviceCode: '*384*123#',
    phoneNumber: hop.phone,
    networkCode: '63902',
    text: hop.text,
  };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await response.text();
    const ok = response.ok && /^(CON|END) /.test(body);
    const error = ok ? null : `HTTP ${response.status}: ${body.slice(0, 200)}`;
    return { status: response.status, body, end: !ok || body.startsWith('END '), error };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 0, body: '', end: true, error: `not reached: ${message}` };
  }
}

/** The end-of-session notification (with `input` and `lastAppResponse`, as Africa's Talking sends them). */
export async function postUssdEnd(
  callbackUrl: string,
  end: UssdHop & { status: SessionEndStatus; durationMs: number; hops: number; lastAppResponse: string; errorMessage?: string },
): Promise<number> {
  const form = new URLSearchParams({
    sessionId: end.sessionId,
    serviceCode: '*384*123#',
    networkCode: '63902',
    phoneNumber: end.phone,
    status: end.status,
    durationInMillis: String(Math.round(end.durationMs)),
    hopsCount: String(end.hops),
    cost: 'KES 0.0000',
    input: end.text,
    lastAppResponse: end.lastAppResponse,
    errorMessage: end.errorMessage ?? '',
    date: new Date().toISOString().replace('T', ' ').slice(0, 23),
  });
  try {
    const response = await fetch(ussdEndUrl(callbackUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(15_000),
    });
    return response.status;
  } catch {
    return 0;
  }
}

/** A session of one phone: `dial()`, then `send(input)` per key press; `hangUp()` when the member leaves early. */
export class UssdSession {
  readonly sessionId = `ATUid_sim_${randomHex(8)}`;
  private readonly inputs: string[] = [];
  private readonly startedAt = performance.now();
  private hops = 0;
  private last: UssdAnswer | null = null;
  private over = false;

  constructor(
    private readonly callbackUrl: string,
    readonly phone: string,
  ) {}

  get ended(): boolean {
    return this.over;
  }

  dial(): Promise<UssdAnswer> {
    return this.hop();
  }

  send(input: string): Promise<UssdAnswer> {
    if (this.over) throw new Error('The USSD session is over');
    this.inputs.push(input.trim());
    return this.hop();
  }

  /** The member leaves (or the phone loses the network) before an END screen: the session ends `Incomplete`. */
  async hangUp(): Promise<void> {
    if (!this.over) await this.finish('Incomplete');
  }

  private async hop(): Promise<UssdAnswer> {
    this.hops += 1;
    const answer = await postUssdHop(this.callbackUrl, { sessionId: this.sessionId, phone: this.phone, text: this.text });
    this.last = answer;
    if (answer.end) await this.finish(answer.error ? 'Failed' : 'Success', answer.error ?? undefined);
    return answer;
  }

  private get text(): string {
    return this.inputs.join('*');
  }

  private async finish(status: SessionEndStatus, errorMessage?: string): Promise<void> {
    this.over = true;
    await postUssdEnd(this.callbackUrl, {
      sessionId: this.sessionId,
      phone: this.phone,
      text: this.text,
      status,
      durationMs: performance.now() - this.startedAt,
      hops: this.hops,
      lastAppResponse: this.last?.body ?? '',
      ...(errorMessage ? { errorMessage } : {}),
    });
  }
}
