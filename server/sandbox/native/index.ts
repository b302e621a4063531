/**
 * The contained runner for native programs (C++ binaries, python3, pypy3, g++ itself): the contract
 * is /docs/sandbox.md's "Native programs"; how a box is made, box.c.
 */
export { BOX_PROGRAM_DIR, BOX_WORK_DIR, createNativeSandbox, NativeSandbox, type NativeProgram } from './native-sandbox';
export { runContained, type ContainedResult, type ContainedRun } from './contained';
export type { LiveHooks } from './box';
export { nativeSupport, type NativeSupport } from './support';
