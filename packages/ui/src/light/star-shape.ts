/** SVG polygons of a five-pointed star in a 24×24 box, and of its left half. */
const CENTER = 12;
const OUTER = 11.5;
const INNER = OUTER * 0.382;

function point(index: number): string {
  const angle = ((index * 36 - 90) * Math.PI) / 180;
  const radius = index % 2 === 0 ? OUTER : INNER;
  const x = CENTER + radius * Math.cos(angle);
  const y = CENTER + 0.5 + radius * Math.sin(angle);
  return `${x.toFixed(2)},${y.toFixed(2)}`;
}

/** Points 0..9 go clockwise from the top; 5 is the inner point straight below the centre. */
export const STAR_POINTS = Array.from({ length: 10 }, (_, index) => point(index)).join(" ");
export const LEFT_HALF_STAR_POINTS = [5, 6, 7, 8, 9, 10].map((index) => point(index % 10)).join(" ");
