/**
 * The parameters of the function a compiled solution becomes, `(async function (exports, require,
 * …) {…})`: what CommonJS gives a module; the sandbox calls it with its own implementations. A
 * module of its own so that code which only wraps (the lab's program builder in a judge thread)
 * does not load the TypeScript compiler.
 */
export const MODULE_PARAMS = ['exports', 'require', 'module', '__filename', '__dirname'] as const;
