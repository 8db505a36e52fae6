/** Longest run of a URL shown without a break: a long token still fits a narrow column. */
const LONGEST_PIECE = 24;

/** Cut after each of `marks` (a run of them kept whole), then any run longer than LONGEST_PIECE. */
function cutAfter(text: string, marks: string): string[] {
  const m = marks.replace(/[\]\\^-]/g, '\\$&');
  const pieces = text.match(new RegExp(`[^${m}]*[${m}]+|[^${m}]+$`, 'g')) ?? [];
  return pieces.flatMap((p) =>
    Array.from({ length: Math.ceil(p.length / LONGEST_PIECE) }, (_, i) =>
      p.slice(i * LONGEST_PIECE, (i + 1) * LONGEST_PIECE),
    ),
  );
}

/**
 * A URL cut where a line may break: after the scheme's '//', after the host and port (kept
 * whole: "127.0.0.1:7613/"), and after each '/', '.', '?', '&', '=' or '#' of the rest. So
 * "http://127.0.0.1:7613/hook" breaks as "http://" / "127.0.0.1:7613/hook", never inside the
 * port or a word. A host longer than LONGEST_PIECE is cut after its dots, and any run still
 * longer every LONGEST_PIECE characters. The pieces joined are the URL.
 */
export function urlPieces(url: string): string[] {
  const [, scheme = '', host = '', rest = ''] =
    /^([a-z][a-z\d+.-]*:\/\/)?([^/?#]*[/?#]?)(.*)$/i.exec(url) ?? [];
  return [
    ...(scheme ? [scheme] : []),
    ...(host.length <= LONGEST_PIECE ? (host ? [host] : []) : cutAfter(host, '.')),
    ...cutAfter(rest, '/.?&=#'),
  ];
}

/**
 * Any other long word cut where a line may break: after each '@' and '.', so an e-mail address
 * in a narrow column ("accounts.payable@adebayo-stores.com.ng") breaks as "accounts." /
 * "payable@" / "adebayo-stores." / "com.ng" rather than at the column's edge; a run still longer
 * than LONGEST_PIECE every LONGEST_PIECE characters. A word without either is one piece.
 */
export const addressPieces = (text: string): string[] => cutAfter(text, '@.');
