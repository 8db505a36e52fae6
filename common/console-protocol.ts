/**
 * The console's own request and response headers, beside the session cookie: the node checks and
 * sends them (server/http/console/session.ts, auth-routes.ts), the console's client adds and reads
 * them (renderer/src/api/client.ts). Header names in lower case, as Node hands them over.
 */

/** The session's CSRF token, required on every state-changing call. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The environment the page shows, sent with every state-changing call. A session is shared by
 * the user's tabs: one tab switching to live must not turn a sale confirmed under another
 * tab's TEST banner into a live one.
 */
export const PAGE_ENVIRONMENT_HEADER = 'x-vendpoint-page-environment';

/** Sent by the node when it moved the session to another environment: the page follows it. */
export const ENVIRONMENT_HEADER = 'x-vendpoint-environment';

/** The one-time code that lets another machine claim an unclaimed node (first run). */
export const SETUP_CODE_HEADER = 'x-setup-code';
