import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountSchema, ClientNumberAmountSchema } from '../src/money-schemas.ts';
import {
  divRoundHalfUp,
  formatMinor,
  formatMinorGrouped,
  formatRateMicro,
  localToSystemMinor,
  parseAmountToMinor,
  parseDbMinor,
  parseRateToMicro,
  systemToLocalMinor,
  tariffFeeMinor,
} from '../src/money.ts';

describe('decimal strings and minor units', () => {
  it.each([
    ['0', 0n],
    ['1', 100n],
    ['1.5', 150n],
    ['1.05', 105n],
    ['1234.56', 123456n],
    ['999999999999999.99', 99999999999999999n],
  ])('parses %s', (text, minor) => {
    expect(parseAmountToMinor(text)).toBe(minor);
  });

  it.each([
    '',
    '-1',
    '+1',
    '1.234',
    '1e3',
    '0x10',
    '01',
    '1,000',
    '.5',
    '5.',
    'abc',
    'NaN',
    'Infinity',
    '1 000',
    '1000000000000000',
  ])('refuses %j', (text) => {
    expect(parseAmountToMinor(text)).toBeNull();
  });

  it('formats with exactly two decimals, with and without grouping', () => {
    expect(formatMinor(0n)).toBe('0.00');
    expect(formatMinor(5n)).toBe('0.05');
    expect(formatMinor(-12345n)).toBe('-123.45');
    expect(formatMinorGrouped(123456789n)).toBe('1,234,567.89');
    expect(formatMinorGrouped(-100000n)).toBe('-1,000.00');
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999_999n }), (minor) => {
        expect(parseAmountToMinor(formatMinor(minor))).toBe(minor);
      }),
    );
  });

  it('reads bigint columns that pg returns as strings, never through Number', () => {
    expect(parseDbMinor('9007199254740993')).toBe(9007199254740993n);
    expect(parseDbMinor(null)).toBe(0n);
    expect(() => parseDbMinor('12.5')).toThrow();
    expect(() => parseDbMinor(2 ** 60)).toThrow();
  });
});

describe('AmountSchema (amounts on the wire)', () => {
  it('accepts decimal strings only', () => {
    expect(AmountSchema.parse('10.50')).toBe(1050n);
    expect(AmountSchema.parse('500')).toBe(50000n);
    expect(AmountSchema.safeParse(500).error?.issues[0]?.message).toBe('Please enter a valid amount');
  });

  it('takes a JSON number only where the spec client sends one (ClientNumberAmountSchema)', () => {
    expect(ClientNumberAmountSchema.parse('10.50')).toBe(1050n);
    expect(ClientNumberAmountSchema.parse(500)).toBe(50000n);
    expect(ClientNumberAmountSchema.parse(0.1)).toBe(10n);
  });

  it.each([
    [0, 'Amount must be greater than 0'],
    ['0.00', 'Amount must be greater than 0'],
    [-5, 'Please enter a valid amount (digits with at most 2 decimals)'],
    ['1.001', 'Please enter a valid amount (digits with at most 2 decimals)'],
    [1e21, 'Please enter a valid amount (digits with at most 2 decimals)'],
    ['abc', 'Please enter a valid amount (digits with at most 2 decimals)'],
    [Number.NaN, 'Please enter a valid amount'],
  ])('refuses %j with a clear message', (value, message) => {
    const result = ClientNumberAmountSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses non-numbers', () => {
    expect(AmountSchema.safeParse(null).error?.issues[0]?.message).toBe('Please enter a valid amount');
    expect(AmountSchema.safeParse({}).success).toBe(false);
  });
});

describe('exchange rates', () => {
  it('parses and prints rates as micro-units', () => {
    expect(parseRateToMicro('1')).toBe(1_000_000n);
    expect(parseRateToMicro('0.0077')).toBe(7_700n);
    expect(parseRateToMicro('28.5')).toBe(28_500_000n);
    expect(parseRateToMicro('0')).toBeNull();
    expect(parseRateToMicro('1.0000001')).toBeNull();
    expect(formatRateMicro(28_500_000n)).toBe('28.5');
  });

  it('converts both ways rounding half up to 2 decimals', () => {
    // 500 KES at 0.0077 USD/KES = 3.85 USD; 10 USD at 0.0077 = 1298.70 KES (1298.7012...).
    expect(systemToLocalMinor(50_000n, 7_700n)).toBe(385n);
    expect(localToSystemMinor(1_000n, 7_700n)).toBe(129_870n);
    expect(systemToLocalMinor(100n, 28_500_000n)).toBe(2_850n);
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n);
  });

  it('keeps a conversion at rate 1 exact', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (minor) => {
        expect(localToSystemMinor(minor, 1_000_000n)).toBe(minor);
        expect(systemToLocalMinor(minor, 1_000_000n)).toBe(minor);
      }),
    );
  });
});

describe('withdrawal tariff', () => {
  const brackets = [
    { minMinor: 20_000n, maxMinor: 99_900n, tariffMinor: 3_000n },
    { minMinor: 100_000n, maxMinor: 499_900n, tariffMinor: 5_000n },
    { minMinor: 500_000n, maxMinor: 7_000_000n, tariffMinor: 20_000n },
  ];

  it('uses the bracket containing the amount, bounds inclusive', () => {
    expect(tariffFeeMinor(20_000n, brackets)).toBe(3_000n);
    expect(tariffFeeMinor(99_900n, brackets)).toBe(3_000n);
    expect(tariffFeeMinor(100_000n, brackets)).toBe(5_000n);
    expect(tariffFeeMinor(7_000_000n, brackets)).toBe(20_000n);
  });

  it('charges the last tariff above the last bracket and nothing below the first or in a gap', () => {
    expect(tariffFeeMinor(9_000_000n, brackets)).toBe(20_000n);
    expect(tariffFeeMinor(19_999n, brackets)).toBe(0n);
    expect(tariffFeeMinor(99_950n, brackets)).toBe(0n);
    expect(tariffFeeMinor(100n, [])).toBe(0n);
  });
});
