import sharp from 'sharp';

/** A friendly jar-of-culture picture in the given hue, as a JPEG (it then goes through the upload pipeline). */
export async function demoPhoto(hue: number, seed: number): Promise<Buffer> {
  const liquid = `hsl(${hue} 65% 62%)`;
  const deep = `hsl(${hue} 55% 42%)`;
  const bubbles = Array.from({ length: 14 }, (_, i) => {
    const x = 470 + ((seed * 37 + i * 53) % 260);
    const y = 420 + ((seed * 17 + i * 71) % 300);
    const r = 6 + ((seed + i * 7) % 14);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="white" fill-opacity="0.45"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbf3e4"/><stop offset="1" stop-color="#f1e2c6"/></linearGradient>
      <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b7834f"/><stop offset="1" stop-color="#8a5a2b"/></linearGradient>
      <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="white" stop-opacity="0.55"/><stop offset="0.3" stop-color="white" stop-opacity="0.1"/><stop offset="1" stop-color="white" stop-opacity="0.35"/></linearGradient>
      <linearGradient id="liquid" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${liquid}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
    </defs>
    <rect width="1200" height="900" fill="url(#wall)"/>
    <rect y="690" width="1200" height="210" fill="url(#table)"/>
    <ellipse cx="600" cy="760" rx="260" ry="30" fill="black" fill-opacity="0.18"/>
    <rect x="420" y="300" width="360" height="460" rx="60" fill="url(#liquid)"/>
    <rect x="420" y="240" width="360" height="520" rx="60" fill="url(#glass)" stroke="#d9c7a8" stroke-width="6"/>
    ${bubbles}
    <rect x="400" y="180" width="400" height="80" rx="22" fill="hsl(${(hue + 180) % 360} 30% 40%)"/>
    <rect x="480" y="470" width="240" height="120" rx="14" fill="#fffaf0" fill-opacity="0.92"/>
    <rect x="510" y="505" width="180" height="14" rx="7" fill="${deep}"/>
    <rect x="530" y="540" width="140" height="12" rx="6" fill="${deep}" fill-opacity="0.6"/>
    <circle cx="180" cy="200" r="90" fill="hsl(${(hue + 40) % 360} 60% 80%)" fill-opacity="0.5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
