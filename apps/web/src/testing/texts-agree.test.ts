import { CONTRACT_MESSAGES_SW, compileCatalogue, matchMessage } from '@tuzo/contracts/messages-sw';
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS_SW, MONEY_TEXTS_SW } from '@tuzo/contracts/messages-sw-server';
import { definedBundles, textIn } from '@/i18n';

// Every texts module of the app, loaded so its bundle registers.
import.meta.glob(['../**/texts.ts', '../**/*.texts.ts'], { eager: true });

/**
 * A text the web raises itself and the server can also send reads the same in Swahili from either side (issue 26): the
 * screen's bundle agrees with every catalogue the server translates with, the contracts' and the server's own
 * (`@tuzo/contracts/messages-sw-server`, decision 039). Placeholders may be named differently on each side, and a count may be
 * written with `#` or its name, so both Swahili texts are rendered with the same values and compared: each English
 * text is rendered with markers (`X0`, `X1`...; a count as 1 and as 7), the server's template it matches gives the
 * values back, and the two Swahili renderings must be equal.
 */
const SERVER_TEXTS_SW = { ...CONTRACT_MESSAGES_SW, ...MONEY_TEXTS_SW, ...ACCOUNT_TEXTS_SW };
const compiled = compileCatalogue(SERVER_TEXTS_SW);

const server = i18next.createInstance();
void server.use(ICU).init({
  initAsync: false,
  lng: 'sw',
  resources: { sw: { server: SERVER_TEXTS_SW } },
  defaultNS: 'server',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});
const serverSw = server.getFixedT('sw', 'server') as unknown as (key: string, values: object) => string;
const webT = (language: 'en' | 'sw', ns: string) => (key: string, values: Record<string, unknown>) =>
  textIn(language, ns, key, values);

const NAME = /\{(\w+)[,}]/g;

/** The values one rendering uses: counts (the names a `plural` reads) as `count`, every other placeholder a marker. */
function sampleValues(en: string, sw: string, count: number): Record<string, string | number> {
  const plural = new Set([...`${en} ${sw}`.matchAll(/\{(\w+), ?plural/g)].map((m) => m[1] ?? ''));
  const names = [...new Set([...`${en} ${sw}`.matchAll(NAME)].map((m) => m[1] ?? ''))];
  return Object.fromEntries(names.map((name, index) => [name, plural.has(name) ? count : `X${index}`]));
}

interface Pair {
  where: string;
  english: string;
  web: string;
  server: string;
}

/** The screen texts the server also has, each rendered on both sides (as 1 and as 7 where there is a count). */
function sharedPairs(): Pair[] {
  return definedBundles.flatMap((bundle) =>
    Object.entries(bundle.en).flatMap(([key, en]) =>
      (/, ?plural/.test(`${en} ${bundle.sw[key] ?? ''}`) ? [1, 7] : [7]).flatMap((count) => {
        const values = sampleValues(en, bundle.sw[key] ?? '', count);
        const english = webT('en', bundle.ns)(key, values);
        const match = matchMessage(compiled, english);
        // Only a match whose values are exactly the markers: the server's placeholders are the screen's.
        const markers = new Set(Object.values(values).map(String));
        if (!match || !Object.values(match.values).every((value) => markers.has(String(value)))) return [];
        const web = webT('sw', bundle.ns)(key, values);
        return [{ where: `${bundle.ns}.${key}`, english, web, server: serverSw(match.key, match.values) }];
      }),
    ),
  );
}

describe('screen texts and the server’s catalogues', () => {
  const pairs = sharedPairs();

  it('say a shared English text with the same Swahili', () => {
    const differing = pairs.filter((pair) => pair.web !== pair.server);
    expect(differing).toEqual([]);
  });

  it('found shared texts to compare, from the server’s own catalogues too', () => {
    expect(pairs.length).toBeGreaterThan(20);
    const serverOwn = pairs.filter((pair) => !(pair.english in CONTRACT_MESSAGES_SW));
    expect(serverOwn.length).toBeGreaterThan(5);
    // Pairs that drifted before (issue 26): the access link's switch, and a count.
    const where = pairs.map((pair) => pair.where);
    expect(where).toEqual(expect.arrayContaining(['auth.accessSwitchBody', 'notifications.markedMany']));
  });
});
