/**
 * A strict RFC 4180 reader for asserting on report attachments row by row (no CSV parser is
 * installed, and a test should not trust the writer it checks). Records must end with CRLF, and
 * the file starts with a UTF-8 byte-order mark (for Excel), which is not part of the first cell.
 */
export function parseCsv(file: string): string[][] {
  if (!file.startsWith('\uFEFF')) throw new Error('no UTF-8 byte-order mark at the start');
  const text = file.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else if (c === '\n') throw new Error(`bare LF at offset ${i}: records must end with CRLF`);
    else field += c;
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows as objects keyed by the header row; every row must have as many fields as the header. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => {
    if (r.length !== header.length)
      throw new Error(`row has ${r.length} fields, header has ${header.length}`);
    return Object.fromEntries(header.map((h, i) => [h, r[i]]));
  });
}
