import { describe, expect, it } from 'vitest';
import { usernameSkeleton } from './look-alikes';

describe('usernameSkeleton', () => {
  it('gives look-alikes one skeleton', () => {
    const rowan = usernameSkeleton('rowan_mod');
    for (const lookAlike of [
      'r\u043Ewan_mod', // Cyrillic о
      'r\u03BFwan_mod', // Greek ο
      'r0wan_mod',
      'ROWAN_MOD',
      'rowan_rnod', // rn reads as m
    ]) {
      expect(usernameSkeleton(lookAlike), lookAlike).toBe(rowan);
    }
    expect(usernameSkeleton('wi1d_yeast')).toBe(usernameSkeleton('wiId_yeast'));
    expect(usernameSkeleton('\u0430\u0441\u0435')).toBe('ace');
  });

  it('keeps different names apart', () => {
    expect(usernameSkeleton('rowan_mod')).not.toBe(usernameSkeleton('rowan_mud'));
    expect(usernameSkeleton('kefir_maya')).not.toBe(usernameSkeleton('kefir_mäya'));
  });
});
