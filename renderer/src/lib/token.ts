/** "12345678901234567890" -> "1234 5678 9012 3456 7890": how meters and customers read tokens. */
export function groupInFours(token: string): string {
  const digits = token.replace(/\s+/g, '');
  return digits.replace(/(.{4})(?=.)/g, '$1 ');
}

export interface TokenLine {
  label: string;
  value: string;
}

/**
 * The tokens of an electricity receipt in the order the customer keys them in: the key
 * change tokens (KCT1 then KCT2) before the recharge token, as the meter requires.
 */
export function electricityTokens(result: Record<string, string>): TokenLine[] {
  const lines: TokenLine[] = [];
  if (result.kct1)
    lines.push({ label: 'Key change token 1 (enter first)', value: groupInFours(result.kct1) });
  if (result.kct2)
    lines.push({ label: 'Key change token 2 (enter second)', value: groupInFours(result.kct2) });
  if (result.token)
    lines.push({
      label: lines.length ? 'Recharge token (enter last)' : 'Token',
      value: groupInFours(result.token),
    });
  return lines;
}
