import { runAfterCommit } from '../../lib/after-commit.ts';
import { payoutPhoneForRequest } from '../phone-changes/index.ts';
import { publishWithdrawalRequested, requestWithdrawal } from '../withdrawals/index.ts';
import { checkUssdPin, isPin, storeUssdPin } from './ussd-pin.ts';
import { amountMinor, con, conNav, end, feeFor, type MenuContext, type Screen } from './ussd-screen.ts';

/**
 * Withdraw on USSD: amount, a confirm screen (fee, payout phone, amount received), the USSD PIN, then the web's
 * own service call (`requestWithdrawal`, as `systemwithdrawal`): the same limits, fee, risk flags, four-eyes and
 * ledger, from the Jumbo wallet, keyed on the USSD session so a repeated hop requests once. The result comes by
 * SMS when the payout settles (the withdrawals module's SMS). A member who is not active gets what the web's
 * `active` access gives: nothing.
 */
export async function withdrawScreens(ctx: MenuContext): Promise<Screen> {
  const { member, texts, steps } = ctx;
  if (member.status !== 'active') return end(texts.notActive);
  if (!member.pinHash) return end(texts.noPin);
  if (member.lockedAt) return end(texts.locked);
  if (steps.length === 1) return conNav(ctx, texts.amount(member.currency));
  const amount = amountMinor(steps[1]);
  if (amount === null) return conNav(ctx, texts.badAmount);
  if (steps.length === 2) {
    // The phone `requestWithdrawal` will record (decision 045): refused here already while a phone change's hold runs.
    const phone = await payoutPhoneForRequest(ctx.deps.db, ctx.deps, member.id);
    const figures = await feeFor(ctx, amount);
    return conNav(ctx, texts.confirm({ amount: figures.amount, fee: figures.fee, phone, get: figures.amount }));
  }
  if (steps[2] !== '1') return con(texts.home(member.username.slice(0, 20)));
  if (steps.length === 3) return conNav(ctx, texts.enterPin);
  const check = await checkUssdPin(ctx.deps, { memberId: member.id, pinHash: member.pinHash, pin: steps[3] ?? '' });
  if (!check.ok) return end(check.locked ? texts.locked : texts.wrongPin(check.left));
  const data = await requestWithdrawal(ctx.deps, {
    memberId: member.id,
    countryId: member.countryId,
    phone: member.phone,
    acc: '1',
    amountLocalMinor: amount,
    clientKey: `ussd:${ctx.hop.sessionId}`,
  });
  await runAfterCommit(ctx.deps, (deps) => publishWithdrawalRequested(deps, BigInt(data.id)));
  return end(texts.withdrawn);
}

/** My account, 1 Change PIN: the old PIN (a wrong one counts towards the lock), then the new one. */
export async function changePinScreens(ctx: MenuContext): Promise<Screen> {
  const { member, texts, steps } = ctx;
  if (!member.pinHash) return end(texts.noPin);
  if (member.lockedAt) return end(texts.locked);
  if (steps.length === 2) return conNav(ctx, texts.oldPin);
  if (steps.length === 3) return conNav(ctx, texts.newPin);
  if (!isPin(steps[3] ?? '')) return conNav(ctx, texts.badPin);
  const check = await checkUssdPin(ctx.deps, { memberId: member.id, pinHash: member.pinHash, pin: steps[2] ?? '' });
  if (!check.ok) return end(check.locked ? texts.locked : texts.wrongPin(check.left));
  await storeUssdPin(ctx.deps, member.id, steps[3] ?? '');
  return end(texts.pinChanged);
}
