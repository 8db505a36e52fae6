import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { NotFound } from '../../domain/errors.js';
import { answer, consoleErrors } from './contract.js';
import { sessionOf } from './session.js';
import { clientGone } from './client-gone.js';

/** How long a started export waits for its download: the desk follows its link at once. */
export const STARTED_EXPORT_TTL_MS = 60_000;
/** Started exports one user may have waiting, of every kind; a further one drops the oldest. */
const MAX_WAITING_PER_USER = 3;

/** A CSV file ready to send: its name, the file (read when asked, once), its length when known. */
export interface CsvFile {
  filename: string;
  open: () => Readable;
  /** Sent as content-length (a day's report, built whole); a file written page by page has none. */
  length?: number;
}

/** A CSV export whose checks passed and whose first page was read, waiting for its download. */
export interface StartedExport extends CsvFile {
  /** Ends what the export holds (its search, when it is one) if it is never downloaded. */
  abandon: () => void;
}

interface Waiting extends StartedExport {
  userId: number;
  /** Where it downloads (the start's path): a token is not taken at another export's link. */
  at: string;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The desk's CSV exports, started in two steps so that a refusal reaches the page: a download
 * is a navigation, and a refused one (a 503 while the search thread is full, a bad date, an
 * unknown merchant) was a failed download or a raw JSON page, never a sentence on the page. The
 * desk asks with fetch (POST): every check is made and the first page read (a text search's, on
 * its thread); a refusal is an ordinary JSON answer the page shows. What passed waits here under
 * a random one-time token, for its user only, and the desk's download (GET) streams it from the
 * page already read: nothing is read twice, and nothing but one page is held. One per console:
 * History's sales, a wallet's ledger and a day's report wait here alike.
 */
export class StartedExports {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly ttlMs = STARTED_EXPORT_TTL_MS) {}

  /** The token the download names at `at` (the start's path). */
  add(userId: number, at: string, started: StartedExport): string {
    const mine = [...this.waiting].filter(([, w]) => w.userId === userId);
    if (mine.length >= MAX_WAITING_PER_USER) this.drop(mine[0][0]);
    const token = randomBytes(18).toString('base64url');
    const timer = setTimeout(() => this.drop(token), this.ttlMs);
    timer.unref();
    this.waiting.set(token, Object.assign({ userId, at, timer }, started));
    return token;
  }

  /** The export `token` names at `at`, for its user, once; undefined when unknown, taken or expired. */
  take(token: string, userId: number, at: string): StartedExport | undefined {
    const w = this.waiting.get(token);
    if (!w || w.userId !== userId || w.at !== at) return undefined;
    this.waiting.delete(token);
    clearTimeout(w.timer);
    return w;
  }

  /** Exports waiting (tests). */
  get size(): number {
    return this.waiting.size;
  }

  private drop(token: string): void {
    const w = this.waiting.get(token);
    if (!w) return;
    this.waiting.delete(token);
    clearTimeout(w.timer);
    w.abandon();
  }
}

/** Answers `csv` as the attachment it is, the same from a direct CSV route and a started export. */
export function sendCsv(reply: FastifyReply, csv: CsvFile): FastifyReply {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}"`);
  if (csv.length !== undefined) reply.header('content-length', csv.length);
  return reply.send(csv.open());
}

const StartedExportLink = Type.Object({
  href: Type.String({
    description:
      'where the CSV downloads: once, by the user who started it, within a minute; the checks were made and its first page read',
  }),
});

/** One of the desk's CSV exports, as its route file declares it. */
export interface DeskExport<P extends TObject, Q extends TObject> {
  /** The start (POST); the link it answers is this path, then `/` and the token (GET). */
  url: string;
  tags: string[];
  params?: P;
  querystring?: Q;
  /** Refusals the file's checks may answer beyond the console's usual ones (History's 503). */
  refusals?: Record<number, TSchema>;
  /** The download's description in the console's OpenAPI document. */
  file: string;
  /** A check of its own before each of the two routes (the report routes' guard). */
  preHandler?: NonNullable<RouteShorthandOptions['preHandler']>;
  /**
   * The file its direct CSV route answers, every check made and its first page read; `signal`
   * ends what it holds (a text search's later reads) when the file is never downloaded.
   */
  make: (
    request: FastifyRequest<{ Params: Static<P>; Querystring: Static<Q> }>,
    signal: AbortSignal,
  ) => Promise<CsvFile> | CsvFile;
}

/**
 * Registers a desk's export in two steps beside its direct CSV route (which stays for scripts
 * and curl): `POST <url>` starts it and answers `{ href: '<url>/<token>' }`, `GET <url>/:token`
 * downloads it, once, for the user who started it.
 */
export function registerDeskExport<P extends TObject, Q extends TObject>(
  scope: FastifyInstance,
  started: StartedExports,
  spec: DeskExport<P, Q>,
): void {
  const { tags, preHandler } = spec;
  const startSchema = Object.assign(
    { tags, response: Object.assign(answer(StartedExportLink), spec.refusals) },
    spec.params && { params: spec.params },
    spec.querystring && { querystring: spec.querystring },
  );
  scope.post(spec.url, { preHandler, schema: startSchema }, async (request, reply) => {
    // Ended if the desk leaves before the answer, if the link is never followed, or if its
    // download is left unfinished.
    const ends = new AbortController();
    clientGone(reply).addEventListener('abort', () => ends.abort(), { once: true });
    // The schema above checked the params and query these types describe.
    const typedRequest = request as FastifyRequest<{ Params: Static<P>; Querystring: Static<Q> }>;
    const csv = await spec.make(typedRequest, ends.signal);
    const at = pathOf(request);
    const token = started.add(
      sessionOf(request).user.id,
      at,
      Object.assign({ abandon: () => ends.abort() }, csv),
    );
    return { href: `${at}/${token}` };
  });

  const downloadSchema = {
    tags,
    params: Type.Object(
      Object.assign({}, spec.params?.properties, { token: Type.String({ maxLength: 64 }) }),
    ),
    response: {
      200: {
        description: spec.file,
        content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
      },
      ...consoleErrors,
    },
  };
  scope.get(`${spec.url}/:token`, { preHandler, schema: downloadSchema }, async (request, reply) => {
    const path = pathOf(request);
    const token = path.slice(path.lastIndexOf('/') + 1);
    const csv = started.take(token, sessionOf(request).user.id, path.slice(0, path.lastIndexOf('/')));
    if (!csv) throw new NotFound('This export has expired or was downloaded already: export again');
    clientGone(reply).addEventListener('abort', () => csv.abandon(), { once: true });
    return sendCsv(reply, csv);
  });
}

/** The request's path as the client wrote it (encoded), without its query. */
const pathOf = (request: FastifyRequest): string => request.url.split('?')[0];
