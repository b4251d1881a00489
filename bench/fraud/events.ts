import { addAgents, addCafes, addFamilies, addOffice } from './sharing.ts';
import { DAY, DAYS, ordinaryMembers, phoneMaker, START, type Person } from './population.ts';
import { plantRings, type Ring } from './rings.ts';
import type { SeededRandom } from './seeded-random.ts';

/**
 * What the detector is fed: each member's events in time order with the signals a collection point has then.
 * Sign-up (device, address, email, phone), 1 to 4 sign-ins, and for members who activate: a deposit (paying number
 * from the provider's answer) and the activation minutes later, 0 to 2 more deposits, and for some a withdrawal
 * (device, address, payout number) followed by the provider's payout answer (payout number, the name M-Pesa shows).
 */
export type EventName = 'signup' | 'signin' | 'activation' | 'deposit' | 'withdrawal' | 'payout';
export interface PlannedEvent {
  person: number;
  event: EventName;
  at: number;
  signals: {
    device?: string;
    ip?: string;
    payerPhone?: string;
    payoutPhone?: string;
    receiverName?: string;
    email?: string;
    phone?: string;
  };
}

const MINUTE = 60_000;
const END = START + (DAYS + 7) * DAY;

/** The device and address of one event: a place drawn by weight (a wiped cafe PC has a new id each day). */
function placeAt(random: SeededRandom, person: Person, at: number): { device: string; ip: string } {
  let draw = random.float() * person.places.reduce((sum, place) => sum + place.weight, 0);
  const place = person.places.find((candidate) => (draw -= candidate.weight) < 0) ?? person.places[0]!;
  const device = random.pick(place.devices);
  return { device: place.dailyWipe ? `${device}-d${Math.floor((at - START) / DAY)}` : device, ip: random.pick(place.ips) };
}

function eventsOf(random: SeededRandom, person: Person): PlannedEvent[] {
  const events: PlannedEvent[] = [];
  const add = (event: EventName, at: number, signals: PlannedEvent['signals'], where = true) =>
    events.push({ person: person.index, event, at, signals: where ? { ...placeAt(random, person, at), ...signals } : signals });
  const later = (from: number) => from + random.int(Math.max(DAY, END - from));
  add('signup', person.joinedAt, { email: person.email, phone: person.phone });
  for (let i = random.between(1, 4); i > 0; i -= 1) add('signin', later(person.joinedAt), {});
  if (!person.activates) return events;
  const quick = person.ring === null ? random.between(10 * MINUTE, 3 * DAY) : random.between(5 * MINUTE, 60 * MINUTE);
  const deposit = person.joinedAt + quick;
  const payer = random.pick(person.payers);
  add('deposit', deposit, { payerPhone: payer });
  add('activation', deposit + random.between(MINUTE, 30 * MINUTE), { payerPhone: payer });
  for (let i = random.int(3); i > 0; i -= 1) add('deposit', later(deposit), { payerPhone: random.pick(person.payers) });
  if (person.withdraws) {
    const at = later(deposit + DAY);
    const payoutPhone = random.pick(person.payouts);
    add('withdrawal', at, { payoutPhone });
    add(
      'payout',
      at + random.between(MINUTE, 10 * MINUTE),
      { payoutPhone, receiverName: `${payoutPhone} - ${person.receiverName}` },
      false,
    );
  }
  return events;
}

export interface Population {
  seed: number;
  people: Person[];
  ordinary: number;
  rings: Ring[];
  events: PlannedEvent[];
}

/** The whole population of one seed: ordinary members, their sharing, the planted rings, every event in time order. */
export function generatePopulation(random: SeededRandom, ordinaryCount: number): Population {
  const phone = phoneMaker(random);
  const people = ordinaryMembers(random, ordinaryCount, phone);
  addFamilies(random, people);
  addCafes(random, people);
  addOffice(random, people);
  addAgents(random, people, phone);
  const rings = plantRings(random, people, phone);
  const events = people.flatMap((person) => eventsOf(random, person)).sort((a, b) => a.at - b.at);
  return { seed: random.seed, people, ordinary: ordinaryCount, rings, events };
}
