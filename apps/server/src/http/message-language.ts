import type { FastifyRequest } from 'fastify';
import { languageOfHeader, localiseMessage, type MessageLanguage } from '../lib/messages/member-messages.ts';

/**
 * Which language a request's answer speaks (docs/decisions/039-server-texts-in-swahili.md). The envelope's `msg` follows
 * `Accept-Language` (sw or en; anything else, or none, is English: the spec's clients get the spec's texts). The
 * notifications it carries follow the header too, and without one the member's own language (`members.language`).
 * The operator console stays English: a staff-level action (`support`, `operator`) or a staff caller is answered in
 * English whatever the header says.
 */

const ENGLISH_ONLY = new WeakSet<FastifyRequest>();
const MEMBER_LANGUAGE = new WeakMap<FastifyRequest, MessageLanguage>();

/** The request belongs to the operator console: its texts stay English. */
export function keepEnglish(request: FastifyRequest): void {
  ENGLISH_ONLY.add(request);
}

/** The signed-in member's own language, for the notifications of a request whose header names none. */
export function rememberMemberLanguage(request: FastifyRequest, language: MessageLanguage): void {
  MEMBER_LANGUAGE.set(request, language);
}

/** The language of the envelope's `msg`. */
export function messageLanguage(request: FastifyRequest): MessageLanguage {
  if (ENGLISH_ONLY.has(request)) return 'en';
  return languageOfHeader(request.headers['accept-language']) ?? 'en';
}

/** The language notifications are shown in: the header's, else the member's (`stored`, or the one remembered). */
export function notificationLanguage(request: FastifyRequest, stored?: MessageLanguage): MessageLanguage {
  if (ENGLISH_ONLY.has(request)) return 'en';
  return languageOfHeader(request.headers['accept-language']) ?? stored ?? MEMBER_LANGUAGE.get(request) ?? 'en';
}

/** A member-facing text in the language of the request's answer. */
export function localiseFor(request: FastifyRequest, text: string): string {
  return localiseMessage(text, messageLanguage(request));
}

/** A stored notification's text in the language notifications are shown in. */
export function localiseNotification(request: FastifyRequest, text: string, stored?: MessageLanguage): string {
  return localiseMessage(text, notificationLanguage(request, stored));
}
