import { DAYS, daytime, HOUR, mobileIp, newPerson, type Person } from './population.ts';
import { deviceId, type SeededRandom } from './seeded-random.ts';

/**
 * Planted rings: RINGS people, each registering 2 to 20 accounts under themselves (most rings small), in a chain
 * (A->B->C...), a star (A->B, A->C...) or a tree, minutes to hours apart, the first account brought by an ordinary
 * member (70%) or by nobody. How careful the fraudster is (PROFILES, shares of rings):
 * - sloppy: one phone (device), one M-Pesa number pays every activation and receives every payout; 40% of them
 *   also reuse one Gmail address spelt differently (dots, +tags);
 * - two-devices: two phones in turn, one or two M-Pesa numbers paying, one payout number;
 * - rotating: a new phone every 3 accounts, a new SIM paying every 2, payouts to two numbers in turn;
 * - payer-only: a fresh browser profile per account (a new device id each) and its own SIM for payouts, but one
 *   M-Pesa number pays every activation;
 * - careful: a device, a SIM and a payout number per account; they share only the home network. The detector is
 *   not meant to find these (a network is evidence, never a link) and they are reported apart.
 */
export const RINGS = 100;
export type Profile = 'sloppy' | 'two-devices' | 'rotating' | 'payer-only' | 'careful';
export const PROFILES: ReadonlyArray<readonly [Profile, number]> = [
  ['sloppy', 30],
  ['two-devices', 20],
  ['rotating', 20],
  ['payer-only', 15],
  ['careful', 15],
];

export interface Ring {
  id: number;
  profile: Profile;
  shape: 'chain' | 'star' | 'tree';
  members: number[];
}

interface Gear {
  home: string;
  devices: string[];
  sims: string[];
  payoutSims: string[];
  head: Person | null;
}

function profileOf(random: SeededRandom): Profile {
  let draw = random.int(PROFILES.reduce((sum, [, share]) => sum + share, 0));
  for (const [profile, share] of PROFILES) {
    if (draw < share) return profile;
    draw -= share;
  }
  return 'sloppy';
}

/** The k-th account's device, paying number and payout number, drawn from the fraudster's gear. */
function equip(random: SeededRandom, ring: Ring, gear: Gear, person: Person, k: number): void {
  const item = (list: string[], slot: number, make: () => string) => {
    while (list.length <= slot) list.push(make());
    return list[slot]!;
  };
  const newDevice = () => deviceId(random);
  // Slots 10 and up are numbers kept for payouts only.
  const sim = (slot: number) =>
    slot >= 10 ? item(gear.payoutSims, slot - 10, () => person.phone) : item(gear.sims, slot, () => person.phone);
  const slots: Record<Profile, { device: number | null; payer: number | null; payout: number | null }> = {
    sloppy: { device: 0, payer: 0, payout: 0 },
    'two-devices': { device: k % 2, payer: k % (1 + (ring.id % 2)), payout: 0 },
    rotating: { device: Math.floor(k / 3), payer: Math.floor(k / 2), payout: 10 + (k % 2) },
    'payer-only': { device: null, payer: 0, payout: null },
    careful: { device: null, payer: null, payout: null },
  };
  const slot = slots[ring.profile];
  const device = slot.device === null ? person.places[0]!.devices[0]! : item(gear.devices, slot.device, newDevice);
  person.places = [{ devices: [device], ips: [gear.home, gear.home, mobileIp(random)], weight: 1 }];
  person.payers = [slot.payer === null ? person.phone : sim(slot.payer)];
  person.payouts = [slot.payout === null ? person.phone : sim(slot.payout)];
  if (slot.payout !== null && gear.head) person.receiverName = gear.head.receiverName;
}

function sponsorIn(random: SeededRandom, ring: Ring, k: number): number {
  const previous = ring.members[k - 1]!;
  if (ring.shape === 'chain') return previous;
  if (ring.shape === 'star') return ring.members[0]!;
  return ring.members[random.int(k)]!;
}

/** One ring of `size` accounts appended to `people`; the first account's sponsor is an earlier ordinary member. */
function plantRing(random: SeededRandom, people: Person[], phone: () => string, id: number, ordinary: number): Ring {
  const size = 2 + Math.floor(19 * random.float() ** 2);
  const ring: Ring = { id, profile: profileOf(random), shape: random.pick(['chain', 'star', 'tree'] as const), members: [] };
  const gear: Gear = {
    home: `41.81.${random.int(256)}.${random.between(2, 254)}`,
    devices: [],
    sims: [],
    payoutSims: [],
    head: null,
  };
  const gmail = random.chance(0.4) && ring.profile === 'sloppy';
  let at = daytime(random, random.int(DAYS - 8));
  for (let k = 0; k < size; k += 1) {
    if (k > 0) at += random.between(5 * 60_000, 20 * HOUR);
    const person = newPerson(random, { index: people.length, joinedAt: at, phone: phone(), ring: id });
    gear.head ??= person;
    person.activates = true;
    if (k === 0) {
      const earlier = people.slice(0, ordinary).filter((other) => other.joinedAt < at);
      person.sponsor = random.chance(0.7) && earlier.length > 0 ? random.pick(earlier).index : null;
    } else person.sponsor = sponsorIn(random, ring, k);
    if (gmail) {
      const local = gear.head.email.split('@')[0]!.replace(/[._]/g, '');
      person.email =
        k % 2 ? `${local.slice(0, k % local.length)}.${local.slice(k % local.length)}@gmail.com` : `${local}+${k}@gmail.com`;
    }
    equip(random, ring, gear, person, k);
    ring.members.push(person.index);
    people.push(person);
  }
  const sponsors = new Set(ring.members.map((index) => people[index]!.sponsor));
  for (const index of ring.members) people[index]!.withdraws = random.chance(sponsors.has(index) ? 0.8 : 0.2);
  return ring;
}

export function plantRings(random: SeededRandom, people: Person[], phone: () => string): Ring[] {
  const ordinary = people.length;
  return Array.from({ length: RINGS }, (_, id) => plantRing(random, people, phone, id, ordinary));
}
