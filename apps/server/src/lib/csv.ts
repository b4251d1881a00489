/**
 * One CSV line (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled, CRLF endings). A text
 * cell that a spreadsheet would run as a formula (=, +, -, @ that is not a plain number) gets a leading apostrophe, so
 * a username like "=HYPERLINK(...)" stays text when the operator opens the file.
 */
export function csvLine(cells: ReadonlyArray<string | number | null>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
