import { type NodeConfig } from '../server/config.js';
/** The desktop node binds here only: the window is its one client. Serving a network is `npm run serve`. */
export declare const DESKTOP_HOST = "127.0.0.1";
export interface DesktopConfig {
    node: NodeConfig;
    /** The port came from --port or VENDPOINT_PORT; otherwise the default may give way to a free one. */
    portIsExplicit: boolean;
    /** A --host / VENDPOINT_HOST the desktop does not honour, to say so in the log. */
    ignoredHost: string | null;
}
/** The arguments meant for VendPoint: after `electron <app dir>` in development, after the executable when packaged. */
export declare function userArgs(argv: readonly string[], defaultApp: boolean): string[];
/**
 * The node's configuration on the desktop: the same flags and env as the headless node, but the
 * data directory defaults to <userData>/data and the host is always 127.0.0.1.
 */
export declare function desktopConfig(argv: readonly string[], env: NodeJS.ProcessEnv, userDataDir: string): DesktopConfig;
/** Whether nothing listens on host:port right now. */
export declare function isPortFree(host: string, port: number): Promise<boolean>;
/**
 * The port to start on: an explicit one as given (a clash is then an error the user should see);
 * the default when it is free; otherwise 0, a free port chosen by the OS. Probing first keeps
 * the node from opening its database for a start that would fail on listen.
 */
export declare function choosePort(config: DesktopConfig, portFree?: (host: string, port: number) => Promise<boolean>): Promise<number>;
