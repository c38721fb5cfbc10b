import { describe, expect, it } from 'vitest';
import { demoPhotoSvg } from './demo-photos';

describe('demo photos', () => {
  it('draw no words, which would stay English on a Spanish page', () => {
    for (const subcategory of ['kefir', 'waterKefir', 'sourdough', 'custom']) {
      const svg = demoPhotoSvg({ category: 'dairy', subcategory, hue: 30 }, 3);
      expect(svg).toMatch(/^<svg/);
      expect(svg).not.toMatch(/<text/);
    }
  });
});
