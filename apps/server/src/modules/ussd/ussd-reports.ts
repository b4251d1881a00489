import { loadMemberCurrency, loadRecentMovements, localDateTime, toMemberString } from '../wallets/index.ts';
import { readTeamBrief } from '../team/index.ts';
import { conNav, type MenuContext, type Screen } from './ussd-screen.ts';

const LIMIT = 160;

/**
 * "Last 5 transactions": the member's latest ledger movements (the wallets module's read), one line each:
 * "dd/mm +12.50 Deposit" in the member's currency (whole amounts without ".00") and the operator's day. Lines are dropped from the oldest
 * until the screen fits 160 characters.
 */
export async function transactionsScreen(ctx: MenuContext): Promise<Screen> {
  const { deps, member, texts } = ctx;
  const [movements, currency] = [
    await loadRecentMovements(deps, { memberId: member.id, limit: 5 }),
    await loadMemberCurrency(deps.db, member.id),
  ];
  if (movements.length === 0) return conNav(ctx, texts.noTransactions);
  const lines = movements.map((m) => {
    const [, month, day] = localDateTime(m.at, deps.config.TUZO_TIMEZONE).date.split('-');
    const amount = toMemberString(m.amountSystemMinor, currency).replace(/\.00$/, '');
    const label = (texts.kinds as Record<string, string>)[m.kind] ?? texts.kinds.other;
    return `${day}/${month} ${amount.startsWith('-') ? amount : `+${amount}`} ${label}`;
  });
  let screen = conNav(ctx, texts.transactions(member.currency, lines.join('\n')));
  while (screen.body.length > LIMIT && lines.length > 1) {
    lines.pop();
    screen = conNav(ctx, texts.transactions(member.currency, lines.join('\n')));
  }
  return screen;
}

/** "My team": members on each of the three levels and how many joined today (the team module's read). */
export async function teamScreen(ctx: MenuContext): Promise<Screen> {
  const brief = await readTeamBrief(ctx.deps, ctx.member.id);
  return conNav(ctx, ctx.texts.team(brief));
}
