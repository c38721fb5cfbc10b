import sharp from 'sharp';

/** What a demo photo is drawn from: the culture it shows, and a tint of its own. */
export interface DemoPhotoOf {
  category: string;
  subcategory: string;
  hue: number;
}

const W = 1200;
const H = 900;

/** Each category has its own room, so a grid of them reads by colour before by word. */
const rooms: Record<string, { wall: [string, string]; table: [string, string] }> = {
  dairy: { wall: ['#eaf2fa', '#cfe0ef'], table: ['#d9c3a0', '#b99a6e'] },
  grain: { wall: ['#fbeed2', '#efd49e'], table: ['#8a5a2b', '#5e3a18'] },
  beverage: { wall: ['#e3f2e1', '#bfdcba'], table: ['#6b7b83', '#47545b'] },
  legume: { wall: ['#f6dcc6', '#e4b48c'], table: ['#c9a44c', '#9c7a2a'] },
  other: { wall: ['#eee6f7', '#d3c4ea'], table: ['#7d6b91', '#564869'] },
};

/** A small deterministic scatter: the same starter always gets the same picture. */
function scatter(seed: number, n: number, box: { x: number; y: number; w: number; h: number }) {
  return Array.from({ length: n }, (_, i) => ({
    x: box.x + ((seed * 37 + i * 53) % box.w),
    y: box.y + ((seed * 17 + i * 71) % box.h),
    r: 5 + ((seed + i * 7) % 12),
  }));
}

const jar = (liquid: string, top: number, lid: string) => `
  <rect x="430" y="${top}" width="340" height="${760 - top}" rx="50" fill="${liquid}"/>
  <rect x="430" y="260" width="340" height="500" rx="50" fill="white" fill-opacity="0.18" stroke="#cdbb9c" stroke-width="6"/>
  <rect x="410" y="210" width="380" height="64" rx="20" fill="${lid}"/>`;

/** The culture itself, drawn as people would photograph it. */
function subject(of: DemoPhotoOf, seed: number): string {
  const h = of.hue;
  const dots = (color: string, n: number, box: { x: number; y: number; w: number; h: number }) =>
    scatter(seed, n, box)
      .map((d) => `<circle cx="${d.x}" cy="${d.y}" r="${d.r}" fill="${color}"/>`)
      .join('');
  switch (of.subcategory) {
    case 'kefir':
      // Milk in a jar, the cauliflower-like grains floating on top.
      return `${jar('#fbfaf5', 330, '#5a86b0')}${dots('#f3ead2', 18, { x: 460, y: 300, w: 280, h: 90 })}${dots('#e7dcbf', 10, { x: 470, y: 320, w: 260, h: 60 })}`;
    case 'yogurt':
      return `<ellipse cx="600" cy="610" rx="300" ry="70" fill="#ffffff" stroke="#9cb8d1" stroke-width="8"/>
        <path d="M300 610 Q600 900 900 610 Z" fill="#7fa3c4"/>
        <ellipse cx="600" cy="605" rx="270" ry="55" fill="#fffdf6"/>
        <rect x="690" y="420" width="26" height="220" rx="13" transform="rotate(25 700 520)" fill="#c0c6cc"/>`;
    case 'buttermilk':
      return `<rect x="500" y="300" width="200" height="460" rx="40" fill="#fffaf0" stroke="#b9c8d6" stroke-width="8"/>
        <rect x="550" y="220" width="100" height="90" rx="20" fill="#fffaf0" stroke="#b9c8d6" stroke-width="8"/>
        <rect x="540" y="200" width="120" height="36" rx="12" fill="#3d6d98"/>
        <rect x="520" y="460" width="160" height="110" rx="10" fill="#3d6d98" fill-opacity="0.85"/>`;
    case 'cheese':
      return `<ellipse cx="600" cy="660" rx="320" ry="90" fill="#e2a93b"/>
        <rect x="280" y="520" width="640" height="140" fill="#f2c14e"/>
        <ellipse cx="600" cy="520" rx="320" ry="90" fill="#f7d77a"/>
        <path d="M600 520 L920 520 L920 660 L600 660 Z" fill="#e8b44a"/>
        ${dots('#d99a2b', 8, { x: 330, y: 560, w: 250, h: 80 })}`;
    case 'sourdough':
      // A risen starter in a tall jar (the band marks where it began), a loaf beside it.
      return `${jar(`hsl(${h} 45% 78%)`, 360, '#7a5230')}
        <rect x="430" y="520" width="340" height="14" fill="#c0392b"/>
        ${dots('white', 16, { x: 450, y: 380, w: 300, h: 360 })}
        <ellipse cx="960" cy="700" rx="180" ry="90" fill="#b06a2c"/>
        <path d="M860 680 Q960 620 1060 680" stroke="#e9c08a" stroke-width="10" fill="none"/>`;
    case 'injera':
      return `<ellipse cx="600" cy="640" rx="420" ry="140" fill="#e8e0d0"/>
        <ellipse cx="600" cy="630" rx="380" ry="120" fill="#c9a77a"/>
        ${dots('#a88357', 40, { x: 280, y: 560, w: 640, h: 140 })}`;
    case 'idli':
      return `<ellipse cx="600" cy="660" rx="400" ry="120" fill="#b8bec4"/>
        ${[420, 600, 780]
          .map(
            (x) =>
              `<ellipse cx="${x}" cy="620" rx="95" ry="50" fill="#fbf8ef"/><ellipse cx="${x}" cy="600" rx="80" ry="35" fill="white"/>`,
          )
          .join('')}`;
    case 'dosa':
      return `<ellipse cx="600" cy="680" rx="440" ry="100" fill="#f3efe6"/>
        <path d="M260 680 L940 600 L940 700 Z" fill="#d48a2c"/>
        <path d="M260 680 L940 600 L900 640 Z" fill="#e9a84a"/>
        <ellipse cx="300" cy="560" rx="110" ry="40" fill="#efe3c4" stroke="#9e8a66" stroke-width="6"/>`;
    case 'scoby':
      // Amber tea in a wide jar, a thick pale disc floating on it.
      return `<rect x="340" y="330" width="520" height="430" rx="40" fill="hsl(${30 + (h % 20)} 70% 45%)"/>
        <rect x="340" y="290" width="520" height="470" rx="40" fill="white" fill-opacity="0.15" stroke="#cdbb9c" stroke-width="6"/>
        <ellipse cx="600" cy="340" rx="250" ry="34" fill="#efe2c0"/>
        <ellipse cx="600" cy="352" rx="250" ry="30" fill="#d9c594"/>`;
    case 'waterKefir':
      return `${jar('hsl(50 80% 85%)', 380, '#4f8a5b')}
        ${scatter(seed, 24, { x: 450, y: 620, w: 300, h: 120 })
          .map(
            (d) =>
              `<rect x="${d.x}" y="${d.y}" width="${d.r * 2}" height="${d.r * 2}" rx="4" fill="white" fill-opacity="0.8" transform="rotate(${d.r * 9} ${d.x} ${d.y})"/>`,
          )
          .join('')}
        <circle cx="980" cy="700" r="70" fill="#f4d03f"/><circle cx="980" cy="700" r="52" fill="#f9e79f"/>`;
    case 'gingerBug':
      return `${jar('hsl(45 70% 70%)', 340, '#8e6b3a')}
        ${dots('#d9b36b', 12, { x: 460, y: 600, w: 280, h: 130 })}
        ${dots('white', 10, { x: 460, y: 360, w: 280, h: 200 })}
        <path d="M880 720 q40 -80 90 -30 q30 -70 80 -10 q40 10 10 50 z" fill="#d8a65a"/>`;
    case 'miso':
      return `<path d="M370 380 L830 380 L800 760 L400 760 Z" fill="#8b5a3c"/>
        <ellipse cx="600" cy="380" rx="230" ry="50" fill="#c08a3e"/>
        <ellipse cx="600" cy="380" rx="200" ry="38" fill="#d9a45a"/>
        <rect x="470" y="520" width="260" height="110" rx="10" fill="#f5ecd9"/>`;
    case 'tempeh':
      return `<path d="M220 720 Q600 500 980 720 Q600 800 220 720 Z" fill="#3f8f3a"/>
        <rect x="390" y="520" width="420" height="180" rx="24" fill="#f4efe2"/>
        ${dots('#d8cfb8', 30, { x: 410, y: 540, w: 380, h: 140 })}`;
    case 'soySauce':
      return `<rect x="520" y="330" width="160" height="430" rx="30" fill="#2b160c"/>
        <rect x="560" y="240" width="80" height="100" rx="16" fill="#2b160c"/>
        <rect x="550" y="220" width="100" height="36" rx="10" fill="#c0392b"/>
        <ellipse cx="880" cy="720" rx="120" ry="34" fill="#f0ebe3"/><ellipse cx="880" cy="716" rx="90" ry="22" fill="#3b1f10"/>`;
    case 'bacterial':
      return `<ellipse cx="600" cy="640" rx="330" ry="110" fill="white" fill-opacity="0.7" stroke="#9aa6b2" stroke-width="8"/>
        <ellipse cx="600" cy="630" rx="300" ry="95" fill="hsl(${h} 60% 80%)"/>
        ${dots(`hsl(${h} 50% 55%)`, 22, { x: 360, y: 570, w: 480, h: 120 })}`;
    default:
      // An experimental or wild culture: a jar of something in layers.
      return `${jar(`hsl(${(h * 5) % 360} 55% 65%)`, 330, '#564869')}
        <rect x="430" y="560" width="340" height="200" rx="0" fill="hsl(${(h * 5 + 60) % 360} 50% 55%)" fill-opacity="0.8"/>
        ${dots('white', 12, { x: 450, y: 350, w: 300, h: 380 })}`;
  }
}

/**
 * A demo photo of a culture, as SVG: a room coloured by category and the culture drawn by its
 * type (grains in milk, a risen sourdough, a SCOBY on tea, a block of tempeh…), so a page of
 * demo listings does not look like one jar twelve times. No words are drawn on it: a word in a
 * photo stays in one language, while the card's type badge follows the reader's.
 */
export function demoPhotoSvg(of: DemoPhotoOf, seed: number): string {
  const room = rooms[of.category] ?? rooms.other!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${room.wall[0]}"/><stop offset="1" stop-color="${room.wall[1]}"/></linearGradient>
      <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${room.table[0]}"/><stop offset="1" stop-color="${room.table[1]}"/></linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#wall)"/>
    <circle cx="${150 + ((seed * 97) % 300)}" cy="180" r="110" fill="hsl(${(of.hue + 40) % 360} 60% 85%)" fill-opacity="0.6"/>
    <rect y="690" width="${W}" height="${H - 690}" fill="url(#table)"/>
    <ellipse cx="600" cy="765" rx="300" ry="28" fill="black" fill-opacity="0.16"/>
    ${subject(of, seed)}
  </svg>`;
}

/** The demo photo as a JPEG (it then goes through the upload pipeline). Drawn here; nothing is downloaded. */
export async function demoPhoto(of: DemoPhotoOf, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(of, seed)))
    .jpeg({ quality: 85 })
    .toBuffer();
}
