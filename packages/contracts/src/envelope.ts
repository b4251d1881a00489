import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './errors.ts';

/** Severity of a notification carried in `info`; the client may colour by it. */
export const SeveritySchema = z.enum(['info', 'success', 'warning', 'error']);
export type Severity = z.infer<typeof SeveritySchema>;

/** One notification in the `info` array of any response. */
export const NotificationSchema = z.object({
  msg: z.string(),
  icon: z.string().optional(),
  time: z.string().optional(),
  severity: SeveritySchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

/** An error code of the contracts (errors.ts), as the envelope's `code` carries it. */
export const ErrorCodeSchema = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]);

/** Every response of the action endpoint has this shape; the HTTP status equals `status`. */
export const EnvelopeSchema = z.object({
  status: z.number().int(),
  resultcode: z.boolean(),
  msg: z.string(),
  data: z.unknown(),
  info: z.array(NotificationSchema),
  /** The error's string code (an ErrorCode such as INSUFFICIENT_FUNDS); null on success. */
  code: ErrorCodeSchema.nullable(),
});
export type Envelope<TData = unknown> = Omit<z.infer<typeof EnvelopeSchema>, 'data'> & { data: TData };

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
