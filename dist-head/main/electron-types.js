/**
 * The part of Electron's main-process API that VendPoint uses, as plain structural types.
 *
 * Why not `import type ... from 'electron'`: the electron package (and its typings) is an
 * optionalDependency whose download can fail, and it is absent on build machines without
 * internet. Every main/ module takes an object of these shapes instead (dependency
 * injection): main.ts passes the real module, the unit tests pass a small test double.
 * The names and signatures follow Electron's documented API; only what we call is listed.
 */
export {};
//# sourceMappingURL=electron-types.js.map