import type { GiftCardCode } from '../api/types.js';

const LABELS: Record<string, string> = { card_number: 'Code', pin_code: 'PIN', claim_url: 'Claim at' };

/** A revealed card's filled fields, named as the receipt names them ("Code", "PIN", "Claim at"). */
export const cardFields = (card: GiftCardCode): { label: string; value: string }[] =>
  Object.entries(card)
    .filter(([, v]) => typeof v === 'string' && v !== '')
    .map(([k, v]) => ({ label: LABELS[k] ?? k.replace(/_/g, ' '), value: String(v) }));

/** The codes as text to paste into the customer's message: "Card 1: Code …, PIN …", one per line. */
export const cardsAsText = (cards: GiftCardCode[]): string =>
  cards
    .map(
      (card, i) =>
        `Card ${i + 1}: ${cardFields(card)
          .map((f) => `${f.label} ${f.value}`)
          .join(', ')}`,
    )
    .join('\n');
