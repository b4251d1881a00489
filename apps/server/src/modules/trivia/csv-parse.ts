/** One parsed CSV record with the line number (1-based) it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Parses CSV text (RFC 4180: comma separated, fields in double quotes may hold commas, line breaks and doubled
 * quotes). A leading byte-order mark is dropped; blank lines are skipped. An unterminated quote ends the text as a
 * `brokenLine` (the line it opened on), so the caller can report its line instead of guessing.
 */
export function parseCsv(text: string): { records: CsvRecord[]; brokenLine: number | null } {
  // Line breaks inside a quoted field are kept as \n whatever the file used.
  const source = (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  let line = 1;
  let recordLine = 1;
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index]!;
    if (isQuoted) {
      if (character === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') {
        isQuoted = false;
      } else {
        if (character === '\n') line += 1;
        cell += character;
      }
      continue;
    }
    if (character === '"' && cell === '') isQuoted = true;
    else if (character === ',') {
      cells.push(cell);
      cell = '';
    } else if (character === '\n') {
      cells.push(cell);
      if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line += 1;
      recordLine = line;
    } else cell += character;
  }
  if (isQuoted) return { records, brokenLine: recordLine };
  cells.push(cell);
  if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
  return { records, brokenLine: null };
}
