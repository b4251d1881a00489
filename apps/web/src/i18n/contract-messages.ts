import type { CompiledCatalogue, MessageMatch } from '@tuzo/contracts/messages-sw';
import { useEffect, useState } from 'react';
import { addTexts, currentLanguage, textIn, useLanguage } from './index';

/**
 * The contracts' validation messages in Swahili on the web (docs/decisions/039-server-texts-in-swahili.md). Forms check
 * their fields with the contracts' zod schemas, whose messages are the spec's English; a field's message is shown
 * through `useContractMessage`, which gives the Swahili text while the app is in Swahili. The Swahili catalogue is a
 * lazy chunk (`@tuzo/contracts/messages-sw`) loaded the first time the app shows Swahili, so English users never
 * download it; until it arrives the English message shows. Formatting is the app's own (`icu.ts`).
 */

const NAMESPACE = 'contract-messages';

interface Loaded {
  catalogue: CompiledCatalogue;
  match: (catalogue: CompiledCatalogue, text: string) => MessageMatch | null;
}

let loading: Promise<Loaded> | null = null;
let loaded: Loaded | null = null;

/** Loads the Swahili catalogue once and adds it to the app's texts. */
export function loadContractMessages(): Promise<Loaded> {
  loading ??= import('@tuzo/contracts/messages-sw').then((module) => {
    addTexts('sw', NAMESPACE, module.CONTRACT_MESSAGES_SW);
    loaded = { catalogue: module.contractCatalogue(), match: module.matchMessage };
    return loaded;
  });
  return loading;
}

/** A contract's English message in Swahili when the app shows Swahili and the catalogue is loaded; else unchanged. */
export function localiseContractMessage(text: string, language: string = currentLanguage()): string {
  if (language !== 'sw' || !loaded) return text;
  const found = loaded.match(loaded.catalogue, text);
  if (!found) return text;
  const rendered = textIn('sw', NAMESPACE, found.key, found.values);
  return rendered !== found.key ? rendered : text;
}

/** `text` (a field's message) in the language the app shows, re-rendered when the language or the catalogue arrives. */
export function useContractMessage(text: string | undefined): string | undefined {
  const language = useLanguage();
  const [, setReady] = useState(loaded !== null);
  useEffect(() => {
    if (language !== 'sw' || loaded) return;
    let live = true;
    void loadContractMessages().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return text === undefined ? undefined : localiseContractMessage(text, language);
}
