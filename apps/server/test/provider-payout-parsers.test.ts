import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { providerFeeToMinor, providerSignedAmountToMinor } from '../src/payments/amounts.ts';
import { parseTransferWebhook } from '../src/payments/flutterwave/transfers.ts';
import {
  parseAccountBalanceResult,
  parseAccountBalanceText,
  parseB2CQueueTimeout,
  parseB2CResult,
  parseB2CStatusResult,
  parseDarajaTime,
  partyIdentifier,
} from '../src/payments/mpesa/b2c-results.ts';
import { isSameMsisdn } from '../src/modules/payouts/payout-match.ts';
import { encryptSecurityCredential } from '../src/payments/mpesa/security-credential.ts';
import { redactUrl, REDACT_PATHS } from '../src/lib/log-redaction.ts';
import { decryptTestCredential, TEST_CERTIFICATE_PATH } from './provider-payouts-fixtures.ts';

/**
 * Issue 14: the parsers of what Daraja and Flutterwave post about payouts, fed the providers' own documented sample
 * bodies (number and string ResultCode, a failure without ResultParameters, a negative charges balance, a fee with
 * three decimals), and the B2C SecurityCredential.
 */

/** Daraja's documented B2C success Result. */
const B2C_SUCCESS = {
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: '10571-7910404-1',
    ConversationID: 'AG_20191219_00004e48cf7e3533f581',
    TransactionID: 'NLJ41HAY6Q',
    ResultParameters: {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: 10 },
        { Key: 'TransactionReceipt', Value: 'NLJ41HAY6Q' },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -4510.0 },
        { Key: 'ReceiverPartyPublicName', Value: '254708374149 - John Doe' },
        { Key: 'TransactionCompletedDateTime', Value: '19.12.2019 11:45:50' },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 10116.0 },
        { Key: 'B2CWorkingAccountAvailableFunds', Value: 900000.0 },
      ],
    },
    ReferenceData: {
      ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit' },
    },
  },
};

/** Daraja's documented B2C failure Result: no ResultParameters. */
const B2C_FAILURE = {
  Result: {
    ResultType: 0,
    ResultCode: 2001,
    ResultDesc: 'The initiator information is invalid.',
    OriginatorConversationID: '29112-34801843-1',
    ConversationID: 'AG_20191219_00006c6fddb15123addf',
    TransactionID: 'NLJ0000000',
    ReferenceData: {
      ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit' },
    },
  },
};

/** Daraja's documented account balance Result (a negative Charges Paid Account included). */
const BALANCE = {
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: '16917-22577599-3',
    ConversationID: 'AG_20200206_00005e091a8ec6b9eac5',
    TransactionID: 'OA90000000',
    ResultParameters: {
      ResultParameter: [
        {
          Key: 'AccountBalance',
          Value:
            'Working Account|KES|700000.00|700000.00|0.00|0.00&Float Account|KES|0.00|0.00|0.00|0.00&Utility Account|KES|228037.00|228037.00|0.00|0.00&Charges Paid Account|KES|-1540.00|-1540.00|0.00|0.00&Organization Settlement Account|KES|0.00|0.00|0.00|0.00',
        },
        { Key: 'BOCompletedTime', Value: 20200109125710 },
      ],
    },
    ReferenceData: {
      ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/abresults/v1/submit' },
    },
  },
};

/** Flutterwave's documented `transfer.completed` webhook (a fee with three decimals). */
const TRANSFER_WEBHOOK = {
  event: 'transfer.completed',
  'event.type': 'Transfer',
  data: {
    id: 33286,
    account_number: '0690000040',
    bank_name: 'ACCESS BANK NIGERIA',
    bank_code: '044',
    fullname: 'Bale Gary',
    created_at: '2020-04-14T16:39:17.000Z',
    currency: 'NGN',
    debit_currency: 'NGN',
    amount: 30020,
    fee: 26.875,
    status: 'FAILED',
    reference: 'a0a827b1eca65311_PMCKDU_5',
    meta: null,
    narration: 'lolololo',
    approver: null,
    complete_message: 'DISBURSE FAILED: Insufficient funds',
    requires_approval: 0,
    is_approved: 1,
  },
};

describe('B2C Result parser', () => {
  it("reads Daraja's success sample by Key, in minor units", () => {
    expect(parseB2CResult(B2C_SUCCESS)).toEqual({
      originatorConversationId: '10571-7910404-1',
      conversationId: 'AG_20191219_00004e48cf7e3533f581',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      isSuccess: true,
      transactionId: 'NLJ41HAY6Q',
      receipt: 'NLJ41HAY6Q',
      amountMinor: 1000n,
      receiverPartyPublicName: '254708374149 - John Doe',
      receiverMsisdn: '254708374149',
      receiverName: 'John Doe',
      completedAt: new Date('2019-12-19T08:45:50.000Z'),
      utilityAvailableMinor: 1011600n,
      workingAvailableMinor: 90000000n,
      recipientIsRegistered: true,
    });
  });

  it('reads the same with ResultCode as a string, parameters reordered and a single parameter object', () => {
    const reordered = {
      Result: {
        ...B2C_SUCCESS.Result,
        ResultCode: '0',
        ResultParameters: { ResultParameter: [...B2C_SUCCESS.Result.ResultParameters.ResultParameter].reverse() },
      },
    };
    expect(parseB2CResult(reordered)).toEqual(parseB2CResult(B2C_SUCCESS));
    const single = {
      Result: { ...B2C_SUCCESS.Result, ResultParameters: { ResultParameter: { Key: 'TransactionAmount', Value: '10.00' } } },
    };
    expect(parseB2CResult(single)).toMatchObject({ isSuccess: true, amountMinor: 1000n, receipt: 'NLJ41HAY6Q' });
  });

  it("reads Daraja's failure sample (no ResultParameters), with a number or a string code", () => {
    const expected = {
      originatorConversationId: '29112-34801843-1',
      resultCode: '2001',
      resultDesc: 'The initiator information is invalid.',
      isSuccess: false,
      receipt: null,
      amountMinor: null,
      receiverPartyPublicName: null,
      utilityAvailableMinor: null,
    };
    expect(parseB2CResult(B2C_FAILURE)).toMatchObject(expected);
    expect(parseB2CResult({ Result: { ...B2C_FAILURE.Result, ResultCode: '2001' } })).toMatchObject(expected);
    expect(parseB2CResult({ Result: { ...B2C_FAILURE.Result, ResultCode: 'SFC_IC0003' } })?.resultCode).toBe('SFC_IC0003');
  });

  it('refuses what is not a B2C Result: no OriginatorConversationID, a fractional-cent amount, junk', () => {
    const { OriginatorConversationID: _id, ...withoutId } = B2C_SUCCESS.Result;
    expect(parseB2CResult({ Result: withoutId })).toBeNull();
    const badAmount = {
      Result: { ...B2C_SUCCESS.Result, ResultParameters: { ResultParameter: [{ Key: 'TransactionAmount', Value: 10.005 }] } },
    };
    expect(parseB2CResult(badAmount)).toBeNull();
    for (const junk of [null, 'x', {}, { Result: {} }, { Result: { ResultCode: 0 } }]) expect(parseB2CResult(junk)).toBeNull();
  });

  it('reads both time formats in East Africa Time and refuses impossible dates', () => {
    expect(parseDarajaTime('06.07.2024 22:48:52')).toEqual(new Date('2024-07-06T19:48:52.000Z'));
    expect(parseDarajaTime('20200109125710')).toEqual(new Date('2020-01-09T09:57:10.000Z'));
    expect(parseDarajaTime('31.02.2024 10:00:00')).toBeNull();
    expect(parseDarajaTime('yesterday')).toBeNull();
  });
});

describe('queue timeout, status and balance parsers', () => {
  it('reads a queue timeout as the original request or as a Result envelope', () => {
    const original = {
      OriginatorConversationID: 'tuzo-1',
      InitiatorName: 'testapi',
      CommandID: 'BusinessPayment',
      Amount: 250,
      PartyA: '600000',
      PartyB: '254712345678',
      Remarks: 'Tuzo withdrawal',
    };
    expect(parseB2CQueueTimeout(original)).toEqual({
      originatorConversationId: 'tuzo-1',
      conversationId: null,
      amountMinor: 25000n,
      msisdn: '254712345678',
    });
    const envelope = {
      Result: {
        ResultType: 1,
        ResultCode: 1,
        ResultDesc: 'The service request has timed out.',
        OriginatorConversationID: 'tuzo-2',
        ConversationID: 'AG_1',
      },
    };
    expect(parseB2CQueueTimeout(envelope)).toEqual({
      originatorConversationId: 'tuzo-2',
      conversationId: 'AG_1',
      amountMinor: null,
      msisdn: null,
    });
    expect(parseB2CQueueTimeout({ Amount: 1 })).toBeNull();
  });

  it('classifies a status Result: completed, failed, not found, or unanswered (never a guess)', () => {
    const result = (code: number | string, parameters?: Array<{ Key: string; Value?: string | number }>) => ({
      Result: {
        ResultType: 0,
        ResultCode: code,
        ResultDesc: 'x',
        OriginatorConversationID: 'q-1',
        ConversationID: 'AG_q',
        ...(parameters ? { ResultParameters: { ResultParameter: parameters } } : {}),
      },
    });
    const completed = [
      { Key: 'TransactionStatus', Value: 'Completed' },
      { Key: 'ReceiptNo', Value: 'nlj41hay6q' },
      { Key: 'Amount', Value: 10 },
      { Key: 'FinalisedTime', Value: 20191219114550 },
      { Key: 'CreditPartyName', Value: '254708374149 - John Doe' },
    ];
    expect(parseB2CStatusResult(result(0, completed))).toMatchObject({
      state: 'completed',
      receipt: 'NLJ41HAY6Q',
      amountMinor: 1000n,
      creditPartyName: '254708374149 - John Doe',
      finalisedAt: new Date('2019-12-19T08:45:50.000Z'),
    });
    expect(parseB2CStatusResult(result('0', completed))?.state).toBe('completed');
    expect(parseB2CStatusResult(result(0, [{ Key: 'TransactionStatus', Value: 'Declined' }]))?.state).toBe('failed');
    expect(parseB2CStatusResult(result(0, [{ Key: 'TransactionStatus', Value: 'Completed' }]))?.state).toBe('unanswered');
    expect(parseB2CStatusResult(result(0))?.state).toBe('unanswered');
    expect(parseB2CStatusResult(result('2040'))?.state).toBe('failed');
    expect(parseB2CStatusResult(result(1))?.state).toBe('failed');
    expect(parseB2CStatusResult(result('R000002'))?.state).toBe('not-found');
    for (const code of [2001, '17', 21, 8006, '500.003.02', 'X99'])
      expect(parseB2CStatusResult(result(code))?.state).toBe('unanswered');
  });

  it("reads Daraja's account balance sample into minor units, negative balances included", () => {
    expect(parseAccountBalanceResult(BALANCE)).toMatchObject({
      conversationId: 'AG_20200206_00005e091a8ec6b9eac5',
      resultCode: '0',
      isSuccess: true,
      utilityAvailableMinor: 22803700n,
      workingAvailableMinor: 70000000n,
    });
    const accounts = parseAccountBalanceResult(BALANCE)?.accounts ?? [];
    expect(accounts.map((line) => line.name)).toEqual([
      'Working Account',
      'Float Account',
      'Utility Account',
      'Charges Paid Account',
      'Organization Settlement Account',
    ]);
    expect(accounts[3]).toEqual({
      name: 'Charges Paid Account',
      currency: 'KES',
      amountMinor: -154000n,
      availableMinor: -154000n,
      reservedMinor: 0n,
      unclearedMinor: 0n,
    });
    expect(parseAccountBalanceText('Utility Account|KES|1.5|x|0|0')).toBeNull();
    expect(parseAccountBalanceText('Utility Account|KES|1.00')).toBeNull();
    const failed = { Result: { ...BALANCE.Result, ResultCode: '2001', ResultParameters: undefined } };
    expect(parseAccountBalanceResult(failed)).toMatchObject({
      isSuccess: false,
      resultCode: '2001',
      accounts: null,
      utilityAvailableMinor: null,
    });
  });

  it('reads negative and 3-decimal amounts without floats', () => {
    expect(providerSignedAmountToMinor('-1540.00')).toBe(-154000n);
    expect(providerSignedAmountToMinor(-4510)).toBe(-451000n);
    expect(providerFeeToMinor(26.875)).toBe(2688n);
    expect(providerFeeToMinor('26.874')).toBe(2687n);
    expect(providerFeeToMinor('10')).toBe(1000n);
    expect(providerFeeToMinor(-1)).toBeNull();
  });
});

describe('whom a provider paid (decision 046)', () => {
  it('reads the identifier at the head of a party name, masked digits kept', () => {
    expect(partyIdentifier('254708374149 - John Doe')).toBe('254708374149');
    expect(partyIdentifier('600000 - Tuzo')).toBe('600000');
    expect(partyIdentifier('2547****4149 - John Doe')).toBe('2547****4149');
    expect(partyIdentifier('John Doe')).toBeNull();
    expect(partyIdentifier(null)).toBeNull();
    const status = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'x',
        ConversationID: 'AG_q',
        ResultParameters: {
          ResultParameter: [
            { Key: 'DebitPartyName', Value: '600000 - Tuzo' },
            { Key: 'CreditPartyName', Value: '254708374149 - John Doe' },
          ],
        },
      },
    };
    expect(parseB2CStatusResult(status)).toMatchObject({
      debitPartyName: '600000 - Tuzo',
      creditPartyName: '254708374149 - John Doe',
    });
  });

  it('matches a receiver written any way, with masked digits, never another number', () => {
    expect(isSameMsisdn('254708374149', '+254708374149')).toBe(true);
    expect(isSameMsisdn('0708374149', '254708374149')).toBe(true);
    expect(isSameMsisdn('2547****4149', '254708374149')).toBe(true);
    expect(isSameMsisdn('2547****4140', '254708374149')).toBe(false);
    expect(isSameMsisdn('254708374148', '254708374149')).toBe(false);
    // Too little shown to say whose number it is.
    expect(isSameMsisdn('2547********', '254708374149')).toBe(false);
    expect(isSameMsisdn('25470837414', '254708374149')).toBe(false);
  });
});

describe('Flutterwave transfer webhook parser', () => {
  it("reads Flutterwave's documented sample, the fee rounded half up and kept exactly as sent", () => {
    expect(parseTransferWebhook(TRANSFER_WEBHOOK)).toEqual({
      id: '33286',
      reference: 'a0a827b1eca65311_PMCKDU_5',
      status: 'FAILED',
      amountMinor: 3002000n,
      feeMinor: 2688n,
      feeText: '26.875',
      currency: 'NGN',
      completeMessage: 'DISBURSE FAILED: Insufficient funds',
      accountNumber: '0690000040',
      fullName: 'Bale Gary',
    });
  });

  it('ignores other events and malformed transfers', () => {
    expect(parseTransferWebhook({ ...TRANSFER_WEBHOOK, event: 'charge.completed' })).toBeNull();
    expect(parseTransferWebhook({ ...TRANSFER_WEBHOOK, data: { ...TRANSFER_WEBHOOK.data, status: 'WEIRD' } })).toBeNull();
    expect(parseTransferWebhook({ ...TRANSFER_WEBHOOK, data: { ...TRANSFER_WEBHOOK.data, amount: 1.234 } })).toBeNull();
    expect(parseTransferWebhook({ event: 'transfer.completed' })).toBeNull();
  });
});

describe('B2C SecurityCredential', () => {
  it('is the initiator password encrypted with the certificate (PKCS#1 v1.5, base64), new padding each time', () => {
    const certificate = readFileSync(TEST_CERTIFICATE_PATH);
    const first = encryptSecurityCredential({ initiatorPassword: 'Safaricom999!*!', certificate });
    const second = encryptSecurityCredential({ initiatorPassword: 'Safaricom999!*!', certificate });
    expect(first).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(first, 'base64')).toHaveLength(256);
    expect(first).not.toBe(second);
    expect(decryptTestCredential(first)).toBe('Safaricom999!*!');
    expect(decryptTestCredential(second)).toBe('Safaricom999!*!');
  });

  it('refuses an unreadable certificate and an empty password with a sentence', () => {
    expect(() => encryptSecurityCredential({ initiatorPassword: 'x', certificate: 'not a certificate' })).toThrow(
      /^The M-Pesa certificate cannot be read/,
    );
    const certificate = readFileSync(TEST_CERTIFICATE_PATH);
    expect(() => encryptSecurityCredential({ initiatorPassword: '', certificate })).toThrow(
      'The M-Pesa initiator password is empty',
    );
  });

  it('is configured as the credential, or as password and certificate, never both; and is censored in logs', () => {
    expect(() =>
      loadConfig({ MPESA_SECURITY_CREDENTIAL: 'abc', MPESA_INITIATOR_PASSWORD: 'pw', MPESA_CERTIFICATE_PATH: 'x.cer' }),
    ).toThrow('Set MPESA_SECURITY_CREDENTIAL, or MPESA_INITIATOR_PASSWORD with MPESA_CERTIFICATE_PATH, not both');
    expect(() => loadConfig({ MPESA_INITIATOR_PASSWORD: 'pw' })).toThrow(
      'Set both MPESA_INITIATOR_PASSWORD and MPESA_CERTIFICATE_PATH, or neither',
    );
    expect(loadConfig({ MPESA_INITIATOR_PASSWORD: 'pw', MPESA_CERTIFICATE_PATH: 'x.cer' }).MPESA_CERTIFICATE_PATH).toBe('x.cer');
    for (const field of ['SecurityCredential', '*.SecurityCredential', 'MPESA_INITIATOR_PASSWORD', '*.initiatorPassword'])
      expect(REDACT_PATHS).toContain(field);
    expect(redactUrl('/hooks/mpesa/s3cret/b2c/result')).toBe('/hooks/mpesa/[redacted]/b2c/result');
  });
});
