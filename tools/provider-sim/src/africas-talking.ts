import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AfricasTalkingInbound, inboundUrls, type InboundUrls } from './africas-talking-inbound.ts';
import { registerUssdDialer } from './africas-talking-ussd.ts';
import { randomHex, resolveUrl, type SimLogger, type TimerSet, type UrlSource } from './shared.ts';

/**
 * Africa's Talking SMS simulator (payment-providers.md, "Africa's Talking: SMS"): `POST /version1/messaging` with the
 * `apiKey` header and a form body (`username`, `to`, `message`, optional `from`, `enqueue`), answered with
 * `SMSMessageData` and one recipient entry per number (statusCode, number, status, cost, messageId); delivery reports
 * posted as forms (`id`, `status`, `phoneNumber`, `networkCode`, `failureReason`, `retryCount`) to the dashboard's
 * URL. The test phones `+2547000000NN` choose the outcome (SMS_OUTCOMES); every other phone is delivered.
 */
export interface AfricasTalkingCredentials {
  username: string;
  apiKey: string;
}

export interface AfricasTalkingBehaviour extends Partial<InboundUrls> {
  /** The delivery report URL set on the dashboard; null: no reports are posted. */
  deliveryReportUrl: UrlSource | null;
  /**
   * When reports go: `auto` after `reportDelayMs`; `manual` only when `deliverReports()` (or
   * `POST /sim/africastalking/reports`) is called, so a test decides the moment without sleeping.
   */
  reports: 'auto' | 'manual';
  reportDelayMs: number;
  /** The next N send requests are answered HTTP 500 (a provider outage), then it works again. */
  failNextSends: number;
  /** Cost of one message part, in KES minor units (default 80: "KES 0.8000"). */
  partCostMinor: bigint;
}

/** Outcome by the last two digits of a test phone +2547000000NN: a recipient status code, or a delivery report. */
export const SMS_OUTCOMES: Record<string, { statusCode: number; status: string; report?: { status: string; reason?: string } }> =
  {
    '01': { statusCode: 401, status: 'RiskHold' },
    '02': { statusCode: 402, status: 'InvalidSenderId' },
    '03': { statusCode: 403, status: 'InvalidPhoneNumber' },
    '04': { statusCode: 404, status: 'UnsupportedNumberType' },
    '05': { statusCode: 405, status: 'InsufficientBalance' },
    '06': { statusCode: 406, status: 'UserInBlacklist' },
    '07': { statusCode: 407, status: 'CouldNotRoute' },
    '50': { statusCode: 500, status: 'InternalServerError' },
    '51': { statusCode: 501, status: 'GatewayError' },
    '52': { statusCode: 502, status: 'RejectedByGateway' },
    '91': { statusCode: 101, status: 'Success', report: { status: 'Failed', reason: 'DeliveryFailure' } },
    '92': { statusCode: 101, status: 'Success', report: { status: 'Rejected', reason: 'UserInBlackList' } },
    '93': { statusCode: 101, status: 'Success', report: { status: 'Buffered' } },
  };
const TEST_PHONE = /^\+2547000000(\d{2})$/;

export interface SimSms {
  messageId: string;
  to: string;
  from: string | null;
  text: string;
  parts: number;
  statusCode: number;
  cost: string;
  /** The delivery report this message will get (null: refused at once, no report). */
  report: { status: string; reason: string | null } | null;
  reported: boolean;
  receivedAt: string;
}

const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** Parts a message takes: 160/153 GSM-7 septets (extended characters count two), else 70/67 UCS-2 characters. */
export function smsParts(text: string): number {
  let septets = 0;
  for (const char of text) {
    if (GSM7.includes(char)) septets += 1;
    else if (GSM7_EXTENDED.includes(char)) septets += 2;
    else {
      const units = text.length;
      return units <= 70 ? 1 : Math.ceil(units / 67);
    }
  }
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}

function kes(minor: bigint): string {
  return `KES ${minor / 100n}.${String(minor % 100n).padStart(2, '0')}00`;
}

export class AfricasTalkingSim {
  readonly behaviour: AfricasTalkingBehaviour;
  readonly messages = new Map<string, SimSms>();
  /** Every send request received (also the refused ones), in order. */
  readonly requests: Array<{ to: string; message: string; from: string | null; httpStatus: number }> = [];
  reportsPosted = 0;
  /** Members texting STOP / ONDOKA and provider opt-outs (africas-talking-inbound.ts); its blacklist answers 406. */
  readonly inbound: AfricasTalkingInbound;

  constructor(
    readonly credentials: AfricasTalkingCredentials,
    behaviour: Partial<AfricasTalkingBehaviour>,
    private readonly log: SimLogger,
    private readonly timers: TimerSet,
  ) {
    this.behaviour = {
      deliveryReportUrl: null,
      reports: 'auto',
      reportDelayMs: 1000,
      failNextSends: 0,
      partCostMinor: 80n,
      ...behaviour,
    };
    this.inbound = new AfricasTalkingInbound(
      inboundUrls(
        {
          ...(behaviour.optOutUrl !== undefined ? { optOutUrl: behaviour.optOutUrl } : {}),
          ...(behaviour.incomingUrl !== undefined ? { incomingUrl: behaviour.incomingUrl } : {}),
        },
        this.behaviour.deliveryReportUrl,
      ),
      log,
    );
  }

  register(app: FastifyInstance): void {
    app.post('/version1/messaging', (request, reply) => this.send(request, reply));
    app.post('/sim/africastalking/reports', async () => ({ posted: await this.deliverReports() }));
    this.inbound.register(app);
    registerUssdDialer(app, () => this.behaviour.deliveryReportUrl);
  }

  /** Posts every delivery report not yet posted; returns the HTTP statuses our server answered, in order. */
  async deliverReports(): Promise<number[]> {
    const statuses: number[] = [];
    for (const message of this.messages.values()) {
      if (!message.report || message.reported) continue;
      message.reported = true;
      statuses.push(await this.postReport(message));
    }
    return statuses;
  }

  /** Posts a message's delivery report again (a provider retry, or a test replaying it). */
  async postReport(message: SimSms): Promise<number> {
    const url = resolveUrl(this.behaviour.deliveryReportUrl);
    if (!url || !message.report) return 0;
    const form = new URLSearchParams({
      id: message.messageId,
      status: message.report.status,
      phoneNumber: message.to,
      networkCode: '63902',
      retryCount: '0',
      ...(message.report.reason ? { failureReason: message.report.reason } : {}),
    });
    this.reportsPosted += 1;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      this.log.info({ messageId: message.messageId, status: response.status }, 'africastalking sim: delivery report');
      return response.status;
    } catch {
      return 0;
    }
  }

  private send(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const answer = (httpStatus: number, payload: unknown) => {
      this.requests.push({ to: field('to'), message: field('message'), from: field('from') || null, httpStatus });
      return reply.code(httpStatus).send(payload);
    };
    if (request.headers.apikey !== this.credentials.apiKey) return answer(401, 'The supplied authentication is invalid');
    if (!String(request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
      return answer(415, 'Content-Type must be application/x-www-form-urlencoded');
    if (field('username') !== this.credentials.username) return answer(401, 'The supplied authentication is invalid');
    if (this.behaviour.failNextSends > 0) {
      this.behaviour.failNextSends -= 1;
      return answer(500, 'Internal Server Error');
    }
    const numbers = field('to')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const text = field('message');
    if (numbers.length === 0) return answer(400, 'Must have to set');
    if (text === '') return answer(400, 'Must have message set');
    let total = 0n;
    const recipients = numbers.map((number) => {
      const outcome = this.inbound.blacklist.has(number)
        ? { statusCode: 406, status: 'UserInBlacklist' }
        : (SMS_OUTCOMES[TEST_PHONE.exec(number)?.[1] ?? ''] ?? { statusCode: 101, status: 'Success' });
      const isValid = /^\+\d{9,15}$/.test(number);
      const statusCode = isValid ? outcome.statusCode : 403;
      const status = isValid ? outcome.status : 'InvalidPhoneNumber';
      if (statusCode > 102) return { statusCode, number, status, cost: '0', messageId: 'None' };
      const parts = smsParts(text);
      const costMinor = this.behaviour.partCostMinor * BigInt(parts);
      total += costMinor;
      const messageId = `ATXid_${randomHex(16)}`;
      const report = outcome.report ?? { status: 'Success' };
      const sms: SimSms = {
        messageId,
        to: number,
        from: field('from') || null,
        text,
        parts,
        statusCode,
        cost: kes(costMinor),
        report: { status: report.status, reason: report.reason ?? null },
        reported: false,
        receivedAt: new Date().toISOString(),
      };
      this.messages.set(messageId, sms);
      if (this.behaviour.reports === 'auto')
        this.timers.after(this.behaviour.reportDelayMs, async () => {
          if (sms.reported) return;
          sms.reported = true;
          await this.postReport(sms);
        });
      return { statusCode, number, status, cost: sms.cost, messageId };
    });
    const sent = recipients.filter((r) => r.statusCode <= 102).length;
    return answer(201, {
      SMSMessageData: { Message: `Sent to ${sent}/${numbers.length} Total Cost: ${kes(total)}`, Recipients: recipients },
    });
  }
}
