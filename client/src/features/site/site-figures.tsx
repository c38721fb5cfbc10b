import type { SiteFigures } from '../../../../common/site';

// One locale on the server's render and in the browser, so the figures hydrate as sent.
const number = new Intl.NumberFormat('en-US');

const counted = (n: number, one: string, many: string) =>
  `${number.format(n)} ${n === 1 ? one : many}`;

/** "312 starters shared · 1,048 kitchens reached": the server's counts (decision 046). */
export function figuresText(figures: SiteFigures): [string, string] {
  return [
    `${counted(figures.startersShared, 'starter', 'starters')} shared`,
    `${counted(figures.kitchensReached, 'kitchen', 'kitchens')} reached`,
  ];
}

export function SiteFiguresLine({ figures }: { figures: SiteFigures }) {
  const [shared, reached] = figuresText(figures);
  return (
    <p className="text-sm font-medium text-muted">
      <span>{shared}</span>
      <span aria-hidden> · </span>
      <span className="sr-only">, </span>
      <span>{reached}</span>
    </p>
  );
}
