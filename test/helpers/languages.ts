/** C++ and Python programs and waits the language suites and benches share. */

/** A correct nim in C++ (fast input), the canonical accepted C++ submission. */
export const NIM_CPP = `#include <bits/stdc++.h>
using namespace std;
int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int t;
    cin >> t;
    while (t--) {
        int n;
        cin >> n;
        int x = 0;
        for (int i = 0; i < n; i++) { int a; cin >> a; x ^= a; }
        cout << (x ? "Yes" : "No") << '\\n';
    }
#ifndef ONLINE_JUDGE
    cout << "not judged with ONLINE_JUDGE\\n";
#endif
}
`;

/** Waits until language detection has answered for every language (it runs beside the server's start). */
export async function waitForLanguages(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await (await fetch(`${url}/api/languages`)).json()) as { reason?: string }[];
    if (!list.some((l) => l.reason?.includes('still being checked'))) return;
    if (Date.now() > deadline) throw new Error('language detection did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
}
