/**
 * Member-facing texts in Swahili without touching the places that write them (docs/decisions/039-server-texts-in-swahili.md).
 * The server, the contracts and the stored notifications write English, exactly the spec's texts. A catalogue maps each
 * English text, written as a template with named placeholders (`'Minimum withdrawal amount is {currency} {amount}'`),
 * to its Swahili ICU message. `matchMessage` finds the template an English text was made from and recovers the values;
 * the caller formats the Swahili message with i18next-icu (the server's instance, or the web app's). A text no template
 * matches (an operator's broadcast, a provider's words) is shown as it was written.
 */

/** English template -> Swahili ICU message. English placeholders are plain `{name}`; Swahili may use plural/select. */
export type MessageCatalogue = Readonly<Record<string, string>>;

/** How a placeholder's English value reads in Swahili (a wallet's name, a weekday), by placeholder name. */
export type ValueWords = Readonly<Record<string, (value: string) => string>>;

export interface MessageMatch {
  /** The English template: the i18next key of the Swahili message. */
  key: string;
  /** The values recovered from the English text, already in Swahili words where `ValueWords` says how. */
  values: Record<string, string | number>;
}

interface CompiledTemplate {
  key: string;
  pattern: RegExp;
  names: string[];
}

export interface CompiledCatalogue {
  exact: ReadonlyMap<string, string>;
  templates: readonly CompiledTemplate[];
  words: ValueWords;
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A placeholder's own regular expression (source text), where a lazy `.+?` would cut its value short. */
export type ValuePatterns = Readonly<Record<string, string>>;

/**
 * Compiles templates into anchored patterns, each placeholder a lazy group (or its pattern from `patterns`). The
 * templates with the most fixed text are tried first, so `'{amount} added to your YouTube wallet'` wins over a vaguer
 * template that would also match.
 */
export function compileCatalogue(
  catalogue: MessageCatalogue,
  words: ValueWords = {},
  patterns: ValuePatterns = {},
): CompiledCatalogue {
  const exact = new Map<string, string>();
  const templates: CompiledTemplate[] = [];
  for (const key of Object.keys(catalogue)) {
    const names = [...key.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
    if (names.length === 0) {
      exact.set(key, key);
      continue;
    }
    if (new Set(names).size !== names.length) throw new Error(`A placeholder is repeated in "${key}"`);
    const source = key
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? `(${patterns[part] ?? '.+?'})` : escapeRegExp(part)))
      .join('');
    templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  const fixedLength = (key: string) => key.replace(PLACEHOLDER, '').length;
  templates.sort((a, b) => fixedLength(b.key) - fixedLength(a.key));
  return { exact, templates, words };
}

/** Whole counts become numbers (ICU plurals need them); anything else, a code or an amount, stays text. */
function valueOf(text: string): string | number {
  return /^(0|[1-9]\d{0,8})$/.test(text) ? Number(text) : text;
}

/** The template `text` was made from and its values, or null when no template matches. */
export function matchMessage(compiled: CompiledCatalogue, text: string): MessageMatch | null {
  if (compiled.exact.has(text)) return { key: text, values: {} };
  for (const template of compiled.templates) {
    const found = template.pattern.exec(text);
    if (!found) continue;
    const values: Record<string, string | number> = {};
    template.names.forEach((name, index) => {
      const raw = found[index + 1] ?? '';
      const word = compiled.words[name];
      values[name] = word ? word(raw) : valueOf(raw);
    });
    return { key: template.key, values };
  }
  return null;
}

/** A template with its placeholders as `{}`: how the coverage test compares source texts with the catalogue. */
export function templateShape(template: string): string {
  return template.replace(PLACEHOLDER, '{}');
}
