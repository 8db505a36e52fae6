const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];

function underThousand(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest) {
    if (n >= 100) words.push('and');
    if (rest < 20) words.push(ONES[rest]);
    else words.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ONES[rest % 10]}` : ''));
  }
  return words.join(' ');
}

/** 1250 -> "one thousand two hundred and fifty", as a cheque or a bank slip writes it. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  if (n === 0) return 'zero';
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      parts.push(`${numberInWords(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest) parts.push((parts.length && rest < 100 ? 'and ' : '') + underThousand(rest));
  return parts.join(' ');
}

/** Kobo as words for a confirmation: "ten thousand naira and fifty kobo". */
export function nairaInWords(kobo: number): string {
  const naira = Math.floor(Math.abs(kobo) / 100);
  const k = Math.abs(kobo) % 100;
  const text = `${numberInWords(naira)} naira${k ? ` and ${numberInWords(k)} kobo` : ''}`;
  return kobo < 0 ? `minus ${text}` : text;
}
