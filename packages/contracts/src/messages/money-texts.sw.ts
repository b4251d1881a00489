import type { MessageCatalogue } from './localise.ts';

/**
 * The server's member-facing texts about money in Swahili: deposits, withdrawals, activation, bonuses, task earnings
 * and the notifications written when money moves. Keys are the English texts as the source writes them (a named
 * placeholder where it interpolates); values are ICU messages. Money words follow docs/glossary.md: deposit "amana",
 * withdrawal "utoaji wa pesa" / to withdraw "kutoa pesa", wallet "pochi", balance "salio", commission "kamisheni",
 * level "ngazi", activation "kuwezesha akaunti", fee/charge "ada", receipt "risiti", transaction code "msimbo wa
 * muamala".
 */
export const MONEY_TEXTS_SW: MessageCatalogue = {
  // ledger
  'Insufficient balance': 'Salio halitoshi',
  'Transaction not found': 'Muamala haukupatikana',
  'This idempotency key was already used for a different request': 'Ufunguo huu wa ombi ulishatumika kwa ombi tofauti',
  // activation
  'Insufficient deposit balance to activate your account.': 'Salio la pochi ya Amana halitoshi kuwezesha akaunti yako.',
  'Insufficient deposit balance. Deposit {currency} {amount} to activate your account.':
    'Salio la pochi ya Amana halitoshi. Weka {currency} {amount} ili kuwezesha akaunti yako.',
  'You earned {currency} {amount}: your level {level} member {username} activated their account.':
    'Umepata kamisheni ya {currency} {amount}: mwanachama wako wa ngazi ya {level, select, 1 {kwanza} 2 {pili} 3 {tatu} other {{level}}}, {username}, amewezesha akaunti yake.',
  'You earned {currency} {amount}: {username} is now your level {level} member.':
    'Umepata kamisheni ya {currency} {amount}: {username} sasa ni mwanachama wako wa ngazi ya {level, select, 1 {kwanza} 2 {pili} 3 {tatu} other {{level}}}.',
  'Cannot deactivate: {username} no longer holds the commission in their Jumbo wallet':
    'Haiwezekani kusitisha: {username} hana tena kamisheni kwenye pochi yake ya Jumbo',
  'Member not found': 'Mwanachama hakupatikana',
  'This account is suspended': 'Akaunti hii imesimamishwa',
  'This account is not active': 'Akaunti hii haijawezeshwa',
  // bonuses
  'Daily bonus of {currency} {amount} claimed': 'Bonasi ya kila siku ya {currency} {amount} imepokelewa',
  'Welcome bonus of {currency} {amount} claimed': 'Bonasi ya kukaribishwa ya {currency} {amount} imepokelewa',
  // deposits
  'Amount is too small': 'Kiasi ni kidogo mno',
  'The maximum deposit is {currency} {amount}': 'Kiasi cha juu cha kuweka pesa ni {currency} {amount}',
  'This request key was already used for a different amount': 'Ufunguo huu wa ombi ulishatumika kwa kiasi tofauti',
  'Deposit not found': 'Amana haikupatikana',
  'The amount paid is too small to credit': 'Kiasi kilicholipwa ni kidogo mno kuingizwa',
  'The amount is too small to credit': 'Kiasi ni kidogo mno kuingizwa',
  'Payment methods loaded': 'Njia za malipo zimepakiwa',
  'Payment request sent successfully! Enter your M-Pesa PIN on your phone.':
    'Ombi la malipo limetumwa! Weka PIN yako ya M-Pesa kwenye simu yako.',
  'Payment link created. Complete the payment in the new tab.':
    'Kiungo cha malipo kimeundwa. Kamilisha malipo kwenye kichupo kipya.',
  'Deposit of {amount} confirmed and added to your Deposit wallet.':
    'Amana ya {amount} imethibitishwa na kuwekwa kwenye pochi yako ya Amana.',
  'Your deposit of {amount} has been received.': 'Amana yako ya {amount} imepokelewa.',
  'Your M-Pesa payment of {amount} did not go through: {reason}.': 'Malipo yako ya M-Pesa ya {amount} hayakufanikiwa: {reason}.',
  'No deposit history found': 'Hakuna historia ya amana',
  'Deposit history loaded': 'Historia ya amana imepakiwa',
  'No exchange rate is set for {currency}': 'Hakuna kiwango cha kubadilisha fedha kilichowekwa kwa {currency}',
  'You already have {count} codes waiting for review. Please wait until they are checked.':
    '{count, plural, one {Tayari una msimbo # unaosubiri kukaguliwa. Tafadhali subiri hadi ukaguliwe.} other {Tayari una misimbo # inayosubiri kukaguliwa. Tafadhali subiri hadi ikaguliwe.}}',
  'This code has already been used': 'Msimbo huu tayari umetumika',
  'We could not find this code yet. It has been sent for review and will be credited once confirmed.':
    'Bado hatujaupata msimbo huu. Tumeutuma ukaguliwe; pesa zitaingizwa kwenye pochi yako ya Amana baada ya kuthibitishwa.',
  'We are confirming this code with M-Pesa. It will be added to your Deposit wallet as soon as M-Pesa confirms it; there is no need to send it again.':
    'Tunathibitisha msimbo huu na M-Pesa. Utawekwa kwenye pochi yako ya Amana mara M-Pesa itakapouthibitisha; hakuna haja ya kuutuma tena.',
  'M-Pesa does not know this transaction code. Please check the code and try again.':
    'M-Pesa haitambui msimbo huu wa muamala. Tafadhali kagua msimbo na ujaribu tena.',
  'M-Pesa reports a different amount for this transaction code, so it cannot be credited. Please contact customer care.':
    'M-Pesa inaonyesha kiasi tofauti kwa msimbo huu wa muamala, kwa hiyo hauwezi kuingizwa. Tafadhali wasiliana na huduma kwa wateja.',
  'This transaction code is a payment Tuzo made, not a payment to Tuzo, so it cannot be credited.':
    'Msimbo huu wa muamala ni malipo yaliyofanywa na Tuzo, si malipo kwa Tuzo, kwa hiyo hauwezi kuingizwa.',
  'M-Pesa shows that this transaction was not a payment to Tuzo, so it cannot be credited. Please contact customer care.':
    'M-Pesa inaonyesha kwamba muamala huu haukuwa malipo kwa Tuzo, kwa hiyo hauwezi kuingizwa. Tafadhali wasiliana na huduma kwa wateja.',
  'Your transaction code {code} could not be confirmed.': 'Msimbo wako wa muamala {code} haukuweza kuthibitishwa.',
  'Your transaction code {code} could not be confirmed with M-Pesa and was not credited.':
    'Msimbo wako wa muamala {code} haukuweza kuthibitishwa na M-Pesa na haukuingizwa.',
  'Payment links are not available in your country. Please use another deposit method.':
    'Viungo vya malipo havipatikani katika nchi yako. Tafadhali tumia njia nyingine ya kuweka pesa.',
  'This payment request was already made. Please start a new one.': 'Ombi hili la malipo lilishafanywa. Tafadhali anza jipya.',
  'The payment link could not be created ({reason}). Please try again.':
    'Kiungo cha malipo hakikuweza kuundwa ({reason}). Tafadhali jaribu tena.',
  'M-Pesa STK push is available to members in Kenya only. Please use another deposit method.':
    'Ombi la malipo la M-Pesa (STK push) linapatikana kwa wanachama walio Kenya pekee. Tafadhali tumia njia nyingine ya kuweka pesa.',
  'M-Pesa payments are not available right now. Please use another deposit method.':
    'Malipo ya M-Pesa hayapatikani kwa sasa. Tafadhali tumia njia nyingine ya kuweka pesa.',
  'M-Pesa accepts whole shillings only. Enter an amount without cents, for example 100.':
    'M-Pesa inapokea shilingi kamili pekee. Weka kiasi bila senti, kwa mfano 100.',
  'M-Pesa could not send the payment request ({reason}). Please try again.':
    'M-Pesa haikuweza kutuma ombi la malipo ({reason}). Tafadhali jaribu tena.',
  // pay for a client
  'Transfer history loaded': 'Historia ya uhamisho imepakiwa',
  'This idempotency key was already used for a different payment': 'Ufunguo huu wa ombi ulishatumika kwa malipo tofauti',
  // withdrawals
  'Your phone number was changed, so withdrawals are paused for {hours} hours to keep your money safe. You can withdraw again from {until} UTC.':
    'Nambari yako ya simu ilibadilishwa, kwa hiyo utoaji wa pesa umesitishwa kwa saa {hours} ili kulinda pesa zako. Unaweza kutoa pesa tena kuanzia {until} UTC.',
  'Withdrawal hold loaded': 'Hali ya kusitishwa kwa utoaji wa pesa imepakiwa',
  'M-Pesa pays whole shillings only. Enter an amount without cents, for example 500.':
    'M-Pesa inalipa shilingi kamili pekee. Weka kiasi bila senti, kwa mfano 500.',
  '{method} pays in KES only; ask support to pay you another way':
    '{method} inalipa kwa KES pekee; omba huduma kwa wateja wakulipe kwa njia nyingine',
  'The smallest {method} payout is {amount}': 'Kiasi cha chini cha kutoa pesa kwa {method} ni {amount}',
  'The largest {method} payout is {amount}; withdraw a smaller amount':
    'Kiasi cha juu cha kutoa pesa kwa {method} ni {amount}; toa kiasi kidogo zaidi',
  '{wallet} earnings can be withdrawn once that wallet reaches {currency} {amount}; withdraw from your Jumbo wallet for now':
    'Mapato ya pochi ya {wallet} yanaweza kutolewa pochi hiyo ikifikia {currency} {amount}; kwa sasa toa pesa kutoka pochi yako ya Jumbo',
  'This idempotency key was already used for a different withdrawal':
    'Ufunguo huu wa ombi ulishatumika kwa utoaji tofauti wa pesa',
  'Withdrawal history loaded': 'Historia ya utoaji wa pesa imepakiwa',
  'Withdrawal not found': 'Utoaji wa pesa haukupatikana',
  'Your withdrawal of {amount} has been paid.': 'Utoaji wako wa pesa wa {amount} umelipwa.',
  'Your withdrawal of {amount} was declined. {refunded} is back in your {wallet} wallet.':
    'Utoaji wako wa pesa wa {amount} umekataliwa. {refunded} zimerudishwa kwenye pochi yako ya {wallet}.',
  'Your withdrawal of {amount} has been paid to {phone}. Receipt {receipt}.':
    'Utoaji wako wa pesa wa {amount} umelipwa kwa {phone}. Risiti {receipt}.',
  'Your withdrawal of {amount} could not be paid: {reason} {refunded} is back in your {wallet} wallet.':
    'Utoaji wako wa pesa wa {amount} haukuweza kulipwa: {reason} {refunded} zimerudishwa kwenye pochi yako ya {wallet}.',
  // commission holds (decision 062)
  'Your level {level} commission of {currency} {amount} from {username} is held while we check that the accounts in your team belong to different people. You can ask for a review.':
    'Kamisheni yako ya ngazi ya {level, select, 1 {kwanza} 2 {pili} 3 {tatu} other {{level}}} ya {currency} {amount} kutoka kwa {username} imezuiliwa tunapohakikisha kwamba akaunti za timu yako ni za watu tofauti. Unaweza kuomba ikaguliwe.',
  'Your commission is held while we check that the accounts in your team belong to different people. You can ask for a review.':
    'Kamisheni yako imezuiliwa tunapohakikisha kwamba akaunti za timu yako ni za watu tofauti. Unaweza kuomba ikaguliwe.',
  'Your held commission of {currency} {amount} was released to your Jumbo wallet.':
    'Kamisheni yako iliyozuiliwa ya {currency} {amount} imewekwa kwenye pochi yako ya Jumbo.',
  'Held commissions loaded': 'Kamisheni zilizozuiliwa zimepakiwa',
  'Review requested: we will check your team’s accounts and answer you':
    'Ombi la ukaguzi limetumwa: tutakagua akaunti za timu yako na kukujibu',
  'None of your commissions is held, so there is nothing to review':
    'Hakuna kamisheni yako iliyozuiliwa, kwa hiyo hakuna cha kukagua',
  'You already asked for a review; we will answer it soon': 'Tayari umeomba ukaguzi; tutakujibu hivi karibuni',
  'Tell us in at least 10 characters': 'Tueleze kwa angalau herufi 10',
  'At most 500 characters': 'Herufi 500 zisizidi',
  'Keep raw signals at least 1 day': 'Hifadhi ishara ghafi kwa angalau siku 1',
  'At least 2 accounts': 'Angalau akaunti 2',
  'decision must be clear or confirm': 'Uamuzi lazima uwe clear au confirm',
  // videos, spins, trivia earnings
  '{currency} {amount} added to your YouTube wallet': '{currency} {amount} zimewekwa kwenye pochi yako ya YouTube',
  '{currency} {amount} added to your TikTok wallet': '{currency} {amount} zimewekwa kwenye pochi yako ya TikTok',
  'You won {currency} {amount}': 'Umeshinda {currency} {amount}',
  'No win this time': 'Hukushinda wakati huu',
};
