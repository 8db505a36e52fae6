/**
 * A console user's username and password: the node's rules (server/services/console-auth.ts
 * parseUsername, parseNewPassword) and the console's checks before sending (the first-run
 * setup, Add user, a user's new password) read these, so the two cannot drift apart.
 */

/** 3 to 32 letters, digits, dots, dashes or underscores, once trimmed. */
export const USERNAME_RULE = /^[A-Za-z0-9._-]{3,32}$/;
/** The rule in the words both say it with. */
export const USERNAME_RULE_WORDS = '3 to 32 letters, digits, dots, dashes or underscores';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** Whether the username, once trimmed, is one the node takes. */
export function isUsername(text: string): boolean {
  return USERNAME_RULE.test(text.trim());
}
