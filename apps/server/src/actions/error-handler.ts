import { codeForStatus, type ErrorCode } from '@tuzo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../lib/errors.ts';
import { sendEnvelope } from '../http/envelope.ts';

/** Turns any error into an envelope: AppError keeps its code's status; Fastify's own 4xx keep theirs; the rest 500. */
export function envelopeErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (isAppError(error)) {
    if (error.retryAfterSeconds !== null) reply.header('retry-after', String(error.retryAfterSeconds));
    return sendEnvelope(reply, {
      status: error.status,
      msg: error.message,
      data: error.data,
      info: [...error.info],
      code: error.code,
    });
  }
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return sendEnvelope(reply, { status, msg: friendlyClientError(fastifyError), code: clientErrorCode(fastifyError) });
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendEnvelope(reply, { status: 500, msg: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
}

function clientErrorCode(error: { statusCode?: number; code?: string }): ErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'INVALID_JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    default:
      return codeForStatus(error.statusCode ?? 400);
  }
}

function friendlyClientError(error: { statusCode?: number; code?: string; message?: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json';
    default:
      if (error.statusCode === 429) return 'Too many requests. Please wait a minute and try again.';
      return error.message ?? 'Bad request';
  }
}
