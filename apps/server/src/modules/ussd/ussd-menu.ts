import { publicUrl } from '../../config.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { localiseMessage } from '../../lib/messages/member-messages.ts';
import { loadBalances } from '../wallets/index.ts';
import { startStkPush } from '../deposits/index.ts';
import { findUssdMember } from './ussd-member.ts';
import {
  amountMinor,
  con,
  conNav,
  end,
  navigate,
  plainScreen,
  type MenuContext,
  type Screen,
  type UssdHop,
} from './ussd-screen.ts';
import { brokenOffWithdrawal } from './ussd-session-end.ts';
import { changePinScreens, withdrawScreens } from './ussd-money.ts';
import { teamScreen, transactionsScreen } from './ussd-reports.ts';
import { USSD_TEXTS, type UssdLanguage } from './ussd.texts.ts';

/**
 * One USSD hop: the screen for the session's whole input so far (decision 056). Sessions keep no state of their own:
 * `text` holds every input, so "0" (back) drops the input before it and "00" (home) drops everything before it,
 * and the first screen's "6" switches the language for the rest of the session.
 */
export async function ussdScreen(deps: AppDeps, hop: UssdHop): Promise<Screen> {
  const member = await findUssdMember(deps, hop.phone);
  const steps = navigate(hop.text);
  if (!member) {
    const url = `${publicUrl(deps.config, deps.config.PORT)}/register`;
    return end(USSD_TEXTS[steps[0] === '6' ? 'sw' : 'en'].unknown(url));
  }
  let language: UssdLanguage = member.language;
  while (steps[0] === '6') {
    steps.shift();
    language = language === 'en' ? 'sw' : 'en';
  }
  const ctx: MenuContext = { deps, hop, member, texts: USSD_TEXTS[language], steps };
  try {
    return await route(ctx);
  } catch (error) {
    return refusal(ctx, language, error);
  }
}

/**
 * A service's refusal (an AppError: a limit, the balance, a phone change's hold) as the web shows it, in the
 * session's language (the server's catalogue, decision 039) and plain ASCII within 160 characters; anything else
 * is logged and the member reads that it did not work (an HTTP error would end the session with a network error).
 */
function refusal(ctx: MenuContext, language: UssdLanguage, error: unknown): Screen {
  if (error instanceof AppError && error.code !== 'INTERNAL') return end(plainScreen(localiseMessage(error.message, language)));
  ctx.deps.log.error({ err: error, sessionId: ctx.hop.sessionId }, 'USSD hop failed');
  return end(ctx.texts.failed);
}

function route(ctx: MenuContext): Promise<Screen> | Screen {
  switch (ctx.steps[0]) {
    case '1':
      return balances(ctx);
    case '2':
      return deposit(ctx);
    case '3':
      return withdrawScreens(ctx);
    case '4':
      return transactionsScreen(ctx);
    case '5':
      return account(ctx);
    default:
      return home(ctx);
  }
}

/** The first screen; on a session's first hop after one that broke off once its withdrawal was requested, says so. */
async function home(ctx: MenuContext): Promise<Screen> {
  const withdrawal = ctx.hop.text === '' ? await brokenOffWithdrawal(ctx.deps, ctx.member) : null;
  if (withdrawal) return con(ctx.texts.brokenOff(withdrawal));
  return con(ctx.texts.home(ctx.member.username.slice(0, 20)));
}

async function balances(ctx: MenuContext): Promise<Screen> {
  const b = await loadBalances(ctx.deps, { memberId: ctx.member.id });
  const names = ctx.texts.wallets;
  const keys = ['balance', 'deposit', 'youtube', 'tiktok', 'ads', 'trivia'] as const;
  return conNav(ctx, ctx.texts.balances(keys.map((k) => `${names[k]} ${b[k]}`).join('\n')));
}

async function deposit(ctx: MenuContext): Promise<Screen> {
  if (ctx.steps.length === 1) return conNav(ctx, ctx.texts.amount(ctx.member.currency));
  const amount = amountMinor(ctx.steps[1]);
  if (amount === null) return conNav(ctx, ctx.texts.badAmount);
  const m = ctx.member;
  const authMember = {
    id: m.id,
    username: m.username,
    status: m.status,
    role: 'member' as const,
    countryId: m.countryId,
    phone: m.phone,
  };
  await startStkPush(ctx.deps, {
    member: { ...authMember, sessionId: 0n, isTotpEnrolled: false, language: m.language },
    msisdn: m.phone.replace(/^\+/, ''),
    amountMinor: amount,
    clientKey: `ussd:${ctx.hop.sessionId}`,
  });
  return end(ctx.texts.depositSent);
}

function account(ctx: MenuContext): Promise<Screen> | Screen {
  if (ctx.steps[1] === '1') return changePinScreens(ctx);
  if (ctx.steps[1] === '2') return teamScreen(ctx);
  const m = ctx.member;
  const activated = m.activatedAt ? m.activatedAt.toISOString().slice(0, 10) : ctx.texts.never;
  return conNav(ctx, ctx.texts.account(ctx.texts.status[m.status], activated));
}
