import { recruitsOf, type Person, type Place } from './population.ts';
import { deviceId, type SeededRandom } from './seeded-random.ts';

/**
 * Accidental sharing among ordinary members, as it happens in Kenya:
 * - families of 2 to 4 (FAMILY_SHARE of members; half of them recruited each other), on one home network; 10% of
 *   families share one phone (one device id), 12% have one member pay for the others, 5% withdraw to one phone;
 * - CAFES cybercafes, each one public address and 2 to 6 PCs (half wipe the browser every night, which renews the
 *   device id); a member brought by a cafe user uses the same cafe 30% of the time, others 10%; 30% of cafe users
 *   have no smartphone and do everything there;
 * - one office of OFFICE staff behind 8 addresses of one /24, each on their own work PC;
 * - AGENTS M-Pesa agents paying deposits for strangers (one payer number for many members; a few agents are busy).
 */
export const FAMILY_SHARE = 0.25;
export const CAFES = 30;
export const OFFICE = 400;
export const AGENTS = 40;

/** Weighted pick: index i drawn with probability weights[i] / sum. */
function weighted(random: SeededRandom, weights: readonly number[]): number {
  let draw = random.float() * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [index, weight] of weights.entries()) {
    draw -= weight;
    if (draw < 0) return index;
  }
  return weights.length - 1;
}

function familyOf(random: SeededRandom, people: Person[], taken: Set<number>, recruits: Map<number, number[]>): number[] {
  const size = random.between(2, 4);
  let head = random.int(people.length);
  while (taken.has(head)) head = random.int(people.length);
  const members = [head];
  if (random.chance(0.5)) {
    const kids = (recruits.get(head) ?? []).filter((kid) => !taken.has(kid));
    members.push(...kids.slice(0, size - 1));
  }
  while (members.length < size) {
    const other = random.int(people.length);
    if (!taken.has(other) && !members.includes(other)) members.push(other);
  }
  for (const member of members) taken.add(member);
  return members;
}

export function addFamilies(random: SeededRandom, people: Person[]): void {
  const taken = new Set<number>();
  const recruits = recruitsOf(people);
  while (taken.size < FAMILY_SHARE * people.length) {
    const family = familyOf(random, people, taken, recruits).map((index) => people[index]!);
    const home = `41.80.${random.int(256)}.${random.between(2, 254)}`;
    const shared = random.chance(0.1) ? deviceId(random) : null;
    const breadwinner = family[0]!;
    const payFor = random.chance(0.12);
    const payout = random.chance(0.05);
    for (const person of family) {
      person.sharing.add('family');
      const own = person.places[0]!;
      if (shared) own.devices = [shared];
      person.places.push({ devices: own.devices, ips: [home], weight: 3 });
      if (shared) person.traits.add('family: one phone shared');
      if (payFor) person.payers = random.chance(0.5) ? [breadwinner.phone] : [breadwinner.phone, person.phone];
      if (payFor) person.traits.add('family: one member pays');
      if (payout) person.payouts = [breadwinner.phone];
      if (payout) person.traits.add('family: withdraws to one phone');
    }
  }
}

export function addCafes(random: SeededRandom, people: Person[]): void {
  const cafes: Place[] = Array.from({ length: CAFES }, () => {
    const net = `196.${random.between(200, 223)}.${random.int(256)}`;
    const ips = [`${net}.${random.between(2, 254)}`, ...(random.chance(0.3) ? [`${net}.${random.between(2, 254)}`] : [])];
    const devices = Array.from({ length: random.between(2, 6) }, () => deviceId(random));
    return { devices, ips, weight: 3, dailyWipe: random.chance(0.5) };
  });
  const popularity = cafes.map(() => 1 + random.int(10));
  const cafeOf = new Map<number, number>();
  for (const person of people) {
    const sponsorCafe = person.sponsor === null ? undefined : cafeOf.get(person.sponsor);
    let cafe: number | null = null;
    if (sponsorCafe !== undefined && random.chance(0.3)) cafe = sponsorCafe;
    else if (random.chance(0.1)) cafe = weighted(random, popularity);
    if (cafe === null) continue;
    cafeOf.set(person.index, cafe);
    person.sharing.add('cybercafe');
    const place = cafes[cafe]!;
    if (place.dailyWipe) person.traits.add('cybercafe: browsers wiped nightly');
    if (random.chance(0.3)) {
      person.places = [place];
      person.traits.add('cybercafe: only there (no smartphone)');
    } else person.places.push(place);
  }
}

export function addOffice(random: SeededRandom, people: Person[]): void {
  const ips = Array.from({ length: 8 }, (_, index) => `197.248.10.${10 + index}`);
  let placed = 0;
  // A small test population (FRAUD_MEMBERS) gets at most half of it in the office.
  while (placed < Math.min(OFFICE, Math.floor(people.length / 2))) {
    const person = people[random.int(people.length)]!;
    if (person.sharing.has('office')) continue;
    person.sharing.add('office');
    person.places.push({ devices: [deviceId(random)], ips, weight: 4 });
    placed += 1;
  }
}

export function addAgents(random: SeededRandom, people: Person[], phone: () => string): void {
  const agents = Array.from({ length: AGENTS }, () => phone());
  const busy = agents.map(() => 1 + Math.floor(20 * random.float() ** 3));
  const agentOf = new Map<number, number>();
  for (const person of people) {
    const sponsorAgent = person.sponsor === null ? undefined : agentOf.get(person.sponsor);
    let agent: number | null = null;
    if (sponsorAgent !== undefined && random.chance(0.3)) agent = sponsorAgent;
    else if (random.chance(0.08)) agent = weighted(random, busy);
    if (agent === null) continue;
    agentOf.set(person.index, agent);
    person.sharing.add('agent');
    person.payers = random.chance(0.6) ? [agents[agent]!] : [agents[agent]!, person.phone];
  }
}
