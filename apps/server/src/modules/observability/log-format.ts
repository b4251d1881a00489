import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import { isPublicProduction, type Config } from '../../config.ts';

/**
 * How log lines are written (decision 053): JSON (one object a line, for a log collector) or readable lines. LOG_FORMAT
 * decides; unset, a terminal (stdout is a TTY) gets readable lines unless this is a public production server, and
 * anything else (a service manager, a pipe, a container's log driver) JSON.
 */
export function logFormat(
  config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV' | 'PUBLIC_URL'>,
  isTerminal = process.stdout.isTTY === true,
): 'json' | 'pretty' {
  if (config.LOG_FORMAT) return config.LOG_FORMAT;
  return isTerminal && !isPublicProduction(config) ? 'pretty' : 'json';
}

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** One readable line: `[req id] message`, then the request's method and URL or the answer's status and time. */
function readableMessage(log: Record<string, unknown>): string {
  const line = log as LogLine;
  const parts = [line.reqId ? `[${line.reqId}]` : '', line.msg ?? ''];
  if (line.req?.method) parts.push(`${line.req.method} ${line.req.url ?? ''}`);
  if (line.res?.statusCode) parts.push(`${line.res.statusCode} in ${Math.round(line.responseTime ?? 0)} ms`);
  return parts.filter((part) => part !== '').join(' ');
}

/** The app's own logger options (a test passes its own): the level, and in `pretty` format a readable stream. */
export function appLoggerOptions(config: Config): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  if (logFormat(config) === 'json' || config.LOG_LEVEL === 'silent') return { level: config.LOG_LEVEL };
  const stream = pinoPretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: readableMessage,
  });
  return { level: config.LOG_LEVEL, stream };
}

/** An id a balancer may hand on: short, and only characters that cannot forge a log line or a header. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Request ids (Fastify's `reqId` on every log line of a request, and the `X-Request-Id` of every answer): the
 * balancer's `X-Request-Id` when TRUST_PROXY says a proxy is in front and the value is a plain token, else this
 * process's own `<pid>-<counter>` (base 36), unique per node across its lifetime.
 */
export function requestIdOptions(config: Pick<Config, 'TRUST_PROXY'>): Pick<FastifyServerOptions, 'genReqId'> {
  const prefix = process.pid.toString(36);
  let counter = 0;
  const trustHeader = config.TRUST_PROXY !== false;
  return {
    genReqId: (request: IncomingMessage) => {
      const forwarded = request.headers['x-request-id'];
      if (trustHeader && typeof forwarded === 'string' && FORWARDED_ID.test(forwarded)) return forwarded;
      counter += 1;
      return `${prefix}-${counter.toString(36)}`;
    },
  };
}
