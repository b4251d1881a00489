import { codeForStatus, type ErrorCode, type Notification } from '@tuzo/contracts';
import type { FastifyReply } from 'fastify';
import { localiseFor, localiseNotification } from './message-language.ts';

/**
 * The one answer shape, `{status, resultcode, msg, data, info, code}`, with the HTTP status equal to `status`: the
 * action endpoint, the error handler and the routes beside the endpoint (uploads, the CSV import, the web app's
 * refusals) all answer through it. Its `msg` and the notifications in `info` are put in the caller's language here,
 * after the idempotency layer stored the English answer (http/message-language.ts).
 */
export function sendEnvelope(
  reply: FastifyReply,
  body: { status: number; msg: string; data?: unknown; info?: Notification[]; code?: ErrorCode | null },
): FastifyReply {
  const ok = body.status >= 200 && body.status < 300;
  const { request } = reply;
  return reply.code(body.status).send({
    status: body.status,
    resultcode: ok,
    msg: localiseFor(request, body.msg),
    data: body.data ?? null,
    info: (body.info ?? []).map((item) => ({ ...item, msg: localiseNotification(request, item.msg) })),
    code: ok ? null : (body.code ?? codeForStatus(body.status)),
  });
}
