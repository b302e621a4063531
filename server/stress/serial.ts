/**
 * Wraps an async step so calls run one after another, never interleaved. Preparing a batch claims
 * consecutive case indices and asks the reference between claims; with a reference that answers
 * asynchronously (a sandboxed one), two lanes preparing at once would interleave their claims and a
 * batch would no longer hold consecutive cases.
 */
export function serially<T>(step: () => Promise<T>): () => Promise<T> {
  let chain: Promise<unknown> = Promise.resolve();
  return () => {
    const next = chain.then(step);
    chain = next.catch(() => {});
    return next;
  };
}
