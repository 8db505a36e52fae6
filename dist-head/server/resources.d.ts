/** The project's resources/ folder, found from this file whether run from source or from dist/. */
export declare function resourcesDir(): string;
/** The built console (renderer/dist), if it has been built. */
export declare function rendererDistDir(): string | null;
