/**
 * The server's own member texts in Swahili (decision 039), beside the contracts' catalogue: the money texts and the
 * account texts. The server translates with them (apps/server/src/lib/messages/member-messages.ts); they live in the
 * contracts, on their own entry point (`@tuzo/contracts/messages-sw-server`, never in the web's bundle), so the web's
 * agreement test can compare them with the screens' texts (apps/web/src/testing/texts-agree.test.ts, decision 059).
 */
export { ACCOUNT_TEXTS_SW, ACCOUNT_VALUE_WORDS } from './account-texts.sw.ts';
export { MONEY_TEXTS_SW } from './money-texts.sw.ts';
