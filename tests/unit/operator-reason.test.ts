import { describe, expect, it } from 'vitest';
import { parseOperatorReason } from '../../server/domain/operator-rules.js';
import {
  OPERATOR_REASON_MAX,
  OPERATOR_REASON_MIN,
  operatorReasonLength,
} from '../../common/operator-reason.js';
import { textLength } from '../../common/input-limits.js';

/** An astral character: one character to a person and to the console's schema, two UTF-16 units. */
const EMOJI = '🧾';

describe("an operator's reason is counted in characters, as the console's schema counts it", () => {
  it(`takes a reason of ${OPERATOR_REASON_MAX} emoji (${2 * OPERATOR_REASON_MAX} UTF-16 units)`, () => {
    const reason = EMOJI.repeat(OPERATOR_REASON_MAX);
    expect(textLength(reason)).toBe(OPERATOR_REASON_MAX);
    expect(parseOperatorReason(reason)).toBe(reason);
  });
  it(`refuses ${OPERATOR_REASON_MAX + 1} emoji in the words of the length limit`, () => {
    expect(() => parseOperatorReason(EMOJI.repeat(OPERATOR_REASON_MAX + 1))).toThrow(
      `reason must be at most ${OPERATOR_REASON_MAX} characters`,
    );
  });
  it(`refuses ${OPERATOR_REASON_MIN - 1} emoji as too short, though they are ${2 * (OPERATOR_REASON_MIN - 1)} UTF-16 units`, () => {
    expect(() => parseOperatorReason(EMOJI.repeat(OPERATOR_REASON_MIN - 1))).toThrow(
      'say why in a few words',
    );
    expect(parseOperatorReason(EMOJI.repeat(OPERATOR_REASON_MIN))).toBe(EMOJI.repeat(OPERATOR_REASON_MIN));
  });
  it('the console counts a reason with the same rule: trimmed, in characters', () => {
    expect(operatorReasonLength(`  ${EMOJI.repeat(OPERATOR_REASON_MAX)}  `)).toBe(OPERATOR_REASON_MAX);
    expect(operatorReasonLength(' ok ')).toBe(2);
  });
});
