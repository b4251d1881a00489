/**
 * Actions whose spec client sends the amount as a JSON number (`stkpush`, `requestpayment`). For them the number is
 * read from its decimal text in the body: `"amount": 150.5` becomes `"amount": "150.5"` before JSON.parse, so it
 * never becomes a float (150.10 stays 150.10, 1e2 is refused as text). Every other action takes decimal strings only.
 */
const NUMBER_AMOUNT_ACTIONS = new Set(['stkpush', 'requestpayment']);
const AMOUNT_NUMBER = /("amount"\s*:\s*)(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s*[,}])/g;

export function readsAmountAsNumber(url: string): boolean {
  const parsed = new URL(url, 'http://local');
  const fromPath = /^\/api\/([^/]+)$/.exec(parsed.pathname)?.[1];
  const name = fromPath ?? parsed.searchParams.get('action') ?? '';
  return NUMBER_AMOUNT_ACTIONS.has(name);
}

/** Parses a JSON body; for the actions above, a numeric `amount` keeps its exact decimal text. */
export function parseJsonBody(text: string, url: string): unknown {
  if (text.trim() === '') return {};
  const source = readsAmountAsNumber(url) ? text.replace(AMOUNT_NUMBER, '$1"$2"') : text;
  return JSON.parse(source);
}
