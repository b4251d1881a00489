import type { FastifyInstance } from 'fastify';
import { randomHex, resolveUrl, type SimLogger, type UrlSource } from './shared.ts';

/**
 * Africa's Talking's two callbacks towards the app (payment-providers.md, "Africa's Talking: SMS", rule 5): a member
 * texting the shortcode (the incoming-message callback: `from`, `to`, `text`, `date`, `id`, `linkId`, `networkCode`)
 * and a subscriber opting out through the provider (the opt-out callback: `senderId`, `phoneNumber`; the number is
 * then blacklisted, so later sends to it answer 406 UserInBlacklist). Both are form POSTs.
 */
export interface InboundUrls {
  /** Where opt-outs go; by default the delivery report URL with `sms-delivery` read as `sms-opt-out`. */
  optOutUrl: UrlSource | null;
  /** Where incoming messages go; by default the delivery report URL with `sms-delivery` read as `sms-incoming`. */
  incomingUrl: UrlSource | null;
}

export class AfricasTalkingInbound {
  /** Numbers that opted out through the provider: every later send to them is refused with 406. */
  readonly blacklist = new Set<string>();

  constructor(
    private readonly urls: () => { optOut: string | null; incoming: string | null },
    private readonly log: SimLogger,
  ) {}

  register(app: FastifyInstance): void {
    app.post('/sim/africastalking/opt-out', async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      return { status: await this.optOut(String(body.phoneNumber ?? ''), String(body.senderId ?? 'TUZO')) };
    });
    app.post('/sim/africastalking/incoming', async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      return { status: await this.memberTexts(String(body.from ?? ''), String(body.text ?? ''), String(body.to ?? '22384')) };
    });
  }

  /** A subscriber opts out through the provider: blacklisted, and the opt-out callback posted. Returns our HTTP status. */
  async optOut(phoneNumber: string, senderId = 'TUZO'): Promise<number> {
    this.blacklist.add(phoneNumber);
    return this.post(this.urls().optOut, { senderId, phoneNumber });
  }

  /** A member texts the shortcode (e.g. "STOP" or "ondoka"): the incoming-message callback. Returns our HTTP status. */
  async memberTexts(from: string, text: string, to = '22384'): Promise<number> {
    const date = new Date().toISOString().replace('T', ' ').slice(0, 19);
    const fields = { from, to, text, date, id: randomHex(16), linkId: randomHex(8), networkCode: '63902' };
    return this.post(this.urls().incoming, fields);
  }

  private async post(url: string | null, fields: Record<string, string>): Promise<number> {
    if (!url) return 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      this.log.info({ status: response.status }, 'africastalking sim: callback posted');
      return response.status;
    } catch {
      return 0;
    }
  }
}

/** The callback URLs: as set, else derived from the delivery report URL (one dashboard, one secret). */
export function inboundUrls(urls: Partial<InboundUrls>, deliveryReportUrl: UrlSource | null) {
  return () => {
    const report = resolveUrl(deliveryReportUrl);
    const derive = (name: string) => (report ? report.replace('/sms-delivery/', `/${name}/`) : null);
    return {
      optOut: urls.optOutUrl === undefined ? derive('sms-opt-out') : resolveUrl(urls.optOutUrl),
      incoming: urls.incomingUrl === undefined ? derive('sms-incoming') : resolveUrl(urls.incomingUrl),
    };
  };
}
