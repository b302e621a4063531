// Moved to server/text/ so judge threads can cut texts without reaching into page rendering.
export * from '../text/preview';
