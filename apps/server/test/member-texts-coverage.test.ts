import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { templateShape } from '@tuzo/contracts/messages-sw';
import { describe, expect, it } from 'vitest';
import { localiseMessage, MEMBER_TEXTS_SW } from '../src/lib/messages/member-messages.ts';
import { scanMemberTexts, type ScannedText } from './message-scan.ts';

/**
 * Every member-facing text the server and the contracts write has a Swahili entry (decision 039). The texts are read
 * from the source with the TypeScript compiler (message-scan.ts says what it sees and what it cannot); the operator
 * console's files are left out, and so are the few console texts that live in files members share. A new `throw new
 * AppError(code, '...')`, `msg: '...'`, notification or zod message without a Swahili entry fails here.
 */

/** Source files (under apps/server/src) only the operator console, the system or a provider speaks through. */
const CONSOLE_FILES: readonly RegExp[] = [
  /^modules\/admin-/, // the console's actions
  /^modules\/[^/]+\/admin-[^/]*\.ts$/, // a feature's console part: its catalogue edits, the upline change's money
  /^modules\/staff\//,
  /^modules\/approvals\//, // four-eyes requests: operators only
  /^modules\/payout-risk\//,
  /^modules\/payouts\/(?!payout-settlement\.ts)/, // the payouts console; settlement writes the member's notices
  /^modules\/exports\//, // the console's CSV exports
  /^modules\/money-alerts\//, // alerts for operators (decision 046)
  /^modules\/auth\/totp\.service\.ts$/, // staff two-factor sign-in
  /^modules\/sms\/promotion-rules\.ts$/, // the operator's promotional SMS
  /^actions\/raw-errors\.ts$/, // written to the socket before a request exists: no header to read
  /^actions\/text-guard\.ts$/, // NUL characters and broken surrogates: only a hand-made request sends them
  /^plugins\//, // the static web app's 404s
  /^payments\//, // provider clients: their texts are the providers'
];

/** Contract files of the console only (the admin-* contracts, staff, payouts, payout flags, approvals). */
const CONSOLE_CONTRACTS = /^packages\/contracts\/src\/(admin[^/]*|broadcast|staff|payouts|payout-risk|approvals)\.ts:/;

/** Console texts in files members share, and strings the scan reads that are not texts. */
const NOT_MEMBER_TEXTS = new Set([
  // The console's "check with the provider" (deposits/recorded-deposits.service.ts, called by admin-money only).
  'Only M-Pesa STK pushes can be checked with the provider',
  'This push never reached M-Pesa; it fails on its own after the time-out',
  'Members only: staff accounts cannot use member actions',
  'Turn on two-factor sign-in (an authenticator app) before using staff actions',
  'Staff cannot decide their own withdrawal; another operator must do it',
  'This withdrawal is being paid out; wait for the provider’s result or check with the provider',
  'This withdrawal was already declined',
  'This withdrawal was already completed',
  'Only a failed and refunded withdrawal can be paid again',
  'This payout was already retried',
  'This payout was already retried as withdrawal #{}',
  'The member’s {} wallet no longer holds the amount and charge; the payout cannot be retried',
  '{} pays at most {} a day to one member; {} is already paid or on its way today. Approve it tomorrow.',
  'Code review not found',
  'Closure request not found', // closing accounts: the operator's side
  'This request is already {}',
  'This account cannot be closed yet: {}',
  'Closure requests loaded',
  'The account has been closed',
  'This code was already {}',
  'Staff cannot resolve a code they submitted; another staff member must',
  'No payment notification from the provider matches this code yet. Wait for it, or an operator credits an amount typed by hand',
  // Console forms' messages in shared contract files: settings (links, banner, SMS hours), the wheel, adjustments.
  'Links are at most 500 characters',
  'Enter a full link starting with https://',
  'Enter a full link starting with https:// (http and other links are refused)',
  'The start hour must come before the end hour',
  '5 to 60 plain letters, digits and ASCII signs (GSM-7)', // the SMS opt-out instruction setting
  'The banner text is at most 300 characters',
  'Use country abbreviations such as KE',
  'Enter a figure such as 5, 0.8 or 1600',
  'Every segment needs a weight of at least 1',
  'The weights add up to too much',
  'Please enter the amount as a decimal string, e.g. "-10.00"',
  'Please enter a non-zero amount with at most 2 decimals, e.g. "-10.00"',
  // Not texts: the health check's answer and the HMAC input of a spin ("client seed:nonce").
  'pong',
  '{}:{}',
  '',
]);

/**
 * Where the scan meets a message it cannot read (file and expression): each passes on a text made elsewhere, which
 * the scan reads at its source. A new place here needs a look: is it a new member text?
 */
const REVIEWED_PASS_THROUGH = new Set([
  'apps/server/src/actions/endpoint.ts issue.message', // a contract's zod message (scanned in the contracts)
  'apps/server/src/actions/endpoint.ts result.msg', // an action's msg (scanned at the action)
  'apps/server/src/actions/endpoint.ts error.message', // an AppError's or Fastify's message
  'apps/server/src/actions/error-handler.ts error.message',
  'apps/server/src/db/schema.ts text', // the notifications table's column
  'apps/server/src/http/envelope.ts body.msg',
  'apps/server/src/lib/messages/member-messages.ts text', // the envelope's localising: the text it was given
  'apps/server/src/lib/messages/member-messages.ts translator',
  'packages/contracts/src/messages/localise.ts text',
  'packages/contracts/src/messages/localise.ts template.key',
  'apps/server/src/ledger/ledger.ts input.insufficientMessage', // given by the caller (scanned there)
  'apps/server/src/ledger/movement.ts input.notify.msg',
  'apps/server/src/ledger/movement.ts input.conflictMessage',
  'apps/server/src/ledger/movement.ts input.insufficientMessage',
  'apps/server/src/lib/errors.ts message',
  'apps/server/src/modules/ads/ads.service.ts availability.closedMessage', // schedules.service.ts's closedMessage
  'apps/server/src/modules/ads/ads.respond.ts schedule.closedMessage', // the same, through scheduleOf
  'apps/server/src/modules/videos/videos.pay.ts schedule.closedMessage',
  'apps/server/src/modules/trivia/trivia.service.ts availability.closedMessage',
  'apps/server/src/modules/videos/videos.service.ts availability.closedMessage',
  'apps/server/src/modules/videos/videos.service.ts context.availability.closedMessage',
  'apps/server/src/modules/bonuses/bonuses.service.ts msg', // refuse(code, msg): the messages passed to it
  'apps/server/src/modules/bonuses/bonuses.service.ts notice', // dailyPaidMessage / welcomePaidMessage (contracts)
  'apps/server/src/modules/notifications/notifications.repository.ts row.msg', // a stored notification
  'apps/server/src/modules/notifications/notifications.service.ts row.msg',
  'apps/server/src/modules/notifications/notifications.service.ts item.msg',
  'apps/server/src/modules/notifications/notifications.actions.ts item.msg',
  'apps/server/src/modules/staff/member-notify.service.ts input.msg', // an operator's own words
  'apps/server/src/modules/admin-content/broadcast.service.ts input.msg',
  'apps/server/src/payments/flutterwave/transfers.ts transfer.complete_message?.trim', // a provider's words
  'packages/contracts/src/common.ts options.required',
  'packages/contracts/src/primitives.ts message', // boundedId's: intId's and bigId's defaults (scanned there)
  'packages/contracts/src/primitives.ts invalid', // linkToken's: the messages its calls give (scanned there)
  'packages/contracts/src/wallets.ts parsed.error.issues[0]?.message',
  'packages/contracts/src/admin-content.ts z',
  'packages/contracts/src/broadcast.ts z',
  'packages/contracts/src/staff.ts z',
  'packages/contracts/src/tasks.ts z',
  'apps/server/src/payments/mpesa/daraja-client.ts z',
]);

const SERVER_SRC = 'apps/server/src/';

/** A place (`file:line` or `file expression`) in the console's source. */
function isConsole(place: string): boolean {
  if (CONSOLE_CONTRACTS.test(place)) return true;
  if (!place.startsWith(SERVER_SRC)) return false;
  const file = place.slice(SERVER_SRC.length).split(/[: ]/)[0] ?? '';
  return CONSOLE_FILES.some((pattern) => pattern.test(file));
}

let scanned: { texts: ScannedText[]; unseen: string[] } | null = null;
/** One scan of every source file; the tests keep the member's part of it. */
function scan() {
  scanned ??= scanMemberTexts(() => true);
  return scanned;
}

function memberTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const { text, where } of scan().texts) {
    if (isConsole(where) || NOT_MEMBER_TEXTS.has(text)) continue;
    if (!texts.has(text)) texts.set(text, where);
  }
  return texts;
}

/** The argument names of an ICU message, at any depth. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if ('options' in element)
      for (const option of Object.values(element.options) as { value: MessageFormatElement[] }[])
        argumentsOf(option.value, found);
  }
  return found;
}

describe('member texts in Swahili', () => {
  it('reads a few hundred texts from the source', () => {
    expect(memberTexts().size).toBeGreaterThan(250);
  });

  it('has a Swahili entry for every member-facing text of the server and the contracts', () => {
    const shapes = new Set(Object.keys(MEMBER_TEXTS_SW).map(templateShape));
    const missing = [...memberTexts()]
      .filter(([text]) => !shapes.has(text) && !(text.includes('{}') ? false : localiseMessage(text, 'sw') !== text))
      .map(([text, where]) => `${where}  ${text}`);
    expect(missing).toEqual([]);
  });

  it('follows every message to its source, or the place is a reviewed pass-through', () => {
    const places = new Set(scan().unseen.filter((place) => !isConsole(place)));
    expect([...places].filter((place) => !REVIEWED_PASS_THROUGH.has(place))).toEqual([]);
  });

  it('has no entry the source no longer writes', () => {
    const written = new Set(scan().texts.map((text) => text.text));
    const stale = Object.keys(MEMBER_TEXTS_SW).filter((key) => !written.has(templateShape(key)));
    expect(stale).toEqual([]);
  });

  it('writes each Swahili text as valid ICU, using only the English text’s placeholders, never the English itself', () => {
    for (const [english, swahili] of Object.entries(MEMBER_TEXTS_SW)) {
      const englishNames = new Set([...english.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
      const swahiliNames = argumentsOf(parse(swahili));
      expect(
        [...swahiliNames].filter((name) => !englishNames.has(name)),
        english,
      ).toEqual([]);
      expect(swahili, english).not.toBe(english);
    }
  });
});
