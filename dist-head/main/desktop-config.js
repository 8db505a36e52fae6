import { createServer } from 'node:net';
import { join } from 'node:path';
import { configFromArgs, DEFAULTS } from '../server/config.js';
/** The desktop node binds here only: the window is its one client. Serving a network is `npm run serve`. */
export const DESKTOP_HOST = '127.0.0.1';
/** The arguments meant for VendPoint: after `electron <app dir>` in development, after the executable when packaged. */
export function userArgs(argv, defaultApp) {
    return argv.slice(defaultApp ? 2 : 1);
}
function hasFlag(argv, name) {
    return argv.some((a) => a === name || a.startsWith(`${name}=`));
}
/**
 * The node's configuration on the desktop: the same flags and env as the headless node, but the
 * data directory defaults to <userData>/data and the host is always 127.0.0.1.
 */
export function desktopConfig(argv, env, userDataDir) {
    const base = configFromArgs([...argv], env);
    const dataDirGiven = hasFlag(argv, '--data-dir') || Boolean(env.VENDPOINT_DATA_DIR);
    const portIsExplicit = hasFlag(argv, '--port') || Boolean(env.VENDPOINT_PORT);
    return {
        node: {
            ...base,
            dataDir: dataDirGiven ? base.dataDir : join(userDataDir, 'data'),
            host: DESKTOP_HOST,
            port: portIsExplicit ? base.port : DEFAULTS.port,
        },
        portIsExplicit,
        ignoredHost: base.host !== DESKTOP_HOST ? base.host : null,
    };
}
/** Whether nothing listens on host:port right now. */
export function isPortFree(host, port) {
    return new Promise((resolve) => {
        const probe = createServer();
        probe.once('error', () => resolve(false));
        probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
    });
}
/**
 * The port to start on: an explicit one as given (a clash is then an error the user should see);
 * the default when it is free; otherwise 0, a free port chosen by the OS. Probing first keeps
 * the node from opening its database for a start that would fail on listen.
 */
export async function choosePort(config, portFree = isPortFree) {
    const { host, port } = config.node;
    if (config.portIsExplicit || port === 0)
        return port;
    return (await portFree(host, port)) ? port : 0;
}
//# sourceMappingURL=desktop-config.js.map