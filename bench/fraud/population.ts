import { deviceId, type SeededRandom } from './seeded-random.ts';

/**
 * The ordinary population of the fraud bench: members joining over DAYS days (more each week, mostly in the day
 * and evening, Nairobi time), most recruited by a few active sponsors, each with their own phone (a device id of
 * their own, changing mobile addresses), paying and withdrawing with their own M-Pesa number. sharing.ts then
 * adds the accidental sharing (families, cybercafes, one office, M-Pesa agents); rings.ts adds the planted rings.
 */
export const DAYS = 60;
export const START = Date.parse('2026-09-15T00:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type Sharing = 'family' | 'cybercafe' | 'office' | 'agent';

/** Where a member acts from: the device ids and addresses seen there; `dailyWipe` (a cafe PC) renews the id daily. */
export interface Place {
  devices: string[];
  ips: string[];
  weight: number;
  dailyWipe?: boolean;
}

export interface Person {
  index: number;
  username: string;
  email: string;
  phone: string;
  name: string;
  joinedAt: number;
  sponsor: number | null;
  ring: number | null;
  sharing: Set<Sharing>;
  /** Finer sharing habits for the report (family-device, family-payer, cafe-only, ...). */
  traits: Set<string>;
  places: Place[];
  /** M-Pesa numbers that pay their deposits and activation fee; payout numbers and the name M-Pesa returns. */
  payers: string[];
  payouts: string[];
  receiverName: string;
  activates: boolean;
  withdraws: boolean;
}

const FIRST =
  'amina brian cynthia david esther felix grace hassan irene james kevin lucy mercy njeri otieno peter rose samuel wanjiru joseph mary john faith dennis'.split(
    ' ',
  );
const LAST =
  'kamau odhiambo wanjiku mwangi otieno kiprop chebet mutua njoroge omondi achieng wafula kariuki nyambura karanja'.split(' ');
/** Evening-heavy sign-up hours (Nairobi time), index = hour. */
const HOUR_WEIGHTS = [1, 0, 0, 0, 0, 1, 2, 4, 5, 6, 6, 6, 7, 6, 6, 6, 7, 8, 9, 10, 10, 8, 5, 2];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((sum, weight) => sum + weight, 0);

/** A fresh Kenyan mobile number, 2547xxxxxxxx, never drawn before in this run. */
export function phoneMaker(random: SeededRandom): () => string {
  const used = new Set<string>();
  return () => {
    for (;;) {
      const phone = `2547${String(random.int(100_000_000)).padStart(8, '0')}`;
      if (!used.has(phone)) {
        used.add(phone);
        return phone;
      }
    }
  };
}

/** An address of Safaricom's (105.160.0.0/12) or Airtel's carrier NAT: unrelated members share these networks. */
export const mobileIp = (random: SeededRandom): string =>
  `${random.chance(0.8) ? `105.${160 + random.int(16)}` : random.pick(['41.90', '41.89', '197.232', '197.237', '102.68'])}.${random.int(256)}.${random.between(1, 254)}`;

/** A time in the day `day` days after START at an hour drawn from HOUR_WEIGHTS (Nairobi is UTC+3). */
export function daytime(random: SeededRandom, day: number): number {
  let draw = random.int(HOUR_TOTAL);
  let hour = 0;
  while (draw >= (HOUR_WEIGHTS[hour] ?? 0)) draw -= HOUR_WEIGHTS[hour++] ?? 0;
  return START + day * DAY + (hour - 3) * HOUR + random.int(HOUR);
}

/** One member with their own phone, device and mobile addresses. */
export function newPerson(
  random: SeededRandom,
  input: { index: number; joinedAt: number; phone: string; ring?: number },
): Person {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const tag = `${first}${random.chance(0.5) ? '.' : '_'}${last}${input.index}`;
  return {
    index: input.index,
    username: `${first}_${last}${input.index}`,
    email: `${tag}@${random.pick(['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'outlook.com'])}`,
    phone: input.phone,
    name: `${first} ${last}`.toUpperCase(),
    joinedAt: input.joinedAt,
    sponsor: null,
    ring: input.ring ?? null,
    sharing: new Set(),
    traits: new Set(),
    places: [{ devices: [deviceId(random)], ips: [mobileIp(random), mobileIp(random), mobileIp(random)], weight: 4 }],
    payers: [input.phone],
    payouts: [input.phone],
    receiverName: `${first} ${last}`.toUpperCase(),
    activates: random.chance(0.65),
    withdraws: false,
  };
}

/**
 * COUNT ordinary members in join order (growth: the density of joins rises over the DAYS days). Sponsors: 3% of
 * members recruit actively and bring 70% of everyone after them; 25% were brought by some other earlier member;
 * the rest joined without a sponsor (under the house account).
 */
export function ordinaryMembers(random: SeededRandom, count: number, phone: () => string): Person[] {
  const times = Array.from({ length: count }, () => daytime(random, Math.floor(DAYS * Math.sqrt(random.float())))).sort(
    (a, b) => a - b,
  );
  const people: Person[] = [];
  const recruiters: number[] = [];
  for (const [index, joinedAt] of times.entries()) {
    const person = newPerson(random, { index, joinedAt, phone: phone() });
    person.withdraws = person.activates && random.chance(0.4);
    if (index >= 40) {
      const draw = random.float();
      if (draw < 0.7 && recruiters.length > 0) person.sponsor = random.pick(recruiters);
      else if (draw < 0.95) person.sponsor = random.int(index);
    }
    if (random.chance(0.03)) recruiters.push(index);
    people.push(person);
  }
  return people;
}

/** Each member's direct recruits. */
export function recruitsOf(people: readonly Person[]): Map<number, number[]> {
  const recruits = new Map<number, number[]>();
  for (const person of people) {
    if (person.sponsor === null) continue;
    const list = recruits.get(person.sponsor) ?? [];
    list.push(person.index);
    recruits.set(person.sponsor, list);
  }
  return recruits;
}

export { DAY, HOUR };
