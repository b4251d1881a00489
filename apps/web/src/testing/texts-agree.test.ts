import { CONTRACT_MESSAGES_SW } from '@tuzo/contracts/messages-sw';
import { describe, expect, it } from 'vitest';
import { definedBundles } from '@/i18n';

// Every texts module of the app, loaded so its bundle registers.
import.meta.glob(['../**/texts.ts', '../**/*.texts.ts'], { eager: true });

/**
 * A text the web raises itself and the server can also send (the contracts' shared messages: 'Spin failed', 'Payment
 * successful'...) reads the same in Swahili from either side: the screen's bundle agrees with the contracts' Swahili
 * catalogue, which the server and the field messages use (decision 039).
 */
describe('screen texts and the contracts catalogue', () => {
  it('say a shared English text with the same Swahili', () => {
    const catalogue = CONTRACT_MESSAGES_SW as Readonly<Record<string, string>>;
    const differing = definedBundles.flatMap((bundle) =>
      Object.entries(bundle.en)
        .filter(([key, english]) => catalogue[english] !== undefined && catalogue[english] !== bundle.sw[key])
        .map(([key, english]) => `${bundle.ns}.${key}: '${english}'`),
    );
    expect(differing).toEqual([]);
  });

  it('found shared texts to compare', () => {
    const catalogue = CONTRACT_MESSAGES_SW as Readonly<Record<string, string>>;
    const shared = definedBundles.flatMap((bundle) => Object.values(bundle.en).filter((english) => english in catalogue));
    expect(shared.length).toBeGreaterThan(20);
  });
});
