/**
 * A file or limit size as the console writes it everywhere: decimal units, as the report
 * settings take them ("Attach CSV up to (MB)") and as file managers show them.
 */
export function formatBytes(b: number): string {
  if (b >= 1_000_000) return `${trimmed(b / 1_000_000)} MB`;
  return `${Math.max(1, Math.round(b / 1000))} kB`;
}

/** One decimal at most, none when it is 0: "10 MB", "2.5 MB". */
const trimmed = (n: number) => String(Math.round(n * 10) / 10);
