/** The red, green and blue channels (0..255) of `#rgb`, `#rrggbb`, or a computed `rgb(…)` / `rgba(…)`. */
export function channels(colour: string): number[] {
  if (colour.startsWith('#')) {
    const h = colour.length === 4 ? colour.slice(1).split('').map((c) => c + c).join('') : colour.slice(1);
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  }
  return (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
}

/** WCAG 2 relative luminance. */
export function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}
