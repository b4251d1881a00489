/**
 * Reference data inserted on every start when missing (never overwriting what an operator changed). Amounts are
 * in each country's local currency as decimal strings; rates are local units per 1 system unit (KES).
 */
export interface SeedCountry {
  name: string;
  dial: string;
  abbreviation: string;
  currency: string;
  rate: string;
  isDefault: boolean;
  sortOrder: number;
  fees: { creg: string; fl1: string; fl2: string; fl3: string; cbonus: string; minWith: string };
  /** [min, max, tariff], bounds inclusive. */
  tariffs: ReadonlyArray<readonly [string, string, string]>;
}

export const SEED_COUNTRIES: readonly SeedCountry[] = [
  {
    name: 'Kenya',
    dial: '+254',
    abbreviation: 'KE',
    currency: 'KES',
    rate: '1',
    isDefault: true,
    sortOrder: 10,
    fees: { creg: '500', fl1: '250', fl2: '150', fl3: '50', cbonus: '100', minWith: '200' },
    tariffs: [
      ['200', '999', '30'],
      ['1000', '4999', '50'],
      ['5000', '19999', '100'],
      ['20000', '70000', '200'],
    ],
  },
  {
    name: 'Uganda',
    dial: '+256',
    abbreviation: 'UG',
    currency: 'UGX',
    rate: '28.5',
    isDefault: false,
    sortOrder: 20,
    fees: { creg: '17000', fl1: '8000', fl2: '5000', fl3: '2000', cbonus: '3000', minWith: '7000' },
    tariffs: [
      ['7000', '34999', '1000'],
      ['35000', '174999', '1750'],
      ['175000', '699999', '3500'],
      ['700000', '2450000', '7000'],
    ],
  },
  {
    name: 'Tanzania',
    dial: '+255',
    abbreviation: 'TZ',
    currency: 'TZS',
    rate: '19.5',
    isDefault: false,
    sortOrder: 30,
    fees: { creg: '12000', fl1: '6000', fl2: '3500', fl3: '1200', cbonus: '2400', minWith: '5000' },
    tariffs: [
      ['5000', '24999', '750'],
      ['25000', '124999', '1250'],
      ['125000', '499999', '2500'],
      ['500000', '1750000', '5000'],
    ],
  },
  {
    name: 'Nigeria',
    dial: '+234',
    abbreviation: 'NG',
    currency: 'NGN',
    rate: '11.2',
    isDefault: false,
    sortOrder: 40,
    fees: { creg: '6000', fl1: '3000', fl2: '1800', fl3: '600', cbonus: '1200', minWith: '2500' },
    tariffs: [
      ['2500', '12499', '375'],
      ['12500', '62499', '625'],
      ['62500', '249999', '1250'],
      ['250000', '875000', '2500'],
    ],
  },
  {
    name: 'International',
    dial: '+1',
    abbreviation: 'INT',
    currency: 'USD',
    rate: '0.0077',
    isDefault: false,
    sortOrder: 1000,
    fees: { creg: '10', fl1: '5', fl2: '2.5', fl3: '1', cbonus: '1', minWith: '2' },
    tariffs: [
      ['2', '9.99', '0.30'],
      ['10', '49.99', '0.50'],
      ['50', '199.99', '1.00'],
      ['200', '700', '2.00'],
    ],
  },
];

export const HOUSE_USERNAME = 'tuzo_house';
export const DEMO_PASSWORD = 'demo1234';

/** The demo team: sponsor -> l1 -> l2 -> l3, plus a second, inactive recruit of the sponsor. */
export const DEMO_MEMBERS = [
  // startingDeposit (local currency) is credited through the ledger; active members then pay their activation fee
  // through the real activation service, so their uplines hold real commissions.
  { username: 'demo_sponsor', sponsor: null, phone: '+254700000101', isActive: true, startingDeposit: '2000' },
  { username: 'demo_l1', sponsor: 'demo_sponsor', phone: '+254700000102', isActive: true, startingDeposit: '1000' },
  { username: 'demo_l2', sponsor: 'demo_l1', phone: '+254700000103', isActive: true, startingDeposit: '500' },
  { username: 'demo_l3', sponsor: 'demo_l2', phone: '+254700000104', isActive: false, startingDeposit: '0' },
  { username: 'demo_new', sponsor: 'demo_sponsor', phone: '+254700000105', isActive: false, startingDeposit: '0' },
] as const;
