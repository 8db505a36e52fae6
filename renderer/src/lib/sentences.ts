/** Text as a sentence: trimmed, first letter capital, ending with a full stop when it has none. */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return '';
  const capital = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** "just now", "45 s ago", "3 min ago", "2 h 5 min ago": how long since an ISO time. */
export function agoText(iso: string, nowMs: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const s = Math.max(0, Math.round((nowMs - then) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  return `${h} h ${m % 60} min ago`;
}

/** "1 merchant", "3 merchants". */
export const plural = (n: number, word: string, many = `${word}s`): string => `${n} ${n === 1 ? word : many}`;

/** A count as people read it: 1,000,000 (grouped in threes), not 1000000. */
export const countText = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
