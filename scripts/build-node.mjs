// The headless node bundled by esbuild: `node scripts/build-node.mjs` writes dist/headless/
// (serve.js, the threads' entries webhook-sender-worker.js, ledger-check-worker.js,
// integrity-check-worker.js and search-worker.js, and the chunks they share or load on first use); `--if-stale` builds only when the bundle is missing or older than its sources.
// `npm run serve`, `npm start`'s headless fallback and the bench run dist/headless/serve.js:
// loading ~650 module files one by one was about three quarters of the node's start-up.
// The desktop app does not use it (it imports tsc's dist/server/node.js); the CLI runs from source.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './source-freshness.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
export const outdir = join(root, 'dist', 'headless');
/** The node's entry; its mtime is when its build started (see stale()). */
export const entry = join(outdir, 'serve.js');
/** The threads' entries: each thread loads its own file, beside the chunk that starts it. */
const workerEntries = [
  'webhook-sender-worker',
  'ledger-check-worker',
  'integrity-check-worker',
  'search-worker',
].map((name) => join(outdir, `${name}.js`));

/**
 * Left outside the bundle, loaded from node_modules at run time:
 * - better-sqlite3: a native module (found through `bindings`);
 * - the two schema compilers (Ajv, fast-json-stringify): `require`d on a route's first compile,
 *   never at start-up (server/http/shared-schema-compilers.ts, Fastify's schema controller);
 *   bundled, their code would be read and compiled at start-up for nothing.
 */
const external = ['better-sqlite3', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];

/**
 * The top of every output file. Bundled CommonJS (Fastify and its plugins) requires Node's
 * built-ins and the external packages through `require`; `__vpRoot` is the project root
 * (dist/headless/../..), from which bundled dependencies find their own files (see
 * ownLocationPlugin); `__vpCommonJs` is what Node's import() gives for a CommonJS module (see
 * build()).
 */
const BANNER =
  "import { createRequire as __vpCreateRequire } from 'node:module'; " +
  "import { fileURLToPath as __vpFileURLToPath } from 'node:url'; " +
  'const require = __vpCreateRequire(import.meta.url); ' +
  "const __vpRoot = __vpFileURLToPath(new URL('../../', import.meta.url)); " +
  'const __vpCommonJs = (m) => ({ ...m.default, default: m.default });';

/**
 * A CommonJS dependency that reads its own files through __dirname (@fastify/swagger-ui its
 * static/ folder and logo, @fastify/swagger its package.json, pino's transport workers) gets its
 * real location in node_modules back: __dirname and __filename are declared at its top, from the
 * project root at run time.
 */
const relocated = new Set();
/** A source path as the lists here name it: from its first node_modules/ (a linked node_modules too). */
const sourceKey = (path) =>
  path
    .split(sep)
    .join('/')
    .replace(/^.*?(?=node_modules\/)/, '');
const ownLocationPlugin = {
  name: 'own-location',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(text)) return undefined;
      const rel = relative(root, args.path).split(sep).join('/');
      relocated.add(sourceKey(rel));
      const head =
        `var __filename = require('node:path').join(__vpRoot, ${JSON.stringify(rel)}), ` +
        "__dirname = require('node:path').dirname(__filename);\n";
      return { contents: head + text, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/**
 * A bundled file that names its own location would find it in dist/headless/, not where it was
 * written. Each such use in the bundle, other than the relocated ones above, is listed here with
 * why it is right or unused; the build fails on any other, so a new dependency cannot move a
 * file look-up silently.
 */
const ownLocationUses = {
  // Walk up from dist/headless/ to server/store/migrations and resources/ (as from dist/server/).
  'server/store/db.ts': 'migrationsDir() walks up to server/store/migrations',
  'server/resources.ts': 'resourcesDir() walks up to resources/',
  // './webhook-sender-worker.js', './ledger-check-worker.js', './integrity-check-worker.js' and
  // './search-worker.js' beside whichever chunk holds this code: every chunk and every entry are written at the root
  // of dist/headless (checked in build()).
  'server/jobs/webhook-sender-thread.ts': 'the sending thread entry, beside it',
  'server/services/ledger-check-thread.ts': "the ledger check's thread entry, beside it",
  'server/services/integrity-check-thread.ts': "the integrity check's thread entry, beside it",
  'server/services/search-thread.ts': "History's search thread entry, beside it",
  // createRequire: the schema compilers (external) from node_modules above dist/.
  'server/http/shared-schema-compilers.ts': 'require of the external schema compilers',
  // node-cron's forked "background" tasks (a task given as a file path) and its stack filter;
  // the node's schedules are functions.
  'node_modules/node-cron/dist/node-cron.js': 'background tasks from a file path only (unused)',
};

/** What the bundle is built from: our code, the dependencies installed, and this script. */
function sources() {
  return [
    join(root, 'server'),
    join(root, 'common'),
    join(root, 'package.json'),
    join(root, 'package-lock.json'),
    join(root, 'node_modules', '.package-lock.json'), // rewritten by every npm install
    fileURLToPath(import.meta.url),
  ];
}

/** The bundle is missing, or a source changed since its build started. */
export function stale() {
  return isStale(entry, sources());
}

/** Source files (as esbuild names them in its comments) whose code in `text` uses its own location. */
function locationUses(text) {
  const found = new Set();
  let current = '';
  for (const line of text.split('\n')) {
    const marker = /^\/\/ (\S+\.(?:[cm]?[jt]s|json))$/.exec(line);
    if (marker) current = sourceKey(marker[1]);
    else if (
      line !== BANNER &&
      /\b__dirname\b|\b__filename\b|import\.meta\.(url|dirname|filename)/.test(line)
    )
      found.add(current);
  }
  return found;
}

export async function build({ quiet = false } = {}) {
  const started = Date.now();
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      serve: 'server/serve.ts',
      // A worker thread loads its own entry file (server/thread-entry.ts).
      'webhook-sender-worker': 'server/jobs/webhook-sender-worker.ts',
      'ledger-check-worker': 'server/services/ledger-check-worker.ts',
      'integrity-check-worker': 'server/services/integrity-check-worker.ts',
      'search-worker': 'server/services/search-worker.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // What is imported with import() (the schedules and node-cron, undici, nodemailer, TypeBox's
    // value checker, pino-pretty, qrcode) stays in chunks of its own, loaded on first use.
    splitting: true,
    chunkNames: '[name]-[hash]', // at the root of outdir, beside the entries
    external,
    banner: { js: BANNER },
    plugins: [ownLocationPlugin],
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });

  const files = result.outputFiles.map((f) => ({ path: f.path, text: f.text }));
  for (const f of files) {
    if (dirname(f.path) !== outdir) throw new Error(`bundle file outside ${outdir}: ${f.path}`);
    if (!f.path.endsWith('.js')) continue;
    for (const source of locationUses(f.text))
      if (!(source in ownLocationUses) && !relocated.has(source))
        throw new Error(
          `${relative(root, f.path)}: bundled code from ${source || '(unknown)'} uses its own file location ` +
            '(__dirname, __filename or import.meta.url), which is dist/headless/ in the bundle. Make the ' +
            'package external in scripts/build-node.mjs, or list it in ownLocationUses with why it is right.',
        );
  }

  // A CommonJS package loaded with import() (undici, nodemailer, qrcode, pino-pretty) becomes a
  // chunk whose only export is `default` (module.exports): esbuild cannot give a split chunk
  // run-time named exports (evanw/esbuild#3245), so `const { request } = await import('undici')`
  // would get undefined. Each import() of such a chunk is given Node's shape instead: the
  // exports' own properties by name, and module.exports as default.
  const commonJsChunks = files
    .filter((f) => f.path.endsWith('.js') && /^export default require_\w+\(\);$/m.test(f.text))
    .filter(
      (f) =>
        result.metafile.outputs[relative(root, f.path).split(sep).join('/')]?.exports.join() === 'default',
    )
    .map((f) => basename(f.path));
  for (const f of files) {
    if (!f.path.endsWith('.js')) continue;
    for (const chunk of commonJsChunks)
      f.text = f.text.replaceAll(`import("./${chunk}")`, `import("./${chunk}").then(__vpCommonJs)`);
  }

  // Each file is written whole under a temporary name and renamed, chunks before the entries,
  // so a node starting meanwhile never reads half a file.
  mkdirSync(outdir, { recursive: true });
  const isEntry = (p) => p === entry || workerEntries.includes(p);
  for (const w of workerEntries) if (!files.some((f) => f.path === w)) throw new Error(`${w} was not built`);
  for (const f of [...files.filter((f) => !isEntry(f.path)), ...files.filter((f) => isEntry(f.path))]) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.text);
    renameSync(tmp, f.path);
  }
  // Chunks of earlier builds (their names carry a content hash).
  const written = new Set(files.map((f) => f.path));
  for (const name of readdirSync(outdir))
    if (!written.has(join(outdir, name))) rmSync(join(outdir, name), { force: true, recursive: true });
  // A source saved while this build ran is newer than the start, so the next check rebuilds.
  utimesSync(entry, started / 1000, started / 1000);

  if (!quiet) {
    const js = files.filter((f) => f.path.endsWith('.js'));
    const kb = Math.round(js.reduce((n, f) => n + Buffer.byteLength(f.text), 0) / 1024);
    console.log(
      `Built the headless node: ${relative(root, outdir)}${sep} (${js.length} files, ${kb} KB, ` +
        `${Object.keys(result.metafile.inputs).length} sources) in ${Date.now() - started} ms`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  if (!ifStale || stale()) {
    if (ifStale) console.log('Building the headless node (esbuild)...');
    await build({ quiet: process.argv.includes('--quiet') });
  }
}
