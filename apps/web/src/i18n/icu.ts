/**
 * The app's ICU message formatter (decision 058): the subset the texts use, in about 1 KB instead of i18next-icu with
 * the FormatJS parser (12 KB on /login). A message is text with `{name}` arguments, `{n, plural, ...}` (exact `=N`
 * options, the locale's categories by the browser's Intl.PluralRules, `offset:`, and `#` for the count) and
 * `{key, select, ...}`, with ICU's apostrophe quoting (`''` is an apostrophe, `'{` starts quoted text). It formats as
 * intl-messageformat did: an argument as String(value), `#` as a locale number. Any other argument type (number,
 * date, tags) is refused at parse time, and a message that cannot be parsed or lacks a value is shown as it is.
 */

type Options = Record<string, Part[]>;

/** One piece of a parsed message. */
export type Part =
  | string
  | { type: 'argument'; name: string }
  | { type: 'pound' }
  | { type: 'plural'; name: string; offset: number; options: Options }
  | { type: 'select'; name: string; options: Options };

const WORD = /[^\s{}#,'=]+|=-?\d+(?:\.\d+)?/y;
const SPACE = /\s*/y;

class MessageParser {
  private at = 0;

  constructor(private readonly text: string) {}

  parse(): Part[] {
    const parts = this.message(false);
    if (this.at < this.text.length) this.fail('an unmatched }');
    return parts;
  }

  private fail(what: string): never {
    throw new SyntaxError(`ICU message: ${what} at ${this.at} in "${this.text}"`);
  }

  /** Text up to the `}` closing the enclosing option (or the end); `#` is the count inside a plural. */
  private message(inPlural: boolean): Part[] {
    const parts: Part[] = [];
    let literal = '';
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === '}') break;
      if (char === "'") {
        literal += this.apostrophe(inPlural);
      } else if (char === '{' || (char === '#' && inPlural)) {
        if (literal) parts.push(literal);
        literal = '';
        parts.push(char === '{' ? this.argument(inPlural) : { type: 'pound' });
        if (char === '#') this.at += 1;
      } else {
        literal += char;
        this.at += 1;
      }
    }
    if (literal) parts.push(literal);
    return parts;
  }

  /** `''` is one apostrophe; `'` before `{`, `}` (or `#` in a plural) quotes up to the next lone `'`; else literal. */
  private apostrophe(inPlural: boolean): string {
    const next = this.text[this.at + 1];
    if (next === "'") {
      this.at += 2;
      return "'";
    }
    this.at += 1;
    if (next !== '{' && next !== '}' && !(inPlural && next === '#')) return "'";
    let quoted = '';
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === "'" && this.text[this.at + 1] === "'") {
        quoted += "'";
        this.at += 2;
      } else if (char === "'") {
        this.at += 1;
        return quoted;
      } else {
        quoted += char;
        this.at += 1;
      }
    }
    return quoted;
  }

  private skipSpace(): void {
    SPACE.lastIndex = this.at;
    SPACE.exec(this.text);
    this.at = SPACE.lastIndex;
  }

  private word(what: string): string {
    this.skipSpace();
    WORD.lastIndex = this.at;
    const found = WORD.exec(this.text)?.[0];
    if (!found) this.fail(`no ${what}`);
    this.at += found.length;
    this.skipSpace();
    return found;
  }

  private expect(char: string): void {
    this.skipSpace();
    if (this.text[this.at] !== char) this.fail(`no ${char}`);
    this.at += 1;
  }

  /** `{name}`, `{name, plural, ...}` or `{name, select, ...}`; the opening `{` is at the cursor. */
  private argument(inPlural: boolean): Part {
    this.at += 1;
    const name = this.word('argument name');
    if (this.text[this.at] === '}') {
      this.at += 1;
      return { type: 'argument', name };
    }
    this.expect(',');
    const type = this.word('argument type');
    if (type !== 'plural' && type !== 'select') this.fail(`the unsupported argument type "${type}"`);
    this.expect(',');
    this.skipSpace();
    let offset = 0;
    if (type === 'plural' && this.text.startsWith('offset:', this.at)) {
      this.at += 'offset:'.length;
      offset = Number(this.word('offset'));
    }
    const options: Options = {};
    while (this.text[this.at] !== '}') {
      if (this.at >= this.text.length) this.fail('an unclosed argument');
      const selector = this.word('option');
      this.expect('{');
      options[selector] = this.message(type === 'plural' || inPlural);
      this.expect('}');
      this.skipSpace();
    }
    this.at += 1;
    if (!options.other) this.fail(`no "other" option for ${name}`);
    return type === 'plural' ? { type, name, offset, options } : { type, name, options };
  }
}

/** Parses a message; throws a SyntaxError naming the place for anything outside the subset. */
export function parseMessage(text: string): Part[] {
  return new MessageParser(text).parse();
}

const parsed = new Map<string, Part[] | null>();
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

class MissingValue extends Error {}

function valueOf(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new MissingValue(name);
  return values[name];
}

function render(parts: Part[], locale: string, values: Record<string, unknown>, count?: number): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (part.type === 'pound')
      out += count === undefined ? '#' : cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(count);
    else if (part.type === 'argument') out += String(valueOf(values, part.name));
    else if (part.type === 'select') {
      const value = String(valueOf(values, part.name));
      out += render(part.options[value] ?? part.options.other ?? [], locale, values, count);
    } else {
      const value = valueOf(values, part.name);
      // A count may arrive as a digit string; "99+" is not a number and takes `other`, as with intl-messageformat.
      const number = Number(value) - part.offset;
      const rules = cached(pluralRules, locale, () => new Intl.PluralRules(locale));
      const option = part.options[`=${String(value)}`] ?? part.options[rules.select(number)] ?? part.options.other;
      out += render(option ?? [], locale, values, number);
    }
  }
  return out;
}

/**
 * `text` formatted in `locale` ('en', 'sw') with `values`. A message outside the subset, or one missing a value it
 * names, is returned unformatted (as i18next-icu did), so a mistake shows as the raw text rather than a crash.
 */
export function formatMessage(text: string, locale: string, values: Record<string, unknown> = {}): string {
  const parts = cached(parsed, text, () => {
    try {
      return parseMessage(text);
    } catch {
      return null;
    }
  });
  if (!parts) return text;
  try {
    return render(parts, locale, values);
  } catch (error) {
    if (error instanceof MissingValue) return text;
    throw error;
  }
}
