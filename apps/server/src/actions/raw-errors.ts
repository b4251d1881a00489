import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { codeForStatus, type ErrorCode } from '@tuzo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendEnvelope } from '../http/envelope.ts';

/**
 * Requests that fail before Fastify routes them still get the envelope with a JSON body: Node's HTTP parser
 * refusing a request (headers or URL too large: 431; a malformed request line or header: 400; too slow: 408) and
 * Fastify's router refusing a URL (bad percent-encoding: 400; a path parameter over its length: 414).
 */

function envelopeText(status: number, msg: string, code: ErrorCode): string {
  return JSON.stringify({ status, resultcode: false, msg, data: null, info: [], code });
}

/** What Node's parser failure means to the client, by its error code. */
export function describeParserError(code: string | undefined): { status: number; msg: string; code: ErrorCode } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, msg: 'The request URL or headers are too large', code: 'REQUEST_HEADERS_TOO_LARGE' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, msg: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT' };
    default:
      return { status: 400, msg: 'The request is malformed', code: 'BAD_REQUEST' };
  }
}

/** Node's `clientError`: the request never became a request, so the answer is written to the socket by hand. */
export function envelopeClientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, msg, code } = describeParserError(error.code);
  const body = envelopeText(status, msg, code);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's `frameworkErrors`: a URL its router cannot read. */
export function envelopeFrameworkErrors(
  error: Error & { code?: string; statusCode?: number },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const msg = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The action name is too long' : 'The request URL is malformed';
  void sendEnvelope(reply, { status, msg, code: codeForStatus(status) });
}
