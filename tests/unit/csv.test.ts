import { describe, expect, it } from 'vitest';
import { csvAmount, spreadsheetSafe, toCsv } from '../../server/domain/csv.js';
import { parseCsv } from '../helpers/csv-parse.js';

describe('one CSV writer for every export', () => {
  it.each(['=HYPERLINK("http://evil","x")', '+1+1', '-1+1', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'a text cell starting with a formula character (%j) gets a leading apostrophe',
    (text) => {
      expect(spreadsheetSafe(text)).toBe(`'${text}`);
      expect(parseCsv(toCsv(['a'], [[text]], { crlf: true }))[1][0]).toBe(`'${text}`);
    },
  );

  it.each([
    ["inv;=cmd|'/C calc'!A0;x", "inv;'=cmd|'/C calc'!A0;x"],
    ['a; "=1+1"', 'a; "\'=1+1"'],
    ['a\t@SUM(A1)', "a\t'@SUM(A1)"],
    ['a\n-1+1', "a\n'-1+1"],
    ['=1;+1', "'=1;'+1"],
  ])(
    'a formula character after a ; tab or line break inside a cell (%j) gets an apostrophe too',
    (text, safe) => expect(spreadsheetSafe(text)).toBe(safe),
  );

  it.each([' =1+1', '  +1+1', ' -1+1', '\u00a0@SUM(A1)', '\u3000=1'])(
    'a text cell starting with whitespace and then a formula character (%j) gets a leading apostrophe',
    (text) => {
      expect(spreadsheetSafe(text)).toBe(`'${text}`);
      expect(parseCsv(toCsv(['a'], [[text]], { crlf: true }))[1][0]).toBe(`'${text}`);
      expect(parseCsv(toCsv([text], [], { crlf: true }))[0][0]).toBe(`'${text}`);
    },
  );

  it.each([' ', '  plain', ' 0803', '\u00a0MTN', ' x=1', ' ;x'])(
    'a text cell starting with whitespace and no formula character after it (%j) is left alone',
    (text) => expect(spreadsheetSafe(text)).toBe(text),
  );

  it('a ; or - elsewhere is left alone', () => {
    expect(spreadsheetSafe('Ikeja Electric; prepaid')).toBe('Ikeja Electric; prepaid');
    expect(spreadsheetSafe('MTN-101;x-1')).toBe('MTN-101;x-1');
  });

  it('other text is written as it is, quoted where CSV needs it', () => {
    expect(spreadsheetSafe('08030000000')).toBe('08030000000');
    expect(toCsv(['a', 'b'], [['x, "y"', 'plain']])).toBe('\uFEFFa,b\n"x, ""y""",plain\n');
  });

  it('amounts the node formats stay numbers, negative ones included; a non-number marked as one is still escaped', () => {
    const csv = toCsv(['amount', 'balance'], [[csvAmount('-100.00'), csvAmount('2500.50')]], { crlf: true });
    expect(csv).toBe('\uFEFFamount,balance\r\n-100.00,2500.50\r\n');
    expect(toCsv(['a'], [[csvAmount('-1+1')]])).toBe("\uFEFFa\n'-1+1\n");
  });

  it('empty cells for null and undefined', () => {
    expect(toCsv(['a', 'b'], [[null, undefined]])).toBe('\uFEFFa,b\n,\n');
  });
});
