import type { QueueHead } from '../storage/submissions';

/**
 * Round robin between clients: of the clients with queued submissions, the one served longest ago
 * (or never) goes next, so one client's flood of submissions delays another's by at most one
 * submission per judge thread. Clients with nothing queued are forgotten: on their return they are
 * served next, as in any round robin over the clients that are waiting.
 */
export class ClientTurns {
  private readonly lastServed = new Map<string, number>();
  private clock = 0;

  choose(heads: QueueHead[]): QueueHead | undefined {
    const waiting = new Set(heads.map((h) => h.client));
    for (const client of this.lastServed.keys()) if (!waiting.has(client)) this.lastServed.delete(client);
    let best: QueueHead | undefined;
    let bestTurn = Infinity;
    // Heads come oldest first, so among clients never served the oldest submission wins.
    for (const head of heads) {
      const turn = this.lastServed.get(head.client) ?? -1;
      if (turn < bestTurn) {
        best = head;
        bestTurn = turn;
      }
    }
    return best;
  }

  served(client: string): void {
    this.lastServed.set(client, ++this.clock);
  }
}
