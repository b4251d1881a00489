import { formatMinor, tariffFeeMinor } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { tariffOf, type UssdMember } from './ussd-member.ts';
import type { USSD_TEXTS, UssdLanguage } from './ussd.texts.ts';

export interface UssdHop {
  sessionId: string;
  phone: string;
  text: string;
}
export type Screen = { end: boolean; body: string };
export interface MenuContext {
  deps: AppDeps;
  hop: UssdHop;
  member: UssdMember;
  texts: (typeof USSD_TEXTS)[UssdLanguage];
  steps: string[];
}

export const con = (body: string): Screen => ({ end: false, body });
export const end = (body: string): Screen => ({ end: true, body });
/** A continuing screen with the "0 Back 00 Home" line under it. */
export const conNav = (ctx: MenuContext, body: string): Screen => con(`${body}\n${ctx.texts.nav}`);

/** The inputs left once back ("0") and home ("00") are applied. */
export function navigate(text: string): string[] {
  const steps: string[] = [];
  for (const input of text === '' ? [] : text.split('*')) {
    if (input === '00') steps.length = 0;
    else if (input === '0') steps.pop();
    else steps.push(input.trim());
  }
  return steps;
}

/** A whole amount typed on the phone ("500") in minor units; null when not one. */
export function amountMinor(input: string | undefined): bigint | null {
  return input && /^[1-9]\d{0,6}$/.test(input) ? BigInt(input) * 100n : null;
}

/** The confirm screen's figures: fee from the country's tariff (the Jumbo wallet's charge, as the web's form). */
export async function feeFor(ctx: MenuContext, amount: bigint): Promise<{ fee: string; amount: string }> {
  const fee = tariffFeeMinor(amount, await tariffOf(ctx.deps, ctx.member.countryId));
  return { fee: `${ctx.member.currency} ${formatMinor(fee)}`, amount: `${ctx.member.currency} ${formatMinor(amount)}` };
}

const SCREEN_LIMIT = 160;

/**
 * A text written for the web as a USSD screen: plain ASCII (curly quotes and dashes straightened, accents dropped,
 * anything else left out: not every network shows it) and at most 160 characters, cut at a word with "...".
 */
export function plainScreen(text: string): string {
  const ascii = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e\n]/g, '');
  if (ascii.length <= SCREEN_LIMIT) return ascii;
  const cut = ascii.slice(0, SCREEN_LIMIT - 3);
  const space = cut.lastIndexOf(' ');
  return `${space > SCREEN_LIMIT - 40 ? cut.slice(0, space) : cut}...`;
}
