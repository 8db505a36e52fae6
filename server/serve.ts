import { configFromArgs } from './config.js';
import { startNode } from './node.js';
import { printFirstRun, printSetupCode } from './first-run.js';

/** `npm run serve`: the headless node. */
async function main(): Promise<void> {
  const config = configFromArgs(process.argv.slice(2));
  const node = await startNode(config);
  console.log(`VendPoint node listening on ${node.url}`);
  console.log(`Console: ${node.url}/   API docs: ${node.url}/v1/docs   Data: ${config.dataDir}`);
  if (node.firstRun) printFirstRun(node.url, node.firstRun);
  if (node.setupCode) printSetupCode(node.url, node.setupCode);
  const shutdown = async (signal: string) => {
    console.log(`${signal}: stopping (in-flight vends finish or stay recoverable)`);
    await node.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`VendPoint could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
