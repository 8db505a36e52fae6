// Types of electron-runtime.mjs for the TypeScript tests that import it (tests/unit/main, tests/e2e-electron).
export declare const EXIT_START_FAILED: number;
export declare const STARTUP_WINDOW_MS: number;

export type RuntimeDecision = { usable: true; binary: string } | { usable: false; reason: string };

export interface MachineProbe {
  env: Record<string, string | undefined>;
  platform: string;
  resolveElectronPackage(): string;
  electronBinaryPath(): string;
  fileExists(path: string): boolean;
}

export declare function detectElectronRuntime(probe: MachineProbe): RuntimeDecision;
export declare function fallbackLine(reason: string): string;
export declare function earlyExitReason(exit: {
  code: number | null;
  signal: string | null;
  uptimeMs: number;
  stopRequested: boolean;
}): string | null;
export declare function probeMachine(
  fromUrl: string,
  env?: Record<string, string | undefined>,
  platform?: string,
): MachineProbe;
