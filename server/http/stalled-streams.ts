import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a streamed answer (a sales or ledger CSV, a report, a backup's download) may go with
 * nothing drained to its socket before its connection is cut. A client that stopped reading (a
 * laptop put to sleep mid-export) would otherwise hold the connection, and the export's paging
 * through the database, until the node stops. Progress is a write to the socket completing:
 * the operating system wakes a writer once about a third of a full send buffer (up to 4 MB on
 * Linux) has drained, so a client reading some tens of kilobytes a second is never cut.
 */
export const STREAM_IDLE_LIMIT_MS = 60_000;

/** Bytes the socket has handed to the operating system: those given to it less those still waiting. */
const drainedBytes = (socket: Socket): number => socket.bytesWritten - socket.writableLength;

/** Checks per idle limit: the connection is cut between one limit and a quarter more. */
const CHECKS_PER_LIMIT = 4;

/**
 * Watches a streamed answer until it closes and cuts its connection once nothing has drained
 * for `limitMs` while something waits to be sent; `onCut` is told first (to log it). An answer
 * waiting on its own source (a slow page of the database), with nothing queued, is not idle.
 * Idle time is counted in checks that found nothing drained, not read off the clock: after the
 * event loop was held up, the first check runs before the writes completed meanwhile are seen,
 * and must not take the hold-up for the client's.
 */
export function cutWhenStalled(res: ServerResponse, limitMs: number, onCut: () => void): void {
  const socket = res.socket;
  if (!socket) return;
  let drained = drainedBytes(socket);
  let idleChecks = 0;
  const check = setInterval(
    () => {
      const now = drainedBytes(socket);
      if (now !== drained || socket.writableLength === 0) {
        drained = now;
        idleChecks = 0;
        return;
      }
      if (++idleChecks < CHECKS_PER_LIMIT) return;
      clearInterval(check);
      onCut();
      res.destroy();
    },
    Math.max(5, Math.ceil(limitMs / CHECKS_PER_LIMIT)),
  );
  check.unref();
  res.once('close', () => clearInterval(check));
}
